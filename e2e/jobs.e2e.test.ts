import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  jobAlertSettingsSchema,
  jobSchema,
  jobSearchResultsSchema,
  JOB_ALERTS_UNSUBSCRIBED_MESSAGE,
  type CreateJobRequest,
} from '@tendly/domain/api/jobs';
import { openSession, type BrowserSession } from './support/session';
import { callApi, signInByApi } from './support/api';
import { forgetSession, signInAs, startSignedOut, waitForEmail, waitForPath } from './support/accounts';

/**
 * Jobs (issue 6), on the real API with the demo data. The demo care seeker posts a fresh job
 * through the API, in Sydney (2000) and needing dementia support, so the demo worker (Maya, who
 * lives there and has that skill) is emailed a job alert. Then: a visitor on the job's page is
 * asked to sign in; the worker finds the job on the board and applies; the care seeker sees the
 * application in My job posts and shortlists her, finds her in My workers (one shortlist, issue
 * 11), and taking her off there makes the application wait for a reply again; the one-click
 * unsubscribe link from the alert email works signed out; the care seeker closes the job and
 * reopens it, and it is back on the board. axe checks every page and dialog on the way.
 */
const CARE_SEEKER_EMAIL = 'careseeker@example.com';
const WORKER_EMAIL = 'worker@example.com';
const WORKER_NAME = 'Maya F.';
const UNSUBSCRIBE_LINK_PATTERN = /\/carer\/unsubscribe\/nearbyjobs\?token=[^\s"'<>)\]]+/;

let session: BrowserSession;
let workerToken: string;
let workerId: string;
let job: { id: string; title: string };
let jobPostedAt: Date;

const signIn = (email: string) => signInByApi(session.baseUrl, email);

const api = (method: string, path: string, token: string | null, body?: unknown) => callApi(session.baseUrl, method, path, token, body);

beforeAll(async () => {
  session = await openSession();
  ({ id: workerId, authToken: workerToken } = await signIn(WORKER_EMAIL));
  // Alerts on, whatever an earlier run on the same data left behind.
  await api('PUT', '/my/job-alerts', workerToken, { enabled: true });

  const careSeekerToken = (await signIn(CARE_SEEKER_EMAIL)).authToken;
  // Maya off the care seeker's shortlist, whatever another test file left behind.
  await api('DELETE', `/shortlist/${workerId}`, careSeekerToken).catch(() => undefined);
  const reference = Date.now().toString(36);
  const draft: CreateJobRequest = {
    draftId: randomUUID(),
    supportCategory: 'AGED_CARE',
    supportType: ['DEMENTIA', 'AGEDGEN'],
    careFor: 'Partner/Spouse',
    location: '2000',
    availability: { tue: { morning: true }, thu: { morning: true } },
    approxHoursPerWeek: 6,
    tasks: ['CA', 'MEAL'],
    hourlyRate: 4800,
    payingForCareType: 'HOME_CARE_PACKAGE',
    title: `Company and outings for my husband, who has dementia (${reference})`,
    htmlDescription:
      '<p>My husband Frank loves a walk to the park, a coffee and a chat about cricket. He lives with early dementia ' +
      'and needs a patient, cheerful person two mornings a week.</p>',
  };
  jobPostedAt = new Date();
  const posted = jobSchema.parse(await api('POST', '/jobs', careSeekerToken, draft));
  job = { id: posted.id, title: posted.title };
});

afterAll(async () => {
  if (workerToken) await api('PUT', '/my/job-alerts', workerToken, { enabled: true }).catch(() => undefined);
  await session?.close();
});

beforeEach(async () => {
  await startSignedOut(session);
});

describe('jobs', () => {
  it('asks a visitor on a job’s page to sign in to apply', async () => {
    const page = await session.visit(`/jobs/${job.id}`);
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor();
    await expect(page.title()).resolves.toBe(`${job.title} | Tendly`);
    const prompt = page.getByRole('region', { name: 'Are you a care or support worker?' });
    await prompt.getByRole('link', { name: 'Join as a worker' }).waitFor();
    await expect(page.getByRole('button', { name: 'Apply' }).count()).resolves.toBe(0);

    await prompt.getByRole('link', { name: 'Sign in to apply' }).click();
    await waitForPath(page, '/login');
    await page.getByText('Please sign in to apply for this job.').waitFor();
    await session.checkAccessibility();
  });

  it('lets the worker find the job on the board and apply; the care seeker sees the application and shortlists her', { timeout: 120_000 }, async () => {
    let page = await signInAs(session, WORKER_EMAIL);
    await session.visit('/find-a-job');
    await page.getByRole('combobox', { name: 'Suburb or postcode' }).fill('2000');
    await page.getByLabel('Distance').selectOption({ label: 'Within 5 km' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('location') === '2000');
    const card = page.getByRole('article', { name: job.title });
    await card.waitFor();
    await session.checkAccessibility();

    await card.getByRole('link', { name: job.title }).click();
    await waitForPath(page, `/jobs/${job.id}`);
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor();
    await session.checkAccessibility();

    await page.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for this job' });
    const message = dialog.getByLabel(/^Your message to/);
    await message.waitFor();
    await session.checkAccessibility();
    await message.fill('Too short');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await dialog.getByRole('alert').getByText('Write at least 20 characters about why you are a good fit').waitFor();
    await session.checkAccessibility();

    await message.fill('Hello! I have supported people living with dementia for six years, and I love a walk and a chat about cricket.');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await dialog.getByRole('heading', { name: 'Application sent' }).waitFor();
    await session.checkAccessibility();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const applied = page.getByRole('region', { name: 'You applied' });
    await applied.getByText('Waiting for a reply').waitFor();
    await session.checkAccessibility();

    await session.visit('/my-jobs');
    await page.getByRole('list', { name: 'Your applications' }).getByRole('article', { name: job.title }).waitFor();

    await forgetSession(page);
    page = await signInAs(session, CARE_SEEKER_EMAIL);
    await session.visit('/my-job-posts');
    await page.getByRole('link', { name: `See applicants for ${job.title}` }).click();
    await page.getByRole('heading', { name: `Applicants for “${job.title}”` }).waitFor();
    const applicant = page.getByRole('article', { name: WORKER_NAME });
    await applicant.getByText('Waiting for a reply').waitFor();
    await applicant.getByText(/I have supported people living with dementia/).waitFor();
    await session.checkAccessibility();

    await applicant.getByRole('button', { name: `Shortlist ${WORKER_NAME}` }).click();
    await page.getByRole('status').filter({ hasText: `${WORKER_NAME} is on your shortlist. You will find them in My workers too.` }).waitFor();
    await applicant.getByText('Shortlisted').waitFor();
    await session.checkAccessibility();

    // One shortlist: she is in My workers, and taking her off there makes the application wait for a reply again.
    await session.visit('/my-workers');
    const shortlist = page.getByRole('region', { name: 'Your shortlist' });
    await shortlist.getByRole('article', { name: WORKER_NAME }).waitFor();
    await session.checkAccessibility();
    await shortlist.getByRole('button', { name: `Remove ${WORKER_NAME} from your shortlist` }).click();
    await page.getByRole('button', { name: `Undo removing ${WORKER_NAME}` }).waitFor();

    await session.visit(`/my-job-posts?job=${job.id}`);
    const again = page.getByRole('article', { name: WORKER_NAME });
    await again.getByText('Waiting for a reply').waitFor();
    await again.getByRole('button', { name: `Shortlist ${WORKER_NAME}` }).waitFor();
  });

  it('turns off job alerts from the link in the alert email, signed out', async () => {
    const [link] = await waitForEmail(session.baseUrl, WORKER_EMAIL, UNSUBSCRIBE_LINK_PATTERN, jobPostedAt);
    const page = await session.visit(link);
    await page.getByText(JOB_ALERTS_UNSUBSCRIBED_MESSAGE).waitFor();
    await session.checkAccessibility();
    const settings = jobAlertSettingsSchema.parse(await api('GET', '/my/job-alerts', workerToken));
    expect(settings.enabled).toBe(false);
  });

  it('lets the care seeker close the job and reopen it from My job posts; it is back on the board', async () => {
    const onBoard = async () =>
      jobSearchResultsSchema.parse(await api('GET', '/jobs/search?location=2000', workerToken)).some((found) => found.id === job.id);
    const page = await signInAs(session, CARE_SEEKER_EMAIL);
    await session.visit('/my-job-posts');
    const post = page.getByRole('article', { name: job.title });
    await post.getByRole('button', { name: `Close job: ${job.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this job?' });
    await dialog.getByRole('button', { name: 'Close job' }).click();
    await page.getByRole('status').filter({ hasText: `“${job.title}” is closed. It is no longer on the job board.` }).waitFor();
    await post.getByText('Closed', { exact: true }).waitFor();
    await expect(onBoard()).resolves.toBe(false);
    await session.checkAccessibility();

    const reopen = post.getByRole('button', { name: `Reopen job: ${job.title}` });
    await reopen.click();
    await page.getByRole('status').filter({ hasText: `“${job.title}” is open again. It is back on the job board and workers can apply.` }).waitFor();
    await post.getByText('Open', { exact: true }).waitFor();
    await post.getByRole('button', { name: `Close job: ${job.title}` }).waitFor();
    await expect(reopen.count()).resolves.toBe(0);
    // Focus goes to the list's heading, where the news is.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Your jobs');
    await session.checkAccessibility();
    await expect(onBoard()).resolves.toBe(true);

    await session.visit(`/jobs/${job.id}`);
    await page.getByRole('region', { name: 'Your job post' }).getByRole('button', { name: 'Close job' }).waitFor();
  });
});
