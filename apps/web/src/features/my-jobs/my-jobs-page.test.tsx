import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testJobSummary, testMyApplication, testMyInvitation } from '../../app/test-jobs';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./my-jobs-page'), { signedInAs: testUser('CR', { profileStatus: 'ACTIVE' }) });

const slow = { timeout: 10_000 };

function myJobsApi(routes: ApiRoutes) {
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR')], 'GET /api/contracts': () => [200, { contracts: [] }], ...routes });
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('my jobs', { timeout: 30_000 }, () => {
  it('lists the worker’s applications with their status, and their invitations with a way to view and apply', async () => {
    myJobsApi({
      'GET /api/my/applications': () => [
        200,
        [
          testMyApplication(),
          testMyApplication({
            id: 'application-2',
            status: 'DECLINED',
            job: testJobSummary({ id: 'job-3', title: 'Overnight support in Parramatta', status: 'CLOSED', hasApplied: true }),
          }),
        ],
      ],
      'GET /api/my/invitations': () => [
        200,
        [
          testMyInvitation(),
          testMyInvitation({ id: 'invitation-2', message: '', job: testJobSummary({ id: 'job-1', hasApplied: true }) }),
        ],
      ],
    });
    renderApp('/my-jobs');
    const applications = within(await screen.findByRole('list', { name: 'Your applications' }, slow));
    const first = within(applications.getByRole('article', { name: 'Friendly help with shopping and meals for my mum' }));
    expect(first.getByText('Waiting for a reply')).toBeTruthy();
    expect(first.getByText(/^You applied on/).textContent).toBe('You applied on 13 March 2025');
    expect(first.queryByText('Applied')).toBeNull();
    const declined = within(applications.getByRole('article', { name: 'Overnight support in Parramatta' }));
    expect(declined.getByText('Not going ahead')).toBeTruthy();
    expect(declined.getByText('This job has closed.')).toBeTruthy();

    const invitations = within(await screen.findByRole('list', { name: 'Invitations to apply' }));
    const invited = within(invitations.getByRole('article', { name: 'Weekend companionship in Newtown' }));
    expect(invited.getByText('Your profile looks lovely. Would you apply?')).toBeTruthy();
    expect(invited.getByText(/^Sophie invited you on/).textContent).toBe('Sophie invited you on 14 March 2025');
    expect(invited.getByRole('link', { name: 'View and apply: Weekend companionship in Newtown' }).getAttribute('href')).toBe('/jobs/job-2');
    const alreadyApplied = within(invitations.getByRole('article', { name: 'Friendly help with shopping and meals for my mum' }));
    expect(alreadyApplied.getByText('You have applied for this job.')).toBeTruthy();
    expect(alreadyApplied.queryByRole('link', { name: /^View and apply/ })).toBeNull();
  });

  it('points to the job board when there are no applications or invitations', async () => {
    myJobsApi({ 'GET /api/my/applications': () => [200, []], 'GET /api/my/invitations': () => [200, []] });
    renderApp('/my-jobs');
    expect(await screen.findByText('You have not applied for any jobs yet.', {}, slow)).toBeTruthy();
    expect(section('Your applications').getByRole('link', { name: 'Find a job' }).getAttribute('href')).toBe('/find-a-job');
    expect(section('Invitations to apply').getByText('No invitations yet.')).toBeTruthy();
    expect(section('Invitations to apply').getByRole('link', { name: 'Look for jobs near you' }).getAttribute('href')).toBe('/find-a-job');
  });

  it('says when a list cannot be loaded, and keeps the other', async () => {
    myJobsApi({
      'GET /api/my/applications': () => [500, { message: 'Database unavailable', code: 'INTERNAL' }],
      'GET /api/my/invitations': () => [200, [testMyInvitation()]],
    });
    renderApp('/my-jobs');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('We could not load your applications just now.');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Invitations to apply' })).toBeTruthy());
  });

  it('is closed to an inactive worker (spec 2.5)', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    const api = myJobsApi({});
    const { router } = renderApp('/my-jobs');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/my-jobs'), slow);
    expect(api.requests.some((request) => request.path.startsWith('/api/my/'))).toBe(false);
  });
});
