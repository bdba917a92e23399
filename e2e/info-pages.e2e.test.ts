import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './support/session';

/**
 * The public information pages (issue 4): each has one h1, the content it exists for, and passes
 * axe (session.visit checks every page it opens).
 */
let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

const pages = [
  { path: '/about-us', heading: /about tendly/i, content: ['Why we exist', 'Our values', 'NDIS registered provider', 'Northern Territory'] },
  { path: '/founders', heading: /our founders/i, content: ['It started at a kitchen table', 'The founding team'] },
  { path: '/testimonials', heading: /stories from our community/i, content: ['Names and details have been changed', 'Support coordinators'] },
  { path: '/media-centre', heading: /media centre/i, content: ['Media contacts', 'Fact sheet', 'Brand assets'] },
  { path: '/covid-19', heading: /covid-19/i, content: ['Last reviewed', 'Stay home when you are unwell', '1800 022 222'] },
  {
    path: '/feedback-complaints-incident-reports',
    heading: /feedback, complaints and incident reports/i,
    content: ['In an emergency, call 000', '1800 035 544', '1800 951 822'],
  },
  { path: '/workers', heading: /our care and support workers/i, content: ['How every worker is checked', 'NDIS Worker Screening Check'] },
] as const;

describe('the public information pages', () => {
  for (const info of pages) {
    it(`${info.path} has one h1, its key content, and no accessibility violations`, async () => {
      const page = await session.visit(info.path);
      await expect(page.locator('h1').count()).resolves.toBe(1);
      await expect(page.locator('h1').innerText()).resolves.toMatch(info.heading);
      const main = await page.locator('main').innerText();
      for (const text of info.content) expect(main).toContain(text);
    });
  }

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
