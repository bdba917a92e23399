import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearSession } from './platform/session';

// jsdom lacks what Mantine measures layout and media queries with.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
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
