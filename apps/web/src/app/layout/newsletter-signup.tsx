import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { NEWSLETTER_FAILED, NEWSLETTER_SUCCESS } from '@tendly/domain/errors';
import { newsletterSubscriptionTypeCodes, type NewsletterSubscriptionType } from '@tendly/domain/job-options';
import { apiRequest, hasFieldErrors } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { textFieldProps, useFormState } from '../../platform/form-state';

const FORM_ID = 'newsletter';

/** The choices of the footer's "I am a..." select; the codes are spec section 3's subscription types. */
const userTypeLabels: Record<NewsletterSubscriptionType, string> = {
  careseeker: 'Care seeker',
  careworker: 'Care worker',
  industryProfessional: 'Industry professional',
};

type Outcome = 'subscribed' | 'failed' | null;

/**
 * The footer's newsletter sign-up (spec sections 1, 4, 7 and 8): POST /api/support. Success and
 * failure each open a dialog (spec section 4) that traps focus and gives it back on closing; a
 * bad email address is a field error instead, shown on the field and cleared when it gets focus.
 */
export default function NewsletterSignup() {
  const form = useFormState({ email: '', userType: 'careseeker' });
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    // Loaded on the first submit: the footer is on every page, and these schemas bring the full
    // zod library, which the first page load does without (issue 4 budget).
    const [{ newsletterSchema }, { newsletterResponseSchema }] = await Promise.all([
      import('@tendly/domain/validation/forms'),
      import('@tendly/domain/api/forms'),
    ]);
    const input = form.validate(newsletterSchema);
    if (!input) return;
    setIsSending(true);
    try {
      await apiRequest('/support', { method: 'POST', body: input, schema: newsletterResponseSchema });
      form.setValue('email', '');
      setOutcome('subscribed');
    } catch (error) {
      if (hasFieldErrors(error)) form.setErrors(error.fieldErrors);
      else setOutcome('failed');
    } finally {
      setIsSending(false);
    }
  }

  const close = () => setOutcome(null);

  return (
    <section aria-labelledby="newsletter-title">
      <Title order={2} size="h5" id="newsletter-title">
        Newsletter
      </Title>
      <Text size="sm" mt={4}>
        News, tips and stories about care and support, once a month.
      </Text>
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
        <Stack gap="xs" mt="xs">
          <TextInput
            {...textFieldProps(form, FORM_ID, 'email')}
            label="Email address for the newsletter"
            type="email"
            autoComplete="email"
            size="sm"
          />
          <NativeSelect
            {...textFieldProps(form, FORM_ID, 'userType')}
            label="I am a..."
            size="sm"
            data={newsletterSubscriptionTypeCodes.map((code) => ({ value: code, label: userTypeLabels[code] }))}
          />
          <Group>
            <BusyButton type="submit" busy={isSending} size="sm">
              Subscribe
            </BusyButton>
          </Group>
        </Stack>
      </form>

      <Modal opened={outcome === 'subscribed'} onClose={close} title="You're subscribed" closeButtonProps={{ 'aria-label': 'Close' }} centered>
        <Text>{NEWSLETTER_SUCCESS}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={close}>OK</Button>
        </Group>
      </Modal>
      <Modal opened={outcome === 'failed'} onClose={close} title="We could not subscribe you" closeButtonProps={{ 'aria-label': 'Close' }} centered>
        <Text>{NEWSLETTER_FAILED}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={close}>OK</Button>
        </Group>
      </Modal>
    </section>
  );
}
