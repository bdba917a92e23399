import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setSignedInUser, type SessionUser } from '../platform/session';

/**
 * The set-up page tests share. The router loads pages lazily: `loadPages` loads them once up front,
 * which keeps a slow first transform out of the tests' waiting time. Before each test the session
 * is `signedInAs` (when given), and after it the fetch a test mocked is put back.
 */
export function setUpPageTests(loadPages: () => Promise<unknown>, { signedInAs }: { signedInAs?: SessionUser } = {}): void {
  beforeAll(async () => {
    await loadPages();
  }, 60_000);
  if (signedInAs) {
    // A fresh copy each test, as each test signing in afresh would have.
    beforeEach(() => setSignedInUser({ ...signedInAs }));
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
