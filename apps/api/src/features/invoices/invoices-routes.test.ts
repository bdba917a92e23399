import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { invoiceListSchema, invoiceOverviewSchema, invoiceSchema, platformFeeListSchema, type Invoice } from '@tendly/domain/api/invoices';
import { formatCents } from '@tendly/domain/format';
import { issueInvoiceForTimesheet, type BillingSettings } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet, type ContractOptions } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';
import { fundingDetails } from '../../platform/db/schema/payments';
import { auditEvents } from '../../platform/db/schema/platform';
import { expectAccessiblePdf, namesInManyScripts, readPdf } from '../../test-support/pdf-reading';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';

const { call, db } = useTestApp({ database: { referenceData: true } });
const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };

/** A contract with sessions for both parties. */
async function parties(options: ContractOptions = {}) {
  const contract = await createActiveContract(db(), options);
  return { contract, workerToken: await sessionFor(db(), contract.workerId), careSeekerToken: await sessionFor(db(), contract.careSeekerId) };
}

type ContractRow = Awaited<ReturnType<typeof createActiveContract>>;

async function invoiceFor(contract: ContractRow, times: { start: string; end: string } = { start: '2026-11-03T09:00', end: '2026-11-03T12:30' }, extra: Parameters<typeof createTimesheet>[2] extends infer T ? Partial<T> : never = {}, now = new Date()) {
  const timesheet = await createTimesheet(db(), contract, { ...times, ...extra });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now, settings }));
  return invoiceId;
}

async function getInvoice(token: string, id: string): Promise<Invoice> {
  const response = await call('GET', `/api/invoices/${id}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return invoiceSchema.parse(response.json());
}

async function strangers() {
  const careSeeker = await sessionFor(db(), (await createUser(db())).id);
  const worker = await sessionFor(db(), (await createWorker(db())).id);
  const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
  const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
  return { careSeeker, worker, coordinator, admin };
}

describe('who may see an invoice', () => {
  it('shows it to the worker who issued it and the care seeker it was issued to, and to nobody else', async () => {
    const { contract, workerToken, careSeekerToken } = await parties();
    const id = await invoiceFor(contract);
    expect((await getInvoice(workerToken, id)).number).toBe('INV-000001');
    expect((await getInvoice(careSeekerToken, id)).number).toBe('INV-000001');

    const other = await strangers();
    const routes = [
      ['GET', `/api/invoices/${id}`],
      ['GET', `/api/invoices/${id}/pdf`],
    ] as const;
    for (const [method, url] of routes) {
      // A stranger of the right role is told it does not exist; the wrong role is refused; a visitor is asked to sign in.
      expect((await call(method, url, { token: other.careSeeker })).statusCode).toBe(404);
      expect((await call(method, url, { token: other.worker })).statusCode).toBe(404);
      expect((await call(method, url, { token: other.coordinator })).statusCode).toBe(403);
      expect((await call(method, url, { token: other.admin })).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
    }
    const credit = (token?: string) => call('POST', `/api/invoices/${id}/credit-note`, { ...(token ? { token } : {}), payload: { reason: 'Wrong hours' } });
    expect((await credit(other.worker)).statusCode).toBe(404);
    expect((await credit(other.careSeeker)).statusCode).toBe(403);
    expect((await credit(careSeekerToken)).statusCode).toBe(403);
    expect((await credit(other.coordinator)).statusCode).toBe(403);
    expect((await credit()).statusCode).toBe(401);
    for (const url of ['/api/invoices', '/api/platform-fees']) {
      for (const token of [other.careSeeker, other.worker]) {
        const response = await call('GET', url, { token });
        expect(response.statusCode).toBe(200);
        expect(JSON.stringify(response.json())).not.toContain(id);
      }
      expect((await call('GET', url, { token: other.coordinator })).statusCode).toBe(403);
      expect((await call('GET', url, { token: other.admin })).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/invoices/overview', { token: workerToken })).statusCode).toBe(403);
    expect((await call('GET', '/api/invoices/overview', { token: other.coordinator })).statusCode).toBe(403);
    expect((await call('GET', '/api/invoices/overview')).statusCode).toBe(401);
    expect((await call('GET', '/api/invoices/not-an-id', { token: workerToken })).statusCode).toBe(400);
  });

  it('lets a support coordinator acting for the client see the client’s invoices', async () => {
    const acting = await coordinatorActingForClient(db(), call);
    const { contract } = await parties({ careSeekerId: acting.client.id });
    const id = await invoiceFor(contract);
    expect((await getInvoice(acting.aliasToken, id)).careSeeker.id).toBe(acting.client.id);
    const list = invoiceListSchema.parse((await call('GET', '/api/invoices', { token: acting.aliasToken })).json());
    expect(list.invoices.map((invoice) => invoice.id)).toEqual([id]);
    // Without the alias the coordinator is no party to it.
    expect((await call('GET', `/api/invoices/${id}`, { token: acting.coordinatorToken })).statusCode).toBe(403);
  });
});

describe('GET /api/invoices', () => {
  it('lists each side’s invoices newest first, by status, a page at a time', async () => {
    const { contract, workerToken, careSeekerToken } = await parties();
    const ids = [];
    for (let day = 0; day < 5; day += 1) {
      ids.push(await invoiceFor(contract, { start: `2026-11-0${2 + day}T09:00`, end: `2026-11-0${2 + day}T10:00` }, {}, new Date(Date.UTC(2026, 10, 10, day))));
    }
    await db().update(invoices).set({ status: 'PAID', paidAt: new Date() }).where(eq(invoices.id, ids[0]!));
    const newestFirst = [...ids].reverse();
    for (const token of [workerToken, careSeekerToken]) {
      const first = invoiceListSchema.parse((await call('GET', '/api/invoices?limit=2', { token })).json());
      expect(first.invoices.map((invoice) => invoice.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.allLoaded).toBe(false);
      const second = invoiceListSchema.parse((await call('GET', `/api/invoices?limit=2&before=${encodeURIComponent(first.invoices[1]!.issuedAt)}`, { token })).json());
      expect(second.invoices.map((invoice) => invoice.id)).toEqual(newestFirst.slice(2, 4));
      const last = invoiceListSchema.parse((await call('GET', `/api/invoices?limit=2&before=${encodeURIComponent(second.invoices[1]!.issuedAt)}`, { token })).json());
      expect(last).toMatchObject({ allLoaded: true });
      expect(last.invoices.map((invoice) => invoice.id)).toEqual(newestFirst.slice(4));
    }
    const unpaid = invoiceListSchema.parse((await call('GET', '/api/invoices?status=ISSUED', { token: careSeekerToken })).json());
    expect(unpaid.invoices.map((invoice) => invoice.id)).toEqual(newestFirst.slice(0, 4));
    const paid = invoiceListSchema.parse((await call('GET', '/api/invoices?status=PAID', { token: careSeekerToken })).json());
    expect(paid.invoices.map((invoice) => invoice.id)).toEqual([ids[0]]);
    expect((await call('GET', '/api/invoices?status=LOST', { token: careSeekerToken })).statusCode).toBe(400);
  });

  it('never ends a page inside a millisecond, so invoices issued at once are all listed', async () => {
    const { contract, workerToken } = await parties();
    const at = new Date(Date.UTC(2026, 10, 11));
    const ids = [];
    for (let day = 0; day < 4; day += 1) ids.push(await invoiceFor(contract, { start: `2026-11-0${2 + day}T09:00`, end: `2026-11-0${2 + day}T10:00` }, {}, at));
    const seen = new Set<string>();
    let before: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const list = invoiceListSchema.parse((await call('GET', `/api/invoices?limit=3${before ? `&before=${encodeURIComponent(before)}` : ''}`, { token: workerToken })).json());
      for (const invoice of list.invoices) seen.add(invoice.id);
      if (list.allLoaded) break;
      before = list.invoices.at(-1)!.issuedAt;
    }
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});

describe('POST /api/invoices/{id}/credit-note', () => {
  it('credits an unpaid invoice in full with the worker’s next credit note number, and the invoice becomes CREDITED', async () => {
    const { contract, workerToken, careSeekerToken } = await parties({ gstRegistered: true });
    const first = await invoiceFor(contract);
    const second = await invoiceFor(contract, { start: '2026-11-04T09:00', end: '2026-11-04T10:00' });
    const response = await call('POST', `/api/invoices/${first}/credit-note`, { token: workerToken, payload: { reason: 'The shift ended at noon, not 12:30.' } });
    expect(response.statusCode, response.body).toBe(201);
    const note = invoiceSchema.parse(response.json());
    const invoice = await getInvoice(careSeekerToken, first);
    expect(note).toMatchObject({
      kind: 'CREDIT_NOTE',
      number: 'CN-000001',
      status: 'ISSUED',
      creditNoteFor: { id: first, number: 'INV-000001' },
      reason: 'The shift ended at noon, not 12:30.',
      totalCents: invoice.totalCents,
      gstCents: invoice.gstCents,
      platformFeeCents: invoice.platformFeeCents,
    });
    expect(note.lines.map((line) => line.amountCents)).toEqual(invoice.lines.map((line) => line.amountCents));
    expect(invoice).toMatchObject({ status: 'CREDITED', creditedBy: { id: note.id, number: 'CN-000001' } });
    expect((await getInvoice(careSeekerToken, note.id)).number).toBe('CN-000001');
    const notePdf = await call('GET', `/api/invoices/${note.id}/pdf`, { token: careSeekerToken });
    const { text: noteText } = await extractText(new Uint8Array(notePdf.rawPayload), { mergePages: true });
    expect(noteText).toContain('Credit note CN-000001');
    expect(noteText).toContain('Credits invoice INV-000001 in full. Reason: The shift ended at noon, not 12:30.');
    expect(noteText).toContain(`Total credited ${formatCents(note.totalCents)}`);

    expect((await call('POST', `/api/invoices/${first}/credit-note`, { token: workerToken, payload: { reason: 'Again' } })).json()).toMatchObject({
      message: 'Only an unpaid invoice can be credited: this one is credited.',
    });
    expect((await call('POST', `/api/invoices/${note.id}/credit-note`, { token: workerToken, payload: { reason: 'Again' } })).statusCode).toBe(409);
    await db().update(invoices).set({ status: 'PAID' }).where(eq(invoices.id, second));
    expect((await call('POST', `/api/invoices/${second}/credit-note`, { token: workerToken, payload: { reason: 'Paid' } })).statusCode).toBe(409);
    const third = await invoiceFor(contract, { start: '2026-11-05T09:00', end: '2026-11-05T10:00' });
    const next = await call('POST', `/api/invoices/${third}/credit-note`, { token: workerToken, payload: { reason: 'Duplicate' } });
    expect(invoiceSchema.parse(next.json()).number).toBe('CN-000002');
    expect((await call('POST', `/api/invoices/${third}/credit-note`, { token: workerToken, payload: { reason: '  ' } })).statusCode).toBe(400);

    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, first));
    expect(audit).toMatchObject({ action: 'invoice.credited', actorUserId: contract.workerId });
    const credited = invoiceListSchema.parse((await call('GET', '/api/invoices?status=CREDITED', { token: careSeekerToken })).json());
    expect(credited.invoices.map((entry) => entry.number).sort()).toEqual(['CN-000001', 'CN-000002', 'INV-000001', 'INV-000003']);
  });
});

describe('GET /api/invoices/{id}/pdf', () => {
  it('names both parties, the participant’s NDIS number and plan manager, every line with its amount and GST, and how to pay', async () => {
    const { contract, workerToken, careSeekerToken } = await parties({
      fundingType: 'NDIS_PLAN_MANAGED',
      gstRegistered: true,
      saturdayRateCents: 11000,
      ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }],
    });
    await db()
      .insert(fundingDetails)
      .values({ userId: contract.careSeekerId, ndisNumber: '430123456', planManagerName: 'Clear Plan Managers', planManagerEmail: 'accounts@clearplan.example', planManagerAbn: '12345678901' });
    // Friday evening into Saturday: a weekday evening line and a capped Saturday line.
    const id = await invoiceFor(contract, { start: '2026-11-06T22:00', end: '2026-11-07T02:00' }, { travelTenthKm: 84, travelNote: 'Home visit', expenses: [{ description: 'Pharmacy pickup', amountCents: 1299 }] });
    const invoice = await getInvoice(careSeekerToken, id);
    for (const token of [workerToken, careSeekerToken]) {
      const response = await call('GET', `/api/invoices/${id}/pdf`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
      const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
      // GST-free NDIS supports only: no GST applies, so it is not a tax invoice (ATO, payments-ops.md "Invoices").
      expect(text).toContain('Invoice INV-000001');
      expect(text).not.toContain('Tax invoice');
      expect(text).toContain('Wren Walker');
      expect(text).toContain('ABN: 51824753556');
      expect(text).toContain('Helen Nguyen');
      expect(text).toContain('NDIS participant: Helen Nguyen');
      expect(text).toContain('NDIS number: 430123456');
      expect(text).toContain('Plan manager: Clear Plan Managers, accounts@clearplan.example');
      expect(text).toContain('Plan manager ABN: 12 345 678 901');
      // The platform's account (the test app's demo settings) and the invoice's own reference.
      expect(text).toContain('Account name: Tendly Pty Ltd');
      expect(text).toContain('BSB: 062-000');
      expect(text).toContain('Account number: 10203040');
      expect(invoice.paymentReference).toMatch(/^\d{7,}$/);
      expect(text).toContain(`Payment reference: ${invoice.paymentReference}`);
      expect(text).toContain('01_015_0107_1_1');
      expect(text).toContain('01_013_0107_1_1');
      expect(text).toContain('Capped at the NDIS price limit of $103.54');
      expect(text).toContain('P2: GST-free NDIS support to a participant');
      for (const line of invoice.lines) expect(text).toContain(formatCents(line.amountCents));
      expect(text).toContain(`Total ${formatCents(invoice.totalCents)}`);
      expect(text).toMatch(/is due by \d+ \w+ 20\d\d \(7 days from issue\)/);
    }
    expect(invoice.lines.map((line) => line.kind)).toEqual(['SERVICE', 'SERVICE', 'TRAVEL', 'EXPENSE']);
  });

  it('prints names in Chinese, Vietnamese and Arabic as typed, in an invoice tagged for screen readers', async () => {
    const { chinese, vietnamese, arabic } = namesInManyScripts;
    const worker = await createWorker(db(), { user: { firstName: arabic.firstName, lastName: arabic.lastName } });
    const careSeeker = await createUser(db(), { firstName: vietnamese.firstName, lastName: vietnamese.lastName, state: 'NSW' });
    const { contract, careSeekerToken } = await parties({ workerId: worker.id, careSeekerId: careSeeker.id });
    await db().update(contracts).set({ clientName: chinese.fullName }).where(eq(contracts.id, contract.id));
    const id = await invoiceFor(contract, undefined, { expenses: [{ description: 'Thuốc từ nhà thuốc 药房', amountCents: 1299 }] });
    const response = await call('GET', `/api/invoices/${id}/pdf`, { token: careSeekerToken });
    expect(response.statusCode).toBe(200);
    const reading = await readPdf(response.rawPayload);
    expectAccessiblePdf(reading, 'Invoice INV-000001');
    expect(reading.text).toContain(`Name: ${vietnamese.fullName}`);
    expect(reading.text).toContain(`Support for: ${chinese.fullName}`);
    // A line of the table, in two scripts.
    expect(reading.text).toContain('Thuốc từ nhà thuốc 药房');
    expect(reading.roles).toEqual(expect.arrayContaining(['H2', 'Table', 'TR', 'TH', 'TD']));
    // The worker: Arabic is drawn right to left; its text as typed is what a screen reader reads.
    expect(reading.actualTexts).toContain(arabic.fullName);
  });

  async function pdfTextOf(id: string, token: string): Promise<string> {
    const response = await call('GET', `/api/invoices/${id}/pdf`, { token });
    expect(response.statusCode).toBe(200);
    // A cell's text may wrap within its column (Noto Sans is wider than Helvetica was).
    return (await extractText(new Uint8Array(response.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
  }

  it('calls a registered worker’s taxable invoice a tax invoice, naming the buyer from $1,000', async () => {
    const { contract, careSeekerToken } = await parties({ gstRegistered: true });
    // Under $1,000 (3.5 h): a tax invoice that need not name the buyer as such.
    const small = await pdfTextOf(await invoiceFor(contract), careSeekerToken);
    expect(small).toContain('Tax invoice INV-000001');
    expect(small).toContain('P1: taxable, GST of 10% added');
    expect(small).not.toContain('Buyer:');
    // Monday 2 November, 6 am to 9 pm: 15 hours in three bands, $1,000 or more with GST.
    const bigId = await invoiceFor(contract, { start: '2026-11-02T06:00', end: '2026-11-02T21:00' });
    const big = await getInvoice(careSeekerToken, bigId);
    expect(big.totalCents).toBeGreaterThanOrEqual(100_000);
    const text = await pdfTextOf(bigId, careSeekerToken);
    expect(text).toContain(`Tax invoice ${big.number}`);
    expect(text).toContain('Buyer: Helen Nguyen');
    expect(text).toContain(`Payment reference: ${big.paymentReference}`);
  });

  it('says an unregistered worker’s lines carry no GST because the supplier is not registered, never “out of scope”', async () => {
    const { contract, careSeekerToken } = await parties({ gstRegistered: false });
    const expenses = [
      { description: 'Parking', amountCents: 1550 },
      { description: 'Pharmacy item', amountCents: 2350, paidAsAgent: true },
    ];
    const text = await pdfTextOf(await invoiceFor(contract, undefined, { expenses }), careSeekerToken);
    expect(text).toContain('Invoice INV-000001');
    // Every line of an unregistered supplier is GST-less for that one reason: no disbursement label.
    expect(text).not.toContain('Disbursement');
    expect(text).not.toContain('Tax invoice');
    expect(text).toContain('P5: no GST: supplier not registered');
    expect(text).toContain('GST $0.00 (no GST: supplier not registered)');
    expect(text).not.toMatch(/out of scope/i);
  });

  it('labels a registered worker’s disbursement paid as the client’s agent on the PDF, with no GST (issue 28)', async () => {
    const { contract, careSeekerToken } = await parties({ gstRegistered: true });
    const expenses = [
      { description: 'Parking', amountCents: 1550 },
      { description: 'Pharmacy item', amountCents: 2350, paidAsAgent: true },
    ];
    const text = await pdfTextOf(await invoiceFor(contract, undefined, { expenses }), careSeekerToken);
    expect(text).toContain('Disbursement (paid as your agent): no GST');
    expect(text.match(/Disbursement \(paid as your agent\)/g)).toHaveLength(1);
    expect(text).toContain('P5 $0.00');
    expect(text).toContain('P5: no GST');
  });

  it('tells nobody to transfer money for an agency-managed invoice, which is claimed from the NDIA', async () => {
    const { contract, careSeekerToken } = await parties({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    const text = await pdfTextOf(await invoiceFor(contract), careSeekerToken);
    expect(text).toContain('Tendly claims this invoice from the NDIA. There is nothing to pay by transfer.');
    expect(text).not.toContain('Account number:');
  });
});

describe('GET /api/invoices/overview and /api/platform-fees', () => {
  it('totals the care seeker’s hours awaiting approval, unpaid and paid invoices', async () => {
    const { contract, careSeekerToken } = await parties();
    await createTimesheet(db(), contract, { start: '2026-11-09T09:00', end: '2026-11-09T11:00', status: 'SUBMITTED' });
    await createTimesheet(db(), contract, { start: '2026-11-10T09:00', end: '2026-11-10T10:00', status: 'DRAFT' });
    await invoiceFor(contract);
    const paid = await invoiceFor(contract, { start: '2026-11-04T09:00', end: '2026-11-04T10:00' });
    await db().update(invoices).set({ status: 'PAID' }).where(eq(invoices.id, paid));
    const overview = invoiceOverviewSchema.parse((await call('GET', '/api/invoices/overview', { token: careSeekerToken })).json());
    expect(overview).toEqual({
      awaitingApproval: { count: 1, totalCents: 13000 },
      unpaid: { count: 1, totalCents: 22750 },
      paid: { count: 1, totalCents: 6500 },
    });
  });

  it('lists the fee on each invoice, and the rate', async () => {
    const { contract, workerToken, careSeekerToken } = await parties();
    await invoiceFor(contract, undefined, { travelTenthKm: 100, travelNote: 'To the clinic' });
    for (const token of [workerToken, careSeekerToken]) {
      const fees = platformFeeListSchema.parse((await call('GET', '/api/platform-fees', { token })).json());
      expect(fees).toMatchObject({ basisPoints: 900, allLoaded: true });
      expect(fees.fees).toEqual([expect.objectContaining({ number: 'INV-000001', hourlyCents: 22750, platformFeeCents: 2048, workerName: 'Wren Walker', clientName: 'Helen Nguyen', kind: 'INVOICE' })]);
    }
  });
});
