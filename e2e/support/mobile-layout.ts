import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAccess, type Viewer } from '@tendly/domain/access';
import { resolveRoutePath, routeTable, type RouteDef } from '@tendly/domain/routes';
import { signInResponseSchema } from '@tendly/domain/api/auth';
import { contractListSchema } from '@tendly/domain/api/contracts';
import { invoiceListSchema } from '@tendly/domain/api/invoices';
import { myJobPostsSchema } from '@tendly/domain/api/jobs';
import { workerSearchResultsSchema } from '@tendly/domain/api/search';
import { DEMO_PASSWORD, forgetSession, signInThroughForm } from './accounts';
import { openSession, type BrowserSession } from './session';

/**
 * Every built screen at a phone's width (390 × 844, an iPhone 12 to 15), for each role that may
 * open it: nothing may stick out sideways, neither the page as a whole (a sideways scroll) nor any
 * element cut off by a container that hides its overflow. Tables and carousels that scroll
 * sideways on purpose sit in a container that scrolls (overflow-x auto or scroll), which is allowed.
 * Public screens are checked once, as a visitor; each signed-in role checks its own screens and
 * the public screens whose header and content change for it.
 */
export const PHONE = { width: 390, height: 844 };
const BRAND = 'Tendly';
const placeholders = { brandName: BRAND, partnerOneSlug: 'harbourside', partnerTwoSlug: 'riverbend' };

export interface Role {
  name: string;
  email: string | null;
  viewer: Viewer | null;
}

export const roles: Role[] = [
  { name: 'visitor', email: null, viewer: null },
  { name: 'care seeker', email: 'careseeker@example.com', viewer: { role: 'CS', isInactiveWorker: false } },
  { name: 'worker', email: 'worker@example.com', viewer: { role: 'CR', isInactiveWorker: false } },
  { name: 'inactive worker', email: 'inactive.worker@example.com', viewer: { role: 'CR', isInactiveWorker: true } },
  { name: 'support coordinator', email: 'coordinator@example.com', viewer: { role: 'SUPPORT', isInactiveWorker: false } },
];

/** Public screens that a signed-in person sees differently from a visitor. */
const publicScreensPerRole = new Set(['home', 'workerSearch', 'workerPublicProfile', 'jobDetails']);

let session: BrowserSession;
/** The session of the file that called `checkScreensOnAPhone`. */
export const phone = {
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

function samplePath(route: RouteDef): string {
  return resolveRoutePath(route.path, placeholders).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = sampleParams[name];
    if (value === undefined) throw new Error(`No sample value for :${name} in ${route.path}`);
    return value;
  });
}

function routesFor(role: Role): RouteDef[] {
  return routeTable.filter((route) => {
    if (decideAccess(route.access, role.viewer) !== 'allowed') return false;
    if (route.access.kind === 'public') return role.viewer === null || publicScreensPerRole.has(route.screen);
    return true;
  });
}

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

/**
 * Registers, in the calling test file, a test per built screen for each of the named roles (one
 * browser for the file). The roles are split over two files so that the browser tests' two
 * workers share the work.
 */
export function checkScreensOnAPhone(roleNames: readonly string[]): void {
  beforeAll(async () => {
    session = await openSession({ viewport: PHONE });
    // Real ids for the routes that need one: a demo job of the care seeker's, a worker and an agreement.
    const token = await signInByApi('careseeker@example.com');
    const posts = myJobPostsSchema.parse(await (await fetch(`${session.baseUrl}/api/my/job-posts`, { headers: { 'auth-token': token } })).json());
    const workers = workerSearchResultsSchema.parse(await (await fetch(`${session.baseUrl}/api/search?location=2204`)).json());
    // The demo care seeker's agreement with the demo worker: both of them can open it.
    const agreements = contractListSchema.parse(await (await fetch(`${session.baseUrl}/api/contracts`, { headers: { 'auth-token': token } })).json());
    const invoices = invoiceListSchema.parse(await (await fetch(`${session.baseUrl}/api/invoices`, { headers: { 'auth-token': token } })).json());
    const jobId = posts[0]?.id;
    const carerId = workers[0]?.carerId;
    const contractId = agreements.contracts[0]?.id;
    const invoiceId = invoices.invoices[0]?.id;
    if (!jobId || !carerId || !contractId || !invoiceId) throw new Error('The demo data has no job, no worker, no agreement or no invoice to open');
    Object.assign(sampleParams, { jobId, carerId, contractId, invoiceId });
  });

  afterAll(async () => {
    await session?.close();
  });

  describe('every built screen on a phone', () => {
    for (const role of roles.filter((candidate) => roleNames.includes(candidate.name))) {
      describe(`for the ${role.name}`, () => {
        beforeAll(async () => {
          await session.visit('/');
          await forgetSession(session.page);
          if (!role.email) return;
          await session.visit('/login');
          await signInThroughForm(session.page, role.email);
          await session.page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
        });

        for (const route of routesFor(role)) {
          it(`${route.path} fits a 390 px window`, async () => {
            const path = samplePath(route);
            const page = await session.visit(path);
            // A screen not built yet shows the not-found page, which is checked like any other.
            const problems = await page.evaluate(findSidewaysOverflow);
            expect(problems, `${path}:\n  ${problems.join('\n  ')}`).toEqual([]);
          });
        }
      });
    }
  });
}
