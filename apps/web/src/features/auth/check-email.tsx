import { useEffect, useRef } from 'react';
import { Container, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { verificationSuccessMessage } from '@tendly/domain/errors';
import type { RedirectState } from '../../platform/redirect-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { VerifyEmailForm } from '../../platform/verify-email-form';

/**
 * After sign-up: the code we emailed is entered here (the same form as the login screen's
 * verify-account modal), then the new member goes on to log in, told that it worked.
 */
export function CheckEmail({ email }: { email: string }) {
  const site = useSiteConfig();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  // The page's content was replaced under the user; start them at its new heading.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  function onVerified() {
    const state: RedirectState = { message: verificationSuccessMessage(site.brandName) };
    void navigate(sitePath(site, 'login'), { state });
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1} ref={heading} tabIndex={-1} mb="md">
        Check your email
      </Title>
      <VerifyEmailForm email={email} onVerified={onVerified} />
    </Container>
  );
}
