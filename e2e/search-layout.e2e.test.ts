import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { forgetSession, signInAs } from './support/accounts';
import { openSession, type BrowserSession } from './support/session';

/**
 * Issue 11: the search page's content did not line up with the header at 1280 px, and on a phone
 * no result showed without scrolling (the heading, the form and the filters took the screen).
 */
const PHONE = { width: 390, height: 844 };

async function signIn(session: BrowserSession, email: string | null): Promise<void> {
  await session.visit('/');
  await forgetSession(session.page);
  if (email) await signInAs(session, email);
}

async function leftEdges(page: Page): Promise<{ brand: number; heading: number }> {
  const brand = await page.locator('header a').first().boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  if (!brand || !heading) throw new Error('No brand link or no heading');
  return { brand: Math.round(brand.x), heading: Math.round(heading.x) };
}

describe('list pages on a 1280 px screen', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openSession({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await session?.close();
  });

  const pages: { email: string | null; path: string }[] = [
    { email: null, path: '/care-workers/search?location=2204' },
    { email: 'worker@example.com', path: '/jobs/search?location=2204' },
    { email: 'worker@example.com', path: '/my-jobs' },
    { email: 'careseeker@example.com', path: '/my-job-posts' },
  ];
  for (const { email, path } of pages) {
    it(`${path} lines its content up with the header`, async () => {
      await signIn(session, email);
      const page = await session.visit(path);
      const { brand, heading } = await leftEdges(page);
      expect(heading).toBe(brand);
    });
  }
});

describe('search results on a phone', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openSession({ viewport: PHONE });
  });
  afterAll(async () => {
    await session?.close();
  });

  const searches: { email: string | null; path: string; list: string; summary: string }[] = [
    { email: null, path: '/care-workers/search?location=2204&locationType=KM_10', list: 'Workers', summary: 'Near 2204, within 10 km' },
    { email: 'worker@example.com', path: '/jobs/search?location=2204', list: 'Jobs', summary: 'Near 2204' },
  ];
  for (const { email, path, list, summary } of searches) {
    it(`${path} shows the first result without scrolling, and the form a tap away`, async () => {
      await signIn(session, email);
      const page = await session.visit(path, { holdsStill: true });
      const first = page.getByRole('list', { name: list }).getByRole('listitem').first();
      await first.waitFor();
      const box = await first.boundingBox();
      expect(box?.y ?? Infinity, 'the first result starts below the first screen').toBeLessThan(PHONE.height - 120);

      // The form folded to one line that says what was searched for.
      await expect(page.getByText(summary, { exact: false }).first().isVisible()).resolves.toBe(true);
      const location = page.getByRole('combobox', { name: 'Suburb or postcode' });
      expect(await location.isVisible()).toBe(false);
      const change = page.getByRole('button', { name: 'Change the search' });
      await change.click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('id')?.includes('location'));
      expect(await location.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Hide the search' }).getAttribute('aria-expanded')).toBe('true');
      await session.checkAccessibility();
    });
  }

  // Issue 32: the form stays open where it would have folded, and the page holds still while the
  // search decides which (it pushed the filters and results down: layout shift 0.13).
  for (const { email, path } of [
    { email: null, path: '/care-workers/search?location=Qwertyzzzville' },
    { email: 'worker@example.com', path: '/jobs/search?location=Qwertyzzzville' },
  ]) {
    it(`${path} keeps the form open while the place is not known, to show why`, async () => {
      await signIn(session, email);
      const page = await session.visit(path, { holdsStill: true });
      const location = page.getByRole('combobox', { name: 'Suburb or postcode' });
      await page.getByText(/Qwertyzzzville/).first().waitFor();
      expect(await location.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Change the search' }).count()).toBe(0);
    });
  }
});
