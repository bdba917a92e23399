import { Textarea } from '@mantine/core';
import { LONG_TEXT_MAX } from '@tendly/domain/validation/forms';
import { textFieldProps } from '../../platform/form-state';
import { FormPage } from './form-page';
import { AnonymousPersonFields, anonymousPersonFieldNames, emptyAnonymousPersonValues } from './form-fields';
import { useFormSubmission } from './use-form-submission';

const FORM_ID = 'feedback';
const fieldOrder = [...anonymousPersonFieldNames, 'details'] as const;

/** /feedback: tell us what went well or what we could do better (spec section 3's form). */
export default function FeedbackPage() {
  const submission = useFormSubmission('feedback', { ...emptyAnonymousPersonValues, details: '' });
  const { form } = submission;
  return (
    <FormPage
      kind="feedback"
      formId={FORM_ID}
      title="Give feedback"
      intro="Tell us what went well or what we could do better. Every piece of feedback is read by our team and helps us improve."
      fieldOrder={fieldOrder}
      submission={submission}
      hasEmail={!form.values.anonymous}
      submitLabel="Send feedback"
    >
      <AnonymousPersonFields form={form} formId={FORM_ID} consequence="We will not ask for your name or email address, so we will not be able to reply to you." />
      <Textarea
        {...textFieldProps(form, FORM_ID, 'details')}
        label="Your feedback"
        resize="vertical"
        rows={5}
        maxLength={LONG_TEXT_MAX}
        withAsterisk
      />
    </FormPage>
  );
}
