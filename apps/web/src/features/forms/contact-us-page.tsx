import { Anchor, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPORT_OFFICE_HOURS } from '@tendly/domain/api/forms';
import { LONG_TEXT_MAX, contactTopics } from '@tendly/domain/validation/forms';
import { textFieldProps } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { FormPage } from './form-page';
import { NameEmailPhoneFields, selectOptions } from './form-fields';
import { useFormSubmission } from './use-form-submission';
import { telHref } from '../../platform/phone-link';

const FORM_ID = 'contact';
const fieldOrder = ['name', 'email', 'phone', 'topic', 'message'] as const;

/** /contact-us: the support phone, email and office hours, and a form to write to the team. */
export default function ContactUsPage() {
  const site = useSiteConfig();
  const submission = useFormSubmission('contact', { name: '', email: '', phone: '', topic: '', message: '' });
  const { form } = submission;
  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);
  return (
    <FormPage
      kind="contact"
      formId={FORM_ID}
      title="Contact us"
      intro={
        <Stack gap="sm">
          <Notice tone="info" role="region" aria-labelledby="contact-details-title">
            <Title order={2} size="h4" id="contact-details-title">
              Talk to our team
            </Title>
            <Text mt="xs">
              Phone <Anchor href={telHref(site.supportPhone)}>{site.supportPhone}</Anchor>
            </Text>
            <Text>
              Email <Anchor href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Anchor>
            </Text>
            <Text>Office hours: {SUPPORT_OFFICE_HOURS}</Text>
          </Notice>
          <Text>
            Or write to us below. To give feedback, make a complaint or report an incident, use the{' '}
            <Anchor component={Link} to={sitePath(site, 'feedbackHub')}>
              feedback, complaints and incident forms
            </Anchor>
            .
          </Text>
        </Stack>
      }
      fieldOrder={fieldOrder}
      submission={submission}
      hasEmail
      submitLabel="Send message"
    >
      <NameEmailPhoneFields form={form} formId={FORM_ID} isPhoneRequired={false} />
      <NativeSelect {...text('topic')} label="What is your message about?" withAsterisk data={selectOptions(contactTopics)} />
      <Textarea {...text('message')} label="Your message" rows={5} resize="vertical" maxLength={LONG_TEXT_MAX} withAsterisk />
    </FormPage>
  );
}
