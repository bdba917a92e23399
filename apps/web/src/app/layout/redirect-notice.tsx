import { Alert, Container } from '@mantine/core';
import { useLocation, useMatches } from 'react-router';
import { readRedirectState } from '../../platform/redirect-state';
import { currentRouteHandle } from '../route-handle';

/** Screens that show the message a redirect carried themselves, in their own place. */
const screensShowingRedirectMessage: ReadonlySet<string> = new Set(['login']);

/**
 * The message a redirect carried (the inactive profile notice, the not-authorised message),
 * above any screen that does not show it itself. The login screen shows its own (spec 2.1).
 */
export function RedirectNotice() {
  const { message } = readRedirectState(useLocation().state);
  const routeId = currentRouteHandle(useMatches())?.routeId;
  if (!message || (routeId && screensShowingRedirectMessage.has(routeId))) return null;
  return (
    <Container size="lg" pt="md">
      <Alert color="tendlyTeal" variant="light" role="status">
        {message}
      </Alert>
    </Container>
  );
}
