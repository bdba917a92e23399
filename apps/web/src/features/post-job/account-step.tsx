import { useEffect, useRef } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { careSeekerSignupSchema, type LoginInput } from '@tendly/domain/validation/account';
import { TermsAcceptanceCheckbox } from '../../platform/acceptance-checkbox';
import { AccountFields } from '../../platform/account-fields';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { checkboxFieldProps, fieldId } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import type { RedirectState } from '../../platform/redirect-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { useSignUpForm } from '../../platform/use-sign-up-form';
import { VerifyEmailForm } from '../../platform/verify-email-form';

const FORM_ID = 'post-job-account';
const fieldOrder = ['firstName', 'lastName', 'email', 'password', 'phone', 'acceptTerms'] as const;

/**
 * The visitor's last step: a care seeker account (the sign-up pages' schema and fields), then
 * the code we email to verify the address. The new member (what was typed here, kept in memory
 * only, never stored) belongs to the wizard, not to this step: going Back from the code screen
 * and on again returns to it, with the same code (issue 11), and Start again forgets it. Once
 * verified, `onVerified` signs in with it and posts the job with the new session.
 */
export function AccountStep({
  returnPath,
  newMember,
  onSignedUp,
  onVerified,
  isFinishing,
  finishError,
}: {
  /** Where the login page brings someone back to, with their draft, if they log in instead. */
  returnPath: string;
  /** Who signed up here and has a code to enter, or null while the form is to be filled in. */
  newMember: LoginInput | null;
  /** A sign-up succeeded (credentials), or the person wants to use another address (null). */
  onSignedUp: (credentials: LoginInput | null) => void;
  onVerified: (credentials: LoginInput) => void;
  isFinishing: boolean;
  finishError: string | null;
}) {
  const site = useSiteConfig();
  const { form, onSubmit, isSubmitting, message, summaryErrors, summaryRef } = useSignUpForm(
    { role: 'CS', firstName: '', lastName: '', email: '', password: '', phone: '', acceptTerms: false },
    careSeekerSignupSchema,
    { onSignedUp },
  );
  const verifyHeading = useRef<HTMLHeadingElement>(null);
  const loginState: RedirectState = { returnTo: returnPath };
  const shown = useRef<'form' | 'code' | null>(null);

  // One screen replaced by the other under the user: start them at the new one (the code's
  // heading, or the form's email address to change it). On arriving at the step, the wizard
  // puts focus on the step's heading instead.
  useEffect(() => {
    const now = newMember ? 'code' : 'form';
    if (shown.current === 'form' && now === 'code') verifyHeading.current?.focus();
    if (shown.current === 'code' && now === 'form') document.getElementById(fieldId(FORM_ID, 'email'))?.focus();
    shown.current = now;
  }, [newMember]);

  const logInLink = (
    <Anchor component={Link} to={sitePath(site, 'login')} state={loginState}>
      Log in
    </Anchor>
  );

  if (newMember) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3" ref={verifyHeading} tabIndex={-1}>
          Check your email
        </Title>
        <Text>Your job is saved. As soon as your email address is verified, we post it.</Text>
        <VerifyEmailForm email={newMember.email} onVerified={() => onVerified(newMember)} />
        <Group>
          <Button type="button" variant="subtle" onClick={() => onSignedUp(null)}>
            Use a different email address
          </Button>
        </Group>
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
          <TermsAcceptanceCheckbox {...checkboxFieldProps(form, FORM_ID, 'acceptTerms')} size="md" mt="sm" />
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
