import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';
import { forgetSession, signInThroughForm } from './support/accounts';

/**
 * Places and search requests (issue 11, "Search and places"), on the real API with the demo data:
 * each list page asks the API once on load. The requests were sent twice because the served app
 * was React's development build: its StrictMode mounts every component twice, and a query whose
 * request takes an AbortSignal is cancelled on the first unmount and sent again. Against a
 * development build these tests fail; the build now always makes the production one.
 */
const CARE_SEEKER_EMAIL = 'careseeker@example.com';
const WORKER_EMAIL = 'worker@example.com';

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await session.visit('/');
  await forgetSession(session.page);
});

async function signInAs(email: string): Promise<Page> {
  const page = await session.visit('/login');
  await signInThroughForm(page, email);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  return page;
}

/**
 * Loads a path afresh (a full page load, as from a link in an email) and returns the API requests
 * it sent, as "GET /api/search?…" lines, once the page has settled.
 */
async function apiRequestsOnLoad(page: Page, path: string): Promise<string[]> {
  const requests: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}${url.search}`);
  };
  page.on('request', record);
  try {
    await session.visit(path);
    // Lazy screens and their queries start after the first paint: wait for the network to rest again.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  } finally {
    page.off('request', record);
  }
  return requests;
}

function duplicates(requests: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const request of requests) {
    if (seen.has(request)) repeated.add(request);
    seen.add(request);
  }
  return [...repeated];
}

describe('requests on page load', () => {
  it('sends each worker search request once', async () => {
    const requests = await apiRequestsOnLoad(session.page, '/care-workers/search?location=Marrickville&locationType=KM_10');
    expect(requests.filter((request) => request.startsWith('GET /api/search?'))).toHaveLength(1);
    expect(duplicates(requests)).toEqual([]);
  });

  it('sends each job board, applications and job posts request once', async () => {
    const worker = await signInAs(WORKER_EMAIL);
    const board = await apiRequestsOnLoad(worker, '/find-a-job');
    expect(board.filter((request) => request.startsWith('GET /api/jobs/search'))).toHaveLength(1);
    expect(duplicates(board)).toEqual([]);

    const applications = await apiRequestsOnLoad(worker, '/my-jobs');
    expect(applications.length).toBeGreaterThan(0);
    expect(duplicates(applications)).toEqual([]);

    await forgetSession(worker);
    const careSeeker = await signInAs(CARE_SEEKER_EMAIL);
    const posts = await apiRequestsOnLoad(careSeeker, '/my-job-posts');
    expect(posts.length).toBeGreaterThan(0);
    expect(duplicates(posts)).toEqual([]);
  });
});
