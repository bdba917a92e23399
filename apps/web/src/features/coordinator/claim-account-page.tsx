import { Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@tendly/domain/validation/account';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { PageEndLink } from '../../platform/page-end-link';
import { SubmitRow, SubmittedStatus } from '../../platform/submit-row';
import { useMessageSubmit } from '../../platform/use-message-submit';
import { claimAccount } from './coordinator-links-api';

const FORM_ID = 'claim-account';
const claimFormSchema = z.object({ password: passwordSchema });

/** /claim-account?token=… (issue 16): a client chooses the password of the account their coordinator made. */
export default function ClaimAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useFormState({ password: '' });
  const { onSubmit, isSending, message: done, failure } = useMessageSubmit(form, claimFormSchema, (input) => claimAccount(token, input.password));

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
      <PageEndLink routeId="login">Go to log in</PageEndLink>
    </Container>
  );
}
