import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JOB_REPORT_ALREADY_DECIDED, REJECTION_REASON_REQUIRED } from '@tendly/domain/api/timesheets';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testIssuedInvoice, testJobReport } from '../../app/test-job-reports';
import { setUpPageTests } from '../../app/test-page-setup';
import { testReportableWork } from '../../app/test-timesheets';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser, startAliasSession } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./job-reports-page'), import('../timesheets/submit-timesheet-page')]));

const slow = { timeout: 10_000 };
const REPORT_ID = 'a1a1a1a1-1111-4111-8111-111111111111';

function reportsApi(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], ...routes });
}

describe('/unapproved-invoices for the care seeker', { timeout: 30_000 }, () => {
  it('shows a report’s hours, travel, expenses, note, price and auto-approval date, and approves it with a link to the invoice', async () => {
    let approved = false;
    const api = reportsApi('CS', {
      'GET /api/job-reports': (request) => {
        const status = request.query.get('status');
        if (status === 'SUBMITTED') return [200, { timesheets: approved ? [] : [testJobReport()], allLoaded: true }];
        if (status === 'APPROVED' && approved) return [200, { timesheets: [testJobReport({ status: 'APPROVED', canDecide: false, invoiceId: testIssuedInvoice().id })], allLoaded: true }];
        return [200, { timesheets: [], allLoaded: true }];
      },
      [`POST /api/job-reports/${REPORT_ID}/approve`]: () => {
        approved = true;
        return [200, { invoice: testIssuedInvoice() }];
      },
    });
    renderApp('/unapproved-invoices');
    const list = within(await screen.findByRole('list', { name: 'Awaiting approval: hours' }, slow));
    expect(list.getByRole('heading', { name: 'Hours from Sam Carer' })).toBeTruthy();
    expect(list.getByText(/\(NSW time\)$/)).toBeTruthy();
    expect(list.getByText('3 h worked, after an unpaid break of 30 min.')).toBeTruthy();
    expect(list.getByText('Travel: 12.5 km (Home to the shops and back)')).toBeTruthy();
    expect(list.getByRole('button', { name: 'Receipt (parking.pdf)' })).toBeTruthy();
    expect(list.getByText('Margaret enjoyed the walk to the shops.')).toBeTruthy();
    const prices = within(list.getByRole('region', { name: /^Price of the hours on/ }));
    expect(prices.getByText('Support (Weekday daytime)')).toBeTruthy();
    expect(prices.getByText('$136.50')).toBeTruthy();
    expect(list.getByText('Total $156.88')).toBeTruthy();
    expect(list.getByText('Approved automatically on Mon 30 Nov 2026 if nobody decides before then.')).toBeTruthy();
    expect(list.queryByRole('link', { name: 'Fix and resubmit' })).toBeNull();

    fireEvent.click(list.getByRole('button', { name: /^Approve the hours of/ }));
    expect(await screen.findByText('Hours approved. Invoice INV-000123 has been issued.', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe(`/invoice/${testIssuedInvoice().id}`);
    expect(await screen.findByText('No hours are waiting for your approval.', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`/api/job-reports/${REPORT_ID}/approve`]);
  });

  it('says why a report waits for the care seeker and is not approved automatically (issue 29)', async () => {
    const held = testJobReport({
      autoApproveAt: null,
      approvalHolds: [
        { code: 'OVER_BOOKING', message: '3 h 20 min worked, 20 min more than the 3 h booked' },
        { code: 'EXPENSES', message: 'an expense of $8.50 in all, which the service agreement does not cover by itself' },
      ],
    });
    reportsApi('CS', { 'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' ? [held] : [], allLoaded: true }] });
    renderApp('/unapproved-invoices');
    const list = within(await screen.findByRole('list', { name: 'Awaiting approval: hours' }, slow));
    expect(
      list.getByText(
        'Needs your approval: 3 h 20 min worked, 20 min more than the 3 h booked; an expense of $8.50 in all, which the service agreement does not cover by itself. It is not approved automatically.',
      ),
    ).toBeTruthy();
    expect(list.queryByText(/^Approved automatically on/)).toBeNull();
  });

  it('asks for a reason in a dialog that takes focus, and sends the hours back with it', async () => {
    const api = reportsApi('CS', {
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' ? [testJobReport()] : [], allLoaded: true }],
      [`POST /api/job-reports/${REPORT_ID}/reject`]: (request) => [200, testJobReport({ status: 'REJECTED', canDecide: false, rejectionReason: (request.body as { reason: string }).reason })],
    });
    renderApp('/unapproved-invoices');
    fireEvent.click(await screen.findByRole('button', { name: /^Reject the hours of/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject these hours' }));
    const reason = dialog.getByRole('textbox', { name: /What should the worker fix/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(dialog.getByRole('button', { name: 'Reject hours' }));
    expect(await dialog.findByText(REJECTION_REASON_REQUIRED)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.change(reason, { target: { value: '  The shift ended at 12:00, not 12:30.  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject hours' }));
    expect(await screen.findByText('Hours sent back to Sam to fix.', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'The shift ended at 12:00, not 12:30.' });
  });

  it('refreshes with a clear message when someone decided the report first (409)', async () => {
    let decided = false;
    const api = reportsApi('CS', {
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' && !decided ? [testJobReport()] : [], allLoaded: true }],
      [`POST /api/job-reports/${REPORT_ID}/approve`]: () => {
        decided = true;
        return [409, { message: JOB_REPORT_ALREADY_DECIDED, code: 'CONFLICT' }];
      },
    });
    renderApp('/unapproved-invoices');
    fireEvent.click(await screen.findByRole('button', { name: /^Approve the hours of/ }, slow));
    expect(await screen.findByText(`${JOB_REPORT_ALREADY_DECIDED} The list has been refreshed to show where it is now.`, undefined, slow)).toBeTruthy();
    expect(await screen.findByText('No hours are waiting for your approval.', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'GET' && request.path === '/api/job-reports').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the reason when rejecting finds the report already decided, and closes the dialog', async () => {
    reportsApi('CS', {
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' ? [testJobReport()] : [], allLoaded: true }],
      [`POST /api/job-reports/${REPORT_ID}/reject`]: () => [409, { message: JOB_REPORT_ALREADY_DECIDED, code: 'CONFLICT' }],
    });
    renderApp('/unapproved-invoices');
    fireEvent.click(await screen.findByRole('button', { name: /^Reject the hours of/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject these hours' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /What should the worker fix/ }), { target: { value: 'Wrong times' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject hours' }));
    expect(await screen.findByText(new RegExp(`^${JOB_REPORT_ALREADY_DECIDED}`), undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('loads the next page from the last report’s submission time', async () => {
    const first = Array.from({ length: 2 }, (_, index) => testJobReport({ id: `a1a1a1a1-1111-4111-8111-00000000000${index}`, submittedAt: `2026-11-2${3 - index}T02:00:00.000Z` }));
    const api = reportsApi('CS', {
      'GET /api/job-reports': (request) => {
        if (request.query.get('status') !== 'SUBMITTED') return [200, { timesheets: [], allLoaded: true }];
        if (request.query.get('before') === null) return [200, { timesheets: first, allLoaded: false }];
        return [200, { timesheets: [testJobReport({ id: 'a1a1a1a1-1111-4111-8111-000000000009', clientName: 'Older Client' })], allLoaded: true }];
      },
    });
    renderApp('/unapproved-invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, slow));
    expect(await screen.findByText('Client: Older Client', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe('2026-11-22T02:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('/unapproved-invoices for a coordinator acting for a client', { timeout: 30_000 }, () => {
  it('offers the care seeker’s decisions and sends them with the client’s session', async () => {
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Helen Citizen', firstName: 'Helen', email: 'helen@example.com', role: 'CS' });
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CS')],
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' ? [testJobReport()] : [], allLoaded: true }],
      [`POST /api/job-reports/${REPORT_ID}/approve`]: () => [200, { invoice: testIssuedInvoice() }],
    });
    renderApp('/unapproved-invoices');
    expect(await screen.findByRole('heading', { name: 'Hours to approve', level: 1 }, slow)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^Approve the hours of/ }, slow));
    expect(await screen.findByText('Hours approved. Invoice INV-000123 has been issued.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.authToken).toBe('alias-token');
  });
});

describe('/unapproved-invoices for the worker (Job reports)', { timeout: 30_000 }, () => {
  it('offers Fix and resubmit on a rejected report with its reason, and the invoice of an approved one, and no decision buttons', async () => {
    reportsApi('CR', {
      'GET /api/job-reports': (request) => {
        const status = request.query.get('status');
        if (status === 'SUBMITTED') return [200, { timesheets: [testJobReport({ canDecide: false })], allLoaded: true }];
        if (status === 'REJECTED') return [200, { timesheets: [testJobReport({ status: 'REJECTED', canDecide: false, canEdit: true, rejectionReason: 'The shift ended at 12:00.' })], allLoaded: true }];
        return [200, { timesheets: [testJobReport({ status: 'APPROVED', canDecide: false, invoiceId: testIssuedInvoice().id })], allLoaded: true }];
      },
    });
    renderApp('/unapproved-invoices');
    expect(await screen.findByRole('heading', { name: 'Job reports', level: 1 }, slow)).toBeTruthy();
    for (const [name, href] of [['Submit hours', '/submit-timesheet'], ['Saved hours', '/saved-hours'], ['Invoices', '/invoices']]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const waiting = within(await screen.findByRole('list', { name: 'Awaiting approval: hours' }, slow));
    expect(waiting.getByRole('heading', { name: 'Hours for Margaret Smith' })).toBeTruthy();
    expect(waiting.queryByRole('button', { name: /^Approve/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = within(await screen.findByRole('list', { name: 'Rejected: hours' }, slow));
    expect(rejected.getByText('The shift ended at 12:00.')).toBeTruthy();
    expect(rejected.getByRole('link', { name: 'Fix and resubmit' }).getAttribute('href')).toBe(`/submit-timesheet?timesheet=${REPORT_ID}`);
    fireEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    const approved = within(await screen.findByRole('list', { name: 'Approved: hours' }, slow));
    expect(approved.getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe(`/invoice/${testIssuedInvoice().id}`);
  });

  it('opens the hours form from Fix and resubmit, with the hours and why they were sent back', async () => {
    const rejected = testJobReport({ status: 'REJECTED', canDecide: false, canEdit: true, rejectionReason: 'The shift ended at 12:00.' });
    reportsApi('CR', {
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'REJECTED' ? [rejected] : [], allLoaded: true }],
      [`GET /api/timesheets/${REPORT_ID}`]: () => [200, rejected],
      'GET /api/timesheets/to-report': () => [200, testReportableWork({ shifts: [], contracts: [] })],
    });
    const { router } = renderApp('/unapproved-invoices');
    fireEvent.click(await screen.findByRole('tab', { name: 'Rejected' }, slow));
    fireEvent.click(await screen.findByRole('link', { name: 'Fix and resubmit' }, slow));
    const form = within(await screen.findByRole('form', { name: 'Hours worked' }, slow));
    expect(router.state.location.pathname).toBe('/submit-timesheet');
    expect(form.getByText('The shift ended at 12:00.')).toBeTruthy();
    expect((form.getByLabelText(/^Finished \(NSW time\)/) as HTMLInputElement).value).toBe('2026-11-23T12:30');
  });

  it('downloads a receipt with the viewer’s session, and says when it cannot', async () => {
    const created = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const receiptPath = testJobReport().expenses[0]?.receipt?.url ?? '';
    let found = true;
    const api = reportsApi('CR', {
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' ? [testJobReport({ canDecide: false })] : [], allLoaded: true }],
      [`GET ${receiptPath}`]: () => (found ? [200, 'pdf'] : [404, { message: 'That receipt does not exist.', code: 'NOT_FOUND' }]),
    });
    renderApp('/unapproved-invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Receipt (parking.pdf)' }, slow));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(api.requests.find((request) => request.path === receiptPath)?.authToken).toBe('token-cr');
    found = false;
    fireEvent.click(screen.getByRole('button', { name: 'Receipt (parking.pdf)' }));
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('That receipt does not exist.');
  });

  it('says why hours cannot be priced yet', async () => {
    reportsApi('CR', {
      'GET /api/job-reports': (request) => [200, { timesheets: request.query.get('status') === 'SUBMITTED' ? [testJobReport({ canDecide: false, estimate: null, priceProblem: 'The NDIS has no community access support item for weekday night.' })] : [], allLoaded: true }],
    });
    renderApp('/unapproved-invoices');
    expect(await screen.findByText('These hours cannot be priced yet: The NDIS has no community access support item for weekday night.', undefined, slow)).toBeTruthy();
  });
});

describe('/unapproved-invoices?report= (issue 31 item 8: a job report email opens its report)', { timeout: 30_000 }, () => {
  it('shows the care seeker that one report, not the lists, and approves it there', async () => {
    let approved = false;
    const api = reportsApi('CS', {
      [`GET /api/timesheets/${REPORT_ID}`]: () => [200, approved ? testJobReport({ status: 'APPROVED', canDecide: false, invoiceId: testIssuedInvoice().id }) : testJobReport()],
      [`POST /api/job-reports/${REPORT_ID}/approve`]: () => {
        approved = true;
        return [200, { invoice: testIssuedInvoice() }];
      },
    });
    renderApp(`/unapproved-invoices?report=${REPORT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Hours from Sam Carer', level: 2 }, slow)).toBeTruthy();
    expect(screen.getByText('3 h worked, after an unpaid break of 30 min.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('link', { name: 'All hours to approve' }).getAttribute('href')).toBe('/unapproved-invoices');
    fireEvent.click(screen.getByRole('button', { name: /^Approve the hours of/ }));
    expect(await screen.findByText('Hours approved. Invoice INV-000123 has been issued.', undefined, slow)).toBeTruthy();
    // Fetched again after the decision: nothing is left to decide.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Approve the hours of/ })).toBeNull(), slow);
    expect(api.requests.some((request) => request.path === '/api/job-reports')).toBe(false);
  });

  it('shows the worker their report with the way to all of them', async () => {
    reportsApi('CR', { [`GET /api/timesheets/${REPORT_ID}`]: () => [200, testJobReport({ kind: 'CANCELLATION', status: 'REJECTED', canDecide: false, rejectionReason: 'Not short notice.' })] });
    renderApp(`/unapproved-invoices?report=${REPORT_ID}`);
    expect(await screen.findByText('Not short notice.', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All your job reports' }).getAttribute('href')).toBe('/unapproved-invoices');
  });

  it('says so when the report is not theirs or does not exist (404)', async () => {
    reportsApi('CS', { [`GET /api/timesheets/${REPORT_ID}`]: () => [404, { message: 'We could not find those hours.' }] });
    renderApp(`/unapproved-invoices?report=${REPORT_ID}`);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('We could not find that job report. It may not exist, or it is not one of yours.');
    expect(screen.getByRole('link', { name: 'All hours to approve' })).toBeTruthy();
  });
});
