import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRoutePath, routeTable, type RouteDef } from '@tendly/domain/routes';
import { openSession, type BrowserSession } from './support/session';

/**
 * Every public route of the route table (spec 2.3; issue 4), opened in a real browser: no console
 * errors or script errors, exactly one h1, the page's title and description set, and no axe
 * violations (session.visit runs axe). Routes whose screen is not built yet render the not-found
 * page; they are listed in the output and must say "Page not found".
 */
const BRAND = 'Tendly';
const placeholders = { brandName: BRAND, partnerOneSlug: 'harbourside', partnerTwoSlug: 'riverbend' };

/** Sample values for route parameters; routes with a parameter not listed here are skipped. */
const sampleParams: Record<string, string> = { step: 'step-1' };

function samplePath(route: RouteDef): string | null {
  let missing = false;
  const path = resolveRoutePath(route.path, placeholders).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = sampleParams[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : path;
}

const publicRoutes = routeTable.filter((route) => route.access.kind === 'public');
const visitable = publicRoutes.flatMap((route) => {
  const path = samplePath(route);
  return path ? [{ route, path }] : [];
});
const skipped = publicRoutes.filter((route) => samplePath(route) === null).map((route) => route.path);
const notBuiltYet: string[] = [];

let session: BrowserSession;
const consoleErrors: string[] = [];

beforeAll(async () => {
  session = await openSession();
  session.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

afterAll(async () => {
  await session?.close();
  process.stdout.write(`public routes skipped (need a real id, screens in later issues): ${skipped.join(', ') || 'none'}\n`);
  process.stdout.write(`public routes without a screen yet (render "Page not found"): ${notBuiltYet.join(', ') || 'none'}\n`);
});

describe('every public route', () => {
  it('covers the whole route table', () => {
    expect(visitable.length + skipped.length).toBe(publicRoutes.length);
    expect(visitable.length).toBeGreaterThan(40);
  });

  for (const { route, path } of visitable) {
    it(`${path}: no errors, one h1, its title and description, no axe violations`, async () => {
      consoleErrors.length = 0;
      const page = await session.visit(path);
      expect(consoleErrors, `console errors on ${path}`).toEqual([]);
      await expect(page.locator('h1').count()).resolves.toBe(1);

      const heading = (await page.locator('h1').innerText()).trim();
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.trim()).toBeTruthy();

      if (heading === 'Page not found') {
        notBuiltYet.push(path);
        expect(title).toBe(`Page not found | ${BRAND}`);
        return;
      }
      // The route's own title, or a more specific one the page sets, always with the brand.
      if (title !== `${route.title} | ${BRAND}`) {
        expect(title.endsWith(` | ${BRAND}`), `title "${title}" on ${path}`).toBe(true);
        expect(title.slice(0, -` | ${BRAND}`.length).trim()).not.toBe('');
      }
    });
  }
});
