import { randomInt } from 'node:crypto';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * One browser per test file. `visit` opens a path of the product, waits for the page to settle
 * and runs axe-core on it, so every page a test visits is checked for accessibility.
 */
export interface BrowserSession {
  baseUrl: string;
  page: Page;
  visit(path: string): Promise<Page>;
  /** Checks the page as it is now (after an interaction changed it). */
  checkAccessibility(): Promise<void>;
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
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  return {
    baseUrl,
    page,
    async visit(path: string) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main').first().waitFor();
      if (pageErrors.length) throw new Error(`Script errors on ${path}: ${pageErrors.join('; ')}`);
      await expectNoAxeViolations(page);
      return page;
    },
    async checkAccessibility() {
      await expectNoAxeViolations(page);
    },
    async close() {
      await context.close();
      await browser.close();
    },
  };
}
