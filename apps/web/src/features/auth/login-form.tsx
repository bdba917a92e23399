import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { PasswordField } from '../../platform/password-field';
import { Link } from 'react-router';
import { VERIFICATION_SUCCESS_DELAY_MS } from '@tendly/domain/constants';
import { verificationSuccessMessage } from '@tendly/domain/errors';
import { loginSchema, type LoginInput } from '@tendly/domain/validation/account';
import { BusyButton } from '../../platform/busy-button';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { SignInEmailInput } from './sign-in-email-input';
import { useSignIn } from './use-sign-in';
import { VerifyAccountModal } from './verify-account-modal';
import { Notice } from '../../platform/notice';

const FORM_ID = 'login';

/**
 * Step 2 of the login screen (spec 2.1): email and password, Sign In, the links to register or
 * reset a password, and Back. An unverified account opens the verify-account modal; after a
 * successful code the login error clears and, 4 seconds later, the login is retried (spec 4).
 */
export function LoginForm({ isCoordinator, onBack }: { isCoordinator: boolean; onBack: () => void }) {
  const site = useSiteConfig();
  const form = useFormState({ email: '', password: '' });
  const { status, submit, clearError } = useSignIn();
  const [verifyEmailFor, setVerifyEmailFor] = useState<string | null>(null);
  const [isVerificationComplete, setIsVerificationComplete] = useState(false);
  const lastCredentials = useRef<LoginInput | null>(null);
  const isBusy = status.kind === 'loggingIn' || status.kind === 'success';

  useEffect(() => {
    if (!isVerificationComplete) return;
    const timer = window.setTimeout(() => {
      setVerifyEmailFor(null);
      const credentials = lastCredentials.current;
      if (credentials) void submit(credentials);
    }, VERIFICATION_SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isVerificationComplete, submit]);

  async function signInWith(credentials: LoginInput) {
    const outcome = await submit(credentials);
    if (outcome.kind === 'error' && outcome.isUnverified) setVerifyEmailFor(credentials.email);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const credentials = form.validate(loginSchema);
    if (!credentials) return;
    lastCredentials.current = credentials;
    setIsVerificationComplete(false);
    void signInWith(credentials);
  }

  function onVerified() {
    clearError();
    setIsVerificationComplete(true);
  }

  return (
    <Stack gap="md">
      {status.kind === 'error' && (
        <Notice tone="error" role="alert">
          <Text c="red.9">{status.message}</Text>
        </Notice>
      )}
      <div role="status">
        {isVerificationComplete && status.kind !== 'error' && (
          <Notice tone="success">
            <Text>{verificationSuccessMessage(site.brandName)}</Text>
          </Notice>
        )}
      </div>

      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Log in">
        <Stack gap="md">
          <SignInEmailInput form={form} formId={FORM_ID} />
          <PasswordField
            {...textFieldProps(form, FORM_ID, 'password')}
            label="Password"
            autoComplete="current-password"
            withAsterisk
            required
          />
          <BusyButton type="submit" busy={isBusy} size="md">
            Sign In
          </BusyButton>
        </Stack>
      </form>

      <Anchor component={Link} to={sitePath(site, 'forgotPassword')}>
        Forgot password?
      </Anchor>
      <Stack gap={4}>
        <Text fw={600}>New to {site.brandName}?</Text>
        <Anchor component={Link} to={sitePath(site, 'postJob')}>
          Register as a care seeker
        </Anchor>
        <Anchor component={Link} to={sitePath(site, 'workerRegister')}>
          Register as a care worker
        </Anchor>
        {isCoordinator && (
          <Anchor component={Link} to={sitePath(site, 'coordinatorRegister')}>
            Register as a support coordinator
          </Anchor>
        )}
      </Stack>
      <Group>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
      </Group>

      {verifyEmailFor && (
        <VerifyAccountModal
          email={verifyEmailFor}
          opened
          onClose={() => setVerifyEmailFor(null)}
          onVerified={onVerified}
        />
      )}
    </Stack>
  );
}
