import { SESSION_RECORDING_MAX_RETRIES, SESSION_RECORDING_RETRY_MS } from '@tendly/domain/constants';
import type { Role } from '@tendly/domain/roles';
import type { SiteConfig } from '@tendly/domain/site-config';
import { loadThirdPartyScript } from './third-party-script';

/**
 * Session recording (Hotjar; spec sections 7 and 9): once its script is on the page, the signed-in
 * user is identified. The recorder loads asynchronously, so identification is tried every second
 * (SESSION_RECORDING_RETRY_MS), up to 30 times (SESSION_RECORDING_MAX_RETRIES), then given up.
 * Without a configured site id nothing is loaded and nothing is sent.
 */
declare global {
  interface Window {
    hj?: (command: 'identify', userId: string, attributes: Record<string, string>) => void;
  }
}

export const SESSION_RECORDING_SCRIPT_HOST = 'https://static.hotjar.com';

export function loadSessionRecorder(config: SiteConfig['integrations']): void {
  if (!config.sessionRecordingId) return;
  loadThirdPartyScript(`${SESSION_RECORDING_SCRIPT_HOST}/c/hotjar-${encodeURIComponent(config.sessionRecordingId)}.js?sv=6`);
}

/** Identifies the user to the recorder; returns a function that stops trying. */
export function identifySessionRecordingUser(
  config: SiteConfig['integrations'],
  user: { readonly id: string; readonly role: Role },
): () => void {
  if (!config.sessionRecordingId) return () => undefined;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    attempts += 1;
    if (typeof window.hj === 'function') {
      window.hj('identify', user.id, { role: user.role });
      return;
    }
    if (attempts < SESSION_RECORDING_MAX_RETRIES) timer = setTimeout(attempt, SESSION_RECORDING_RETRY_MS);
  };
  attempt();
  return () => clearTimeout(timer);
}
