import { useEffect, useId, useState, type FormEvent } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { RESEND_FAILURE_CLEAR_MS, RESEND_SUCCESS_CLEAR_MS } from '@tendly/domain/constants';
import {
  VERIFICATION_RESEND_FAILED,
  VERIFICATION_RESENT,
  verificationSuccessMessage,
} from '@tendly/domain/errors';
import { verificationCodeSchema } from '@tendly/domain/validation/account';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { BusyButton } from './busy-button';
import { resendVerificationCode, verifyEmail } from './account-api';
import { Notice } from './notice';
import { useSiteConfig } from './site-config';

type ResendNotice = { readonly kind: 'sent' | 'failed'; readonly message: string } | null;

/**
 * Entry of the emailed verification code, with Verify and Resend (spec sections 4, 5 and 8). Used
 * in the login screen's verify-account modal and inline after sign-up. The resend message clears
 * after 5 seconds on success and 10 seconds on failure (spec section 9).
 */
export function VerifyEmailForm({ email, onVerified }: { email: string; onVerified: () => void }) {
  const site = useSiteConfig();
  const id = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const [isVerified, setIsVerified] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const [resendNotice, setResendNotice] = useState<ResendNotice>(null);

  useEffect(() => {
    if (!resendNotice) return;
    const delay = resendNotice.kind === 'sent' ? RESEND_SUCCESS_CLEAR_MS : RESEND_FAILURE_CLEAR_MS;
    const timer = window.setTimeout(() => setResendNotice(null), delay);
    return () => window.clearTimeout(timer);
  }, [resendNotice]);

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isVerifying || isVerified) return;
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? UNEXPECTED_RESPONSE_MESSAGE);
      return;
    }
    setVerifyError(null);
    setIsVerifying(true);
    try {
      await verifyEmail(email, parsed.data);
      setIsVerified(true);
      onVerified();
    } catch (error) {
      setVerifyError(error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
    } finally {
      setIsVerifying(false);
    }
  }

  async function resend() {
    if (isResending) return;
    setIsResending(true);
    setResendNotice(null);
    try {
      await resendVerificationCode(email);
      setResendNotice({ kind: 'sent', message: VERIFICATION_RESENT });
    } catch (error) {
      // A 429 says when to try again, which helps more than the general text.
      const message = error instanceof ApiError && error.status === 429 ? error.message : VERIFICATION_RESEND_FAILED;
      setResendNotice({ kind: 'failed', message });
    } finally {
      setIsResending(false);
    }
  }

  return (
    <Stack gap="md">
      {/* Always in the page, so screen readers announce what appears in it. */}
      <div role="status">
        {isVerified && (
          <Notice tone="success">
            <Text fw={600}>
              {verificationSuccessMessage(site.brandName)}
            </Text>
          </Notice>
        )}
        {resendNotice?.kind === 'sent' && (
          <Notice tone="info">
            {resendNotice.message}
          </Notice>
        )}
      </div>
      {resendNotice?.kind === 'failed' && (
        <Notice tone="error" role="alert">
          <Text c="red.9">{resendNotice.message}</Text>
        </Notice>
      )}
      {verifyError && (
        <Notice tone="error" role="alert">
          <Text c="red.9">{verifyError}</Text>
        </Notice>
      )}

      {!isVerified && (
        <form onSubmit={verify} noValidate aria-label="Verify your email address">
          <Stack gap="md">
            <Text>
              We sent a 6-digit verification code to <strong>{email}</strong>. Enter it here to verify your email
              address.
            </Text>
            <TextInput
              id={`${id}-code`}
              label="Verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              error={codeError}
              onChange={(event) => setCode(event.currentTarget.value)}
              onFocus={() => setCodeError(null)}
              withAsterisk
              required
            />
            <Group gap="sm">
              <BusyButton type="submit" busy={isVerifying}>
                Verify
              </BusyButton>
              <BusyButton type="button" variant="outline" onClick={() => void resend()} busy={isResending}>
                Resend code
              </BusyButton>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
