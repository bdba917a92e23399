import { useState, type FormEvent } from 'react';
import { Anchor, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@tendly/domain/validation/account';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { SubmitRow, SubmittedStatus } from '../../platform/submit-row';
import { claimAccount } from './coordinator-links-api';

const FORM_ID = 'claim-account';
const claimFormSchema = z.object({ password: passwordSchema });

/** /claim-account?token=… (issue 16): a client chooses the password of the account their coordinator made. */
export default function ClaimAccountPage() {
  const site = useSiteConfig();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useFormState({ password: '' });
  const [isSending, setIsSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const input = form.validate(claimFormSchema);
    if (!input) return;
    setFailure(null);
    setIsSending(true);
    try {
      setDone((await claimAccount(token, input.password)).message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) form.setErrors({ password: error.fieldErrors.password });
      else setFailure(error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1}>Claim your account</Title>
      <SubmittedStatus text={done} />
      {!done && (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Claim your account">
          <Stack gap="md" mt="md">
            <Text>Your support coordinator made this account for you. Choose a password to sign in yourself.</Text>
            <PasswordInput {...textFieldProps(form, FORM_ID, 'password')} label="New password" autoComplete="new-password" withAsterisk required />
            <SubmitRow busy={isSending} label="Claim my account" failure={failure} />
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={sitePath(site, 'login')} mt="lg" display="inline-block">
        Go to log in
      </Anchor>
    </Container>
  );
}
