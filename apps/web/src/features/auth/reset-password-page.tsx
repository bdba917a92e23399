import { useState, type FormEvent } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { PasswordField } from '../../platform/password-field';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '@tendly/domain/validation/account';
import { ApiError, errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { resetPassword } from './auth-api';
import { Notice, SuccessStatus } from '../../platform/notice';

const FORM_ID = 'reset-password';
/** Ours: the spec gives no text for a confirmation that does not match. */
export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match. Enter the same new password twice.';

const summaryFields = ['password', 'confirmPassword'] as const;

/**
 * /resetPassword?email=...&token=...: the page the emailed reset link opens (spec 2.2). A new
 * password is entered twice; on success the person is sent on to log in.
 */
export default function ResetPasswordPage() {
  const site = useSiteConfig();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const form = useFormState({ password: '', confirmPassword: '' });
  const [isSaving, setIsSaving] = useState(false);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const linkCheck = resetPasswordSchema.pick({ email: true, verificationToken: true }).safeParse({
    email,
    verificationToken: token,
  });
  const linkProblem = linkCheck.success ? null : (linkCheck.error.issues[0]?.message ?? null);
  const forgotLink = (
    <Anchor component={Link} to={sitePath(site, 'forgotPassword')}>
      Request a new reset link
    </Anchor>
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setFailure(null);
    const parsed = resetPasswordSchema.safeParse({ email, password: form.values.password, verificationToken: token });
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'password' ? 'password' : '';
        errors[key] ??= issue.message;
      }
    }
    if (form.values.confirmPassword !== form.values.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    if (!parsed.success || Object.keys(errors).length > 0) {
      const { '': general, ...fields } = errors;
      form.setErrors(fields);
      if (general) setFailure(general);
      return;
    }
    setIsSaving(true);
    try {
      const { message } = await resetPassword(parsed.data);
      setDoneMessage(message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) form.setErrors({ password: error.fieldErrors.password });
      else setFailure(errorText(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1}>Reset your password</Title>
      <SuccessStatus message={doneMessage} mt="md">
        <Anchor component={Link} to={sitePath(site, 'login')} mt="sm" display="inline-block" fw={700}>
          Log in with your new password
        </Anchor>
      </SuccessStatus>
      {linkProblem && (
        <Notice tone="error" mt="md">
          <Text c="red.9">{linkProblem}</Text>
          <Text mt="xs">{forgotLink}</Text>
        </Notice>
      )}
      {failure && (
        <Notice tone="error" role="alert" mt="md">
          <Text c="red.9">{failure}</Text>
          <Text mt="xs">{forgotLink}</Text>
        </Notice>
      )}
      {!doneMessage && !linkProblem && (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Reset your password">
          <Stack gap="md" mt="md">
            <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={summaryFields} />
            {email && (
              <Text>
                Choose a new password for <strong>{email}</strong>.
              </Text>
            )}
            <PasswordField
              {...textFieldProps(form, FORM_ID, 'password')}
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              withAsterisk
              required
            />
            <PasswordField
              {...textFieldProps(form, FORM_ID, 'confirmPassword')}
              label="Confirm new password"
              autoComplete="new-password"
              withAsterisk
              required
            />
            <BusyButton type="submit" busy={isSaving}>
              Save new password
            </BusyButton>
          </Stack>
        </form>
      )}
    </Container>
  );
}
