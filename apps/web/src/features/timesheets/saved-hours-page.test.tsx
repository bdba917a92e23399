import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INACTIVE_WORKER_HOURS } from '@tendly/domain/api/timesheets';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { testDraft } from '../../app/test-timesheets';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./saved-hours-page'));

const slow = { timeout: 10_000 };
const FIRST = testDraft();
const SECOND = testDraft({ id: 'a1a1a1a1-1111-4111-8111-000000000002', clientName: 'Jack Brown', startLocal: '2026-11-24T09:00', endLocal: '2026-11-24T11:00', workedMinutes: 120, breakMinutes: 0, travelKm: 0, expenses: [], shiftNote: '', estimate: null, priceProblem: 'The NDIS has no community access support item for weekday night.' });

function workerApi(routes: ApiRoutes, profileStatus: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  setSignedInUser(testUser('CR', { profileStatus }));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR', { profileStatus })], ...routes });
}

describe('/saved-hours', { timeout: 30_000 }, () => {
  it('lists the drafts, submits the selected ones together and says where to follow them', async () => {
    let submitted = false;
    const api = workerApi({
      'GET /api/timesheets': () => [200, { timesheets: submitted ? [] : [FIRST, SECOND], allLoaded: true }],
      'POST /api/timesheets/submit': () => {
        submitted = true;
        return [200, { timesheets: [FIRST, SECOND].map((draft) => ({ ...draft, status: 'SUBMITTED', submittedAt: '2026-11-25T00:00:00.000Z' })), allLoaded: true }];
      },
    });
    renderApp('/saved-hours');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved hours' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Saved hours | Tendly'));
    const list = within(await screen.findByRole('list', { name: 'Saved hours' }, slow));
    expect(api.requests.find((request) => request.path === '/api/timesheets')?.query.get('status')).toBe('DRAFT');
    const first = within(list.getByRole('article', { name: 'Hours for Margaret Smith' }));
    expect(first.getByText('Mon 23 Nov 2026, 9:00 am – 12:30 pm (NSW time)')).toBeTruthy();
    expect(first.getByText('3 h worked, after an unpaid break of 30 min; 12.5 km travelled; one expense ($8.50).')).toBeTruthy();
    expect(first.getByText('Price as it will be invoiced: $156.88')).toBeTruthy();
    expect(first.getByRole('link', { name: /^Change the hours for Margaret Smith/ }).getAttribute('href')).toBe(`/submit-timesheet?timesheet=${FIRST.id}`);
    const second = within(list.getByRole('article', { name: 'Hours for Jack Brown' }));
    expect(second.getByText('No shift note yet.')).toBeTruthy();
    expect(second.getByText(/^These hours cannot be priced yet/)).toBeTruthy();

    fireEvent.click(first.getByRole('checkbox', { name: /^Select the hours for Margaret Smith/ }));
    fireEvent.click(second.getByRole('checkbox', { name: /^Select the hours for Jack Brown/ }));
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit selected (2)' }));
    const done = await screen.findByText('2 sets of hours have been submitted for approval.', undefined, slow);
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(screen.getByRole('link', { name: 'Follow them in your job reports' }).getAttribute('href')).toBe('/unapproved-invoices');
    expect(api.requests.find((request) => request.path === '/api/timesheets/submit')?.body).toEqual({ ids: [FIRST.id, SECOND.id] });
    expect(await screen.findByText(/^You have no saved hours/, undefined, slow)).toBeTruthy();
  });

  it('asks to choose hours before submitting, and shows why the API refused them all', async () => {
    const api = workerApi({
      'GET /api/timesheets': () => [200, { timesheets: [FIRST], allLoaded: true }],
      'POST /api/timesheets/submit': () => [422, { message: 'The hours for Margaret Smith cannot be priced: the agreement has ended.', code: 'UNPROCESSABLE' }],
    });
    renderApp('/saved-hours');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit selected' }, slow));
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Choose the hours to submit');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit selected (1)' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The hours for Margaret Smith cannot be priced: the agreement has ended.'), slow);
    expect(screen.getByRole('article', { name: 'Hours for Margaret Smith' })).toBeTruthy();
  });

  it('deletes a draft after asking, with focus on Cancel first', async () => {
    let deleted = false;
    const api = workerApi({
      'GET /api/timesheets': () => [200, { timesheets: deleted ? [SECOND] : [FIRST, SECOND], allLoaded: true }],
      [`DELETE /api/timesheets/${FIRST.id}`]: () => {
        deleted = true;
        return [204];
      },
    });
    renderApp('/saved-hours');
    fireEvent.click(await screen.findByRole('button', { name: /^Delete the hours for Margaret Smith/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete these saved hours?' }));
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' })));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete hours' }));
    expect(await screen.findByText('The saved hours for Margaret Smith on Mon 23 Nov 2026, 9:00 am – 12:30 pm (NSW time) have been deleted.', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Hours for Margaret Smith' })).toBeNull());
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/timesheets/${FIRST.id}`]);
  });

  it('shows loading, then a failure with Try again, and pages from the last draft’s change', async () => {
    const first = deferredReply();
    let calls = 0;
    const api = workerApi({
      'GET /api/timesheets': (request) => {
        calls += 1;
        if (calls === 1) return first.reply();
        if (request.query.get('before') === null) return [200, { timesheets: [FIRST], allLoaded: false }];
        return [200, { timesheets: [SECOND], allLoaded: true }];
      },
    });
    renderApp('/saved-hours');
    expect(await screen.findByText('Loading your saved hours', undefined, slow)).toBeTruthy();
    first.resolve([500, { message: 'Boom', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your saved hours just now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, slow));
    expect(await screen.findByRole('article', { name: 'Hours for Jack Brown' }, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe(FIRST.updatedAt);
  });

  it('lets an inactive worker read saved hours, but not submit, change or delete them', async () => {
    workerApi({ 'GET /api/timesheets': () => [200, { timesheets: [FIRST], allLoaded: true }] }, 'INACTIVE');
    renderApp('/saved-hours');
    expect(await screen.findByRole('article', { name: 'Hours for Margaret Smith' }, slow)).toBeTruthy();
    expect(screen.getByText(INACTIVE_WORKER_HOURS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Submit selected/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
