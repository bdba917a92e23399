import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkerDocument, WorkerDocumentKind, WorkerDocumentsResponse } from '@tendly/domain/api/compliance-documents';
import { complianceDocumentKinds, complianceDocumentRule, isDocumentRequired } from '@tendly/domain/compliance';
import { formatLongDate, latestExpiryDate, shiftDate, todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { FILE_MISSING } from './document-dialog';

setUpPageTests(() => import('./worker-documents-page'), { signedInAs: testUser('CR', { profileStatus: 'INACTIVE' } as never) });

const slow = { timeout: 10_000 };
const today = todayInAustralia();

function document(overrides: Partial<WorkerDocument>): WorkerDocument {
  return {
    id: 'doc-1',
    kind: 'POLICE_CHECK',
    label: 'National police check',
    number: 'NPC-1',
    issuingState: null,
    title: null,
    issuedOn: shiftDate(today, -30),
    expiresOn: shiftDate(today, 1000),
    status: 'APPROVED',
    reviewReason: null,
    reviewedAt: null,
    expired: false,
    superseded: false,
    fileName: 'police.pdf',
    contentType: 'application/pdf',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function kindOf(kind: WorkerDocumentKind['kind'], documents: WorkerDocument[], overrides: Partial<WorkerDocumentKind> = {}): WorkerDocumentKind {
  const current = documents.find((item) => !item.superseded) ?? null;
  const approved = documents.find((item) => !item.superseded && item.status === 'APPROVED' && !item.expired) ?? null;
  return {
    kind,
    label: overrides.label ?? complianceDocumentRule(kind).label,
    required: isDocumentRequired(kind, true),
    current,
    approved,
    history: documents,
    ...overrides,
  };
}

function answer(): WorkerDocumentsResponse {
  const byKind: Partial<Record<WorkerDocumentKind['kind'], WorkerDocumentKind>> = {
    POLICE_CHECK: kindOf('POLICE_CHECK', [document({})]),
    NDIS_WORKER_SCREENING: kindOf('NDIS_WORKER_SCREENING', [document({ id: 'doc-2', kind: 'NDIS_WORKER_SCREENING', status: 'PENDING', issuingState: 'NSW' })]),
    WORKING_WITH_CHILDREN: kindOf(
      'WORKING_WITH_CHILDREN',
      [document({ id: 'doc-3', kind: 'WORKING_WITH_CHILDREN', label: 'Blue Card', issuingState: 'QLD', status: 'REJECTED', reviewReason: 'The card number is hidden by your thumb.' })],
      { label: 'Blue Card' },
    ),
    FIRST_AID: kindOf('FIRST_AID', [document({ id: 'doc-4', kind: 'FIRST_AID', expiresOn: shiftDate(today, -3), expired: true, number: null })]),
    DRIVER_LICENCE: kindOf('DRIVER_LICENCE', [document({ id: 'doc-5', kind: 'DRIVER_LICENCE', expiresOn: shiftDate(today, 10), issuingState: 'VIC' })]),
  };
  return {
    workerId: 'user-cr',
    supportsMinors: true,
    homeState: 'QLD',
    kinds: complianceDocumentKinds.map((kind) => byKind[kind] ?? kindOf(kind, [])),
  };
}

function documentsApi(routes: ApiRoutes = {}) {
  return mockApi({
    'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })],
    'GET /api/worker/documents': () => [200, answer()],
    ...routes,
  });
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('checks and documents', { timeout: 30_000 }, () => {
  it('shows every kind with its state, marks the required ones, and is open to an inactive worker', async () => {
    documentsApi();
    renderApp('/care-worker/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checks and documents' }, slow)).toBeTruthy();
    await screen.findByRole('article', { name: 'National police check' }, slow);
    expect(card('National police check').getByText(`Approved until ${formatLongDate(shiftDate(today, 1000))}`)).toBeTruthy();
    expect(card('National police check').getByText('Required')).toBeTruthy();
    expect(card('NDIS Worker Screening clearance').getByText('Waiting for review')).toBeTruthy();
    expect(card('Blue Card').getByText('We could not accept it')).toBeTruthy();
    expect(card('Blue Card').getByText('The card number is hidden by your thumb.')).toBeTruthy();
    expect(card('First aid certificate').getByText(`Expired on ${formatLongDate(shiftDate(today, -3))}`)).toBeTruthy();
    expect(card('First aid certificate').queryByText('Required')).toBeNull();
    expect(card('Driver licence').getByText(`Expires soon: ${formatLongDate(shiftDate(today, 10))}`)).toBeTruthy();
    expect(card('CPR certificate').getByText('Not added yet')).toBeTruthy();
    expect(card('CPR certificate').getByRole('button', { name: 'Add your CPR certificate' })).toBeTruthy();
    expect(card('National police check').getByRole('button', { name: 'Renew your National police check' })).toBeTruthy();
  });

  it('offers no Renew for a document waiting for review, only its status; Renew for approved, expiring and expired ones (issue 31, item 10d)', async () => {
    const renewalWaiting = [
      document({ id: 'doc-6', kind: 'CPR', number: null, superseded: false, status: 'PENDING', createdAt: '2026-02-01T00:00:00.000Z' }),
      document({ id: 'doc-7', kind: 'CPR', number: null, superseded: false }),
    ];
    documentsApi({
      'GET /api/worker/documents': () => {
        const base = answer();
        const cpr: WorkerDocumentKind = { ...kindOf('CPR', renewalWaiting), current: renewalWaiting[0] ?? null, approved: renewalWaiting[1] ?? null };
        return [200, { ...base, kinds: base.kinds.map((kind) => (kind.kind === 'CPR' ? cpr : kind)) }];
      },
    });
    renderApp('/care-worker/documents');
    await screen.findByRole('article', { name: 'NDIS Worker Screening clearance' }, slow);
    const waiting = card('NDIS Worker Screening clearance');
    expect(waiting.getByText('Waiting for review')).toBeTruthy();
    expect(waiting.queryByRole('button', { name: /Renew/ })).toBeNull();
    expect(waiting.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(waiting.getByRole('button', { name: 'Remove your NDIS Worker Screening clearance' })).toBeTruthy();
    // An approved certificate whose renewal waits for review: its status, and no second renewal.
    expect(card('CPR certificate').getByText('Your renewal is waiting for review.')).toBeTruthy();
    expect(card('CPR certificate').queryByRole('button', { name: /Renew/ })).toBeNull();
    expect(card('National police check').getByRole('button', { name: 'Renew your National police check' })).toBeTruthy();
    expect(card('Driver licence').getByRole('button', { name: 'Renew your Driver licence' })).toBeTruthy();
    expect(card('First aid certificate').getByRole('button', { name: 'Renew your First aid certificate' })).toBeTruthy();
    expect(card('Blue Card').getByRole('button', { name: 'Add your Blue Card' })).toBeTruthy();
  });

  it('adds a document in a dialog: checks it first, shows the API’s message on its field, then says it is waiting for review', async () => {
    let attempts = 0;
    const api = documentsApi({
      'POST /api/worker/documents': () => {
        attempts += 1;
        return attempts === 1
          ? [400, { message: 'A CPR certificate lasts 1 year.', code: 'VALIDATION', errors: { expiresOn: 'A cpr certificate lasts 1 year from its issue date.' } }]
          : [201, document({ id: 'doc-9', kind: 'CPR', status: 'PENDING', number: null })];
      },
    });
    renderApp('/care-worker/documents');
    const add = await screen.findByRole('button', { name: 'Add your CPR certificate' }, slow);
    await userEvent.click(add);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add: CPR certificate' }));
    await waitFor(() => expect(document_().activeElement).toBe(dialog.getByLabelText('Date issued')));

    await userEvent.click(dialog.getByRole('button', { name: 'Upload for review' }));
    const summary = await dialog.findByRole('alert');
    await waitFor(() => expect(document_().activeElement).toBe(summary));
    expect(summary.textContent).toContain('Enter the date it was issued.');
    expect(summary.textContent).toContain(FILE_MISSING);
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(dialog.getByLabelText('Date issued'), shiftDate(today, -10));
    // A CPR certificate lasts a year: the expiry date starts there, and the worker can change it.
    const expiry = dialog.getByLabelText('Expiry date') as HTMLInputElement;
    expect(expiry.value).toBe(latestExpiryDate('CPR', shiftDate(today, -10)));
    expect(dialog.getByText(/so we filled that in: change it if yours says otherwise/)).toBeTruthy();
    await userEvent.clear(expiry);
    await userEvent.type(expiry, shiftDate(today, 300));
    await userEvent.upload(dialog.getByLabelText('File of the document'), new File(['%PDF-1.4'], 'cpr.pdf', { type: 'application/pdf' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload for review' }));
    // In the summary at the top, and on the field itself.
    expect(await dialog.findAllByText('A cpr certificate lasts 1 year from its issue date.', {}, slow)).toHaveLength(2);
    expect(dialog.getByLabelText('Expiry date').getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(dialog.getByRole('button', { name: 'Upload for review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((status) => status.textContent === 'Thank you. Your CPR certificate is uploaded and waiting for review.')).toBe(true),
    );
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.authToken)).toEqual(['token-cr', 'token-cr']);
  });

  it('starts the issuing state of a state check at the worker’s own state, and leaves it to them to change', async () => {
    // No clearance yet: the worker adds their first.
    const withoutClearance = { ...answer(), kinds: answer().kinds.map((kind) => (kind.kind === 'NDIS_WORKER_SCREENING' ? kindOf('NDIS_WORKER_SCREENING', []) : kind)) };
    documentsApi({ 'GET /api/worker/documents': () => [200, withoutClearance] });
    renderApp('/care-worker/documents');
    await userEvent.click(await screen.findByRole('button', { name: 'Add your NDIS Worker Screening clearance' }, slow));
    const dialog = within(await screen.findByRole('dialog'));
    const state = dialog.getByLabelText('State or territory that issued it') as HTMLSelectElement;
    expect(state.value).toBe('QLD');
    await userEvent.selectOptions(state, 'NSW');
    expect(state.value).toBe('NSW');
  });

  it('offers the working-with-children check by each state’s name', async () => {
    documentsApi();
    renderApp('/care-worker/documents');
    await userEvent.click(await screen.findByRole('button', { name: 'Add your Blue Card' }, slow));
    const dialog = within(await screen.findByRole('dialog'));
    const select = dialog.getByLabelText('State or territory that issued it');
    expect(within(select).getByRole('option', { name: 'Queensland: Blue Card' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Northern Territory: Ochre Card' })).toBeTruthy();
  });

  it('opens the worker’s own file with their sign-in, and removes a document waiting for review', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    const api = documentsApi({
      'GET /api/worker/documents/doc-1/file': () => [200, {}],
      'DELETE /api/worker/documents/doc-2': () => [204, undefined],
    });
    renderApp('/care-worker/documents');
    await userEvent.click(await screen.findByRole('button', { name: 'Open file of your National police check' }, slow));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:file', '_blank', 'noopener'));
    expect(api.requests.find((request) => request.path === '/api/worker/documents/doc-1/file')?.authToken).toBe('token-cr');

    await userEvent.click(card('NDIS Worker Screening clearance').getByRole('button', { name: 'Remove your NDIS Worker Screening clearance' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE' && request.path === '/api/worker/documents/doc-2')).toBe(true));
  });
});

function document_(): Document {
  return globalThis.document;
}
