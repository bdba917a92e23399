import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testJob, testMyApplication, testOwnJob } from '../../app/test-jobs';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { readRedirectState } from '../../platform/redirect-state';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./job-details-page'));

const JOB_PATH = '/jobs/job-1';
const TITLE = 'Friendly help with shopping and meals for my mum';
const slow = { timeout: 10_000 };

function jobApi(job: unknown, routes: ApiRoutes = {}) {
  return mockApi({ 'GET /api/jobs/job-1': () => [200, job], ...routes });
}

async function openJob() {
  const view = renderApp(JOB_PATH);
  await screen.findByRole('heading', { level: 1, name: TITLE }, slow);
  return view;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

function signInAs(role: 'CS' | 'CR', overrides: Parameters<typeof testUser>[1] = {}, me: Record<string, unknown> = {}): ApiRoutes {
  setSignedInUser(testUser(role, overrides));
  return { 'GET /api/me': () => [200, meAnswer(role, me)] };
}

describe('a job’s page, for a visitor', { timeout: 30_000 }, () => {
  it('shows a skeleton, then the whole public job, titled with the job’s title', async () => {
    const pending = deferredReply();
    mockApi({ 'GET /api/jobs/job-1': pending.reply });
    renderApp(JOB_PATH);
    expect(await screen.findByText('Loading the job', {}, slow)).toBeTruthy();
    pending.resolve([200, testJob()]);
    await screen.findByRole('heading', { level: 1, name: TITLE }, slow);

    await waitFor(() => expect(document.title).toBe(`${TITLE} | Tendly`));
    expect(screen.getByText('Marrickville NSW')).toBeTruthy();
    expect(screen.getByText(/^Posted by Sophie on/).textContent).toBe('Posted by Sophie on 12 March 2025');
    expect(section('About the job').getByText('weekly shop').tagName).toBe('STRONG');

    const support = section('The support needed');
    expect(within(support.getByRole('list', { name: 'Types of support' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'General aged care',
      'Dementia',
    ]);
    expect(within(support.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem')).toHaveLength(2);

    const schedule = within(screen.getByRole('table', { name: 'Days and times support is needed' }));
    const row = (day: string) => within(schedule.getByRole('rowheader', { name: day }).closest('tr') as HTMLElement);
    expect(row('Monday').getAllByRole('cell').map((cell) => cell.textContent?.trim())).toEqual(['✓ Needed', '– Not needed', '– Not needed']);
    expect(row('Thursday').getAllByRole('cell')[1]?.textContent).toContain('Needed');

    const facts = (name: string) =>
      Object.fromEntries(section(name).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts('When')).toEqual({ 'Hours a day': 'About 3 hours a day', 'Hours a week': 'About 6 hours a week', Starting: 'From 1 July 2025' });
    expect(facts('Pay')).toEqual({ Rate: '$45.00 an hour', 'Paid by': 'Home Care Package' });
    expect(facts('The worker they hope to find')).toEqual({
      Gender: 'Female',
      Experience: 'At least 1 year',
      Languages: 'Greek',
      'Also needed': "Holds a driver's licence, Comfortable with pets",
    });
    expect(facts('Health and safety')).toEqual({ 'Help with medication': 'Yes', 'Behaviours of concern': 'No', 'Restrictive practices': 'No' });
    expect(section('Health and safety').getByText(/The details stay private/)).toBeTruthy();
    expect(section('Their goal').getByText('To keep living at home and cooking the meals she loves.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Only you can see this' })).toBeNull();
  });

  it('cleans the description again before showing it', async () => {
    jobApi(
      testJob({
        htmlDescription: '<p>Hello</p><img src=x onerror="window.__attacked = true"><a href="javascript:alert(1)">click me</a><script>window.__attacked = true</script>',
      }),
    );
    await openJob();
    const about = screen.getByRole('region', { name: 'About the job' });
    expect(about.querySelector('img, script')).toBeNull();
    expect(within(about).getByText('click me').getAttribute('href')).toBeNull();
    expect((window as { __attacked?: boolean }).__attacked).toBeUndefined();
  });

  it('asks a visitor to sign in to apply, coming back here, or to join as a worker', async () => {
    jobApi(testJob());
    const { router } = await openJob();
    const panel = section('Are you a care or support worker?');
    expect(panel.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(panel.getByRole('link', { name: 'Join as a worker' }).getAttribute('href')).toBe('/careworker/register');
    await userEvent.click(panel.getByRole('link', { name: 'Sign in to apply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readRedirectState(router.state.location.state)).toEqual({ message: 'Please sign in to apply for this job.', returnTo: JOB_PATH });
  });

  it('says so kindly when there is no such job', async () => {
    mockApi({ 'GET /api/jobs/job-1': () => [404, { message: 'Job not found', code: 'NOT_FOUND' }] });
    renderApp(JOB_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this job' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });
});

describe('a job’s page, for its owner', { timeout: 30_000 }, () => {
  it('shows the private details in a section of their own, with Edit and See applicants', async () => {
    jobApi(testOwnJob(), signInAs('CS'));
    await openJob();
    const details = section('Only you can see this');
    const facts = Object.fromEntries(details.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      'Client’s name': 'Irene Papadopoulos',
      'Medication details': 'Blister pack at 8 am; please prompt and watch her take it.',
      'Invoice address': '12 Illawarra Road, Marrickville NSW 2204',
      Practitioner: 'Dr Anna Lee',
      'Practitioner’s email': 'anna.lee@example.com',
    });
    const panel = section('Your job post');
    expect(panel.getByText('2 workers have applied.')).toBeTruthy();
    expect(panel.getByRole('link', { name: 'See applicants' }).getAttribute('href')).toBe('/my-job-posts?job=job-1');
    expect(panel.getByRole('link', { name: 'Edit job' }).getAttribute('href')).toBe('/edit-job/job-1');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.queryByText(/The details stay private/)).toBeNull();
  });

  it('says who really posted a job their support coordinator posted for them', async () => {
    jobApi(testOwnJob({ postedBy: 'Irene', postedByCoordinator: 'Priya Sharma' }), signInAs('CS'));
    await openJob();
    expect(screen.getByText(/^Posted by/).textContent).toBe('Posted by Priya Sharma for Irene on 12 March 2025');
  });

  it('closes the job after asking, and keeps it open when the owner changes their mind', async () => {
    const api = jobApi(testOwnJob(), {
      ...signInAs('CS'),
      'POST /api/jobs/job-1/close': () => [200, testOwnJob({ status: 'CLOSED', closedAt: '2025-04-01T01:00:00.000Z' })],
    });
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Close job' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Close this job?' }));
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Keep it open' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Close job' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Close this job?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Close job' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your job is closed. It is no longer on the job board.'));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/jobs/job-1/close']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Close job' })).toBeNull();
    expect(screen.getByText(/This job is closed since 1 April 2025/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your job post' })));
  });

  it('reopens a closed job: it says the job is back on the board and offers Close again', async () => {
    const api = jobApi(testOwnJob({ status: 'CLOSED', closedAt: '2025-04-01T01:00:00.000Z' }), {
      ...signInAs('CS'),
      'POST /api/jobs/job-1/reopen': () => [200, testOwnJob()],
    });
    await openJob();
    expect(screen.queryByRole('button', { name: 'Close job' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen job' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(`“${TITLE}” is open again. It is back on the job board and workers can apply.`),
    );
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/jobs/job-1/reopen']);
    expect(screen.getByRole('button', { name: 'Close job' })).toBeTruthy();
    expect(screen.queryByText(/This job is closed/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your job post' })));
  });
});

describe('a job’s page, for someone else', { timeout: 30_000 }, () => {
  it('shows another care seeker neither the private details nor an Apply button', async () => {
    jobApi(testJob(), signInAs('CS'));
    await openJob();
    expect(screen.queryByRole('region', { name: 'Only you can see this' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit job' })).toBeNull();
  });
});

describe('applying for a job', { timeout: 30_000 }, () => {
  it('checks the message with the shared rules, sends it, and then says "You applied" with the status', async () => {
    let applied = false;
    const api = jobApi(testJob(), {
      ...signInAs('CR'),
      'GET /api/jobs/job-1': () => [200, testJob({ myApplication: applied ? { id: 'application-1', status: 'PENDING' } : null })],
      'POST /api/jobs/job-1/applications': () => {
        applied = true;
        return [201, testMyApplication()];
      },
    });
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply for this job' }));
    const message = dialog.getByLabelText('Your message to Sophie');
    await waitFor(() => expect(document.activeElement).toBe(message));

    await userEvent.click(dialog.getByRole('button', { name: 'Send application' }));
    const summary = await dialog.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Write a short message about why you are a good fit' })).toBeTruthy();
    await userEvent.type(message, 'I can help.');
    await userEvent.click(dialog.getByRole('button', { name: 'Send application' }));
    expect(await dialog.findByRole('link', { name: 'Write at least 20 characters about why you are a good fit' })).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.clear(message);
    await userEvent.type(message, 'I have cared for older people for eight years and I speak Greek.');
    await userEvent.click(dialog.getByRole('button', { name: 'Send application' }));
    expect(await dialog.findByRole('heading', { name: 'Application sent' })).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/jobs/job-1/applications',
      body: { message: 'I have cared for older people for eight years and I speak Greek.' },
    });

    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    const heading = await screen.findByRole('heading', { name: 'You applied' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(section('You applied').getByText('Waiting for a reply')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('tells a worker who already applied so, in the API’s words (409)', async () => {
    const message = 'You have already applied for this job.';
    let applied = false;
    jobApi(testJob(), {
      ...signInAs('CR'),
      'GET /api/jobs/job-1': () => [200, testJob({ myApplication: applied ? { id: 'application-1', status: 'PENDING' } : null })],
      'POST /api/jobs/job-1/applications': () => {
        applied = true;
        return [409, { message, code: 'CONFLICT' }];
      },
    });
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply for this job' }));
    await userEvent.type(dialog.getByLabelText('Your message to Sophie'), 'I would love to help your mum with her shopping.');
    await userEvent.click(dialog.getByRole('button', { name: 'Send application' }));
    const alert = await dialog.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'You applied' })).toBeTruthy();
  });

  it('shows a worker their application’s status instead of Apply', async () => {
    jobApi(testJob({ myApplication: { id: 'application-1', status: 'SHORTLISTED' } }), signInAs('CR'));
    await openJob();
    expect(section('You applied').getByText('Shortlisted')).toBeTruthy();
    expect(section('You applied').getByRole('link', { name: 'See all your applications' }).getAttribute('href')).toBe('/my-jobs');
  });

  it('tells an inactive worker why they cannot apply', async () => {
    jobApi(testJob(), signInAs('CR', { profileStatus: 'INACTIVE' }, { profileStatus: 'INACTIVE' }));
    await openJob();
    const panel = section('You cannot apply yet');
    expect(panel.getByText('This feature is not available for inactive profiles.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('does not offer Apply on a closed job', async () => {
    jobApi(testJob({ status: 'CLOSED', closedAt: '2025-04-01T01:00:00.000Z' }), signInAs('CR'));
    await openJob();
    expect(section('This job has closed').getByRole('link', { name: 'Find other jobs' }).getAttribute('href')).toBe('/jobs/search');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
