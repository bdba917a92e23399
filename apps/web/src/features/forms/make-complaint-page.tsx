import { Anchor, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX, latestAustralianDate } from '@tendly/domain/validation/forms';
import { textFieldProps } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { FormPage } from './form-page';
import { AnonymousPersonFields, anonymousPersonFieldNames, emptyAnonymousPersonValues, OptionalTextArea } from './form-fields';
import { useFormSubmission } from './use-form-submission';

const FORM_ID = 'complaint';
const fieldOrder = [
  ...anonymousPersonFieldNames,
  'dateOfIncident',
  'location',
  'involved',
  'details',
  'actionTaken',
  'favourableOutcome',
] as const;

/** /make-a-complaint: a complaint, anonymous if the person wishes (spec section 3's form). */
export default function MakeComplaintPage() {
  const site = useSiteConfig();
  const submission = useFormSubmission('complaint', {
    ...emptyAnonymousPersonValues,
    dateOfIncident: '',
    location: '',
    involved: '',
    details: '',
    actionTaken: '',
    favourableOutcome: '',
  });
  const { form } = submission;
  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);
  return (
    <FormPage
      kind="complaint"
      formId={FORM_ID}
      title="Make a complaint"
      intro={
        <>
          Tell us about a problem so we can put it right. You will not be treated differently for making a
          complaint. Read how we handle complaints in our{' '}
          <Anchor component={Link} to={sitePath(site, 'complaintsPolicy')}>
            complaints policy
          </Anchor>
          . You can also complain to the NDIS Quality and Safeguards Commission on 1800 035 544.
        </>
      }
      fieldOrder={fieldOrder}
      submission={submission}
      hasEmail={!form.values.anonymous}
      submitLabel="Send complaint"
    >
      <AnonymousPersonFields form={form} formId={FORM_ID} consequence="We will not ask for your name or email address, so we will not be able to tell you how your complaint was resolved." />
      <TextInput {...text('dateOfIncident')} label="When did it happen? (optional)" type="date" max={latestAustralianDate()} />
      <TextInput {...text('location')} label="Where did it happen? (optional)" maxLength={SHORT_TEXT_MAX} />
      <OptionalTextArea form={form} formId={FORM_ID} name="involved" label="Who was involved?" />
      <Textarea {...text('details')} label="What is your complaint about?" rows={5} resize="vertical" maxLength={LONG_TEXT_MAX} withAsterisk />
      <OptionalTextArea form={form} formId={FORM_ID} name="actionTaken" label="What has been done about it so far?" />
      <OptionalTextArea form={form} formId={FORM_ID} name="favourableOutcome" label="What outcome would you like?" />
    </FormPage>
  );
}
