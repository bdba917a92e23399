import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { decideAccess, type Viewer } from '@tendly/domain/access';
import { notFoundPage, resolveRoutePath, routeTable, type RouteDef } from '@tendly/domain/routes';
import { inboxResponseSchema, peopleResponseSchema } from '@tendly/domain/api/admin';
import { signInResponseSchema } from '@tendly/domain/api/auth';
import { shiftListSchema } from '@tendly/domain/api/bookings';
import { contractListSchema } from '@tendly/domain/api/contracts';
import { invoiceListSchema } from '@tendly/domain/api/invoices';
import { myJobPostsSchema } from '@tendly/domain/api/jobs';
import { workerSearchResultsSchema } from '@tendly/domain/api/search';
import { DEMO_PASSWORD, forgetSession, pathOf, signInAs, waitForPath } from './accounts';
import { expectNoAxeViolations } from './axe';
import { publicPageChecks } from './public-pages';
import { LAYOUT_SHIFT_BUDGET, openSession, type BrowserSession } from './session';

/**
 * Every screen of every role, walked in a real browser with one signed-in session per role: the
 * role signs in once, walks its menus at 1280 px and then checks each screen it may open at a
 * phone's width. (Issue 30: these were three files that each signed every role in again.)
 *
 * - Public routes (spec 2.3; issue 4), as a visitor at 1280 px: no console or script errors,
 *   exactly one h1, the page's title and description set, no axe violations, and what each
 *   information, landing and policy page exists to show (public-pages.ts).
 * - Menus (issue 17, "Every screen real"; spec 2.8): the header, the account menu, the side panels
 *   (the worker's My Account, the coordinator's My SC Dashboard, the admin console) and the footer
 *   at 1280 px, and the mobile menu at 390 px. The links are read from the page's navigation
 *   landmarks, so a new menu item is walked without touching this file. Each link's page fails on
 *   the not-found screen, a console or script error, a route guard turning the person away, or an
 *   axe violation, and each menu's hover style must pass axe too; a role's failures are reported
 *   together. The browser-free counterpart is apps/web/src/app/menus.test.tsx.
 * - Phone layout: every built screen at 390 × 844 (an iPhone 12 to 15), for each role that may
 *   open it: nothing may stick out sideways, neither the page as a whole (a sideways scroll) nor
 *   any element cut off by a container that hides its overflow. Tables and carousels that scroll
 *   sideways on purpose sit in a container that scrolls (overflow-x auto or scroll), which is
 *   allowed. Public screens are checked once, as a visitor; each signed-in role checks its own
 *   screens and the public screens whose header and content change for it. A screen the role's
 *   mobile menu walk has just opened at 390 px (and checked for errors and axe violations) is
 *   judged as the walk found it, not opened a second time.
 *
 * Public routes are opened with session.visit, as a visitor arriving from outside would load
 * them; the menus' pages and the phone screens with session.go, through the app's router, as a
 * person moves between them (a full load of each took about a second more). Both run axe.
 */
export const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };
const BRAND = 'Tendly';
const placeholders = { brandName: BRAND, partnerOneSlug: 'harbourside', partnerTwoSlug: 'riverbend' };

/** The footer's menus, on every page for everyone. */
const footerMenus = { Company: 3, Policies: 10 };

export interface Role {
  name: string;
  /** Null for the visitor. */
  email: string | null;
  signInChoice?: 'Support coordinators';
  viewer: Viewer | null;
  /**
   * The menus (navigation landmarks by name) the role's home must show, and the fewest links
   * each must have: so the walk cannot pass by finding nothing. Their links are read from the page.
   * No menus: the role's menus are walked as another role's (the inactive worker's are the worker's).
   */
  menus?: Record<string, number>;
  /** Checks each of the role's screens at 390 px. */
  phoneScreens: boolean;
  /** Also opens each link of the mobile menu from the open menu. */
  mobileMenu?: boolean;
  /** Also checks every public route at 1280 px (the visitor). */
  publicRoutes?: boolean;
  /** After signing in: what puts the page where the role's menus are (the coordinator choosing a client). */
  afterSignIn?: (session: BrowserSession) => Promise<void>;
}

export const roles: Role[] = [
  { name: 'visitor', email: null, viewer: null, menus: { Main: 5, ...footerMenus }, phoneScreens: true, publicRoutes: true },
  { name: 'care seeker', email: 'careseeker@example.com', viewer: { role: 'CS', isInactiveWorker: false }, menus: { Main: 3, 'My Account': 14, ...footerMenus }, phoneScreens: true },
  // My Account twice: in the account menu and as the dashboard's side menu.
  {
    name: 'worker',
    email: 'worker@example.com',
    viewer: { role: 'CR', isInactiveWorker: false },
    menus: { Main: 2, 'My Account': 30, ...footerMenus },
    phoneScreens: true,
    mobileMenu: true,
  },
  { name: 'inactive worker', email: 'inactive.worker@example.com', viewer: { role: 'CR', isInactiveWorker: true }, phoneScreens: true },
  {
    name: 'support coordinator',
    email: 'coordinator@example.com',
    signInChoice: 'Support coordinators',
    viewer: { role: 'SUPPORT', isInactiveWorker: false },
    menus: { Main: 1, 'My SC Dashboard': 5, ...footerMenus },
    phoneScreens: true,
  },
  { name: 'administrator', email: 'admin@example.com', viewer: { role: 'ADMIN', isInactiveWorker: false }, menus: { Main: 1, 'Admin console': 8, ...footerMenus }, phoneScreens: true },
  {
    // The coordinator acting for a client sees the client's (care seeker's) menus under the
    // alias banner; the pages behind them answer with the client's data through the alias token.
    name: 'support coordinator acting for a client',
    email: 'coordinator@example.com',
    signInChoice: 'Support coordinators',
    viewer: { role: 'CS', isInactiveWorker: false },
    menus: { Main: 3, 'My Account': 14, ...footerMenus },
    phoneScreens: false,
    async afterSignIn(session) {
      const page = session.page;
      await page.getByRole('button', { name: /^Act as / }).first().click();
      await waitForPath(page, '/dashboard');
      await page.getByRole('region', { name: 'Acting for a client' }).waitFor();
      await session.settle();
    },
  },
];

/** The walk's state for the test file that called `walkEveryScreen`: one browser, one role at a time. */
let session: BrowserSession;
const consoleErrors: string[] = [];
const summary: string[] = [];
/**
 * The footer reads no role: its links and their public pages are the same for everyone (and the
 * header on them is walked and checked on its own). The first role walks them all; a later role
 * walks only a footer link nobody has walked yet.
 */
const footerWalked = new Set<string>();
/** The public routes the visitor opened at 1280 px, and where each landed: the visitor's menu walk does not open them again. */
const publicPagesOpened = new Map<string, { landedOn: string; notFound: boolean }>();

export const phone = {
  /** The session of the file that called `walkEveryScreen`. */
  get session(): BrowserSession {
    return session;
  },
  /** A demo job of the care seeker's. */
  get jobId(): string {
    return sampleParams.jobId ?? '';
  },
};

// A learning hub module every worker can open, and a reference link nobody was sent (its page
// says so: the layout of that answer is what a phone must fit). The invoice is the demo care
// seeker's from the demo worker (issue 14): its wide table of lines must fit too; anyone else is
// shown its "not found" answer, which must fit as well.
const sampleParams: Record<string, string> = {
  step: 'step-1',
  section: 'supportPlan',
  code: 'platform-induction',
  token: 'no-such-reference-link',
  // A data export nobody asked for: the download page shows until its button is pressed.
  exportId: '00000000-0000-4000-8000-000000000000',
};

async function signInByApi(email: string): Promise<string> {
  const response = await fetch(`${session.baseUrl}/api/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return signInResponseSchema.parse(await response.json()).authToken;
}

/** Real ids for the routes that need one: a demo job of the care seeker's, a worker, an agreement, an invoice, a shift, and the administrator's account and inbox item. */
async function loadSampleIds(): Promise<void> {
  const token = await signInByApi('careseeker@example.com');
  const get = async (path: string, headers: Record<string, string> = {}) => (await fetch(`${session.baseUrl}${path}`, { headers })).json();
  const posts = myJobPostsSchema.parse(await get('/api/my/job-posts', { 'auth-token': token }));
  const workers = workerSearchResultsSchema.parse(await get('/api/search?location=2204'));
  // The demo care seeker's agreement with the demo worker: both of them can open it.
  const agreements = contractListSchema.parse(await get('/api/contracts', { 'auth-token': token }));
  const invoices = invoiceListSchema.parse(await get('/api/invoices', { 'auth-token': token }));
  // A shift of that agreement's (the shift page, issue 31 item 8): the worker can open it too.
  const shiftsOf = async (status: string) =>
    shiftListSchema.parse(await get(`/api/my/bookings?status=${status}&start=0&limit=1`, { 'auth-token': token })).shifts;
  const shift = (await shiftsOf('CONFIRMED'))[0] ?? (await shiftsOf('UNCONFIRMED'))[0];
  // The administrator's screens of one account, one worker to review and one inbox item (the demo
  // has none until someone sends a form: then the item's "not found" answer is what is checked).
  const adminToken = await signInByApi('admin@example.com');
  const people = peopleResponseSchema.parse(await get('/api/admin/people?start=0&limit=1', { 'auth-token': adminToken }));
  const inbox = inboxResponseSchema.parse(await get('/api/admin/inbox?start=0&limit=1', { 'auth-token': adminToken }));
  const ids = {
    jobId: posts[0]?.id,
    carerId: workers[0]?.carerId,
    workerId: workers[0]?.carerId,
    contractId: agreements.contracts[0]?.id,
    invoiceId: invoices.invoices[0]?.id,
    shiftId: shift?.id,
    userId: people[0]?.id,
    submissionId: inbox[0]?.id ?? '00000000-0000-4000-8000-000000000000',
  };
  if (!ids.jobId || !ids.carerId || !ids.contractId || !ids.invoiceId || !ids.shiftId || !ids.userId) {
    throw new Error('The demo data has no job, no worker, no agreement, no invoice, no shift or no account to open');
  }
  Object.assign(sampleParams, ids);
}

/** A route's path with sample values for its parameters, or null when one has none (public routes skip those). */
function samplePath(route: RouteDef, params: Record<string, string> = sampleParams): string | null {
  let missing = false;
  const path = resolveRoutePath(route.path, placeholders).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : path;
}

/** Public screens that a signed-in person sees differently from a visitor. */
const publicScreensPerRole = new Set(['home', 'workerSearch', 'workerPublicProfile', 'jobDetails']);

function phoneRoutesFor(role: Role): RouteDef[] {
  return routeTable.filter((route) => {
    if (decideAccess(route.access, role.viewer) !== 'allowed') return false;
    if (route.access.kind === 'public') return role.viewer === null || publicScreensPerRole.has(route.screen);
    return true;
  });
}

/** Where the role being walked started (its home, where its menus are), as path and query. */
let roleHome = '/';

function pathAndQuery(page: Page): string {
  return `${pathOf(page)}${new URL(page.url()).search}`;
}

/** Forgets whoever the last role signed in, then signs this one in (or not) at 1280 px and leaves the page on its home. */
async function startRole(role: Role): Promise<void> {
  await session.page.setViewportSize(DESKTOP);
  if (session.page.url() === 'about:blank') await session.page.goto('/');
  await forgetSession(session.page);
  if (role.email) {
    await signInAs(session, role.email, role.signInChoice);
    await role.afterSignIn?.(session);
  } else {
    await session.visit('/');
  }
  roleHome = pathAndQuery(session.page);
}

// ---------------------------------------------------------------------------------------------
// Menus

interface MenuLinkFound {
  /** The menu's accessible name: "Main", "My Account", "Policies", ... */
  menu: string;
  label: string;
  /** Path and query on this site. */
  href: string;
  isInFooter: boolean;
}

type WalkedLink = MenuLinkFound & { menus: string };

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

/** What is wrong with where a link led (`landedOn`), given whether it shows the not-found page. */
function landingProblems(link: { href: string }, landedOn: string, notFound: boolean, origin: string): string[] {
  const problems: string[] = [];
  if (notFound) problems.push('shows the not-found page');
  // A menu link that the route guard turns away (to the login screen or the role's home) offers
  // a page the person may not open. Going deeper is fine: Post a Job opens at its step 1.
  const linkPath = new URL(link.href, origin).pathname;
  if (landedOn !== linkPath && !landedOn.startsWith(`${linkPath}/`)) problems.push(`sends the person on to ${landedOn}`);
  return problems;
}

async function showsNotFound(page: Page): Promise<boolean> {
  const heading = await page.locator('h1').first().innerText().catch(() => '');
  return heading.trim() === notFoundPage.title || (await page.title()).startsWith(notFoundPage.title);
}

/** What is wrong with the page a link led to, if anything. */
async function problemsOn(page: Page, link: { href: string }): Promise<string[]> {
  const problems = landingProblems(link, pathOf(page), await showsNotFound(page), new URL(page.url()).origin);
  if (consoleErrors.length) problems.push(`console errors: ${consoleErrors.splice(0).join(' | ')}`);
  const scriptErrors = session.takeScriptErrors();
  if (scriptErrors.length) problems.push(`script errors: ${scriptErrors.join(' | ')}`);
  return problems;
}

/** One line per broken link: its address, label and menus, and what is wrong. */
function failureLine(link: WalkedLink, problems: readonly string[]): string {
  return `${link.href} ("${link.label}" in ${link.menus}): ${problems.join('\n    ')}`;
}

/**
 * Opens each link's page through the router and returns what is wrong, one line per broken link. A public
 * page the visitor has already opened (and checked for errors and axe violations) at 1280 px is
 * judged by where it landed then, rather than opened again.
 */
async function walk(role: Role, links: readonly WalkedLink[]): Promise<{ failures: string[]; opened: number }> {
  const failures: string[] = [];
  let opened = 0;
  for (const link of links) {
    const openedBefore = role.viewer === null ? publicPagesOpened.get(link.href) : undefined;
    if (openedBefore) {
      const problems = landingProblems(link, openedBefore.landedOn, openedBefore.notFound, session.baseUrl);
      if (problems.length) failures.push(failureLine(link, problems));
      continue;
    }
    opened += 1;
    consoleErrors.length = 0;
    const problems: string[] = [];
    try {
      // Not held still here: a move inside the app comes from a click, whose next half-second
      // Core Web Vitals does not count, and the router's short loading state between two screens
      // can let the footer rise into view for a moment. Each route's first load is held still
      // (the phone walk and the public routes).
      await session.go(link.href);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
    problems.push(...(await problemsOn(session.page, link)));
    if (problems.length) failures.push(failureLine(link, problems));
  }
  return { failures, opened };
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

async function walkMenus(role: Role, menus: Record<string, number>): Promise<void> {
  const page = session.page;
  await page.setViewportSize(DESKTOP);
  if (pathAndQuery(page) !== roleHome) await session.go(roleHome);
  consoleErrors.length = 0;
  const home: WalkedLink = { menu: 'home', menus: 'where the role starts', label: 'home', href: roleHome, isInFooter: false };
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
  for (const [menu, fewest] of Object.entries(menus)) {
    expect(countsByMenu.get(menu) ?? 0, `links in the ${role.name}'s "${menu}" menu`).toBeGreaterThanOrEqual(fewest);
  }

  // The home page is checked above; a link back to it is not opened again. A signed-in role's
  // footer link to a public route is the visitor's to walk (screens-visitors opens every public route).
  const toWalk = byAddress(links).filter((link) => {
    if (link.href === home.href) return false;
    if (!link.isInFooter) return true;
    if (role.viewer !== null && publicRoutePaths.has(link.href)) return false;
    if (footerWalked.has(link.href)) return false;
    footerWalked.add(link.href);
    return true;
  });
  const walked = await walk(role, toWalk);
  failures.push(...walked.failures);
  const counts = [...countsByMenu].map(([menu, count]) => `${menu} ${count}`).join(', ');
  summary.push(`${role.name} from ${home.href}: ${links.length} links (${counts}), ${toWalk.length} pages walked (${walked.opened} opened here, the rest as public routes), ${external} links out of the site skipped`);
  expect(failures, `broken menu links for the ${role.name}:\n  ${failures.join('\n  ')}`).toEqual([]);
}

/** The mobile menu at 390 px: each link, clicked from the open menu, opens a real page. */
async function walkMobileMenu(role: Role): Promise<void> {
  const page = session.page;
  await page.setViewportSize(PHONE);
  await session.visit('/');
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
      // The router moves once the screen's code has loaded: ready, the page is where the link led.
      await session.ready();
      await session.checkAccessibility();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
    problems.push(...(await problemsOn(page, link)));
    if (problems.length) failures.push(failureLine(link, problems));
  }
  summary.push(`${role.name}'s mobile menu: ${links.length} links clicked`);
  expect(failures, `broken mobile menu links:\n  ${failures.join('\n  ')}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Public routes

const publicRoutes = routeTable.filter((route) => route.access.kind === 'public');
const notBuiltYet: string[] = [];

/** Public routes need no real ids: those with an id (a worker's profile, a job) are opened by the journeys and the phone walk. */
const publicSampleParams = { step: 'step-1' };
const publicRoutePaths = new Set(publicRoutes.flatMap((route) => samplePath(route, publicSampleParams) ?? []));

function registerPublicRouteTests(): void {
  const visitable = publicRoutes.flatMap((route) => {
    const path = samplePath(route, publicSampleParams);
    return path ? [{ route, path }] : [];
  });
  it('covers the whole route table, and every page with checks of its own (public-pages.ts) is among the routes opened', () => {
    const skipped = publicRoutes.filter((route) => samplePath(route, publicSampleParams) === null);
    expect(visitable.length + skipped.length).toBe(publicRoutes.length);
    expect(visitable.length).toBeGreaterThan(40);
    expect([...publicPageChecks.keys()].filter((path) => !publicRoutePaths.has(path))).toEqual([]);
  });

  for (const { route, path } of visitable) {
    it(`${path}: no errors, one h1, its title, description and content, no axe violations, no layout shift over ${LAYOUT_SHIFT_BUDGET}`, async () => {
      consoleErrors.length = 0;
      const page = await session.visit(path, { holdsStill: true });
      const notFound = await showsNotFound(page);
      publicPagesOpened.set(path, { landedOn: pathOf(page), notFound });
      expect(consoleErrors.splice(0), `console errors on ${path}`).toEqual([]);
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
      await publicPageChecks.get(path)?.(page);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Phone layout

/** What sticks out sideways on the page as it is now, described for a failure message. */
function findSidewaysOverflow(): string[] {
  const viewportWidth = document.documentElement.clientWidth;
  const problems: string[] = [];
  if (document.documentElement.scrollWidth > viewportWidth) {
    problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${viewportWidth}px window`);
  }
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id}> "${text}"`;
  };
  const reported = new Set<Element>();
  for (const element of Array.from(document.querySelectorAll('body *'))) {
    const box = element.getBoundingClientRect();
    // Visually hidden text (1 px boxes) and empty boxes cannot stick out.
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.left >= -1 && box.right <= viewportWidth + 1) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    let scrolls = false;
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (reported.has(parent)) {
        scrolls = true; // reported through its parent already
        break;
      }
      const overflowX = getComputedStyle(parent).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') {
        scrolls = true;
        break;
      }
      // A carousel's slides wait off screen on purpose.
      if (parent.getAttribute('aria-roledescription') === 'carousel') {
        scrolls = true;
        break;
      }
    }
    if (scrolls) continue;
    reported.add(element);
    problems.push(`${describe(element)} spans ${Math.round(box.left)}px to ${Math.round(box.right)}px`);
  }
  return problems.slice(0, 8);
}

function registerPhoneTests(role: Role): void {
  describe('on a phone', () => {
    beforeAll(async () => {
      await session.page.setViewportSize(PHONE);
    });

    for (const route of phoneRoutesFor(role)) {
      it(`${route.path} fits a 390 px window and holds still while it loads`, async () => {
        const path = samplePath(route);
        if (path === null) throw new Error(`No sample value for a parameter of ${route.path}`);
        // Loaded afresh, as from a link in an email or a bookmark: the first load on a phone is
        // where a page moving by itself costs most. A screen not built yet shows the not-found
        // page, which is checked like any other.
        const problems = await (await session.visit(path, { holdsStill: true })).evaluate(findSidewaysOverflow);
        expect(problems, `${path}:\n  ${problems.join('\n  ')}`).toEqual([]);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------

/**
 * Registers, in the calling test file, the walk of each named role: one browser for the file, one
 * sign-in per role. The roles are split over two files so that the browser tests' two workers
 * share the work.
 */
export function walkEveryScreen(roleNames: readonly string[]): void {
  beforeAll(async () => {
    session = await openSession();
    session.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await loadSampleIds();
  });

  afterAll(async () => {
    await session?.close();
    process.stdout.write(`menu walk: ${summary.join('; ')}\n`);
    if (notBuiltYet.length) process.stdout.write(`public routes without a screen yet (render "Page not found"): ${notBuiltYet.join(', ')}\n`);
  });

  for (const role of roles.filter((candidate) => roleNames.includes(candidate.name))) {
    describe(`the ${role.name}`, () => {
      // One sign-in for every check of the role.
      beforeAll(async () => {
        await startRole(role);
      });
      if (role.publicRoutes) describe('every public route at 1280 px', registerPublicRouteTests);
      const menus = role.menus;
      if (menus) {
        it('every menu link at 1280 px opens a real page without errors or axe violations', { timeout: 120_000 }, () => walkMenus(role, menus));
      }
      if (role.mobileMenu) {
        it('each link of the mobile menu, clicked from the open menu, opens a real page without errors or axe violations', { timeout: 120_000 }, () => walkMobileMenu(role));
      }
      if (role.phoneScreens) registerPhoneTests(role);
    });
  }
}
