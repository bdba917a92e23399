import { randomInt } from 'node:crypto';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';
import { productNow } from './product-clock';

/**
 * One browser per test file. `visit` opens a path of the product, waits for the page to settle
 * and runs axe-core on it, so every page a test visits is checked for accessibility.
 */
export interface BrowserSession {
  baseUrl: string;
  page: Page;
  /**
   * `holdsStill`: also fail if the page moved by itself while it loaded (a layout shift over
   * LAYOUT_SHIFT_BUDGET). The screen walk asks it of every route's first load.
   */
  visit(path: string, options?: { holdsStill?: boolean }): Promise<Page>;
  /**
   * Opens a path the way the app's own links do, without reloading the page (the router follows
   * the address, as on the browser's Back), waits for it as `visit` does and runs axe on it.
   * `holdsStill` as for `visit`, counting the shifts from the move on.
   */
  go(path: string, options?: { holdsStill?: boolean }): Promise<Page>;
  /**
   * Waits until the page has made no request for half a second (Playwright's "networkidle"), not
   * counting the live event stream, which stays open while someone is signed in.
   */
  settle(): Promise<void>;
  /**
   * After something that moved the page (a link clicked, a form that leads elsewhere): waits until
   * the app says it is ready, as `visit` does, which is sooner than `settle`'s quiet half-second.
   */
  ready(): Promise<void>;
  /** Checks the page as it is now (after an interaction changed it). */
  checkAccessibility(): Promise<void>;
  /**
   * The script errors since the last visit or the last call, forgotten once returned: for a test
   * that moves on by clicking and collects what went wrong instead of stopping at the first page.
   */
  takeScriptErrors(): string[];
  close(): Promise<void>;
}

export interface SessionOptions {
  /** The window size; Playwright's default is 1280 × 720. */
  viewport?: { width: number; height: number };
}

export async function openSession(options: SessionOptions = {}): Promise<BrowserSession> {
  const baseUrl = inject('baseUrl');
  const browser: Browser = await launchBrowser();
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    // Each test file is a different person at a different address: the product trusts the
    // loopback proxy (TRUST_PROXY in product-server.ts), so the per-address limits on sign-in and
    // the forms count each file's requests apart, as they would count two people's, while two
    // files run at once.
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` },
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  // Before the clock below: under the fake clock, an observer made afterwards is never told of a shift.
  await context.addInitScript(recordLayoutShifts);
  // The browser lives on the product's clock (TEST_CLOCK, global-setup.ts): "today" in a form is
  // the product's today. The clock runs on in real time; a test may still move a page's own.
  await context.clock.install({ time: productNow() });
  // The app's "page settled" event (see PAGE_QUIET_MS), kept for pageReady to read: the fake clock
  // stands in for \`performance\`, which forgets the app's marks.
  await context.addInitScript((eventName) => {
    window.addEventListener(eventName, () => document.documentElement.setAttribute('data-test-page-settled', ''));
  }, PAGE_SETTLED_MARK);
  const page = await context.newPage();
  const requests = trackRequests(page);
  const settle = (timeoutMs?: number) => requests.quiet(QUIET_MS, timeoutMs);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  /** After a page has loaded or the router has moved: ready for checks, error-free, and still if asked (issue 32). */
  async function checkOpened(path: string, holdsStill = false): Promise<Page> {
    await pageReady(page, requests);
    await page.locator('main').first().waitFor();
    if (holdsStill) await expectStableLayout(page, path);
    // Reported once: a test that collects failures and walks on (the screen walk) must not see one
    // page's errors again on every page after it.
    if (pageErrors.length) throw new Error(`Script errors on ${path}: ${pageErrors.splice(0).join('; ')}`);
    await expectNoAxeViolations(page);
    return page;
  }

  return {
    baseUrl,
    page,
    async visit(path: string, options = {}) {
      await page.goto(path, { waitUntil: 'load' });
      return checkOpened(path, options.holdsStill === true);
    },
    async go(path: string, options = {}) {
      requests.touch();
      await page.evaluate((target) => {
        // The shifts of the screen before are not this one's.
        (window as unknown as { __layoutShifts?: unknown[] }).__layoutShifts?.splice(0);
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, path);
      return checkOpened(path, options.holdsStill === true);
    },
    settle,
    async ready() {
      requests.touch();
      await pageReady(page, requests);
    },
    async checkAccessibility() {
      await expectNoAxeViolations(page);
    },
    takeScriptErrors() {
      return pageErrors.splice(0);
    },
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/** Issue 32: the most a page may move by itself while it loads (Cumulative Layout Shift, "good" in Core Web Vitals). */
export const LAYOUT_SHIFT_BUDGET = 0.05;

interface RecordedShift {
  value: number;
  /** Milliseconds on the page's own timeline (the fake clock does not stand in for entries' times). */
  startTime: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Runs in every document before its scripts: keeps each layout shift with what moved. */
function recordLayoutShifts(): void {
  const shifts: RecordedShift[] = [];
  (window as unknown as { __layoutShifts: RecordedShift[] }).__layoutShifts = shifts;
  // The real frame and timer, kept before the fake clock replaces them: two frames painted and a
  // task after, and every shift so far has been reported.
  const frame = window.requestAnimationFrame.bind(window);
  const later = window.setTimeout.bind(window);
  (window as unknown as { __afterPaint: () => Promise<void> }).__afterPaint = () => new Promise((resolve) => frame(() => frame(() => later(resolve, 0))));
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
      const sources = (entry.sources ?? []).map(({ node }) => {
        const element = node instanceof Element ? node : node?.parentElement;
        if (!element) return '(text)';
        const name = element.getAttribute('aria-label') ?? element.id ?? '';
        return `<${element.tagName.toLowerCase()}${name ? ` "${name.slice(0, 40)}"` : ''}> ${(element.textContent ?? '').trim().slice(0, 40)}`;
      });
      shifts.push({ value: entry.value, startTime: entry.startTime, hadRecentInput: entry.hadRecentInput, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * The page's layout shift as Core Web Vitals counts it: shifts not caused by input, grouped into
 * windows (a gap under 1 s, at most 5 s long), the largest window.
 */
export function cumulativeLayoutShift(shifts: readonly RecordedShift[]): { value: number; window: RecordedShift[] } {
  let best: { value: number; window: RecordedShift[] } = { value: 0, window: [] };
  let current: RecordedShift[] = [];
  let currentValue = 0;
  for (const shift of shifts.filter((one) => !one.hadRecentInput)) {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last && shift.startTime - last.startTime < 1000 && shift.startTime - first.startTime < 5000) {
      current.push(shift);
      currentValue += shift.value;
    } else {
      current = [shift];
      currentValue = shift.value;
    }
    if (currentValue > best.value) best = { value: currentValue, window: [...current] };
  }
  return best;
}

/**
 * Fails when the page moved more than the budget by itself since it loaded (or since `go` moved
 * it), naming what moved. The screen walk asks it of every route's first load: each public route
 * at 1280 px and each signed-in route at 390 px.
 */
async function expectStableLayout(page: Page, path: string): Promise<void> {
  // Real frames first (the page's own frames run on the fake clock), so a shift from the last
  // render is painted and reported before it is read.
  const shifts = await page.evaluate(async () => {
    const page = window as unknown as { __afterPaint?: () => Promise<void>; __layoutShifts?: RecordedShift[] };
    await page.__afterPaint?.();
    return page.__layoutShifts ?? [];
  });
  const { value, window } = cumulativeLayoutShift(shifts);
  if (value > LAYOUT_SHIFT_BUDGET) {
    const moved = window.map((shift) => `${shift.value.toFixed(3)}: ${shift.sources.join(', ')}`).join('; ');
    throw new Error(`${path} moved by itself while loading: layout shift ${value.toFixed(3)}, over ${LAYOUT_SHIFT_BUDGET} (${moved})`);
  }
}

/** After an interaction: no request for this long, and the page's answer has come. */
const QUIET_MS = 500;
/**
 * After a page loads or the router moves, the app says when it is ready: its first screen has
 * rendered and the browser has been idle since (the `tendly:page-settled` mark, deferred-content.tsx),
 * and nothing is marked aria-busy (every loading state is). A short quiet time then only bridges
 * one render between a request's end and the next request it causes.
 */
const PAGE_QUIET_MS = 150;
const PAGE_SETTLED_MARK = 'tendly:page-settled';

/** Waits for the page to be ready for checks (see PAGE_QUIET_MS). */
async function pageReady(page: Page, requests: RequestTracker, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await requests.quiet(PAGE_QUIET_MS, deadline - Date.now());
    const state = await page.evaluate(
      () => ({
        settled: document.documentElement.hasAttribute('data-test-page-settled'),
        busy: Array.from(document.querySelectorAll('[aria-busy="true"]'), (element) => element.tagName.toLowerCase()),
      }),
    );
    if (state.settled && state.busy.length === 0 && requests.isQuiet(PAGE_QUIET_MS)) return;
    if (Date.now() > deadline) {
      throw new Error(`The page was not ready after ${timeoutMs} ms: ${state.settled ? `still busy (${state.busy.join(', ')})` : 'the app never marked it settled'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET /api/events: the live event stream (issue 13), open for as long as someone is signed in. */
function isEventStream(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/events';
}

interface RequestTracker {
  /** Waits until the page has had no request in flight for `quietMs`. */
  quiet(quietMs: number, timeoutMs?: number): Promise<void>;
  isQuiet(quietMs: number): boolean;
  /** Counts as activity now: the quiet time starts afresh (the page is about to move). */
  touch(): void;
}

/** Counts the page's requests in flight, for waits for a quiet moment with none. */
function trackRequests(page: Page): RequestTracker {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (isEventStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const finished = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const isQuiet = (quietMs: number) => inFlight.size === 0 && Date.now() - lastChange >= quietMs;
  return {
    isQuiet,
    touch() {
      lastChange = Date.now();
    },
    async quiet(quietMs, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!isQuiet(quietMs)) {
        if (Date.now() > deadline) throw new Error(`The page was still loading after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
