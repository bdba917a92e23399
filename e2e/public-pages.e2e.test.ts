import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainCta, policies } from './support/public-pages';
import { openSession, type BrowserSession } from './support/session';

/**
 * Using the public information, landing and policy pages (issue 4). What each page shows is
 * checked on the screen walk's visit to it (support/public-pages.ts); these follow their links
 * and use them with the keyboard and on a phone. `visit` checks each page with axe.
 */
let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

describe('the information pages', () => {
  it('links the feedback hub to the three forms', async () => {
    const page = await session.visit('/feedback-complaints-incident-reports');
    for (const [name, path] of [
      ['Give feedback', '/feedback'],
      ['Make a complaint', '/make-a-complaint'],
      ['Report an incident', '/report-incident'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(path);
    }
  });

  it('shows live worker cards from the API on /workers, each linking to a profile', async () => {
    const page = await session.visit('/workers');
    const cards = page.locator('main article');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const first = cards.first();
    await expect(first.locator('h3').innerText()).resolves.not.toBe('');
    await expect(first.getByText(/\b(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)$/).count()).resolves.toBeGreaterThan(0);
    await expect(first.getByRole('link').getAttribute('href')).resolves.toMatch(/^\/carer\/profile\/[^/]+$/);
    await session.checkAccessibility();
  });
});

describe('landing pages', () => {
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
    await expect(one.getByRole('heading', { level: 2, name: '$250 towards support worker payments' }).isVisible()).resolves.toBe(true);
    await expect(one.locator('main').getByText(/no cash value/).count()).resolves.toBe(1);
    await one.waitForFunction(() => document.title.includes('Harbourside Aged Care'));

    const two = await session.visit('/riverbend');
    await expect(two.locator('main').getByText(/\$250/).count()).resolves.toBe(0);
    await two.waitForFunction(() => document.title.includes('Riverbend Community Services'));
  });

  it('the FAQ accordion opens, closes and moves between questions with the keyboard', async () => {
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

describe('the policy pages', () => {
  it('covers every policy route, the your-rights page under the brand', () => {
    expect(policies).toHaveLength(15);
    expect(policies.map((policy) => policy.path)).toContain('/your-rights-using-tendly');
  });

  it('keeps wide tables readable on a phone, in a scrollable region keyboard users can reach', async () => {
    await session.page.setViewportSize({ width: 360, height: 740 });
    try {
      const page = await session.visit('/police-check-policy');
      const region = page.getByRole('region', { name: /^Table: State or territory/ }).first();
      await expect(region.getAttribute('tabindex')).resolves.toBe('0');
      const pageOverflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(pageOverflows).toBe(false);
    } finally {
      await session.page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('moves between policies through the related policies links', async () => {
    const page = await session.visit('/complaints-policy');
    await page.locator('main article').getByRole('link', { name: 'Code of conduct', exact: true }).first().click();
    await page.waitForURL('**/code-of-conduct');
    await page.getByRole('heading', { level: 1, name: 'Code of conduct' }).waitFor();
    await page.getByText(/Last updated/).waitFor();
    await session.checkAccessibility();
  });
});
