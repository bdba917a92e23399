import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRoutePath, routeTable } from '@tendly/domain/routes';
import { openSession, type BrowserSession } from './support/session';

/** Every policy route of the route table, with the brand the test product runs under. */
const policies = routeTable
  .filter((route) => route.screen === 'policy')
  .map((route) => ({
    title: route.title,
    path: resolveRoutePath(route.path, { brandName: 'Tendly', partnerOneSlug: '', partnerTwoSlug: '' }),
  }));

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

describe('the policy pages', () => {
  it('covers every policy route, the your-rights page under the brand', () => {
    expect(policies).toHaveLength(15);
    expect(policies.map((policy) => policy.path)).toContain('/your-rights-using-tendly');
  });

  it.each(policies)('$path shows "$title" with its content, contents links that work by keyboard, and passes axe', async ({ path, title }) => {
    const page = await session.visit(path);
    const main = page.locator('main');

    const headings = main.getByRole('heading', { level: 1 });
    await expect(headings.count()).resolves.toBe(1);
    await expect(headings.innerText()).resolves.toBe(title);
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
