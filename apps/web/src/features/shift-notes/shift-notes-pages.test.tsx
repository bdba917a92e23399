import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { savedFiles } from '../../app/test-downloads';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { testShiftNote } from '../../app/test-timesheets';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./shift-notes-page'), import('./shift-notes-download-page')]));

afterEach(() => {
  vi.restoreAllMocks();
});

const slow = { timeout: 10_000 };

function signedIn(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], ...routes });
}

describe('/shift-notes', { timeout: 30_000 }, () => {
  it('lists the worker’s notes newest first as the API orders them, and pages from the last one', async () => {
    const older = testShiftNote({ id: '88888888-8888-4888-8888-000000000002', clientName: 'Jack Brown', body: 'Helped Jack with the garden.', startLocal: '2026-11-20T09:00', endLocal: '2026-11-20T11:00', createdAt: '2026-11-20T02:00:00.000Z' });
    const api = signedIn('CR', {
      'GET /api/shift-notes': (request) =>
        request.query.get('before') === null ? [200, { shiftNotes: [testShiftNote()], allLoaded: false }] : [200, { shiftNotes: [older], allLoaded: true }],
    });
    renderApp('/shift-notes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shift notes' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Shift notes | Tendly'));
    const note = within(await screen.findByRole('article', { name: 'Shift with Margaret Smith' }, slow));
    expect(note.getByText('Mon 23 Nov 2026, 9:00 am – 12:30 pm (NSW time)')).toBeTruthy();
    expect(note.getByText('Margaret enjoyed the walk to the shops.')).toBeTruthy();
    expect(note.getByText('Written by Sam Carer on Mon 23 Nov 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download shift notes' }).getAttribute('href')).toBe('/shift-notes/download');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Shift with Jack Brown' }, slow)).toBeTruthy();
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(['Shift with Margaret Smith', 'Shift with Jack Brown']);
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe(testShiftNote().createdAt);
  });

  it('shows the care seeker who wrote each note', async () => {
    signedIn('CS', { 'GET /api/shift-notes': () => [200, { shiftNotes: [testShiftNote()], allLoaded: true }] });
    renderApp('/shift-notes');
    expect(await screen.findByRole('article', { name: 'Shift by Sam Carer for Margaret Smith' }, slow)).toBeTruthy();
    expect(screen.getByText('The notes your workers wrote after each shift, newest first.')).toBeTruthy();
  });

  it('shows loading, then a failure with Try again, then says when there are none', async () => {
    const first = deferredReply();
    let calls = 0;
    signedIn('CR', {
      'GET /api/shift-notes': () => {
        calls += 1;
        return calls === 1 ? first.reply() : [200, { shiftNotes: [], allLoaded: true }];
      },
    });
    renderApp('/shift-notes');
    expect(await screen.findByText('Loading the shift notes', undefined, slow)).toBeTruthy();
    first.resolve([500, { message: 'Boom', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load the shift notes just now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No shift notes yet. Write one when you submit your hours.', undefined, slow)).toBeTruthy();
  });

  it('sends a visitor to sign in first', async () => {
    mockApi({});
    const { router } = renderApp('/shift-notes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
  });
});

describe('/shift-notes/download', { timeout: 30_000 }, () => {
  it('downloads the range as a CSV file with the session, and says so', async () => {
    const user = userEvent.setup();
    const names = savedFiles();
    const api = signedIn('CS', { 'GET /api/shift-notes/download': () => [200, 'date,worker', { 'content-disposition': 'attachment; filename="shift-notes-2026-11-01-to-2026-11-30.csv"' }] });
    renderApp('/shift-notes/download');
    expect(await screen.findByRole('heading', { level: 1, name: 'Download shift notes' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Download shift notes | Tendly'));
    const first = screen.getByLabelText(/^First date/) as HTMLInputElement;
    expect(first.value).toMatch(/^\d{4}-\d{2}-01$/);
    fireEvent.change(first, { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(/^Last date/), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('radio', { name: 'CSV, for a spreadsheet' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Your shift notes have been downloaded as shift-notes-2026-11-01-to-2026-11-30.csv.', undefined, slow)).toBeTruthy();
    const sent = api.requests.find((request) => request.path === '/api/shift-notes/download');
    expect([sent?.query.get('from'), sent?.query.get('to'), sent?.query.get('format'), sent?.authToken]).toEqual(['2026-11-01', '2026-11-30', 'csv', 'token-cs']);
    expect(names).toEqual(['shift-notes-2026-11-01-to-2026-11-30.csv']);
  });

  it('checks the range with the domain’s rules, and shows the API’s field errors beside their fields', async () => {
    const user = userEvent.setup();
    savedFiles();
    const api = signedIn('CR', { 'GET /api/shift-notes/download': () => [400, { message: 'Invalid', code: 'VALIDATION', errors: { to: 'Choose at most 366 days at a time' } }] });
    renderApp('/shift-notes/download');
    const first = await screen.findByLabelText(/^First date/, undefined, slow);
    fireEvent.change(first, { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText(/^Last date/), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const summary = await screen.findByRole('alert', undefined, slow);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'The last date must be on or after the first' })).toBeTruthy();
    expect(screen.getByLabelText(/^Last date/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(first, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await within(screen.getByRole('alert')).findByRole('link', { name: 'Enter the first date as YYYY-MM-DD' })).toBeTruthy();
    expect(api.requests.some((request) => request.path === '/api/shift-notes/download')).toBe(false);

    fireEvent.change(first, { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText(/^Last date/), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Choose at most 366 days at a time' })).toBeTruthy(), slow);
    expect(api.requests.find((request) => request.path === '/api/shift-notes/download')?.query.get('format')).toBe('pdf');
  });
});
