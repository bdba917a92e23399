import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { resolveRoutePath, routeTable } from '@tendly/domain/routes';

/**
 * What each public page must show beyond what every public page must (one h1, a title and a
 * description, no errors, no axe violations): its heading and the content it exists for. The
 * screen walk (screen-walk.ts) runs these on the visit it makes to each public route as a
 * visitor, so a page is opened and checked once; interactions with these pages are tested in
 * public-pages.e2e.test.ts. (Issue 4: the information, landing and policy pages.)
 */
export type PageCheck = (page: Page) => Promise<void>;

const infoPages = [
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

function infoPageCheck(info: (typeof infoPages)[number]): PageCheck {
  return async (page) => {
    await expect(page.locator('h1').innerText()).resolves.toMatch(info.heading);
    const main = await page.locator('main').innerText();
    for (const text of info.content) expect(main).toContain(text);
  };
}

interface LandingCase {
  readonly path: string;
  readonly heading: RegExp;
  readonly cta: string;
  readonly ctaHref: string;
}

const POST_A_JOB = { cta: 'Post a job', ctaHref: '/careseeker/post-a-job' } as const;

const landingPages: readonly LandingCase[] = [
  { path: '/careworker', heading: /independent support worker/i, cta: 'Register as a worker', ctaHref: '/careworker/register' },
  { path: '/carer', heading: /independent support worker/i, cta: 'Register as a worker', ctaHref: '/careworker/register' },
  { path: '/support-coordinator', heading: /workers for every client/i, cta: 'Register as a support coordinator', ctaHref: '/support-coordinator/register' },
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

/** A landing page's main call to action: the first link of that name in the page's main. */
export function mainCta(page: Page, name: string) {
  return page.locator('main').getByRole('link', { name, exact: true }).first();
}

function landingPageCheck(landing: LandingCase): PageCheck {
  return async (page) => {
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(landing.heading);
    const cta = mainCta(page, landing.cta);
    await expect(cta.isVisible()).resolves.toBe(true);
    await expect(cta.getAttribute('href')).resolves.toBe(landing.ctaHref);
  };
}

/** Every policy route of the route table, with the brand the test product runs under. */
export const policies = routeTable
  .filter((route) => route.screen === 'policy')
  .map((route) => ({
    title: route.title,
    path: resolveRoutePath(route.path, { brandName: 'Tendly', partnerOneSlug: '', partnerTwoSlug: '' }),
  }));

function policyPageCheck({ path, title }: (typeof policies)[number]): PageCheck {
  return async (page) => {
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(title);
    await expect(main.getByText(/Last updated/).count()).resolves.toBe(1);
    await expect(main.locator('article h2[id]').count()).resolves.toBeGreaterThanOrEqual(4);
    await expect(main.locator('article p').count()).resolves.toBeGreaterThan(3);
    await expect(main.getByText('{brand}').count()).resolves.toBe(0);
    const questions = main.getByRole('region', { name: 'Questions about this policy?' });
    await expect(questions.locator('a[href^="tel:"]').count()).resolves.toBe(1);
    await expect(questions.locator('a[href^="mailto:"]').count()).resolves.toBe(1);

    // Every contents link names an h2 of the page; the first and the last are followed by keyboard.
    const contentsLinks = main.getByRole('navigation', { name: 'On this page' }).getByRole('link');
    const targets = await contentsLinks.evaluateAll((links) =>
      links.map((link) => {
        const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
        return { label: link.textContent, tagName: target?.tagName, text: target?.textContent };
      }),
    );
    expect(targets.length).toBeGreaterThanOrEqual(4);
    for (const target of targets) {
      expect(target.tagName, String(target.label)).toBe('H2');
      expect(target.text).toBe(target.label);
    }

    for (const link of [contentsLinks.first(), contentsLinks.last()]) {
      const href = (await link.getAttribute('href')) ?? '';
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((hash) => window.location.hash === hash, href);
      // Focus moves to the section's heading, which is in view, and the page stays the same.
      await page.waitForFunction((id) => document.activeElement?.id === id, href.slice(1));
      const top = await page.locator(href).evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(await page.evaluate(() => window.innerHeight));
      expect(new URL(page.url()).pathname).toBe(path);
    }
  };
}

export const publicPageChecks = new Map<string, PageCheck>([
  ...infoPages.map((info) => [info.path, infoPageCheck(info)] as const),
  ...landingPages.map((landing) => [landing.path, landingPageCheck(landing)] as const),
  ...policies.map((policy) => [policy.path, policyPageCheck(policy)] as const),
]);
