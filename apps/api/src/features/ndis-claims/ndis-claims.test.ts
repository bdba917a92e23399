import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimResultSummarySchema, claimsOverviewSchema, claimBatchSchema } from '@tendly/domain/api/payments';
import { NDIA_CLAIM_COLUMNS, NOT_A_RESULT_FILE_MESSAGE, parseCsv } from '@tendly/domain/payments/ndia-claims';
import { z } from 'zod';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet, type ContractOptions } from '../../platform/billing/test-billing';
import { users } from '../../platform/db/schema/accounts';
import { invoices } from '../../platform/db/schema/billing';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { fundingDetails, ndisClaimLines, payments, payoutItems } from '../../platform/db/schema/payments';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { balanceOf } from '../../platform/ledger/ledger';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { multipartBody } from '../../test-support/multipart';
import { createUser, createWorker, requester, sessionFor } from '../auth/test-factories';
import { exportClaims, NO_NDIS_NUMBER_REASON } from './ndis-claims-service';

let subject: TestApp;
let call: ReturnType<typeof requester>;
let admin: string;
const db = () => subject.database.db;
const exportSchema = z.object({ batches: z.array(claimBatchSchema) });

beforeAll(async () => {
  subject = await createTestApp({ database: { referenceData: true } });
  call = requester(subject.app);
  admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
});

afterAll(async () => {
  await subject?.close();
});

const agencyManaged: ContractOptions = {
  fundingType: 'NDIS_AGENCY_MANAGED',
  gstRegistered: false,
  ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }],
};

/** An issued agency-managed invoice; `ndisNumber: null` leaves the participant without one. */
async function agencyInvoice(start: string, end: string, ndisNumber: string | null = '430123456', options: ContractOptions = agencyManaged) {
  const contract = await createActiveContract(db(), options);
  if (ndisNumber) await db().insert(fundingDetails).values({ userId: contract.careSeekerId, ndisNumber }).onConflictDoNothing();
  const timesheet = await createTimesheet(db(), contract, { start, end });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice!;
}

function resultFile(request: string, outcome: (reference: string, index: number) => { status: string; error?: string; paid?: string }): string {
  const [header, ...rows] = parseCsv(request);
  const reference = header!.indexOf('ClaimReference');
  const lines = [[...header!, 'PaymentRequestNumber', 'PaymentRequestStatus', 'ErrorMessage', 'PaidTotalAmount'].join(',')];
  rows.forEach((row, index) => {
    const answer = outcome(row[reference]!, index);
    lines.push([...row, `PR${1000 + index}`, answer.status, answer.error ? `"${answer.error}"` : '', answer.paid ?? ''].join(','));
  });
  return lines.join('\r\n') + '\r\n';
}

async function overview() {
  const response = await call('GET', '/api/admin/ndis-claims', { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return claimsOverviewSchema.parse(response.json());
}

describe('NDIA claims', () => {
  it('exports approved agency-managed invoices, pays invoices whose lines are paid, lists rejected lines and claims them again', async () => {
    // Friday 6 pm to 10 pm: two lines (daytime and evening items); Tuesday morning: one line.
    const twoLines = await agencyInvoice('2026-11-06T18:00', '2026-11-06T22:00');
    const oneLine = await agencyInvoice('2026-11-10T09:00', '2026-11-10T12:30');
    const noNumber = await agencyInvoice('2026-11-11T09:00', '2026-11-11T11:00', null);
    const privateInvoice = await agencyInvoice('2026-11-12T09:00', '2026-11-12T11:00', '430999999', { fundingType: 'PRIVATE' });

    const before = await overview();
    expect(before.unclaimed).toEqual({ invoiceCount: 2, lineCount: 3, totalCents: twoLines.totalCents + oneLine.totalCents });
    expect(before.skipped).toEqual([{ invoiceId: noNumber.id, invoiceNumber: 'INV-000001', clientName: noNumber.clientName, reason: NO_NDIS_NUMBER_REASON }]);

    const exported = await call('POST', '/api/admin/ndis-claims', { token: admin });
    expect(exported.statusCode, exported.body).toBe(201);
    const [batch] = exportSchema.parse(exported.json()).batches;
    expect(batch).toMatchObject({ rowCount: 3, totalCents: twoLines.totalCents + oneLine.totalCents, paidCount: 0, rejectedCount: 0, resultUploadedAt: null });
    expect(batch!.fileName).toMatch(/^TDL\d{6}0001\.csv$/);
    expect(batch!.fileName.length).toBeLessThanOrEqual(20);

    // Exporting marks the invoices claimed; the others are left alone.
    const marked = await db().select().from(invoices).where(inArray(invoices.id, [twoLines.id, oneLine.id, noNumber.id, privateInvoice.id]));
    const claimed = Object.fromEntries(marked.map((invoice) => [invoice.id, invoice.ndisClaimed]));
    expect(claimed).toEqual({ [twoLines.id]: true, [oneLine.id]: true, [noNumber.id]: false, [privateInvoice.id]: false });
    expect(marked.find((invoice) => invoice.id === twoLines.id)!.ndisClaimedAt).toBeInstanceOf(Date);

    // The file: the NDIA's header in order, one row per line, hours in Hours, GST code P2.
    const file = await call('GET', `/api/admin/ndis-claims/${batch!.id}/file`, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${batch!.fileName}"`);
    expect(file.body.split('\r\n')[0]).toBe(NDIA_CLAIM_COLUMNS.join(','));
    const rows = parseCsv(file.body).slice(1).map((row) => Object.fromEntries(NDIA_CLAIM_COLUMNS.map((name, index) => [name, row[index]])));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ RegistrationNumber: '4050012345', NDISNumber: '430123456', SupportsDeliveredFrom: '2026-11-06', SupportsDeliveredTo: '2026-11-06', SupportNumber: '01_011_0107_1_1', Quantity: '', Hours: '2', UnitPrice: '70.00', GSTCode: 'P2', ClaimType: '', 'ABN of Support Provider': '51824753556' });
    expect(rows.map((row) => row.SupportNumber)).toEqual(['01_011_0107_1_1', '01_015_0107_1_1', '01_011_0107_1_1']);
    expect(rows[2]).toMatchObject({ Hours: '3.5', SupportsDeliveredFrom: '2026-11-10' });
    for (const row of rows) expect(row.ClaimReference).toMatch(/^[A-Za-z0-9/_-]{1,50}$/);

    // The NDIA pays the two-line invoice and rejects the other.
    const result = resultFile(file.body, (_reference, index) => (index < 2 ? { status: 'SUCCESSFUL', paid: '140.00' } : { status: 'ERROR', error: 'Participant plan has insufficient funds, please check' }));
    const { payload, headers } = multipartBody({}, { bytes: Buffer.from(result), filename: 'result.csv', contentType: 'text/csv' });
    const uploaded = await call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(claimResultSummarySchema.parse(uploaded.json())).toEqual({ paidLines: 2, rejectedLines: 1, invoicesPaid: 1 });
    const [paid] = await db().select().from(invoices).where(eq(invoices.id, twoLines.id));
    expect(paid).toMatchObject({ status: 'PAID' });
    expect(await db().select({ channel: payments.channel, status: payments.status, amountCents: payments.amountCents }).from(payments).where(eq(payments.invoiceId, twoLines.id))).toEqual([
      { channel: 'NDIA', status: 'SUCCEEDED', amountCents: twoLines.totalCents },
    ]);
    expect(await balanceOf(db(), 'NDIA_RECEIVABLE', { invoiceId: twoLines.id })).toBe(0);
    expect(await balanceOf(db(), 'NDIA_RECEIVABLE', { invoiceId: oneLine.id })).toBe(oneLine.totalCents);
    expect((await db().select().from(invoices).where(eq(invoices.id, oneLine.id)))[0]).toMatchObject({ status: 'ISSUED', ndisClaimed: true });
    expect((await checkLedger(db())).problems).toEqual([]);

    // The rejected line is listed with the NDIA's reason, and waits to be claimed again.
    const afterResult = await overview();
    expect(afterResult.rejections).toEqual([expect.objectContaining({ invoiceId: oneLine.id, invoiceNumber: 'INV-000001', supportItem: '01_011_0107_1_1', amountCents: oneLine.totalCents, reason: 'Participant plan has insufficient funds, please check' })]);
    expect(afterResult.unclaimed).toEqual({ invoiceCount: 1, lineCount: 1, totalCents: oneLine.totalCents });
    expect(afterResult.batches[0]).toMatchObject({ id: batch!.id, paidCount: 2, rejectedCount: 1, resultUploadedAt: expect.any(String) });

    // The same result again changes nothing.
    const again = await call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, payload: result, headers: { 'content-type': 'text/csv' } });
    expect(claimResultSummarySchema.parse(again.json())).toEqual({ paidLines: 0, rejectedLines: 0, invoicesPaid: 0 });

    // A later export claims the rejected line again, under a new reference, in the day's next file.
    const second = exportSchema.parse((await call('POST', '/api/admin/ndis-claims', { token: admin })).json()).batches;
    expect(second).toHaveLength(1);
    expect(second[0]!.fileName).toBe(batch!.fileName.replace('0001.csv', '0002.csv'));
    const secondFile = (await call('GET', `/api/admin/ndis-claims/${second[0]!.id}/file`, { token: admin })).body;
    const secondRows = parseCsv(secondFile).slice(1);
    expect(secondRows).toHaveLength(1);
    const [firstClaim] = await db().select().from(ndisClaimLines).where(eq(ndisClaimLines.invoiceId, oneLine.id));
    expect(secondRows[0]![5]).toBe(firstClaim!.claimReference.replace(/-1$/, '-2'));
    const paidNow = await call('POST', `/api/admin/ndis-claims/${second[0]!.id}/result`, { token: admin, payload: resultFile(secondFile, () => ({ status: 'PAID' })), headers: { 'content-type': 'text/csv' } });
    expect(claimResultSummarySchema.parse(paidNow.json())).toEqual({ paidLines: 1, rejectedLines: 0, invoicesPaid: 1 });
    expect((await overview()).rejections).toEqual([]);
    expect((await checkLedger(db())).problems).toEqual([]);

    // Nothing left to claim.
    expect((await call('POST', '/api/admin/ndis-claims', { token: admin })).statusCode).toBe(400);

    // The NDIA's money pays the workers: the payout run sends each their total less the fee.
    for (const invoice of [twoLines, oneLine]) {
      await db().update(workerTaxDetails).set({ accountNumberEncrypted: await subject.app.fieldCipher.encrypt('11223344') }).where(eq(workerTaxDetails.workerId, invoice.workerId));
    }
    const run = await call('POST', '/api/admin/payout-runs', { token: admin });
    expect(run.statusCode, run.body).toBe(200);
    const items = await db().select().from(payoutItems).where(inArray(payoutItems.invoiceId, [twoLines.id, oneLine.id]));
    expect(items.map((item) => item.amountCents).sort()).toEqual([twoLines.totalCents - twoLines.platformFeeCents, oneLine.totalCents - oneLine.platformFeeCents].sort());
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('refuses a file that is not a result file, or names claims of another file', async () => {
    await agencyInvoice('2026-11-17T09:00', '2026-11-17T11:00');
    const [batch] = exportSchema.parse((await call('POST', '/api/admin/ndis-claims', { token: admin })).json()).batches;
    const request = (await call('GET', `/api/admin/ndis-claims/${batch!.id}/file`, { token: admin })).body;
    const upload = (payload: string | Buffer) => call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, payload, headers: { 'content-type': 'text/csv' } });

    const notResult = await upload(request);
    expect(notResult.statusCode).toBe(400);
    expect(notResult.json()).toMatchObject({ message: NOT_A_RESULT_FILE_MESSAGE, errors: { file: NOT_A_RESULT_FILE_MESSAGE } });
    const stranger = await upload('ClaimReference,PaymentRequestStatus\r\nsomeone-else-1,PAID\r\n');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ message: expect.stringContaining('someone-else-1') });
    expect((await upload('ClaimReference,PaymentRequestStatus\r\nR\u0000,PAID\r\n')).statusCode).toBe(400);
    const missing = multipartBody({ note: 'no file' });
    expect((await call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, ...missing })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/ndis-claims/${crypto.randomUUID()}/result`, { token: admin, payload: 'ClaimReference,PaymentRequestStatus\r\n', headers: { 'content-type': 'text/csv' } })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/ndis-claims/${crypto.randomUUID()}/file`, { token: admin })).statusCode).toBe(404);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('splits an export into files of at most the row limit, named in sequence for the day', async () => {
    const invoicesToClaim = [await agencyInvoice('2026-11-20T18:00', '2026-11-20T22:00'), await agencyInvoice('2026-11-24T09:00', '2026-11-24T10:00')];
    const [adminRow] = await db().select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
    const { batches } = await exportClaims({ db: db(), fileStore: subject.app.fileStore, config: subject.config, maxRowsPerFile: 2 }, adminRow!.id, new Date('2027-03-01T01:00:00Z'));
    expect(batches.map((batch) => [batch.fileName, batch.rowCount]).sort()).toEqual([
      ['TDL2703010001.csv', 2],
      ['TDL2703010002.csv', 1],
    ]);
    for (const batch of batches) {
      const body = (await call('GET', `/api/admin/ndis-claims/${batch.id}/file`, { token: admin })).body;
      expect(body.split('\r\n')[0]).toBe(NDIA_CLAIM_COLUMNS.join(','));
      expect(parseCsv(body).slice(1)).toHaveLength(batch.rowCount);
    }
    const claimedLines = await db().select().from(ndisClaimLines).where(inArray(ndisClaimLines.invoiceId, invoicesToClaim.map((invoice) => invoice.id)));
    expect(claimedLines).toHaveLength(3);
  });

  it('is for administrators only', async () => {
    const worker = await sessionFor(db(), (await createWorker(db())).id);
    const careSeeker = await sessionFor(db(), (await createUser(db())).id);
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/api/admin/ndis-claims'],
      ['POST', '/api/admin/ndis-claims'],
      ['GET', `/api/admin/ndis-claims/${id}/file`],
      ['POST', `/api/admin/ndis-claims/${id}/result`],
    ] as const) {
      expect((await call(method, url, { token: worker })).statusCode).toBe(403);
      expect((await call(method, url, { token: careSeeker })).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });
});
