import { useEffect, useState, type ReactNode } from 'react';

/**
 * Content that the first view of a page does not need (the home page below the hero, the
 * footer's newsletter form) waits until the first screen has rendered and the browser is idle,
 * so its JavaScript is not part of the first load (issue 4: 150 KB of gzipped JavaScript for
 * `/`). It appears a moment after the page loads, before anyone can scroll to it. Once the page
 * has settled, deferred content that mounts later (after a client-side navigation) shows at once.
 */
const IDLE_TIMEOUT_MS = 1500;
/** Where `requestIdleCallback` is missing (Safari), a short pause after the first render. */
const FALLBACK_DELAY_MS = 150;

/** The performance mark the app sets when its first screen has rendered (bench/home-page.ts reads it). */
export const FIRST_SCREEN_MARK = 'tendly:first-screen';
/**
 * The performance mark and window event once the first screen has rendered and the browser has
 * been idle after it, when deferred content may load: the browser tests wait for the event (and
 * for no request in flight and nothing marked aria-busy) rather than for a guessed quiet time.
 * (An event too, because a test's fake clock stands in for `performance` and forgets marks.)
 */
export const PAGE_SETTLED_MARK = 'tendly:page-settled';

function markPageSettled(): void {
  mark(PAGE_SETTLED_MARK);
  window.dispatchEvent(new Event(PAGE_SETTLED_MARK));
}

function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

let hasSettled = false;
let isFirstScreenMarked = false;
/** What waits for the first screen: deferred content rendered before it (the footer's). */
const waitingForFirstScreen = new Set<() => void>();

export function markFirstScreenRendered(): void {
  if (isFirstScreenMarked) return;
  isFirstScreenMarked = true;
  mark(FIRST_SCREEN_MARK);
  // Every page settles, whether or not it has deferred content.
  whenIdle(markPageSettled);
  for (const callback of waitingForFirstScreen) callback();
  waitingForFirstScreen.clear();
}

/**
 * Calls back once the first screen has rendered. The layout (and its footer) renders before the
 * routed screen's code has loaded; the browser is idle while it loads, and deferred content must
 * not start loading then, ahead of the screen itself.
 */
function afterFirstScreen(callback: () => void): () => void {
  if (isFirstScreenMarked) {
    callback();
    return () => undefined;
  }
  waitingForFirstScreen.add(callback);
  return () => waitingForFirstScreen.delete(callback);
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}

/** False until the first screen has rendered and the browser has been idle after it. */
export function useIsPageSettled(): boolean {
  const [isSettled, setIsSettled] = useState(hasSettled);
  useEffect(() => {
    if (isSettled) return undefined;
    let cancelIdle = () => undefined as void;
    const cancelWait = afterFirstScreen(() => {
      cancelIdle = whenIdle(() => {
        hasSettled = true;
        setIsSettled(true);
      });
    });
    return () => {
      cancelWait();
      cancelIdle();
    };
  }, [isSettled]);
  return isSettled;
}

/**
 * Renders `placeholder` until the page has settled, then `children` (typically a lazy component
 * inside Suspense with the same placeholder). Give the placeholder the content's rough height so
 * nothing the visitor sees moves.
 */
export function DeferredContent({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return useIsPageSettled() ? children : placeholder;
}
