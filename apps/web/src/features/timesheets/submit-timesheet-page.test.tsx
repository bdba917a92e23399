import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMESHEET_IN_FUTURE, TIMESHEET_NOT_EDITABLE } from '@tendly/domain/api/timesheets';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testJobReport } from '../../app/test-job-reports';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { TEST_CONTRACT_ID, TEST_NDIS_CONTRACT_ID, TEST_SHIFT_ID, testDraft, testReportableWork } from '../../app/test-timesheets';
import { setSignedInUser } from '../../platform/session';
import { timesheetQueryKeys } from './timesheets-api';

setUpPageTests(() => import('./submit-timesheet-page'));

const slow = { timeout: 10_000 };
const DRAFT_ID = testDraft().id;
const RECEIPT = { fileId: 'f1f1f1f1-1111-4111-8111-111111111111', fileName: 'parking.pdf', url: '/api/timesheets/receipts/f1f1f1f1-1111-4111-8111-111111111111' };

function workerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR')], 'GET /api/timesheets/to-report': () => [200, testReportableWork()], ...routes });
}

const form = () => within(screen.getByRole('form', { name: 'Hours worked' }));
const change = (label: RegExp | string, value: string) => fireEvent.change(form().getByLabelText(label), { target: { value } });
const posted = (api: { requests: { method: string; path: string; body: unknown }[] }, method = 'POST', path = '/api/timesheets') =>
  api.requests.filter((request) => request.method === method && request.path === path).map((request) => request.body);

describe('/submit-timesheet', { timeout: 40_000 }, () => {
  it('submits the hours of a shift that has ended, with travel, an expense and its receipt, and the shift note, then shows the price', async () => {
    const user = userEvent.setup();
    const api = workerApi({
      'POST /api/timesheets/receipts': () => [201, RECEIPT],
      'POST /api/timesheets': () => [201, testJobReport({ canDecide: false })],
    });
    renderApp(`/submit-timesheet?shift=${TEST_SHIFT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit hours' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Submit hours | Tendly'));
    const started = await screen.findByLabelText(/^Started \(NSW time\)/, undefined, slow);
    expect((started as HTMLInputElement).value).toBe('2026-11-23T09:00');
    expect((form().getByLabelText(/^Finished \(NSW time\)/) as HTMLInputElement).value).toBe('2026-11-23T12:30');
    expect((form().getByLabelText(/^Shift or service agreement/) as HTMLSelectElement).value).toBe(`shift:${TEST_SHIFT_ID}`);
    expect(form().getByText(/^Booked for Mon 23 Nov 2026, 9:00 am – 12:30 pm \(NSW time\)/)).toBeTruthy();
    expect(form().queryByLabelText(/NDIS support item/)).toBeNull();

    change(/^Finished/, '2026-11-23T12:45');
    change(/^Unpaid break/, '30');
    expect(form().getByText('Time worked: 3 h 15 min')).toBeTruthy();
    change(/^Kilometres travelled/, '12.5');
    expect(form().getByText(/Paid at \$0\.95 a km under this agreement/)).toBeTruthy();
    change(/^Where you travelled/, 'Home to the shops and back');
    await user.click(form().getByRole('button', { name: 'Add an expense' }));
    await waitFor(() => expect(document.activeElement).toBe(form().getByLabelText(/^Expense 1: what for/)));
    change(/^Expense 1: what for/, 'Parking');
    change(/^Expense 1: amount/, '8.50');
    await user.upload(form().getByLabelText('Expense 1: receipt'), new File(['%PDF-1.4'], 'parking.pdf', { type: 'application/pdf' }));
    expect(await form().findByText('Uploaded: parking.pdf', undefined, slow)).toBeTruthy();
    // Issue 28: a cost paid in the client's name, as their agent, is a disbursement with no GST.
    expect(form().getByText(/something you bought in the client’s name, as their agent, does not/)).toBeTruthy();
    const agent1 = form().getByRole('checkbox', { name: 'Expense 1: I paid this as the client’s agent, in their name (no GST)' }) as HTMLInputElement;
    expect(agent1.checked).toBe(false);
    await user.click(form().getByRole('button', { name: 'Add an expense' }));
    change(/^Expense 2: what for/, 'Pharmacy item in Margaret’s name');
    change(/^Expense 2: amount/, '23.50');
    await user.click(form().getByRole('checkbox', { name: 'Expense 2: I paid this as the client’s agent, in their name (no GST)' }));
    change(/^Shift note/, 'Margaret enjoyed the walk to the shops.');
    await user.click(form().getByRole('button', { name: 'Submit hours' }));

    expect(await screen.findByText('Your hours are submitted.', undefined, slow)).toBeTruthy();
    expect(screen.getByText(/^Helen has been asked to approve them\. If nobody decides by Mon 30 Nov 2026/)).toBeTruthy();
    expect(screen.getByText('Total $156.88')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: /^Price of the hours on/ })).getByText('Support (Weekday daytime)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your job reports' }).getAttribute('href')).toBe('/unapproved-invoices');
    expect(posted(api)).toEqual([
      {
        shiftId: TEST_SHIFT_ID,
        contractId: TEST_CONTRACT_ID,
        start: '2026-11-23T09:00',
        end: '2026-11-23T12:45',
        breakMinutes: 30,
        travelKm: 12.5,
        travelNote: 'Home to the shops and back',
        expenses: [
          { description: 'Parking', amountCents: 850, receiptFileId: RECEIPT.fileId, paidAsAgent: false },
          { description: 'Pharmacy item in Margaret’s name', amountCents: 2350, receiptFileId: null, paidAsAgent: true },
        ],
        shiftNote: 'Margaret enjoyed the walk to the shops.',
        ndisLineItem: null,
        submit: true,
      },
    ]);
    expect(api.requests.find((request) => request.path === '/api/timesheets/receipts')?.authToken).toBe('token-cr');
  });

  it('saves for later with the price it will be invoiced at, then changes the same draft', async () => {
    const user = userEvent.setup();
    const api = workerApi({
      'POST /api/timesheets': () => [201, testDraft()],
      [`PUT /api/timesheets/${DRAFT_ID}`]: (request) => [200, testDraft({ shiftNote: (request.body as { shiftNote: string }).shiftNote, updatedAt: '2026-11-23T04:00:00.000Z' })],
    });
    const { router, queryClient } = renderApp('/submit-timesheet');
    const work = await screen.findByLabelText(/^Shift or service agreement/, undefined, slow);
    await user.selectOptions(work, `shift:${TEST_SHIFT_ID}`);
    expect((form().getByLabelText(/^Started/) as HTMLInputElement).value).toBe('2026-11-23T09:00');
    await user.click(form().getByRole('button', { name: 'Save for later' }));

    const saved = await screen.findByText('Saved for later.', undefined, slow);
    await waitFor(() => expect(document.activeElement?.contains(saved)).toBe(true));
    expect(screen.getByRole('link', { name: 'Saved hours' }).getAttribute('href')).toBe('/saved-hours');
    expect(screen.getByText('Total $156.88')).toBeTruthy();
    expect(posted(api)).toMatchObject([{ shiftId: TEST_SHIFT_ID, submit: false }]);
    await waitFor(() => expect(router.state.location.search).toBe(`?timesheet=${DRAFT_ID}`));
    // The saved hours are fetched again at their new address, and here that fails (no test route):
    // the form stays, with what was typed, rather than giving way to the error.
    await waitFor(() => expect(queryClient.getQueryState(timesheetQueryKeys.one(DRAFT_ID))?.status).toBe('error'));
    // The form now changes the saved draft: what it is for is fixed.
    await waitFor(() => expect(form().queryByLabelText(/^Shift or service agreement/)).toBeNull());

    change(/^Shift note/, 'Updated note');
    // Enter in a field saves for later: it sends nothing to the care seeker.
    fireEvent.submit(screen.getByRole('form', { name: 'Hours worked' }));
    await waitFor(() => expect(posted(api, 'PUT', `/api/timesheets/${DRAFT_ID}`)).toMatchObject([{ shiftNote: 'Updated note', submit: false }]));
    expect(posted(api)).toHaveLength(1);
  });

  it('checks the form with the domain’s rules before sending, with a summary that links to each field', async () => {
    const user = userEvent.setup();
    const api = workerApi({});
    renderApp('/submit-timesheet');
    await screen.findByLabelText(/^Shift or service agreement/, undefined, slow);
    change(/^Unpaid break/, 'half an hour');
    await user.click(form().getByRole('button', { name: 'Submit hours' }));
    const summary = await screen.findByRole('alert', undefined, slow);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Choose a service agreement', 'Enter a date and time', 'Enter a date and time', 'Enter the break in minutes']);
    await user.click(within(summary).getByRole('link', { name: 'Enter the break in minutes' }));
    expect(document.activeElement).toBe(form().getByLabelText(/^Unpaid break/));
    expect(form().getByLabelText(/^Shift or service agreement/).getAttribute('aria-invalid')).toBe('true');
    expect(posted(api)).toEqual([]);

    await user.selectOptions(form().getByLabelText(/^Shift or service agreement/), `shift:${TEST_SHIFT_ID}`);
    change(/^Unpaid break/, '0');
    change(/^Kilometres travelled/, '4');
    await user.click(form().getByRole('button', { name: 'Submit hours' }));
    await waitFor(() => expect(form().getByLabelText(/^Where you travelled/).getAttribute('aria-invalid')).toBe('true'), slow);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Say where you travelled' })).toBeTruthy();
    expect(posted(api)).toEqual([]);

    // The server's limits of one report too (issue 29): the form says what the API would.
    change(/^Kilometres travelled/, '2000');
    change(/^Where you travelled/, 'Around the state');
    await user.click(form().getByRole('button', { name: 'Submit hours' }));
    await waitFor(() => expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Travel can be at most 300 km for one shift.' })).toBeTruthy(), slow);
    expect(posted(api)).toEqual([]);
  });

  it('shows every field error the API sends beside its field and in the summary', async () => {
    const user = userEvent.setup();
    workerApi({
      'POST /api/timesheets/receipts': () => [201, RECEIPT],
      'POST /api/timesheets': () => [400, { message: 'Check the highlighted fields.', code: 'VALIDATION', errors: { end: TIMESHEET_IN_FUTURE, 'expenses.0.receiptFileId': 'Upload the receipt again' } }],
    });
    renderApp(`/submit-timesheet?shift=${TEST_SHIFT_ID}`);
    await screen.findByLabelText(/^Started/, undefined, slow);
    await user.click(form().getByRole('button', { name: 'Add an expense' }));
    change(/^Expense 1: what for/, 'Parking');
    change(/^Expense 1: amount/, '8.50');
    await user.upload(form().getByLabelText('Expense 1: receipt'), new File(['%PDF'], 'parking.pdf', { type: 'application/pdf' }));
    await form().findByText('Uploaded: parking.pdf', undefined, slow);
    await user.click(form().getByRole('button', { name: 'Submit hours' }));
    const summary = within(await screen.findByRole('alert', undefined, slow));
    expect(summary.getByRole('link', { name: TIMESHEET_IN_FUTURE })).toBeTruthy();
    expect(summary.getByRole('link', { name: 'Upload the receipt again' })).toBeTruthy();
    const finished = form().getByLabelText(/^Finished/);
    expect(finished.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(finished.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent).toBe(TIMESHEET_IN_FUTURE);
    expect(form().getByLabelText('Expense 1: receipt').getAttribute('aria-invalid')).toBe('true');
  });

  // Issue 29: hours outside the agreement are refused with its period, shown beside Started.
  it('shows the agreement’s period beside Started when the hours fall outside it', async () => {
    const user = userEvent.setup();
    const message = 'These hours are outside your agreement with Margaret Smith, which runs from 3 November 2026 (accepted at 2:05 pm) to 20 November 2026.';
    workerApi({ 'POST /api/timesheets': () => [400, { message, code: 'VALIDATION', errors: { start: message } }] });
    renderApp(`/submit-timesheet?shift=${TEST_SHIFT_ID}`);
    const started = await screen.findByLabelText(/^Started/, undefined, slow);
    await user.click(form().getByRole('button', { name: 'Submit hours' }));
    const summary = within(await screen.findByRole('alert', undefined, slow));
    expect(summary.getByRole('link', { name: message })).toBeTruthy();
    expect(started.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(started.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent).toBe(message);
  });

  it('says why a receipt was refused', async () => {
    const user = userEvent.setup();
    workerApi({ 'POST /api/timesheets/receipts': () => [400, { message: 'Upload a PDF, JPEG or PNG of at most 10 MB.', code: 'VALIDATION' }] });
    renderApp('/submit-timesheet');
    await screen.findByLabelText(/^Shift or service agreement/, undefined, slow);
    await user.click(form().getByRole('button', { name: 'Add an expense' }));
    await user.upload(form().getByLabelText('Expense 1: receipt'), new File(['x'], 'receipt.pdf', { type: 'application/pdf' }));
    const receipt = form().getByLabelText('Expense 1: receipt');
    await waitFor(() => expect(receipt.getAttribute('aria-invalid')).toBe('true'), slow);
    expect(document.getElementById(receipt.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Upload a PDF, JPEG or PNG of at most 10 MB.');
  });

  it('asks for the NDIS support item of an NDIS-funded agreement, for unbooked work in its state’s time', async () => {
    const user = userEvent.setup();
    const api = workerApi({ 'POST /api/timesheets': () => [201, testDraft({ shiftId: null, contractId: TEST_NDIS_CONTRACT_ID, ndisLineItem: 'COMMUNITY_ACCESS', state: 'VIC' })] });
    renderApp('/submit-timesheet');
    await user.selectOptions(await screen.findByLabelText(/^Shift or service agreement/, undefined, slow), `contract:${TEST_NDIS_CONTRACT_ID}`);
    const item = form().getByLabelText(/^NDIS support item/) as HTMLSelectElement;
    expect(item.value).toBe('SELF_CARE');
    expect(within(item).getAllByRole('option').map((option) => option.textContent)).toEqual(['Assistance with self-care (Standard Level 1)', 'Community access (Standard Level 1)']);
    await user.selectOptions(item, 'COMMUNITY_ACCESS');
    change(/^Started \(VIC time\)/, '2026-11-24T10:00');
    change(/^Finished \(VIC time\)/, '2026-11-24T13:00');
    await user.click(form().getByRole('button', { name: 'Save for later' }));
    await screen.findByText('Saved for later.', undefined, slow);
    expect(posted(api)).toMatchObject([{ shiftId: null, contractId: TEST_NDIS_CONTRACT_ID, ndisLineItem: 'COMMUNITY_ACCESS', start: '2026-11-24T10:00', end: '2026-11-24T13:00', submit: false }]);
  });

  it('loads hours sent back with the reason, and submits them again', async () => {
    const user = userEvent.setup();
    const rejected = testJobReport({ status: 'REJECTED', canEdit: true, canDecide: false, rejectionReason: 'The shift ended at 12:00.' });
    const api = workerApi({
      [`GET /api/timesheets/${rejected.id}`]: () => [200, rejected],
      [`PUT /api/timesheets/${rejected.id}`]: () => [200, testJobReport({ canDecide: false })],
    });
    renderApp(`/submit-timesheet?timesheet=${rejected.id}`);
    expect(await screen.findByText('The shift ended at 12:00.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Helen sent these hours back')).toBeTruthy();
    expect(form().queryByLabelText(/^Shift or service agreement/)).toBeNull();
    expect((form().getByLabelText(/^Where you travelled/) as HTMLTextAreaElement).value).toBe('Home to the shops and back');
    expect((form().getByLabelText(/^Expense 1: amount/) as HTMLInputElement).value).toBe('8.50');
    expect(form().getByText('Uploaded: parking.pdf')).toBeTruthy();
    change(/^Finished/, '2026-11-23T12:00');
    await user.click(form().getByRole('button', { name: 'Submit hours' }));
    expect(await screen.findByText('Your hours are submitted.', undefined, slow)).toBeTruthy();
    expect(posted(api, 'PUT', `/api/timesheets/${rejected.id}`)).toMatchObject([
      { shiftId: TEST_SHIFT_ID, contractId: TEST_CONTRACT_ID, end: '2026-11-23T12:00', expenses: [{ description: 'Parking', amountCents: 850, receiptFileId: RECEIPT.fileId }], submit: true },
    ]);
  });

  it('says when hours can no longer be changed, or are not found', async () => {
    workerApi({
      [`GET /api/timesheets/${DRAFT_ID}`]: () => [200, testJobReport({ canDecide: false })],
      'GET /api/timesheets/a1a1a1a1-1111-4111-8111-999999999999': () => [404, { message: 'Not found', code: 'NOT_FOUND' }],
    });
    const view = renderApp(`/submit-timesheet?timesheet=${DRAFT_ID}`);
    expect(await screen.findByText(TIMESHEET_NOT_EDITABLE, undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Hours worked' })).toBeNull();
    view.unmount();
    renderApp('/submit-timesheet?timesheet=a1a1a1a1-1111-4111-8111-999999999999');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('We could not find those hours. They may have been deleted, or they are not yours.');
  });

  it('shows loading, then a failure with Try again; and says when there is nothing to record hours for', async () => {
    const first = deferredReply();
    let calls = 0;
    workerApi({
      'GET /api/timesheets/to-report': () => {
        calls += 1;
        return calls === 1 ? first.reply() : [200, testReportableWork({ shifts: [], contracts: [] })];
      },
    });
    renderApp('/submit-timesheet');
    expect(await screen.findByText('Loading the hours form', undefined, slow)).toBeTruthy();
    first.resolve([500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Something went wrong on our side.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^You have nothing to record hours for/, undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your bookings' }).getAttribute('href')).toBe('/my-bookings');
  });

  it('says when the shift in the address is not waiting for hours', async () => {
    workerApi({});
    renderApp('/submit-timesheet?shift=11111111-1111-4111-8111-999999999999');
    expect(await screen.findByText(/^That shift is not waiting for hours/, undefined, slow)).toBeTruthy();
    expect((form().getByLabelText(/^Shift or service agreement/) as HTMLSelectElement).value).toBe('');
  });

  it('is closed to an inactive worker, who is sent to their dashboard with the reason', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    mockApi({ 'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })] });
    const { router } = renderApp('/submit-timesheet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'), slow);
    expect(await screen.findByText(INACTIVE_PROFILE, undefined, slow)).toBeTruthy();
  });
});
