import { afterEach } from 'vitest';
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

afterEach(() => {
  cleanup();
  clearSession();
  window.localStorage.clear();
  delete window.dataLayer;
});
