import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_ALERTS_UNSUBSCRIBED_MESSAGE } from '@tendly/domain/api/jobs';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { readRedirectState } from '../../platform/redirect-state';
import { getSession, setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./job-alerts-page'));

const slow = { timeout: 10_000 };
const PATH = '/carer/unsubscribe/nearbyjobs';

describe('the one-click unsubscribe link', { timeout: 30_000 }, () => {
  it('works signed out: it sends the token once on arrival and confirms', async () => {
    const pending = deferredReply();
    const api = mockApi({ 'POST /api/carer/unsubscribe/nearbyjobs': pending.reply });
    renderApp(`${PATH}?token=signed.token-123`);
    expect(await screen.findByText('Turning off job alert emails…', {}, slow)).toBeTruthy();
    pending.resolve([200, { message: JOB_ALERTS_UNSUBSCRIBED_MESSAGE }]);
    expect(await screen.findByText(JOB_ALERTS_UNSUBSCRIBED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Job alert emails' })).toBeTruthy();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts).toEqual([expect.objectContaining({ path: '/api/carer/unsubscribe/nearbyjobs', body: { token: 'signed.token-123' }, authToken: null })]);
    expect(screen.getByRole('link', { name: 'Sign in to turn them back on' }).getAttribute('href')).toBe('/login');
    expect(getSession().user).toBeNull();
  });

  it('shows the API’s message for a link that is not valid', async () => {
    mockApi({
      'POST /api/carer/unsubscribe/nearbyjobs': () => [
        400,
        { message: 'This unsubscribe link is not valid', code: 'VALIDATION', errors: { token: 'This unsubscribe link is not valid' } },
      ],
    });
    renderApp(`${PATH}?token=tampered`);
    const alert = within(await screen.findByRole('alert', {}, slow));
    expect(alert.getByRole('heading', { name: 'We could not unsubscribe you' })).toBeTruthy();
    expect(alert.getByText('This unsubscribe link is not valid')).toBeTruthy();
    expect(alert.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers another try when the server fails', async () => {
    let calls = 0;
    mockApi({
      'POST /api/carer/unsubscribe/nearbyjobs': () => {
        calls += 1;
        return calls === 1 ? [503, { message: 'Please try again in a minute.', code: 'UNAVAILABLE' }] : [200, { message: JOB_ALERTS_UNSUBSCRIBED_MESSAGE }];
      },
    });
    renderApp(`${PATH}?token=good`);
    await userEvent.click(within(await screen.findByRole('alert', {}, slow)).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(JOB_ALERTS_UNSUBSCRIBED_MESSAGE)).toBeTruthy();
  });

  it('also shows a signed-in worker the setting, now off', async () => {
    setSignedInUser(testUser('CR'));
    let enabled = true;
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR')],
      'GET /api/my/job-alerts': () => [200, { enabled }],
      'POST /api/carer/unsubscribe/nearbyjobs': () => {
        enabled = false;
        return [200, { message: JOB_ALERTS_UNSUBSCRIBED_MESSAGE }];
      },
    });
    renderApp(`${PATH}?token=good`);
    expect(await screen.findByText(JOB_ALERTS_UNSUBSCRIBED_MESSAGE, {}, slow)).toBeTruthy();
    const toggle = await screen.findByRole('switch', { name: 'Email me about new jobs near me' });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });
});

describe('the job alert setting', { timeout: 30_000 }, () => {
  it('lets a signed-in worker turn the emails off and on again', async () => {
    setSignedInUser(testUser('CR'));
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CR')],
      'GET /api/my/job-alerts': () => [200, { enabled: true }],
      'PUT /api/my/job-alerts': (request) => [200, request.body],
    });
    renderApp(PATH);
    const toggle = await screen.findByRole('switch', { name: 'Email me about new jobs near me' }, slow);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByText(`Saved. ${JOB_ALERTS_UNSUBSCRIBED_MESSAGE}`)).toBeTruthy());
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByText('Saved. We will email you about new jobs near you.')).toBeTruthy());
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ enabled: false }, { enabled: true }]);
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says so when saving fails, leaving the setting as it was', async () => {
    setSignedInUser(testUser('CR'));
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR')],
      'GET /api/my/job-alerts': () => [200, { enabled: true }],
      'PUT /api/my/job-alerts': () => [500, { message: 'Something broke', code: 'INTERNAL' }],
    });
    renderApp(PATH);
    const toggle = await screen.findByRole('switch', { name: 'Email me about new jobs near me' }, slow);
    await userEvent.click(toggle);
    expect(within(await screen.findByRole('alert')).getByText(/Your setting has not changed\./)).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it('asks a visitor without a link to sign in, coming back here', async () => {
    const api = mockApi({});
    const { router } = renderApp(PATH);
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readRedirectState(router.state.location.state)).toEqual({ message: 'Please sign in to change your job alert emails.', returnTo: PATH });
    expect(api.requests.some((request) => request.path.includes('job-alerts') || request.path.includes('unsubscribe'))).toBe(false);
  });
});
