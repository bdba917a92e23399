import { useEffect, useRef } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LoginInput } from '@tendly/domain/validation/account';
import { Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { VerifyEmailForm } from '../../platform/verify-email-form';
import { useSignIn } from './use-sign-in';

/**
 * After sign-up: the code we emailed is entered here (the same form as the login screen's
 * verify-account modal). Once the address is verified the new member is signed in with what they
 * typed at sign-up (kept in memory only, never stored) and goes to their role's home, as a new
 * care seeker does from the post-a-job wizard (issue 11): nobody is asked to log in again.
 */
export function CheckEmail({ credentials }: { credentials: LoginInput }) {
  const site = useSiteConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  const { status, submit } = useSignIn();

  // The page's content was replaced under the user; start them at its new heading.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Container size="xs" py="xl">
      <Title order={1} ref={heading} tabIndex={-1} mb="md">
        Check your email
      </Title>
      <Stack gap="md">
        <VerifyEmailForm email={credentials.email} onVerified={() => void submit(credentials)} />
        <div role="status">
          {(status.kind === 'loggingIn' || status.kind === 'success') && <Notice tone="info">Signing you in…</Notice>}
        </div>
        {status.kind === 'error' && (
          <Notice tone="error" role="alert">
            <Text c="red.9">
              {status.message} Your email address is verified:{' '}
              <Anchor component={Link} to={sitePath(site, 'login')} inherit>
                log in
              </Anchor>{' '}
              to continue.
            </Text>
          </Notice>
        )}
      </Stack>
    </Container>
  );
}
