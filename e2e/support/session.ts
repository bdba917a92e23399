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
  visit(path: string): Promise<Page>;
  /**
   * Waits until the page has made no request for half a second (Playwright's "networkidle"), not
   * counting the live event stream, which stays open while someone is signed in.
   */
  settle(): Promise<void>;
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
  // The browser lives on the product's clock (TEST_CLOCK, global-setup.ts): "today" in a form is
  // the product's today. The clock runs on in real time; a test may still move a page's own.
  await context.clock.install({ time: productNow() });
  const page = await context.newPage();
  const settle = trackRequests(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  return {
    baseUrl,
    page,
    async visit(path: string) {
      await page.goto(path, { waitUntil: 'load' });
      await settle();
      await page.locator('main').first().waitFor();
      // Reported once: a test that collects failures and walks on (the screen walk) must not see one
      // page's errors again on every page after it.
      if (pageErrors.length) throw new Error(`Script errors on ${path}: ${pageErrors.splice(0).join('; ')}`);
      await expectNoAxeViolations(page);
      return page;
    },
    settle,
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

const QUIET_MS = 500;

/** GET /api/events: the live event stream (issue 13), open for as long as someone is signed in. */
function isEventStream(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/events';
}

/** Counts the page's requests in flight, and returns a wait for a quiet moment with none. */
function trackRequests(page: Page): (timeoutMs?: number) => Promise<void> {
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
  return async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`The page was still loading after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
