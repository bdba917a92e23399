import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { RESEND_FAILURE_CLEAR_MS, RESEND_SUCCESS_CLEAR_MS } from '@tendly/domain/constants';
import {
  VERIFICATION_RESEND_FAILED,
  VERIFICATION_RESENT,
  verificationSuccessMessage,
} from '@tendly/domain/errors';
import { verificationCodeSchema } from '@tendly/domain/validation/account';
import { ApiError, errorText, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { BusyButton } from './busy-button';
import { resendVerificationCode, verifyEmail } from './account-api';
import { ErrorNotice, Notice } from './notice';
import { useSiteConfig } from './site-config';

type ResendNotice = { readonly kind: 'sent' | 'failed'; readonly message: string } | null;

/** Whether the code the form asks for is on its way (issue 11: never say it was sent when it was not). */
type CodeDelivery =
  | { readonly kind: 'sending' }
  | { readonly kind: 'sent' }
  | { readonly kind: 'notSent'; readonly message: string };

/** Our words when the code asked for as the form opened could not be sent. */
export const CODE_NOT_SENT_MESSAGE =
  'We could not send you a verification code just now. Please try Resend code in a minute.';

/** A 429 says when to try again and that no code went, which helps more than a general text. */
function resendFailure(error: unknown, general: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : general;
}

/**
 * Entry of the emailed verification code, with Verify and Resend (spec sections 4, 5 and 8). Used
 * in the login screen's verify-account modal and after sign-up. After sign-up the code is on its
 * way already; the login screen's modal asks for a new one as it opens (`sendsCodeOnOpen`), since
 * someone signing in may never have had one, or lost it: the form says a code was sent only once
 * it was, and says so plainly when the hour's limit stopped it. The resend message clears after
 * 5 seconds on success and 10 seconds on failure (spec section 9).
 */
export function VerifyEmailForm({
  email,
  onVerified,
  sendsCodeOnOpen = false,
}: {
  email: string;
  onVerified: () => void;
  sendsCodeOnOpen?: boolean;
}) {
  const site = useSiteConfig();
  const id = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const [isVerified, setIsVerified] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const [resendNotice, setResendNotice] = useState<ResendNotice>(null);
  const [delivery, setDelivery] = useState<CodeDelivery>({ kind: sendsCodeOnOpen ? 'sending' : 'sent' });
  // Once per form, also under StrictMode's second run of effects in development.
  const hasAskedForCode = useRef(false);

  useEffect(() => {
    if (!sendsCodeOnOpen || hasAskedForCode.current) return;
    hasAskedForCode.current = true;
    resendVerificationCode(email).then(
      () => setDelivery({ kind: 'sent' }),
      (error: unknown) => setDelivery({ kind: 'notSent', message: resendFailure(error, CODE_NOT_SENT_MESSAGE) }),
    );
  }, [email, sendsCodeOnOpen]);

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
      setVerifyError(errorText(error));
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
      // A new code is on its way: what was said about the old one no longer holds.
      setVerifyError(null);
      setCodeError(null);
      setDelivery({ kind: 'sent' });
      setResendNotice({ kind: 'sent', message: VERIFICATION_RESENT });
    } catch (error) {
      setResendNotice({ kind: 'failed', message: resendFailure(error, VERIFICATION_RESEND_FAILED) });
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
      {delivery.kind === 'notSent' && !isVerified && (
        <Notice tone="error" role="alert">
          <Text c="red.9">{delivery.message}</Text>
        </Notice>
      )}
      <ErrorNotice message={verifyError} textColor="red.9" />

      {!isVerified && (
        <form onSubmit={verify} noValidate aria-label="Verify your email address">
          <Stack gap="md">
            <Text role="status">
              {delivery.kind === 'sending' && (
                <>
                  Sending a 6-digit verification code to <strong>{email}</strong>…
                </>
              )}
              {delivery.kind === 'sent' && (
                <>
                  We sent a 6-digit verification code to <strong>{email}</strong>. Enter it here to verify your email
                  address.
                </>
              )}
              {delivery.kind === 'notSent' && (
                <>
                  Enter the newest verification code we sent to <strong>{email}</strong>, if you have one.
                </>
              )}
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
              <BusyButton
                type="button"
                variant="outline"
                onClick={() => void resend()}
                busy={isResending || delivery.kind === 'sending'}
              >
                Resend code
              </BusyButton>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
