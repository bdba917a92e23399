import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Applicant } from '@tendly/domain/api/jobs';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testApplicant, testApplicantWorker, testMyJobPost, testOwnJob } from '../../app/test-jobs';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';

setUpPageTests(() => import('./my-job-posts-page'), { signedInAs: testUser('CS') });

const slow = { timeout: 10_000 };
const TITLE = 'Friendly help with shopping and meals for my mum';

function postsApi(routes: ApiRoutes = {}) {
  return mockApi({
    'GET /api/me': () => [200, meAnswer('CS')],
    'GET /api/contracts': () => [200, { contracts: [] }],
    'GET /api/my/job-posts': () => [200, [testMyJobPost(), testMyJobPost({ id: 'job-2', title: 'Weekend outings in Newtown', applicationCount: 0, pendingCount: 0 })]],
    ...routes,
  });
}

/** A fake applications API that keeps each applicant's status, as the real one does. */
function applicationsApi(applicants: Applicant[]): ApiRoutes {
  const byId = new Map(applicants.map((applicant) => [applicant.id, applicant]));
  return {
    'GET /api/jobs/job-1/applications': () => [200, [...byId.values()]],
    'PATCH /api/jobs/job-1/applications/application-1': (request) => patch(request.body, 'application-1'),
    'PATCH /api/jobs/job-1/applications/application-2': (request) => patch(request.body, 'application-2'),
  };
  function patch(body: unknown, id: string): readonly [number, unknown] {
    const current = byId.get(id);
    const status = (body as { status: 'SHORTLISTED' | 'DECLINED' }).status;
    if (!current) return [404, { message: 'Application not found', code: 'NOT_FOUND' }];
    const updated = { ...current, status };
    byId.set(id, updated);
    return [200, updated];
  }
}

function card(name: string) {
  return within(screen.getByRole('article', { name }));
}

describe('my job posts', { timeout: 30_000 }, () => {
  it('lists the care seeker’s jobs with their status and applicant counts, and ways to view, edit and close each', async () => {
    postsApi();
    renderApp('/my-job-posts');
    const first = within(await screen.findByRole('article', { name: TITLE }, slow));
    expect(first.getByText('Open')).toBeTruthy();
    expect(first.getByText('2 applicants, 1 waiting for your reply')).toBeTruthy();
    expect(first.getByRole('link', { name: TITLE }).getAttribute('href')).toBe('/jobs/job-1');
    expect(first.getByRole('link', { name: `Edit ${TITLE}` }).getAttribute('href')).toBe('/edit-job/job-1');
    expect(first.getByRole('button', { name: `Close job: ${TITLE}` })).toBeTruthy();
    expect(card('Weekend outings in Newtown').getByText('No applicants yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Post a job' })[0]?.getAttribute('href')).toBe('/careseeker/post-a-job');
    expect(screen.queryByRole('region', { name: /^Applicants for/ })).toBeNull();
  });

  it('says which jobs a support coordinator posted for the care seeker', async () => {
    postsApi({
      'GET /api/my/job-posts': () => [200, [testMyJobPost({ postedBy: 'Irene', postedByCoordinator: 'Priya Sharma' }), testMyJobPost({ id: 'job-2', title: 'Weekend outings in Newtown', postedBy: 'Irene' })]],
    });
    renderApp('/my-job-posts');
    const byCoordinator = within(await screen.findByRole('article', { name: TITLE }, slow));
    expect(byCoordinator.getByText(/^Posted on/).textContent).toBe('Posted on 12 March 2025 by Priya Sharma for Irene');
    expect(card('Weekend outings in Newtown').getByText(/^Posted on/).textContent).toBe('Posted on 12 March 2025 by Irene');
  });

  it('invites a care seeker with no jobs to post one', async () => {
    postsApi({ 'GET /api/my/job-posts': () => [200, []] });
    renderApp('/my-job-posts');
    expect(await screen.findByRole('heading', { name: 'You have not posted a job yet' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post your first job' }).getAttribute('href')).toBe('/careseeker/post-a-job');
  });

  it('shows a job’s applicants with their profile summary, message and status when it is chosen', async () => {
    postsApi(applicationsApi([testApplicant()]));
    const { router } = renderApp('/my-job-posts');
    await userEvent.click(await screen.findByRole('link', { name: `See applicants for ${TITLE}` }, slow));
    await waitFor(() => expect(router.state.location.search).toBe('?job=job-1'));
    const heading = await screen.findByRole('heading', { name: `Applicants for “${TITLE}”` });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    const applicant = card('Eleni P.');
    expect(applicant.getByRole('link', { name: 'Eleni P.' }).getAttribute('href')).toBe(`/carer/profile/${testApplicantWorker().carerId}`);
    expect(applicant.getByText('Dulwich Hill NSW')).toBeTruthy();
    expect(applicant.getByText('I have looked after older Greek ladies for years and love to cook.')).toBeTruthy();
    expect(applicant.getByText('Waiting for a reply')).toBeTruthy();
    expect(applicant.getByText(/^Applied on/).textContent).toBe('Applied on 13 March 2025');
    // Issue 13: offering a service agreement for this job.
    const offer = await waitFor(() => applicant.getByRole('link', { name: 'Offer a service agreement to Eleni P.' }));
    expect(offer.getAttribute('href')).toBe(`/offer-contract?workerId=${testApplicantWorker().carerId}&jobId=job-1`);
    expect(applicant.getByRole('link', { name: 'Message Eleni P.' }).getAttribute('href')).toBe(`/messages?with=${testApplicantWorker().carerId}`);
  });

  it('takes someone who arrives with a job chosen (from an email) to its applicants', async () => {
    postsApi(applicationsApi([testApplicant()]));
    renderApp('/my-job-posts?job=job-1');
    const heading = await screen.findByRole('heading', { name: `Applicants for “${TITLE}”` }, slow);
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('shortlists an applicant, says so, and moves focus to their new status', async () => {
    const api = postsApi(applicationsApi([testApplicant()]));
    renderApp('/my-job-posts?job=job-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Shortlist Eleni P.' }, slow));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((status) => status.textContent === 'Eleni P. is on your shortlist. You will find them in My workers too.')).toBe(true),
    );
    expect(api.requests.find((request) => request.method === 'PATCH')).toMatchObject({
      path: '/api/jobs/job-1/applications/application-1',
      body: { status: 'SHORTLISTED' },
    });
    const applicant = card('Eleni P.');
    expect(applicant.getByText('Shortlisted')).toBeTruthy();
    expect(applicant.queryByRole('button', { name: 'Shortlist Eleni P.' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Status: Shortlisted'));
    // A shortlisted worker can still be declined.
    expect(applicant.getByRole('button', { name: 'Decline Eleni P.' })).toBeTruthy();
  });

  it('takes a shortlisted applicant off the one shortlist (as My workers would), and shows them waiting for a reply again', async () => {
    const worker = testApplicantWorker();
    let status: Applicant['status'] = 'SHORTLISTED';
    const api = postsApi({
      'GET /api/jobs/job-1/applications': () => [200, [testApplicant({ status })]],
      [`DELETE /api/shortlist/${worker.carerId}`]: () => {
        status = 'PENDING';
        return [204, undefined];
      },
    });
    renderApp('/my-job-posts?job=job-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from shortlist: Eleni P.' }, slow));
    await waitFor(() => expect(screen.getAllByRole('status').some((status) => status.textContent === 'Eleni P. is no longer on your shortlist.')).toBe(true));
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/shortlist/${worker.carerId}`]);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Status: Waiting for a reply'));
    expect(card('Eleni P.').getByRole('button', { name: 'Shortlist Eleni P.' })).toBeTruthy();
    // The posts' counts are fetched again.
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/my/job-posts')).toHaveLength(2));
  });

  it('asks before declining, says the worker will get a courteous email, and declines only when confirmed', async () => {
    const second = testApplicant({
      id: 'application-2',
      worker: testApplicantWorker({ carerId: '2c9b8a7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', firstName: 'Tom', lastInitial: 'B' }),
    });
    const api = postsApi(applicationsApi([testApplicant(), second]));
    renderApp('/my-job-posts?job=job-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Tom B.' }, slow));
    let dialog = within(await screen.findByRole('dialog', { name: 'Decline Tom B.?' }));
    expect(dialog.getByText(/We will send Tom a short, kind email/)).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Keep Tom’s application' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep Tom’s application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Decline Tom B.' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Decline Tom B.?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Decline Tom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.filter((request) => request.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/jobs/job-1/applications/application-2', body: { status: 'DECLINED' } }),
    ]);
    expect(
      screen.getAllByRole('status').some((status) => status.textContent === 'We have let Tom know by email that you are not going ahead.'),
    ).toBe(true);
    const declined = card('Tom B.');
    expect(declined.getByText('Not going ahead')).toBeTruthy();
    expect(declined.queryByRole('button', { name: /^Decline|^Shortlist/ })).toBeNull();
    // Eleni's application is untouched.
    expect(card('Eleni P.').getByText('Waiting for a reply')).toBeTruthy();
  });

  it('shows the API’s reason when a decision is refused, in the dialog', async () => {
    postsApi({
      'GET /api/jobs/job-1/applications': () => [200, [testApplicant()]],
      'PATCH /api/jobs/job-1/applications/application-1': () => [409, { message: 'This application has already been declined.', code: 'CONFLICT' }],
    });
    renderApp('/my-job-posts?job=job-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Eleni P.' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline Eleni P.?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Decline Eleni' }));
    expect(within(await dialog.findByRole('alert')).getByText('This application has already been declined.')).toBeTruthy();
  });

  it('opens the contact form for an applicant', async () => {
    postsApi(applicationsApi([testApplicant()]));
    renderApp('/my-job-posts?job=job-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Eleni P.' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact Eleni P.' }));
    expect(dialog.getByLabelText('Your message to Eleni')).toBeTruthy();
  });

  it('says when no one has applied yet', async () => {
    postsApi({ 'GET /api/jobs/job-2/applications': () => [200, []] });
    renderApp('/my-job-posts?job=job-2');
    expect(await screen.findByText(/No one has applied yet/, {}, slow)).toBeTruthy();
  });

  it('closes a job from the list after asking', async () => {
    const api = postsApi({ 'POST /api/jobs/job-1/close': () => [200, testOwnJob({ status: 'CLOSED', closedAt: '2025-04-01T01:00:00.000Z' })] });
    renderApp('/my-job-posts');
    await userEvent.click(await screen.findByRole('button', { name: `Close job: ${TITLE}` }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close this job?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Close job' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((status) => status.textContent === `“${TITLE}” is closed. It is no longer on the job board.`)).toBe(true));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/jobs/job-1/close']);
    // The list is fetched again for the new status.
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/my/job-posts')).toHaveLength(2));
  });
  it('reopens a closed job from the list at once, says it is back on the job board, and fetches the list again', async () => {
    let status: 'OPEN' | 'CLOSED' = 'CLOSED';
    const api = postsApi({
      'GET /api/my/job-posts': () => [200, [testMyJobPost({ status })]],
      'POST /api/jobs/job-1/reopen': () => {
        status = 'OPEN';
        return [200, testOwnJob()];
      },
    });
    renderApp('/my-job-posts');
    const post = within(await screen.findByRole('article', { name: TITLE }, slow));
    expect(post.getByText('Closed')).toBeTruthy();
    expect(post.queryByRole('button', { name: `Close job: ${TITLE}` })).toBeNull();
    await userEvent.click(post.getByRole('button', { name: `Reopen job: ${TITLE}` }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((region) => region.textContent === `“${TITLE}” is open again. It is back on the job board and workers can apply.`)).toBe(true),
    );
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/jobs/job-1/reopen']);
    await waitFor(() => expect(within(screen.getByRole('article', { name: TITLE })).getByRole('button', { name: `Close job: ${TITLE}` })).toBeTruthy());
    expect(screen.queryByRole('button', { name: `Reopen job: ${TITLE}` })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your jobs' })));
  });

  it('says why a job could not be reopened', async () => {
    postsApi({
      'GET /api/my/job-posts': () => [200, [testMyJobPost({ status: 'CLOSED' })]],
      'POST /api/jobs/job-1/reopen': () => [409, { message: 'This job has been filled, so it cannot be reopened.', code: 'CONFLICT' }],
    });
    renderApp('/my-job-posts');
    await userEvent.click(await screen.findByRole('button', { name: `Reopen job: ${TITLE}` }, slow));
    expect((await screen.findByRole('alert')).textContent).toBe(`We could not reopen “${TITLE}”. This job has been filled, so it cannot be reopened.`);
  });
});
