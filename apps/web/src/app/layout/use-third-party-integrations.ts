import { useEffect } from 'react';
import { startChatWidget } from '../../platform/chat-widget';
import { startErrorReporting } from '../../platform/error-reporting';
import { identifySessionRecordingUser, loadSessionRecorder } from '../../platform/session-recording';
import { useSession } from '../../platform/session';
import { useSiteConfig } from '../../platform/site-config';

/**
 * Sets up the third-party services of spec section 7 that are configured (none by default):
 * error reporting and session recording at start, the chat widget for the signed-in user (its id
 * from the login response), and the user's identification to the session recorder.
 */
export function useThirdPartyIntegrations(): void {
  const { integrations } = useSiteConfig();
  const { user } = useSession();

  useEffect(() => {
    startErrorReporting(integrations);
    loadSessionRecorder(integrations);
  }, [integrations]);

  const userId = user?.id;
  const role = user?.role;
  useEffect(() => {
    if (!userId || !role) return undefined;
    return identifySessionRecordingUser(integrations, { id: userId, role });
  }, [integrations, userId, role]);

  const freshchatId = user?.freshchatId;
  const firstName = user?.firstName;
  const email = user?.email;
  useEffect(() => {
    startChatWidget(integrations, firstName !== undefined && email !== undefined ? { freshchatId, firstName, email } : null);
  }, [integrations, freshchatId, firstName, email]);
}
