import { randomInt, randomUUID } from 'node:crypto';
import { outboxResponseSchema, type OutboxMessage } from '@tendly/domain/api/auth';
import type { Page } from 'playwright-core';
import { onProductClock } from './product-clock';
import type { BrowserSession } from './session';

/** The password of every seeded demo account. */
export const DEMO_PASSWORD = 'demo-password';

/** Emails the product sent to an address, newest first (GET /api/dev/outbox, outside production). */
export async function readOutbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  return outboxResponseSchema.parse(await response.json());
}

/**
 * Waits for the newest email to an address whose text matches, and returns the first match.
 * `since` is this machine's time; the emails carry the product's (TEST_CLOCK), so it is moved onto it.
 */
export async function waitForEmail(
  baseUrl: string,
  to: string,
  pattern: RegExp,
  since: Date,
  /** Skips matches this refuses: with the second slack on `since`, an email sent just before can still match. */
  accept: (match: RegExpMatchArray) => boolean = () => true,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 15_000;
  const earliest = onProductClock(since).getTime() - 1000;
  while (Date.now() < deadline) {
    const messages = await readOutbox(baseUrl, to);
    for (const message of messages) {
      if (Date.parse(message.createdAt) < earliest) continue;
      const match = pattern.exec(message.text);
      if (match && accept(match)) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email to ${to} matching ${pattern} arrived`);
}

export const VERIFICATION_CODE_PATTERN = /\b(\d{6})\b/;
export const RESET_LINK_PATTERN = /\/resetPassword\?[^\s"<>]+/;

/** Path of the page, without the origin. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

/** Waits until the page is at `path`. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** Step 1 of the login screen, then the form (the page must be on /login). */
export async function signInThroughForm(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  choice: 'Care workers and care seekers' | 'Support coordinators' = 'Care workers and care seekers',
): Promise<void> {
  await page.getByRole('button', { name: choice }).click();
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Forgets whoever is signed in, without going through the UI. */
export async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.clear());
}

/**
 * Starts a test signed out, on the home page as a visitor sees it (a full load, so nothing of the
 * last person stays in the app's memory). The sign-in is forgotten before the home page loads as
 * well as after: it loads as the visitor's, the same light page every time, rather than the
 * signed-in home (and its requests) of whoever the last test left signed in; those homes are
 * checked where they are the subject.
 */
export async function startSignedOut(session: BrowserSession): Promise<void> {
  if (session.page.url() !== 'about:blank') await forgetSession(session.page);
  await session.visit('/');
  await forgetSession(session.page);
}

/**
 * Signs in through the login form, waits to leave it and for the page it led to to settle; the
 * page is where sign-in led. Without the wait, that landing page's own requests (its unread
 * count, its live event stream) went out while the caller had already moved on, and were counted
 * as the next page's.
 */
export async function signInAs(
  session: BrowserSession,
  email: string,
  choice?: 'Care workers and care seekers' | 'Support coordinators',
): Promise<Page> {
  const page = await session.visit('/login');
  await signInThroughForm(page, email, DEMO_PASSWORD, choice);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await session.ready();
  return page;
}

export interface FreshAccount {
  email: string;
  password: string;
  firstName: string;
}

/**
 * A new, verified account of its own for a test that changes it (renames it, closes it), made
 * through the API as the sign-up form would: POST /api/signup, then the emailed code. The
 * requests carry an address of their own, as a person at another address would.
 */
export async function registerFreshAccount(baseUrl: string, role: 'CS' | 'CR' | 'SUPPORT', firstName: string): Promise<FreshAccount> {
  const email = `${role.toLowerCase()}-${randomUUID()}@example.com`;
  const password = 'a-long-fresh-password';
  const address = { 'x-forwarded-for': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` };
  const headers = { ...address, 'content-type': 'application/json' };
  const common = { firstName, lastName: 'Tester', email, password, phone: '0412345678', acceptTerms: true };
  const byRole = {
    CS: { role: 'CS' },
    SUPPORT: { role: 'SUPPORT', organisation: 'Clear Path Supports' },
    CR: { role: 'CR', address: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000', hearAboutUs: 'SEARCH_ENGINE', acceptEng: true, acceptNDISCode: true, acceptAgedCareCode: true },
  }[role];
  const since = new Date();
  const signup = await fetch(`${baseUrl}/api/signup`, { method: 'POST', headers, body: JSON.stringify({ ...common, ...byRole }) });
  if (!signup.ok) throw new Error(`POST /api/signup answered ${signup.status}: ${await signup.text()}`);
  const [, code] = await waitForEmail(baseUrl, email, VERIFICATION_CODE_PATTERN, since);
  const verify = await fetch(`${baseUrl}/api/auth/verify/${encodeURIComponent(email)}/${code}`, { method: 'POST', headers: address });
  if (!verify.ok) throw new Error(`Verifying ${email} answered ${verify.status}: ${await verify.text()}`);
  return { email, password, firstName };
}
