import { Container, Stack, Text, Title } from '@mantine/core';
import { forgotPasswordSchema } from '@tendly/domain/validation/account';
import { BusyButton } from '../../platform/busy-button';
import { useFormState } from '../../platform/form-state';
import { PageEndLink } from '../../platform/page-end-link';
import { useMessageSubmit } from '../../platform/use-message-submit';
import { requestPasswordReset } from './auth-api';
import { SignInEmailInput } from './sign-in-email-input';
import { ErrorNotice, SuccessStatus } from '../../platform/notice';

const FORM_ID = 'forgot-password';

/** /forgot-password: asks for the email address and sends a reset link to it (spec 2.2). */
export default function ForgotPasswordPage() {
  const form = useFormState({ email: '' });
  const { onSubmit, isSending, message: sentMessage, failure } = useMessageSubmit(form, forgotPasswordSchema, requestPasswordReset);

  return (
    <Container size="xs" py="xl">
      <Title order={1}>Forgot your password</Title>
      <SuccessStatus message={sentMessage} mt="md" />
      <ErrorNotice message={failure} textColor="red.9" mt="md" />
      {!sentMessage && (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Forgot your password">
          <Stack gap="md" mt="md">
            <Text>Enter the email address of your account and we will email you a link to choose a new password.</Text>
            <SignInEmailInput form={form} formId={FORM_ID} />
            <BusyButton type="submit" busy={isSending}>
              Send reset link
            </BusyButton>
          </Stack>
        </form>
      )}
      <PageEndLink routeId="login">Back to log in</PageEndLink>
    </Container>
  );
}
