import { useEffect, useRef } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { careSeekerSignupSchema, type LoginInput } from '@tendly/domain/validation/account';
import { AcceptanceCheckbox } from '../../platform/acceptance-checkbox';
import { AccountFields } from '../../platform/account-fields';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { checkboxFieldProps } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import type { RedirectState } from '../../platform/redirect-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { useSignUpForm } from '../../platform/use-sign-up-form';
import { VerifyEmailForm } from '../../platform/verify-email-form';

const FORM_ID = 'post-job-account';
const fieldOrder = ['firstName', 'lastName', 'email', 'password', 'phone', 'acceptTerms'] as const;

/**
 * The visitor's last step: a care seeker account (the sign-up pages' schema and fields), then
 * the code we email to verify the address. Once verified, `onVerified` signs in with what was
 * typed here (kept in memory only, never stored) and posts the job with the new session.
 */
export function AccountStep({
  returnPath,
  onVerified,
  isFinishing,
  finishError,
}: {
  /** Where the login page brings someone back to, with their draft, if they log in instead. */
  returnPath: string;
  onVerified: (credentials: LoginInput) => void;
  isFinishing: boolean;
  finishError: string | null;
}) {
  const site = useSiteConfig();
  const { form, onSubmit, isSubmitting, message, signedUpEmail, summaryErrors, summaryRef } = useSignUpForm(
    { role: 'CS', firstName: '', lastName: '', email: '', password: '', phone: '', acceptTerms: false },
    careSeekerSignupSchema,
  );
  const verifyHeading = useRef<HTMLHeadingElement>(null);
  const loginState: RedirectState = { returnTo: returnPath };

  // The form was replaced by the code entry under the user: start them at its heading.
  useEffect(() => {
    if (signedUpEmail) verifyHeading.current?.focus();
  }, [signedUpEmail]);

  const logInLink = (
    <Anchor component={Link} to={sitePath(site, 'login')} state={loginState}>
      Log in
    </Anchor>
  );

  if (signedUpEmail) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3" ref={verifyHeading} tabIndex={-1}>
          Check your email
        </Title>
        <Text>Your job is saved. As soon as your email address is verified, we post it.</Text>
        <VerifyEmailForm
          email={signedUpEmail}
          onVerified={() => onVerified({ email: signedUpEmail, password: form.values.password })}
        />
        <div role="status">{isFinishing && <Notice tone="info">Signing you in…</Notice>}</div>
        {finishError && (
          <Notice tone="error" role="alert">
            <Text c="red.9">
              {finishError} Your job is saved: {logInLink} and it will be ready to post.
            </Text>
          </Notice>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>
        Already have an account? {logInLink} and we will bring you back here with your job. All fields are required.
      </Text>
      <FormErrorSummary ref={summaryRef} formId={FORM_ID} errors={summaryErrors} fieldNames={fieldOrder} message={message} />
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Create your account">
        <Stack gap="md">
          <AccountFields form={form} formId={FORM_ID} />
          <AcceptanceCheckbox
            {...checkboxFieldProps(form, FORM_ID, 'acceptTerms')}
            label="I accept the terms and conditions"
            documentPath={sitePath(site, 'termsConditions')}
            documentLabel="Read the terms and conditions"
            size="md"
            mt="sm"
          />
          <div>
            <BusyButton type="submit" busy={isSubmitting} size="lg" mt="md">
              Create account and continue
            </BusyButton>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
