import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearSession } from './platform/session';
import { fakeMediaQueryList } from './test-media-query';

// Lazy screens load through dynamic imports; on a busy two-core machine that can take longer
// than testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Mantine measures layout and media queries with.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => fakeMediaQueryList(query, false);
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;

// jsdom does not scroll; the route-change effect calls scrollTo.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

// The files of a worker share its globals (isolate: false in vitest.config.ts). A file that
// leaves fake timers behind (a spy wrapped round the fake setTimeout, say) would make every
// later file's waits hang until the timeout, far from the cause: fail at once instead.
beforeAll(() => {
  if ('clock' in globalThis.setTimeout) {
    throw new Error('setTimeout is still faked from an earlier test file: put real timers back (vi.useRealTimers) after restoring any spy on a timer (vi.restoreAllMocks).');
  }
});

afterEach(() => {
  cleanup();
  clearSession();
  window.localStorage.clear();
  delete window.dataLayer;
});
