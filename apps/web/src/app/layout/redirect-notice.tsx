import { Alert, Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { readRedirectState } from '../../platform/redirect-state';

/** The message a redirect carried (the guard's "please log in", the inactive profile notice). */
export function RedirectNotice() {
  const { message } = readRedirectState(useLocation().state);
  if (!message) return null;
  return (
    <Container size="lg" pt="md">
      <Alert color="tendlyTeal" variant="light" role="status">
        {message}
      </Alert>
    </Container>
  );
}
