import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@tendly/domain/validation/account';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { requestPasswordReset } from './auth-api';
import { Notice } from '../../platform/notice';

const FORM_ID = 'forgot-password';

/** /forgot-password: asks for the email address and sends a reset link to it (spec 2.2). */
export default function ForgotPasswordPage() {
  const site = useSiteConfig();
  const form = useFormState({ email: '' });
  const [isSending, setIsSending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const input = form.validate(forgotPasswordSchema);
    if (!input) return;
    setFailure(null);
    setIsSending(true);
    try {
      const { message } = await requestPasswordReset(input);
      setSentMessage(message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.email) form.setErrors({ email: error.fieldErrors.email });
      else setFailure(error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1}>Forgot your password</Title>
      <div role="status" ref={resultRef}>
        {sentMessage && (
          <Notice tone="success" mt="md">
            <Text>{sentMessage}</Text>
          </Notice>
        )}
      </div>
      {failure && (
        <Notice tone="error" role="alert" mt="md">
          <Text c="red.9">{failure}</Text>
        </Notice>
      )}
      {!sentMessage && (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Forgot your password">
          <Stack gap="md" mt="md">
            <Text>Enter the email address of your account and we will email you a link to choose a new password.</Text>
            <TextInput
              {...textFieldProps(form, FORM_ID, 'email')}
              label="Email address"
              type="email"
              autoComplete="email"
              withAsterisk
              required
            />
            <BusyButton type="submit" busy={isSending}>
              Send reset link
            </BusyButton>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={sitePath(site, 'login')} mt="lg" display="inline-block">
        Back to log in
      </Anchor>
    </Container>
  );
}
