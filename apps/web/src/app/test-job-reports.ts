import type { Invoice, InvoiceLine, InvoiceSummary } from '@tendly/domain/api/invoices';
import type { Timesheet } from '@tendly/domain/api/timesheets';
import { testCareSeekerPerson, testWorkerPerson } from './test-contracts';

/** A test answer of the job reports API (packages/domain/src/api/timesheets.ts): hours awaiting approval in Sydney, unless overridden. */
export function testJobReport(overrides: Partial<Timesheet> = {}): Timesheet {
  return {
    id: 'a1a1a1a1-1111-4111-8111-111111111111',
    kind: 'SHIFT',
    status: 'SUBMITTED',
    contractId: '33333333-3333-4333-8333-333333333333',
    shiftId: '11111111-1111-4111-8111-111111111111',
    worker: testWorkerPerson(),
    careSeeker: testCareSeekerPerson(),
    clientName: 'Margaret Smith',
    state: 'NSW',
    timeZone: 'Australia/Sydney',
    startLocal: '2026-11-23T09:00',
    endLocal: '2026-11-23T12:30',
    startsAt: '2026-11-22T22:00:00.000Z',
    endsAt: '2026-11-23T01:30:00.000Z',
    breakMinutes: 30,
    workedMinutes: 180,
    travelKm: 12.5,
    travelNote: 'Home to the shops and back',
    expenses: [
      {
        id: 'e1e1e1e1-1111-4111-8111-111111111111',
        description: 'Parking',
        amountCents: 850,
        receipt: { fileId: 'f1f1f1f1-1111-4111-8111-111111111111', fileName: 'parking.pdf', url: '/api/timesheets/a1a1a1a1-1111-4111-8111-111111111111/expenses/e1e1e1e1-1111-4111-8111-111111111111/receipt' },
        paidAsAgent: false,
      },
    ],
    shiftNote: 'Margaret enjoyed the walk to the shops.',
    ndisLineItem: null,
    ndisLevel: null,
    cancellation: null,
    estimate: {
      lines: [
        { kind: 'SERVICE', description: 'Support', date: '2026-11-23', timeBand: 'WEEKDAY_DAYTIME', minutes: 180, quantity: 3, unit: 'H', unitPriceCents: 4550, amountCents: 13650, supportItem: null, flagged: false },
        { kind: 'TRAVEL', description: 'Travel', date: null, timeBand: null, minutes: null, quantity: 12.5, unit: 'KM', unitPriceCents: 95, amountCents: 1188, supportItem: null, flagged: false },
        { kind: 'EXPENSE', description: 'Parking', date: null, timeBand: null, minutes: null, quantity: 1, unit: 'E', unitPriceCents: 850, amountCents: 850, supportItem: null, flagged: false },
      ],
      subtotalCents: 15688,
      gstCents: 0,
      totalCents: 15688,
    },
    priceProblem: null,
    submittedAt: '2026-11-23T02:00:00.000Z',
    autoApproveAt: '2026-11-30T02:00:00.000Z',
    approvalHolds: [],
    decidedAt: null,
    decidedBy: null,
    rejectionReason: null,
    invoiceId: null,
    canEdit: false,
    canDecide: true,
    updatedAt: '2026-11-23T02:00:00.000Z',
    ...overrides,
  };
}

/** A test invoice (invoiceSchema): issued for testJobReport's hours, unless overridden. */
export function testIssuedInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'b2b2b2b2-2222-4222-8222-222222222222',
    number: 'INV-000123',
    kind: 'INVOICE',
    creditNoteFor: null,
    creditedBy: null,
    status: 'ISSUED',
    issuedAt: '2026-11-24T02:00:00.000Z',
    dueDate: '2026-12-01',
    worker: { ...testWorkerPerson(), businessName: null, abn: '51824753556', gstRegistered: false },
    careSeeker: testCareSeekerPerson(),
    clientName: 'Margaret Smith',
    fundingType: 'PRIVATE',
    state: 'NSW',
    contractId: '33333333-3333-4333-8333-333333333333',
    jobReportId: 'a1a1a1a1-1111-4111-8111-111111111111',
    periodStart: '2026-11-23',
    periodEnd: '2026-11-23',
    lines: [],
    subtotalCents: 15688,
    gstCents: 0,
    totalCents: 15688,
    hourlyCents: 13650,
    platformFeeBasisPoints: 900,
    platformFeeCents: 1229,
    workerReceivesCents: 14459,
    hasFlaggedLines: false,
    reason: null,
    ndisClaimed: false,
    ndisClaimedAt: null,
    paidAt: null,
    paymentReference: '1001239',
    participantNdisNumber: null,
    funder: null,
    ...overrides,
  };
}

/** An invoice as a list row (no lines). */
export function testInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  const { lines: _lines, ...summary } = testIssuedInvoice(overrides);
  return summary;
}

/** A line of an invoice (invoiceLineSchema): three weekday daytime hours in Sydney, unless overridden. */
export function testInvoiceLine(overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id: 'd4d4d4d4-4444-4444-8444-444444444444',
    kind: 'SERVICE',
    description: 'Support',
    date: '2026-11-23',
    timeBand: 'WEEKDAY_DAYTIME',
    minutes: 180,
    quantity: 3,
    unit: 'H',
    unitPriceCents: 4550,
    amountCents: 13650,
    gstCode: 'P5',
    gstCents: 0,
    supportItem: null,
    supportItemName: null,
    edition: null,
    priceLimitCents: null,
    capped: false,
    flagged: false,
    claimType: null,
    cancellationReason: null,
    disbursement: false,
    ...overrides,
  };
}

/** testIssuedInvoice with its three lines: the hours, travel and an expense. */
export function testInvoiceWithLines(overrides: Partial<Invoice> = {}): Invoice {
  return testIssuedInvoice({
    lines: [
      testInvoiceLine(),
      testInvoiceLine({ id: 'd4d4d4d4-4444-4444-8444-000000000002', kind: 'TRAVEL', description: 'Travel: Home to the shops and back', date: null, timeBand: null, minutes: null, quantity: 12.5, unit: 'KM', unitPriceCents: 95, amountCents: 1188 }),
      testInvoiceLine({ id: 'd4d4d4d4-4444-4444-8444-000000000003', kind: 'EXPENSE', description: 'Parking', date: null, timeBand: null, minutes: null, quantity: 1, unit: 'E', unitPriceCents: 850, amountCents: 850 }),
    ],
    ...overrides,
  });
}
