import { and, eq, inArray, like } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_NUMBER_TOO_LONG_REASON,
  LODGEMENT_REFERENCE_CHECK_MESSAGE,
  NO_ABN_REASON,
  NO_BANK_DETAILS_REASON,
  PAYOUT_RETURNED_REASON,
  payoutBatchSchema,
  payoutRunListSchema,
  payoutRunSchema,
  payoutStatusSchema,
  remittanceListSchema,
  remittanceSchema,
  returnedPayoutSchema,
} from '@tendly/domain/api/payments';
import { parseAbaFile } from '@tendly/domain/payments/aba';
import { formatLodgementReference } from '@tendly/domain/payments/lodgement-reference';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createPaidInvoice, createTimesheet, giveWorkerBankDetails, type BankDetailsOptions } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { ledgerEntries, ledgerJournals, payoutBatches, payoutHolds, payoutItems, payoutRuns, payouts } from '../../platform/db/schema/payments';
import { auditEvents, backgroundJobs, mailOutbox, storedFiles } from '../../platform/db/schema/platform';
import { uuidFromKey } from '../../platform/jobs/job-queue';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { balanceOf } from '../../platform/ledger/ledger';
import { expectAccessiblePdf, namesInManyScripts, readPdf } from '../../test-support/pdf-reading';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { nextPayoutRunAt, payoutRunAt, runPayouts, type PayoutContext } from './payout-run';
import { PAYOUT_RUN_JOB, schedulePayoutRun } from './payout-run-job';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let ctx: PayoutContext;

beforeAll(async () => {
  ctx = { db: db(), fileStore: subject.app.fileStore, fieldCipher: subject.app.fieldCipher, config: subject.config };
});

/** Tax and super with a real (encrypted) account number; `abn: ''` for a worker without one. */
const giveBankDetails = (workerId: string, options: BankDetailsOptions = {}) => giveWorkerBankDetails(db(), subject.app.fieldCipher, workerId, options);
const paidInvoice = (workerId: string, day = 3) => createPaidInvoice(db(), workerId, day);

async function expectLedgerBalanced() {
  expect((await checkLedger(db())).problems).toEqual([]);
}

describe('the payout run', () => {
  it('pays each worker their paid invoices less the fees, holds those without bank details or ABN, and balances the ledger', async () => {
    const ana = await createWorker(db(), { user: { firstName: 'Ana', lastName: 'Lee' } });
    const bo = await createWorker(db(), { user: { firstName: 'Bo', lastName: 'Ng' } });
    const cy = await createWorker(db(), { user: { firstName: 'Cy', lastName: 'Park' } });
    await giveBankDetails(ana.id, { accountNumber: '987654321' });
    await giveBankDetails(cy.id, { abn: '' });
    const anaInvoices = [await paidInvoice(ana.id, 3), await paidInvoice(ana.id, 4)];
    const boInvoice = await paidInvoice(bo.id, 5);
    await paidInvoice(cy.id, 6);

    const outcome = await runPayouts(ctx, { runDate: '2026-11-27' });
    expect(outcome).toMatchObject({ paid: 1, held: 2 });
    const gross = anaInvoices.reduce((sum, invoice) => sum + invoice.totalCents, 0);
    const fees = anaInvoices.reduce((sum, invoice) => sum + invoice.platformFeeCents, 0);
    expect(outcome.run).toMatchObject({ runDate: '2026-11-27', payoutCount: 1, totalCents: gross - fees, hasFile: true });

    const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, ana.id));
    expect(payout).toMatchObject({ grossCents: gross, feeCents: fees, amountCents: gross - fees, remittanceNumber: 1, bsb: '033-001', accountLast3: '321', status: 'SENT' });
    const items = await db().select().from(payoutItems).where(eq(payoutItems.payoutId, payout!.id));
    expect(items.map((item) => item.invoiceId).sort()).toEqual(anaInvoices.map((invoice) => invoice.id).sort());

    // The journal: Dr WORKER_PAYABLE per invoice (the worker, the invoice), Cr BANK.
    const [journal] = await db().select().from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, `payout-sent:${payout!.id}`));
    expect(journal).toMatchObject({ kind: 'PAYOUT_SENT', memo: `${formatLodgementReference(payout!.lodgementNumber)} REM-000001` });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.journalId, journal!.id));
    expect(entries.filter((entry) => entry.account === 'WORKER_PAYABLE').map((entry) => [entry.partyId, entry.invoiceId, entry.amountCents]).sort()).toEqual(
      anaInvoices.map((invoice) => [ana.id, invoice.id, invoice.totalCents - invoice.platformFeeCents]).sort(),
    );
    expect(entries.filter((entry) => entry.account === 'BANK').map((entry) => entry.amountCents)).toEqual([-(gross - fees)]);
    expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: ana.id })).toBe(0);
    expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: bo.id })).toBe(-(boInvoice.totalCents - boInvoice.platformFeeCents));
    await expectLedgerBalanced();

    // Held, with the reasons the worker reads.
    const holds = await db().select().from(payoutHolds).where(inArray(payoutHolds.workerId, [bo.id, cy.id]));
    expect(Object.fromEntries(holds.map((hold) => [hold.workerId, hold.reason]))).toEqual({ [bo.id]: `${NO_BANK_DETAILS_REASON} ${NO_ABN_REASON}`, [cy.id]: NO_ABN_REASON });

    // The remittance email carries the PDF.
    await subject.drainJobs();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, ana.email));
    expect(mail).toMatchObject({ subject: expect.stringContaining('Remittance REM-000001') });
    expect(mail!.attachments).toEqual([{ fileName: 'REM-000001.pdf', contentType: 'application/pdf', storageKey: expect.stringMatching(/^remittances\//) }]);
    const attached = mail!.attachments![0]!;
    const pdf = await subject.app.fileStore.get('storageKey' in attached ? attached.storageKey : '');
    const { text } = await extractText(new Uint8Array(pdf!), { mergePages: true });
    expect(text).toContain('Remittance REM-000001');
    for (const invoice of anaInvoices) expect(text).toContain(`INV-${String(invoice.number).padStart(6, '0')}`);
    // Issue 17: the payout is in Ana's notification centre too, linking to her remittances.
    const anaNotes = await call('GET', '/api/notifications', { token: await sessionFor(db(), ana.id) });
    expect((anaNotes.json() as { notifications: unknown[] }).notifications[0]).toMatchObject({ kind: 'PAYOUT_SENT', link: '/paid-invoices', body: expect.stringContaining('Remittance REM-000001') });

    // Running again the same day pays nothing twice.
    expect(await runPayouts(ctx, { runDate: '2026-11-27' })).toMatchObject({ paid: 0, held: 2 });
    expect(await db().select().from(payouts).where(eq(payouts.workerId, ana.id))).toHaveLength(1);

    // Bo adds bank details: the next day's run pays him and lifts the hold.
    await giveBankDetails(bo.id);
    expect(await runPayouts(ctx, { runDate: '2026-11-28' })).toMatchObject({ paid: 1, held: 1 });
    expect(await db().select().from(payoutHolds).where(eq(payoutHolds.workerId, bo.id))).toEqual([]);
    await expectLedgerBalanced();
  });

  it('writes the run’s ABA file: a credit per worker, the balancing debit, and totals that add up', async () => {
    const workers = await Promise.all([1, 2, 3].map(() => createWorker(db())));
    for (const [index, worker] of workers.entries()) {
      await giveBankDetails(worker.id, { accountNumber: `1000000${index}` });
      await paidInvoice(worker.id, 10 + index);
    }
    const { run } = await runPayouts(ctx, { runDate: '2026-12-01' });
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.runId, run.id));
    const response = await call('GET', `/api/admin/payout-batches/${batch!.id}/aba`, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="payouts-2026-12-01-${String(batch!.number).padStart(6, '0')}.aba"`);
    const file = parseAbaFile(response.body);
    expect(file.header).toMatchObject({ bankCode: 'CBA', userId: '301500', description: 'PAYOUTS', processingDate: '011226' });
    const credits = file.details.filter((detail) => detail.transactionCode === '50');
    expect(credits).toHaveLength(3);
    const runPayouts_ = await db().select().from(payouts).where(eq(payouts.runId, run.id));
    expect(credits.map((detail) => detail.amountCents).sort()).toEqual(runPayouts_.map((payout) => payout.amountCents).sort());
    expect(credits.map((detail) => detail.accountNumber).sort()).toEqual(['10000000', '10000001', '10000002']);
    expect(credits.every((detail) => detail.bsb === '033-001' && detail.traceBsb === '062-000')).toBe(true);
    // Each credit's lodgement reference is its payout's own, unique across the platform.
    expect(credits.map((detail) => detail.lodgementReference).sort()).toEqual(runPayouts_.map((payout) => formatLodgementReference(payout.lodgementNumber)).sort());
    expect(file.details.at(-1)).toMatchObject({ transactionCode: '13', bsb: '062-000', accountNumber: '10203040', amountCents: run.totalCents });
    expect(file.total).toEqual({ netCents: 0, creditCents: run.totalCents, debitCents: run.totalCents, count: 4 });
    for (const line of response.body.split('\r\n').slice(0, -1)) expect(line).toHaveLength(120);
  });

  it('pays each invoice once when 20 runs start at the same time', { tags: ['drivers'] }, async () => {
    const workers = await Promise.all(Array.from({ length: 4 }, () => createWorker(db())));
    const paid: string[] = [];
    for (const worker of workers) {
      await giveBankDetails(worker.id);
      for (const day of [13, 14, 15]) paid.push((await paidInvoice(worker.id, day)).id);
    }
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => runPayouts(ctx, { runDate: '2026-12-02' })));
    expect(outcomes.reduce((sum, outcome) => sum + outcome.paid, 0)).toBe(4);
    const items = await db().select().from(payoutItems).where(inArray(payoutItems.invoiceId, paid));
    expect(items).toHaveLength(12);
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.runDate, '2026-12-02'));
    expect(await db().select().from(payouts).where(eq(payouts.runId, run!.id))).toHaveLength(4);
    expect(run).toMatchObject({ payoutCount: 4 });
    const journals = await db().select().from(ledgerJournals).where(eq(ledgerJournals.kind, 'PAYOUT_SENT'));
    const inRun = await db().select({ id: payouts.id }).from(payouts).where(eq(payouts.runId, run!.id));
    expect(journals.filter((journal) => inRun.some((payout) => journal.idempotencyKey === `payout-sent:${payout.id}`))).toHaveLength(4);
    for (const worker of workers) expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: worker.id })).toBe(0);
    await expectLedgerBalanced();
  });

  it('sends a remittance that failed on the next try, once, and still writes the bank file', { tags: ['drivers'] }, async () => {
    const worker = await createWorker(db());
    await giveBankDetails(worker.id);
    await paidInvoice(worker.id, 16);
    const broken = { ...ctx.fileStore, put: async (key: string, bytes: Buffer, type: string) => (key.startsWith('remittances/') ? Promise.reject(new Error('store down')) : ctx.fileStore.put(key, bytes, type)) };
    await expect(runPayouts({ ...ctx, fileStore: broken }, { runDate: '2026-12-04' })).rejects.toThrow('1 remittances could not be sent');
    const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, worker.id));
    expect(payout).toMatchObject({ remittanceFileId: null });
    expect(payout!.batchId).not.toBeNull();

    // The job's retry: nothing is paid again, the remittance goes out.
    await Promise.all([runPayouts(ctx, { runDate: '2026-12-04' }), runPayouts(ctx, { runDate: '2026-12-04' })]);
    expect(await db().select().from(payouts).where(eq(payouts.workerId, worker.id))).toHaveLength(1);
    expect((await db().select().from(payouts).where(eq(payouts.workerId, worker.id)))[0]!.remittanceFileId).not.toBeNull();
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, worker.email))).toHaveLength(1);
    await expectLedgerBalanced();
  });

  it('never pays a credited invoice or an unpaid one', async () => {
    const worker = await createWorker(db());
    await giveBankDetails(worker.id);
    const contract = await createActiveContract(db(), { workerId: worker.id });
    const timesheet = await createTimesheet(db(), contract, { start: '2026-11-20T09:00', end: '2026-11-20T11:00' });
    await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
    // A run that pays nobody finishes without a bank file.
    expect(await runPayouts(ctx, { runDate: '2026-12-03' })).toMatchObject({ paid: 0, run: { payoutCount: 0, totalCents: 0, hasFile: false, finishedAt: expect.any(String) } });
    expect(await db().select().from(payouts).where(eq(payouts.workerId, worker.id))).toEqual([]);
  });
});

describe('a payout run cut off part-way, by a crash or SIGTERM (issue 27)', () => {
  /**
   * Each payout booked in the run is in its one bank file, to its worker's account for its amount,
   * and the run's totals are the file's; nothing else of the run is recorded as a bank file.
   */
  async function expectEveryPayoutInOneFile(runDate: string) {
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.runDate, runDate));
    const booked = await db().select().from(payouts).where(eq(payouts.runId, run!.id));
    const files = await db().select().from(storedFiles).where(and(eq(storedFiles.purpose, 'PAYOUT_ABA_FILE'), like(storedFiles.storageKey, `payout-runs/${runDate}-${run!.id}%`)));
    const batches = await db().select().from(payoutBatches).where(eq(payoutBatches.runId, run!.id));
    if (booked.length === 0) {
      expect(files).toEqual([]);
      expect(batches).toEqual([]);
      return;
    }
    expect(batches).toHaveLength(1);
    expect(files.map((file) => file.id)).toEqual([batches[0]!.fileId]);
    expect(booked.every((payout) => payout.batchId === batches[0]!.id)).toBe(true);
    const file = parseAbaFile((await subject.app.fileStore.get(files[0]!.storageKey))!.toString('ascii'));
    const credits = file.details.filter((detail) => detail.transactionCode === '50');
    const accounts = await db().select().from(workerTaxDetails).where(inArray(workerTaxDetails.workerId, booked.map((payout) => payout.workerId)));
    const accountOf = new Map(await Promise.all(accounts.map(async (row) => [row.workerId, await subject.app.fieldCipher.decrypt(row.accountNumberEncrypted!)] as const)));
    expect(credits.map((detail) => `${detail.accountNumber} ${detail.amountCents}`).sort()).toEqual(booked.map((payout) => `${accountOf.get(payout.workerId)} ${payout.amountCents}`).sort());
    expect(run).toMatchObject({ payoutCount: booked.length, totalCents: booked.reduce((sum, payout) => sum + payout.amountCents, 0) });
  }

  // Cut off while booking (after the first and after the second worker), with the file in the store
  // but not committed, and just after the commit, before any remittance.
  it.each([
    ['payout-booked', 1],
    ['payout-booked', 2],
    ['file-stored', 1],
    ['committed', 1],
  ] as const)('cut off at %s (#%i): its retry books every payout once, each in the one bank file, and the ledger balances', async (point, nth) => {
    const runDate = `2027-03-${String(10 + ['payout-booked', 'file-stored', 'committed'].indexOf(point) * 3 + nth).padStart(2, '0')}`;
    const workers = await Promise.all([0, 1, 2].map(() => createWorker(db())));
    const invoiceIds: string[] = [];
    for (const [index, worker] of workers.entries()) {
      await giveBankDetails(worker.id, { accountNumber: `77${index}${nth}${runDate.slice(-2)}` });
      invoiceIds.push((await paidInvoice(worker.id, 7 + index)).id);
    }
    let reached = 0;
    const interrupt = (at: string) => {
      if (at === point && ++reached === nth) throw new Error(`cut off at ${point}`);
    };
    await expect(runPayouts(ctx, { runDate, interrupt })).rejects.toThrow(`cut off at ${point}`);

    const mine = () => db().select().from(payouts).where(inArray(payouts.workerId, workers.map((worker) => worker.id)));
    // Cut off before the commit nothing is booked; after it, every payout is, with its file.
    expect(await mine()).toHaveLength(point === 'committed' ? 3 : 0);
    await expectEveryPayoutInOneFile(runDate);
    await expectLedgerBalanced();

    // The job's retry (shutdown hands the running job back to the queue).
    await runPayouts(ctx, { runDate });
    const paid = await mine();
    expect(paid.map((payout) => payout.workerId).sort()).toEqual(workers.map((worker) => worker.id).sort());
    expect(paid.every((payout) => payout.remittanceFileId !== null)).toBe(true);
    expect(await db().select().from(payoutItems).where(inArray(payoutItems.invoiceId, invoiceIds))).toHaveLength(3);
    await expectEveryPayoutInOneFile(runDate);
    for (const worker of workers) expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: worker.id })).toBe(0);
    await expectLedgerBalanced();
  });
});

describe('lodgement batches, bank dates, lodgement references and returned payments (issue 28)', () => {
  const adminToken = async () => sessionFor(db(), (await createUser(db(), { role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' })).id);
  const batchesOf = (runId: string) => db().select().from(payoutBatches).where(eq(payoutBatches.runId, runId)).orderBy(payoutBatches.number);
  const creditsOf = (text: string) => parseAbaFile(text).details.filter((detail) => detail.transactionCode === '50');

  it('makes a file for each run of a day with only the payouts of no other file, whose bytes never change, marked lodged by the admin', async () => {
    const admin = await adminToken();
    const first = await Promise.all([0, 1].map(() => createWorker(db())));
    for (const [index, worker] of first.entries()) {
      await giveBankDetails(worker.id, { accountNumber: `4100000${index}` });
      await paidInvoice(worker.id, 11 + index);
    }
    const morning = await runPayouts(ctx, { runDate: '2027-02-02' });
    const [firstBatch] = await batchesOf(morning.run.id);
    const download = (batchId: string) => call('GET', `/api/admin/payout-batches/${batchId}/aba`, { token: admin });
    const firstDownload = await download(firstBatch!.id);
    expect(firstDownload.statusCode, firstDownload.body).toBe(200);

    // Later the same day: a new worker's invoice is paid, and the run is pressed again.
    const late = await createWorker(db());
    await giveBankDetails(late.id, { accountNumber: '41000009' });
    await paidInvoice(late.id, 14);
    expect(await runPayouts(ctx, { runDate: '2027-02-02' })).toMatchObject({ paid: 1 });
    const batches = await batchesOf(morning.run.id);
    expect(batches).toHaveLength(2);
    const secondBatch = batches[1]!;
    expect(secondBatch.fileName).not.toBe(firstBatch!.fileName);
    expect(secondBatch.fileId).not.toBe(firstBatch!.fileId);

    const secondDownload = await download(firstBatch!.id);
    const lateFile = await download(secondBatch.id);
    expect(lateFile.statusCode, lateFile.body).toBe(200);
    const morningRefs = creditsOf(firstDownload.body).map((credit) => credit.lodgementReference);
    const lateRefs = creditsOf(lateFile.body).map((credit) => credit.lodgementReference);
    // No payout is in both files, and each file holds exactly its batch's payouts.
    expect(morningRefs.filter((reference) => lateRefs.includes(reference))).toEqual([]);
    const refsOf = async (batchId: string) => (await db().select().from(payouts).where(eq(payouts.batchId, batchId))).map((payout) => formatLodgementReference(payout.lodgementNumber)).sort();
    expect([...morningRefs].sort()).toEqual(await refsOf(firstBatch!.id));
    expect(lateRefs).toEqual(await refsOf(secondBatch.id));
    expect(lateRefs).toHaveLength(1);
    expect(secondBatch).toMatchObject({ payoutCount: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Marked lodged: who and when, once; marking again changes nothing.
    const lodged = await call('POST', `/api/admin/payout-batches/${firstBatch!.id}/lodged`, { token: admin });
    expect(lodged.statusCode, lodged.body).toBe(200);
    const marked = payoutBatchSchema.parse(lodged.json());
    expect(marked).toMatchObject({ id: firstBatch!.id, lodgedByName: 'Ada Admin', lodgedAt: expect.any(String), payoutCount: 2 });
    const repeated = payoutBatchSchema.parse((await call('POST', `/api/admin/payout-batches/${firstBatch!.id}/lodged`, { token: await adminToken() })).json());
    expect(repeated).toEqual(marked);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'payout_batch.lodged'), eq(auditEvents.targetId, firstBatch!.id)))).toHaveLength(1);

    // A third download, after another run and the lodging: the same bytes.
    await runPayouts(ctx, { runDate: '2027-02-02' });
    const thirdDownload = await download(firstBatch!.id);
    expect(thirdDownload.rawPayload.equals(firstDownload.rawPayload)).toBe(true);
    expect(secondDownload.rawPayload.equals(firstDownload.rawPayload)).toBe(true);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'payout_batch.downloaded'), eq(auditEvents.targetId, firstBatch!.id)))).toHaveLength(3);

    const list = payoutRunListSchema.parse((await call('GET', '/api/admin/payout-runs', { token: admin })).json());
    expect(list.batches.filter((batch) => batch.runDate === '2027-02-02').map((batch) => [batch.number, batch.payoutCount, batch.lodgedByName])).toEqual([
      [secondBatch.number, 1, null],
      [firstBatch!.number, 2, 'Ada Admin'],
    ]);

    // Bytes changed in the store are refused, never served as the lodged file.
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.id, secondBatch.fileId));
    await subject.app.fileStore.put(stored!.storageKey, Buffer.from(lateFile.body.replace('PAYOUTS', 'PAYOUTZ'), 'ascii'), 'text/plain');
    const tampered = await download(secondBatch.id);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json()).toMatchObject({ message: expect.stringContaining('is not the file that was booked') });
    await expectLedgerBalanced();

    // Access: administrators only; a batch that does not exist, or an id that is not one.
    const worker = await sessionFor(db(), late.id);
    const careSeeker = await sessionFor(db(), (await createUser(db())).id);
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    const routes = [
      ['GET', `/api/admin/payout-batches/${firstBatch!.id}/aba`],
      ['POST', `/api/admin/payout-batches/${firstBatch!.id}/lodged`],
      ['POST', '/api/admin/payout-returns'],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'POST' && url.endsWith('returns') ? { lodgementReference: lateRefs[0], reason: 'Account closed' } : undefined;
      expect((await call(method, url, { payload })).statusCode).toBe(401);
      for (const token of [worker, careSeeker, coordinator]) expect((await call(method, url, { token, payload })).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/admin/payout-batches/${crypto.randomUUID()}/aba`, { token: admin })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/payout-batches/${crypto.randomUUID()}/lodged`, { token: admin })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/payout-batches/not-an-id/aba', { token: admin })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/payout-batches/%00/lodged', { token: admin })).statusCode).toBe(400);
  });

  it('dates the file of a Sunday run, or of a run on a national public holiday, for the next banking day, and tells the worker that date', async () => {
    const worker = await createWorker(db(), { user: { firstName: 'Sun' } });
    await giveBankDetails(worker.id);
    await paidInvoice(worker.id, 17);
    const sunday = await runPayouts(ctx, { runDate: '2026-12-06' });
    const [batch] = await batchesOf(sunday.run.id);
    expect(batch).toMatchObject({ processingDate: '2026-12-07' });
    const file = parseAbaFile((await subject.app.fileStore.get((await db().select().from(storedFiles).where(eq(storedFiles.id, batch!.fileId)))[0]!.storageKey))!.toString('ascii'));
    expect(file.header.processingDate).toBe('071226');

    await subject.drainJobs();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, worker.email));
    expect(mail!.textBody).toContain('The bank processes the payment on 7 December 2026.');
    const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, worker.id));
    expect(mail!.textBody).toContain(formatLodgementReference(payout!.lodgementNumber));
    const attached = mail!.attachments![0]!;
    const pdf = await subject.app.fileStore.get('storageKey' in attached ? attached.storageKey : '');
    const { text } = await extractText(new Uint8Array(pdf!), { mergePages: true });
    expect(text).toContain('Paid on 7 December 2026');
    const remittance = remittanceListSchema.parse((await call('GET', '/api/remittances', { token: await sessionFor(db(), worker.id) })).json()).remittances[0];
    expect(remittance).toMatchObject({ paidOn: '2026-12-07', lodgementReference: formatLodgementReference(payout!.lodgementNumber) });

    // Australia Day 2027 is a Tuesday: the file is dated for the Wednesday.
    await paidInvoice(worker.id, 18);
    const holiday = await runPayouts(ctx, { runDate: '2027-01-26' });
    expect((await batchesOf(holiday.run.id)).map((row) => row.processingDate)).toEqual(['2027-01-27']);
  });

  it('gives each payout a lodgement reference of its own across the platform, though each worker’s first remittance is REM-000001', async () => {
    const workers = await Promise.all([0, 1, 2].map(() => createWorker(db())));
    for (const worker of workers) {
      await giveBankDetails(worker.id);
      await paidInvoice(worker.id, 19);
    }
    await runPayouts(ctx, { runDate: '2027-02-03' });
    const paid = await db().select().from(payouts).where(inArray(payouts.workerId, workers.map((worker) => worker.id)));
    expect(paid.map((payout) => payout.remittanceNumber)).toEqual([1, 1, 1]);
    const references = paid.map((payout) => formatLodgementReference(payout.lodgementNumber));
    expect(new Set(references).size).toBe(3);
    const everyReference = (await db().select({ number: payouts.lodgementNumber }).from(payouts)).map((row) => row.number);
    expect(new Set(everyReference).size).toBe(everyReference.length);
    const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.id, paid[0]!.batchId!));
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.id, batch!.fileId));
    const lines = creditsOf((await subject.app.fileStore.get(stored!.storageKey))!.toString('ascii'));
    expect(lines.map((line) => line.lodgementReference).sort()).toEqual([...references].sort());
  });

  it('records a returned payment: the money is owed to the worker again, they are emailed, and paid again only once their bank details change', async () => {
    const admin = await adminToken();
    const worker = await createWorker(db(), { user: { firstName: 'Ret', lastName: 'Urned' } });
    await giveBankDetails(worker.id, { accountNumber: '31313131' });
    const invoice = await paidInvoice(worker.id, 20);
    const owed = invoice.totalCents - invoice.platformFeeCents;
    const { run } = await runPayouts(ctx, { runDate: '2027-02-08' });
    const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, worker.id));
    const reference = formatLodgementReference(payout!.lodgementNumber);
    const record = (payload: unknown, token = admin) => call('POST', '/api/admin/payout-returns', { token, payload });

    // Not lodged yet: nothing can have come back.
    expect((await record({ lodgementReference: reference, reason: 'Account closed' })).statusCode).toBe(409);
    const [batch] = await batchesOf(run.id);
    expect((await call('POST', `/api/admin/payout-batches/${batch!.id}/lodged`, { token: admin })).statusCode).toBe(200);

    // Bad input: a digit wrong, no reference, a NUL character, a reference nobody has.
    const typo = await record({ lodgementReference: `${reference.slice(0, -1)}${(Number(reference.at(-1)) + 1) % 10}`, reason: 'Account closed' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ errors: { lodgementReference: LODGEMENT_REFERENCE_CHECK_MESSAGE } });
    expect((await record({ reason: 'Account closed' })).statusCode).toBe(400);
    expect((await record({ lodgementReference: reference, reason: 'Account\u0000closed' })).statusCode).toBe(400);
    expect((await record({ lodgementReference: reference, reason: '' })).statusCode).toBe(400);
    expect((await record({ lodgementReference: formatLodgementReference(99_999_998), reason: 'Account closed' })).statusCode).toBe(404);

    // Typed as the bank's report has it.
    const returned = await record({ lodgementReference: reference.toLowerCase().replace('-', ' '), reason: 'Account closed' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returnedPayoutSchema.parse(returned.json())).toMatchObject({ id: payout!.id, lodgementReference: reference, amountCents: owed, returnReason: 'Account closed', repaid: false, workerName: 'Ret Urned' });
    expect((await record({ lodgementReference: reference, reason: 'Account closed' })).statusCode).toBe(409);

    // The journal: Dr BANK, Cr WORKER_PAYABLE on the invoice; the worker is owed it again.
    const [journal] = await db().select().from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, `payout-returned:${payout!.id}`));
    expect(journal).toMatchObject({ kind: 'PAYOUT_RETURNED' });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.journalId, journal!.id));
    expect(entries.map((entry) => [entry.account, entry.invoiceId, entry.amountCents]).sort()).toEqual([
      ['BANK', null, owed],
      ['WORKER_PAYABLE', invoice.id, -owed],
    ]);
    expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: worker.id })).toBe(-owed);
    await expectLedgerBalanced();

    // The worker is told to check their bank details, by email and on their dashboard.
    const mails = await db().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, worker.email), like(mailOutbox.subject, '%sent back%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Account closed');
    expect(mails[0]!.textBody).toContain('Check your bank details');
    const token = await sessionFor(db(), worker.id);
    expect(payoutStatusSchema.parse((await call('GET', '/api/worker/payout-status', { token })).json())).toMatchObject({ canBePaid: false, reasons: [PAYOUT_RETURNED_REASON], waitingCents: owed });

    // The next run does not pay the same account again.
    expect(await runPayouts(ctx, { runDate: '2027-02-09' })).toMatchObject({ paid: 0 });
    expect(await db().select().from(payouts).where(eq(payouts.workerId, worker.id))).toHaveLength(1);
    expect((await db().select().from(payoutHolds).where(eq(payoutHolds.workerId, worker.id)))[0]).toMatchObject({ reason: PAYOUT_RETURNED_REASON, heldCents: owed });

    // They change their bank details: the next run pays the invoice again, to the new account.
    await db()
      .update(workerTaxDetails)
      .set({ accountNumberEncrypted: await subject.app.fieldCipher.encrypt('86868686'), accountNumberLastDigits: '686' })
      .where(eq(workerTaxDetails.workerId, worker.id));
    expect(payoutStatusSchema.parse((await call('GET', '/api/worker/payout-status', { token })).json())).toMatchObject({ canBePaid: true, reasons: [] });
    const repaid = await runPayouts(ctx, { runDate: '2027-02-10' });
    expect(repaid).toMatchObject({ paid: 1 });
    const all = await db().select().from(payouts).where(eq(payouts.workerId, worker.id)).orderBy(payouts.remittanceNumber);
    expect(all.map((row) => [row.status, row.amountCents, row.accountLast3])).toEqual([
      ['RETURNED', owed, '131'],
      ['SENT', owed, '686'],
    ]);
    expect(all[1]!.lodgementNumber).not.toBe(all[0]!.lodgementNumber);
    expect((await db().select().from(payoutItems).where(eq(payoutItems.invoiceId, invoice.id))).map((item) => [item.payoutId, item.returnedAt !== null])).toEqual(
      expect.arrayContaining([
        [all[0]!.id, true],
        [all[1]!.id, false],
      ]),
    );
    const [newBatch] = await batchesOf(repaid.run.id);
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.id, newBatch!.fileId));
    expect(creditsOf((await subject.app.fileStore.get(stored!.storageKey))!.toString('ascii')).map((line) => [line.accountNumber, line.amountCents])).toEqual([['86868686', owed]]);
    expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: worker.id })).toBe(0);
    await expectLedgerBalanced();
    const list = payoutRunListSchema.parse((await call('GET', '/api/admin/payout-runs', { token: admin })).json());
    expect(list.returned.find((row) => row.id === payout!.id)).toMatchObject({ repaid: true });
    expect(list.batches.find((row) => row.id === batch!.id)).toMatchObject({ returnedCount: 1 });
  });

  it('does not pay the refused account when the return is recorded while a run is reading its plan', async () => {
    const admin = await adminToken();
    const worker = await createWorker(db());
    await giveBankDetails(worker.id, { accountNumber: '52525252' });
    await paidInvoice(worker.id, 21);
    const { run } = await runPayouts(ctx, { runDate: '2027-02-15' });
    const [batch] = await batchesOf(run.id);
    await call('POST', `/api/admin/payout-batches/${batch!.id}/lodged`, { token: admin });
    const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, worker.id));
    await paidInvoice(worker.id, 22);

    // The run reads its plan (the worker can be paid); the return is recorded before it books.
    const realDb = db();
    let recorded = false;
    const racing = new Proxy(realDb, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<typeof realDb.transaction>) => {
          if (recorded) return realDb.transaction(...args);
          recorded = true;
          const returned = await call('POST', '/api/admin/payout-returns', { token: admin, payload: { lodgementReference: formatLodgementReference(payout!.lodgementNumber), reason: 'No account or wrong account number' } });
          expect(returned.statusCode, returned.body).toBe(200);
          return realDb.transaction(...args);
        };
      },
    });
    expect(await runPayouts({ ...ctx, db: racing }, { runDate: '2027-02-16' })).toMatchObject({ paid: 0 });
    expect(await db().select().from(payouts).where(eq(payouts.workerId, worker.id))).toHaveLength(1);
    await expectLedgerBalanced();
  });
});

describe('the daily job', () => {
  it('is queued once per day at PAYOUT_RUN_TIME in Sydney, and each run queues the next', async () => {
    expect(payoutRunAt('2026-11-27', '15:00').toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(payoutRunAt('2026-06-01', '15:00').toISOString()).toBe('2026-06-01T05:00:00.000Z');
    expect(nextPayoutRunAt(new Date('2026-11-27T03:59:00Z'), '15:00').toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(nextPayoutRunAt(new Date('2026-11-27T04:00:00Z'), '15:00').toISOString()).toBe('2026-11-28T04:00:00.000Z');
    expect(await schedulePayoutRun(db(), '2031-06-15', '15:00')).toBe(true);
    expect(await schedulePayoutRun(db(), '2031-06-15', '15:00')).toBe(false);

    const worker = await createWorker(db());
    await giveBankDetails(worker.id);
    await paidInvoice(worker.id, 21);
    await db().update(backgroundJobs).set({ runAt: new Date() }).where(eq(backgroundJobs.id, uuidFromKey(`${PAYOUT_RUN_JOB}:2031-06-15`)));
    await subject.drainJobs();
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.runDate, '2031-06-15'));
    expect(run).toMatchObject({ payoutCount: 1 });
    const [next] = await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, uuidFromKey(`${PAYOUT_RUN_JOB}:2031-06-16`)));
    expect(next).toMatchObject({ type: PAYOUT_RUN_JOB, status: 'PENDING', runAt: new Date('2031-06-16T05:00:00.000Z') });
  });
});

describe('the payout routes', () => {
  it('shows a worker their own remittances and PDF, and nobody else', async () => {
    // Names in Chinese, Vietnamese and Arabic, as the PDF must print them.
    const { chinese, arabic } = namesInManyScripts;
    const worker = await createWorker(db(), { user: { firstName: chinese.firstName, lastName: chinese.lastName } });
    await giveBankDetails(worker.id);
    const invoice = await paidInvoice(worker.id, 22);
    await db().update(invoices).set({ clientName: arabic.fullName }).where(eq(invoices.id, invoice.id));
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const run = await call('POST', '/api/admin/payout-runs', { token: admin });
    expect(run.statusCode, run.body).toBe(200);
    expect(payoutRunSchema.parse(run.json()).payoutCount).toBeGreaterThanOrEqual(1);

    const token = await sessionFor(db(), worker.id);
    const list = remittanceListSchema.parse((await call('GET', '/api/remittances', { token })).json());
    expect(list).toMatchObject({ allLoaded: true, remittances: [{ number: 'REM-000001', invoiceCount: 1, amountCents: invoice.totalCents - invoice.platformFeeCents }] });
    const id = list.remittances[0]!.id;
    const one = remittanceSchema.parse((await call('GET', `/api/remittances/${id}`, { token })).json());
    expect(one.items).toEqual([expect.objectContaining({ invoiceId: invoice.id, grossCents: invoice.totalCents, feeCents: invoice.platformFeeCents })]);
    const pdf = await call('GET', `/api/remittances/${id}/pdf`, { token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="REM-000001.pdf"');
    const reading = await readPdf(pdf.rawPayload);
    expectAccessiblePdf(reading, 'Remittance REM-000001');
    expect(reading.text).toContain(`Paid to: ${chinese.fullName}`);
    // The client's column of the table: Arabic is drawn right to left; its text as typed is what a screen reader reads.
    expect(reading.actualTexts).toContain(arabic.fullName);
    expect(reading.roles).toEqual(expect.arrayContaining(['Table', 'TR', 'TH', 'TD']));

    const stranger = await sessionFor(db(), (await createWorker(db())).id);
    const careSeeker = await sessionFor(db(), (await createUser(db())).id);
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    for (const url of [`/api/remittances/${id}`, `/api/remittances/${id}/pdf`]) {
      expect((await call('GET', url, { token: stranger })).statusCode).toBe(404);
      expect((await call('GET', url, { token: careSeeker })).statusCode).toBe(403);
      expect((await call('GET', url, { token: coordinator })).statusCode).toBe(403);
      expect((await call('GET', url, { token: admin })).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect(remittanceListSchema.parse((await call('GET', '/api/remittances', { token: stranger })).json()).remittances).toEqual([]);
    expect((await call('GET', '/api/remittances/not-an-id', { token })).statusCode).toBe(400);
  });

  it('pages a worker’s remittances newest first', async () => {
    const worker = await createWorker(db());
    await giveBankDetails(worker.id);
    for (const [index, runDate] of ['2027-01-04', '2027-01-05', '2027-01-06'].entries()) {
      await paidInvoice(worker.id, 24 + index);
      await runPayouts(ctx, { runDate });
    }
    const token = await sessionFor(db(), worker.id);
    const first = remittanceListSchema.parse((await call('GET', '/api/remittances?limit=2', { token })).json());
    expect(first.remittances.map((remittance) => [remittance.number, remittance.paidOn])).toEqual([['REM-000003', '2027-01-06'], ['REM-000002', '2027-01-05']]);
    expect(first.allLoaded).toBe(false);
    const rest = remittanceListSchema.parse((await call('GET', '/api/remittances?limit=2&before=REM-000002', { token })).json());
    expect(rest).toEqual({ remittances: [expect.objectContaining({ number: 'REM-000001', invoiceCount: 1 })], allLoaded: true });
  });

  it('tells a worker why they are not paid, and the administrator who is held', async () => {
    const worker = await createWorker(db(), { user: { firstName: 'Eve', lastName: 'Held' } });
    const invoice = await paidInvoice(worker.id, 23);
    const token = await sessionFor(db(), worker.id);
    const status = payoutStatusSchema.parse((await call('GET', '/api/worker/payout-status', { token })).json());
    expect(status).toMatchObject({ canBePaid: false, reasons: [NO_BANK_DETAILS_REASON, NO_ABN_REASON], waitingCents: invoice.totalCents - invoice.platformFeeCents });

    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    expect((await call('POST', '/api/admin/payout-runs', { token: admin })).statusCode).toBe(200);
    const runs = payoutRunListSchema.parse((await call('GET', '/api/admin/payout-runs', { token: admin })).json());
    expect(runs.held).toContainEqual({ workerId: worker.id, workerName: 'Eve Held', reason: `${NO_BANK_DETAILS_REASON} ${NO_ABN_REASON}`, heldCents: invoice.totalCents - invoice.platformFeeCents });

    await giveBankDetails(worker.id);
    expect(payoutStatusSchema.parse((await call('GET', '/api/worker/payout-status', { token })).json())).toMatchObject({ canBePaid: true, reasons: [] });

    // Ten digits: valid in Tax and super, but a bank file's account field holds nine.
    const longAccount = await createWorker(db());
    await giveBankDetails(longAccount.id, { accountNumber: '1234567890' });
    const longToken = await sessionFor(db(), longAccount.id);
    expect(payoutStatusSchema.parse((await call('GET', '/api/worker/payout-status', { token: longToken })).json())).toMatchObject({ canBePaid: false, reasons: [ACCOUNT_NUMBER_TOO_LONG_REASON] });

    for (const [method, url] of [['GET', '/api/admin/payout-runs'], ['POST', '/api/admin/payout-runs']] as const) {
      expect((await call(method, url, { token })).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/worker/payout-status', { token: admin })).statusCode).toBe(403);
    expect((await call('GET', '/api/worker/payout-status')).statusCode).toBe(401);

  });
});
