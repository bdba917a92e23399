import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { notFoundPage } from '@tendly/domain/routes';
import { forgetSession, pathOf, signInAs, waitForPath } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { PHONE } from './support/mobile-layout';
import { openSession, type BrowserSession } from './support/session';

/**
 * Every menu of every role, walked in a real browser (issue 17, "Every screen real"; spec 2.8):
 * the header, the account menu, the side panels (the worker's My Account, the coordinator's My SC
 * Dashboard, the admin console) and the footer at 1280 px, and the mobile menu at 390 px. The
 * links are read from the page's navigation landmarks, so a new menu item is walked without
 * touching this file. Each link's page fails on the not-found screen, a console or script error,
 * or an axe violation (session.visit runs axe), and each menu's hover style must pass axe too;
 * a role's failures are reported together.
 * The browser-free counterpart is apps/web/src/app/menus.test.tsx.
 */

interface MenuLinkFound {
  /** The menu's accessible name: "Main", "My Account", "Policies", ... */
  menu: string;
  label: string;
  /** Path and query on this site. */
  href: string;
  isInFooter: boolean;
}

interface RoleWalk {
  name: string;
  /** Signs in (or not) and leaves the page on the role's home, where its menus are. */
  start(): Promise<void>;
  /**
   * The menus (navigation landmarks by name) the role's home must show, and the fewest links
   * each must have: so the walk cannot pass by finding nothing. Their links are read from the page.
   */
  menus: Record<string, number>;
}

/** The footer's menus, on every page for everyone. */
const footerMenus = { Company: 3, Policies: 10 };

let session: BrowserSession;
const consoleErrors: string[] = [];
/**
 * The footer reads no role: its links and their public pages are the same for everyone (and the
 * header on them is walked and checked on its own). The visitor walks them all; a signed-in role
 * walks only a footer link nobody has walked yet, which keeps the file inside its time budget.
 */
const footerWalked = new Set<string>();
const summary: string[] = [];

beforeAll(async () => {
  session = await openSession();
  session.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

afterAll(async () => {
  await session?.close();
  process.stdout.write(`menu walk: ${summary.join('; ')}\n`);
});

/** Forgets whoever the last test signed in (the page must be on the site to reach its storage). */
async function startSignedOut(): Promise<void> {
  if (session.page.url() === 'about:blank') await session.page.goto('/');
  await forgetSession(session.page);
}

async function startSignedIn(email: string, choice?: 'Support coordinators'): Promise<void> {
  await startSignedOut();
  await signInAs(session, email, choice);
}

/** Opens the signed-in person's account menu as a user would: the button with their name. */
async function openAccountMenu(page: Page): Promise<void> {
  // At 1280 px the only disclosure in the header is the account menu (the phone menu's button is hidden).
  const toggles = page.getByRole('banner').getByRole('button', { expanded: false });
  if ((await toggles.count()) === 0) return;
  await toggles.first().click();
  await page.getByRole('banner').getByRole('button', { expanded: true }).waitFor();
}

/**
 * The links of every navigation landmark that a person can see now, with the menu each is in.
 * Links out of the site (other origins, mailto:, tel:), links within the page, and anything that
 * signs out are left out.
 */
async function visibleMenuLinks(page: Page, within: Locator = page.locator('body')): Promise<{ links: MenuLinkFound[]; external: number }> {
  const found: MenuLinkFound[] = [];
  let external = 0;
  const origin = new URL(page.url()).origin;
  for (const nav of await within.getByRole('navigation').all()) {
    const about = await nav.evaluate((element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const name = element.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? '(unnamed)';
      return { name: name.trim(), isInFooter: element.closest('footer') !== null };
    });
    for (const link of await nav.getByRole('link').all()) {
      const label = (await link.innerText()).trim();
      const raw = (await link.getAttribute('href')) ?? '';
      const url = new URL(raw, page.url());
      if (url.origin !== origin) {
        external += 1;
        continue;
      }
      if (raw.startsWith('#') || /\b(log|sign)\s*out\b/i.test(label)) continue;
      found.push({ menu: about.name, label, href: `${url.pathname}${url.search}`, isInFooter: about.isInFooter });
    }
  }
  return { links: found, external };
}

/**
 * A menu's links share one style, so hovering the first link of each menu checks the menu's hover
 * style (its contrast, above all) without hovering every link. Returns one line per menu that fails.
 */
async function hoverProblems(page: Page): Promise<string[]> {
  const failures: string[] = [];
  for (const nav of await page.getByRole('navigation').all()) {
    // The link to the current page has a style of its own (and is checked with the page).
    const link = nav.locator('a[href]:not([aria-current="page"])').filter({ visible: true }).first();
    if ((await link.count()) === 0) continue;
    const name = (await nav.getAttribute('aria-label')) ?? (await link.innerText());
    await link.hover();
    await link.evaluate((element) => element.setAttribute('data-menu-walk-hovered', ''));
    try {
      await expectNoAxeViolations(page, '[data-menu-walk-hovered]');
    } catch (error) {
      failures.push(`the "${name}" menu's links, hovered: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await link.evaluate((element) => element.removeAttribute('data-menu-walk-hovered'));
    }
  }
  return failures;
}

/** What is wrong with the page a link led to, if anything. */
async function problemsOn(page: Page, link: { href: string }): Promise<string[]> {
  const problems: string[] = [];
  const heading = await page.locator('h1').first().innerText().catch(() => '');
  if (heading.trim() === notFoundPage.title || (await page.title()).startsWith(notFoundPage.title)) {
    problems.push('shows the not-found page');
  }
  // A menu link that the route guard turns away (to the login screen or the role's home) offers
  // a page the person may not open. Going deeper is fine: Post a Job opens at its step 1.
  const landedOn = pathOf(page);
  const linkPath = new URL(link.href, page.url()).pathname;
  if (landedOn !== linkPath && !landedOn.startsWith(`${linkPath}/`)) problems.push(`sends the person on to ${landedOn}`);
  if (consoleErrors.length) problems.push(`console errors: ${consoleErrors.splice(0).join(' | ')}`);
  const scriptErrors = session.takeScriptErrors();
  if (scriptErrors.length) problems.push(`script errors: ${scriptErrors.join(' | ')}`);
  return problems;
}

type WalkedLink = MenuLinkFound & { menus: string };

/** One line per broken link: its address, label and menus, and what is wrong. */
function failureLine(link: WalkedLink, problems: readonly string[]): string {
  return `${link.href} ("${link.label}" in ${link.menus}): ${problems.join('\n    ')}`;
}

/** Opens each link's page afresh and returns what is wrong, one line per broken link. */
async function walk(links: readonly WalkedLink[]): Promise<string[]> {
  const failures: string[] = [];
  for (const link of links) {
    consoleErrors.length = 0;
    const problems: string[] = [];
    try {
      await session.visit(link.href);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
    problems.push(...(await problemsOn(session.page, link)));
    if (problems.length) failures.push(failureLine(link, problems));
  }
  return failures;
}

/** One entry per address, naming every menu that links to it; in the footer only if every such menu is. */
function byAddress(links: readonly MenuLinkFound[]): WalkedLink[] {
  const seen = new Map<string, WalkedLink>();
  for (const link of links) {
    const known = seen.get(link.href);
    if (!known) {
      seen.set(link.href, { ...link, menus: link.menu });
      continue;
    }
    known.isInFooter &&= link.isInFooter;
    if (!known.menus.split(', ').includes(link.menu)) known.menus += `, ${link.menu}`;
  }
  return [...seen.values()];
}

const roles: RoleWalk[] = [
  {
    name: 'visitor',
    menus: { Main: 5, ...footerMenus },
    async start() {
      await startSignedOut();
      await session.visit('/');
    },
  },
  { name: 'care seeker', menus: { Main: 3, 'My Account': 14, ...footerMenus }, start: () => startSignedIn('careseeker@example.com') },
  // My Account twice: in the account menu and as the dashboard's side menu.
  { name: 'care worker', menus: { Main: 2, 'My Account': 30, ...footerMenus }, start: () => startSignedIn('worker@example.com') },
  {
    name: 'support coordinator',
    menus: { Main: 1, 'My SC Dashboard': 5, ...footerMenus },
    start: () => startSignedIn('coordinator@example.com', 'Support coordinators'),
  },
  { name: 'administrator', menus: { Main: 1, 'Admin console': 8, ...footerMenus }, start: () => startSignedIn('admin@example.com') },
  {
    // The coordinator acting for a client sees the client's (care seeker's) menus under the
    // alias banner; the pages behind them answer with the client's data through the alias token.
    name: 'support coordinator acting for a client',
    menus: { Main: 3, 'My Account': 14, ...footerMenus },
    async start() {
      await startSignedIn('coordinator@example.com', 'Support coordinators');
      const page = session.page;
      await page.getByRole('button', { name: /^Act as / }).first().click();
      await waitForPath(page, '/dashboard');
      await page.getByRole('region', { name: 'Acting for a client' }).waitFor();
      await session.settle();
    },
  },
];

describe('every menu of every role at 1280 px', () => {
  for (const role of roles) {
    it(`the ${role.name}: every menu link opens a real page without errors or axe violations`, { timeout: 120_000 }, async () => {
      consoleErrors.length = 0;
      await role.start();
      const page = session.page;
      const home: WalkedLink = { menu: 'home', menus: 'where the role starts', label: 'home', href: `${pathOf(page)}${new URL(page.url()).search}`, isInFooter: false };
      await openAccountMenu(page);
      const homeProblems: string[] = [];
      try {
        // The home with the account menu open, as a person sees it before choosing a link.
        await session.checkAccessibility();
      } catch (error) {
        homeProblems.push(error instanceof Error ? error.message : String(error));
      }
      homeProblems.push(...(await problemsOn(page, home)));
      const failures = homeProblems.length ? [failureLine(home, homeProblems)] : [];
      const { links, external } = await visibleMenuLinks(page);
      failures.push(...(await hoverProblems(page)));
      const countsByMenu = new Map<string, number>();
      for (const link of links) countsByMenu.set(link.menu, (countsByMenu.get(link.menu) ?? 0) + 1);
      for (const [menu, fewest] of Object.entries(role.menus)) {
        expect(countsByMenu.get(menu) ?? 0, `links in the ${role.name}'s "${menu}" menu`).toBeGreaterThanOrEqual(fewest);
      }

      // The home page is checked above; a link back to it is not opened again.
      const toWalk = byAddress(links).filter((link) => {
        if (link.href === home.href) return false;
        if (!link.isInFooter) return true;
        if (footerWalked.has(link.href)) return false;
        footerWalked.add(link.href);
        return true;
      });
      failures.push(...(await walk(toWalk)));
      const menus = [...countsByMenu].map(([menu, count]) => `${menu} ${count}`).join(', ');
      summary.push(`${role.name} from ${home.href}: ${links.length} links (${menus}), ${toWalk.length} pages opened, ${external} links out of the site skipped`);
      expect(failures, `broken menu links for the ${role.name}:\n  ${failures.join('\n  ')}`).toEqual([]);
    });
  }
});

describe('the mobile menu at 390 px', () => {
  it('the care worker: each link of the menu, clicked from the open menu, opens a real page without errors or axe violations', { timeout: 120_000 }, async () => {
    const page = session.page;
    await page.setViewportSize(PHONE);
    try {
      await startSignedIn('worker@example.com');
      const openMenu = async () => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.getByRole('navigation').first().waitFor();
        return drawer;
      };
      const drawer = await openMenu();
      await session.checkAccessibility();
      const { links } = await visibleMenuLinks(page, drawer);
      expect(links.length, 'links in the mobile menu').toBeGreaterThanOrEqual(10);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      const failures: string[] = [];
      for (const link of byAddress(links)) {
        consoleErrors.length = 0;
        const problems: string[] = [];
        try {
          // From wherever the last link led, as a person would: open the menu, choose the link.
          const menu = await openMenu();
          await menu.getByRole('link', { name: link.label, exact: true }).first().click();
          await menu.waitFor({ state: 'hidden' });
          // The router moves once the screen's code has loaded: settled, the page is where the link led.
          await session.settle();
          await session.checkAccessibility();
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
        }
        problems.push(...(await problemsOn(page, link)));
        if (problems.length) failures.push(failureLine(link, problems));
      }
      summary.push(`care worker's mobile menu: ${links.length} links clicked`);
      expect(failures, `broken mobile menu links:\n  ${failures.join('\n  ')}`).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
