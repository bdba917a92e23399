import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';

/**
 * The public landing pages (issue 4): each one, every alias and both partner pages (the default
 * partner slugs), with one h1 and its main call to action; `visit` checks each with axe.
 */
let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

interface LandingCase {
  readonly path: string;
  readonly heading: RegExp;
  readonly cta: string;
  readonly ctaHref: string | RegExp;
}

const POST_A_JOB = { cta: 'Post a job', ctaHref: '/careseeker/post-a-job' } as const;

const landingPages: readonly LandingCase[] = [
  { path: '/careworker', heading: /independent support worker/i, cta: 'Register as a worker', ctaHref: '/careworker/register' },
  { path: '/carer', heading: /independent support worker/i, cta: 'Register as a worker', ctaHref: '/careworker/register' },
  {
    path: '/support-coordinator',
    heading: /workers for every client/i,
    cta: 'Register as a support coordinator',
    ctaHref: '/support-coordinator/register',
  },
  { path: '/providers', heading: /partner with us/i, cta: 'Enquire about partnering', ctaHref: '/contact-us' },
  { path: '/csproviders', heading: /partner with us/i, cta: 'Enquire about partnering', ctaHref: '/contact-us' },
  { path: '/home-care-package', heading: /support at home/i, ...POST_A_JOB },
  { path: '/ndis-funded-support', heading: /ndis plan/i, ...POST_A_JOB },
  { path: '/services/disability-support-workers', heading: /disability support workers/i, ...POST_A_JOB },
  { path: '/services/mental-health-support-workers', heading: /mental health support workers/i, ...POST_A_JOB },
  { path: '/services/aged-care-workers', heading: /aged care workers/i, ...POST_A_JOB },
  { path: '/harbourside', heading: /Harbourside Aged Care/, ...POST_A_JOB },
  { path: '/riverbend', heading: /Riverbend Community Services/, ...POST_A_JOB },
];

function mainCta(page: Page, name: string) {
  return page.locator('main').getByRole('link', { name, exact: true }).first();
}

describe('landing pages', () => {
  for (const landing of landingPages) {
    it(`${landing.path} has one h1 and its main call to action`, async () => {
      const page = await session.visit(landing.path);
      const headings = page.getByRole('heading', { level: 1 });
      await expect(headings.count()).resolves.toBe(1);
      await expect(headings.innerText()).resolves.toMatch(landing.heading);
      const cta = mainCta(page, landing.cta);
      await expect(cta.isVisible()).resolves.toBe(true);
      const href = await cta.getAttribute('href');
      if (typeof landing.ctaHref === 'string') expect(href).toBe(landing.ctaHref);
      else expect(href).toMatch(landing.ctaHref);
    });
  }

  it('the providers page links to the external provider platform', async () => {
    const page = await session.visit('/providers');
    const login = mainCta(page, 'Provider platform login');
    await expect(login.getAttribute('href')).resolves.toMatch(/^https:\/\//);
  });

  it('the support coordinator page offers login', async () => {
    const page = await session.visit('/support-coordinator');
    await expect(mainCta(page, 'Log in').getAttribute('href')).resolves.toBe('/login');
  });

  it('only partner one shows the $250 offer, and each partner page names its partner in the title', async () => {
    const one = await session.visit('/harbourside');
    await expect(
      one.getByRole('heading', { level: 2, name: '$250 towards support worker payments' }).isVisible(),
    ).resolves.toBe(true);
    await expect(one.locator('main').getByText(/no cash value/).count()).resolves.toBe(1);
    await one.waitForFunction(() => document.title.includes('Harbourside Aged Care'));

    const two = await session.visit('/riverbend');
    await expect(two.locator('main').getByText(/\$250/).count()).resolves.toBe(0);
    await two.waitForFunction(() => document.title.includes('Riverbend Community Services'));
  });
});

describe('the FAQ accordion', () => {
  it('opens, closes and moves between questions with the keyboard', async () => {
    const page = await session.visit('/careworker');
    const questions = page.locator('main').getByRole('button', { expanded: false });
    const first = page.locator('main').getByRole('button', { name: /employee/i });
    const second = page.locator('main').getByRole('button', { name: /how much can i charge/i });
    await expect(questions.count()).resolves.toBeGreaterThan(1);
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');

    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    const panelId = await first.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await page.locator(`[id="${panelId}"]`).getByText(/independent contractor/).waitFor({ state: 'visible' });

    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toMatch(/how much can i charge/i);
    await page.keyboard.press('Space');
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('true');
    await session.checkAccessibility();

    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
  });
});
