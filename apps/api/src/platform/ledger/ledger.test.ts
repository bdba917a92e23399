import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABA_CREDIT, ABA_DEBIT, parseAbaFile, writeAbaFile } from '@tendly/domain/payments/aba';
import { runPayouts, type PayoutContext } from '../../features/payouts/payout-run';
import { createUser, createWorker } from '../../features/auth/test-factories';
import { loadConfig } from '../config';
import { loadFieldCipher } from '../crypto/field-cipher';
import { invoiceLines, invoices } from '../db/schema/billing';
import { ledgerEntries, ledgerJournals, ndisClaimBatches, ndisClaimLines, payments, payoutBatches, payoutRuns, payouts } from '../db/schema/payments';
import { storedFiles } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createLocalFileStore } from '../files/local-file-store';
import { issueInvoiceForTimesheet, type BillingSettings } from '../billing/issue-invoice';
import { createActiveContract, createPaidInvoice, createTimesheet, giveWorkerBankDetails } from '../billing/test-billing';
import { checkLedger, type LedgerProblemKind } from './check-ledger';
import { balanceOf, postJournal, receivableAccountFor, UnbalancedJournalError } from './ledger';

let database: TestDatabase;
let dataDir: string;
let payoutContext: PayoutContext;
const db = () => database.db;
const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };
const now = new Date('2026-11-10T01:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ referenceData: true });
  // Payout runs for the checks of payouts and bank files: the real run, its files on local disk.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tendly-test-ledger-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  payoutContext = { db: db(), fileStore: createLocalFileStore(path.join(dataDir, 'files')), fieldCipher: await loadFieldCipher(config, db()), config };
});

afterAll(async () => {
  await database?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The whole check, the bank files read back from their store. */
const checkAll = () => checkLedger(db(), { fileStore: payoutContext.fileStore });

/** The kinds of problem the check finds about one record. */
async function kindsFoundFor(id: string): Promise<LedgerProblemKind[]> {
  return [...new Set((await checkAll()).problems.filter((problem) => problem.id === id).map((problem) => problem.kind))].sort();
}

/**
 * Changes what the product never changes, as a mistake or a hand in the database would: with the
 * triggers off (`session_replication_role = replica`), so the append-only ledger can lose a journal.
 */
async function tamper(...statements: SQL[]) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/** A worker with bank details, `count` PAID invoices, and a payout run of `runDate` that pays them. */
async function paidOut(runDate: string, count = 1) {
  const worker = await createWorker(db());
  await giveWorkerBankDetails(db(), payoutContext.fieldCipher, worker.id);
  const paid = [];
  for (let day = 1; day <= count; day++) paid.push(await createPaidInvoice(db(), worker.id, day));
  const { run } = await runPayouts(payoutContext, { runDate, now });
  const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, worker.id));
  const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.id, payout!.batchId!));
  return { worker, invoices: paid, run, payout: payout!, batch: batch! };
}

/** The database's own message for a statement it refused. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return 'accepted';
}

async function issuedInvoice(options: Parameters<typeof createActiveContract>[1] = {}) {
  const contract = await createActiveContract(db(), options);
  const timesheet = await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T12:30' });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now, settings }));
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice!;
}

/** A transfer received, recorded as an administrator records one (admin-payments): the payment, the invoice PAID, and its journal. */
async function recordTransfer(invoice: typeof invoices.$inferSelect) {
  await db().transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({ invoiceId: invoice.id, careSeekerId: invoice.careSeekerId, channel: 'FUNDER_TRANSFER', status: 'SUCCEEDED', amountCents: invoice.totalCents, idempotencyKey: `transfer:${invoice.id}`, reference: 'INV-000001', receivedOn: '2026-11-12' })
      .returning();
    await tx.update(invoices).set({ status: 'PAID', paidAt: now }).where(eq(invoices.id, invoice.id));
    await postJournal(tx, {
      kind: 'PAYMENT_RECEIVED',
      key: `payment-received:${payment!.id}`,
      invoiceId: invoice.id,
      lines: [
        { account: 'BANK', invoiceId: invoice.id, amountCents: invoice.totalCents },
        { account: receivableAccountFor(invoice.fundingType), partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents: -invoice.totalCents },
      ],
    });
  });
}

/**
 * An agency-managed invoice claimed from the NDIA, every line accepted in full and its cash
 * received, recorded as the claims service records it (payment and journal `ndia-paid:`).
 */
async function paidByNdia() {
  const invoice = await issuedInvoice({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
  const admin = await createUser(db(), { role: 'ADMIN' });
  const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  await db().transaction(async (tx) => {
    const [batch] = await tx
      .insert(ndisClaimBatches)
      .values({ fileName: `T${invoice.id.slice(0, 8)}`, rowCount: lines.length, totalCents: invoice.totalCents, createdBy: admin.id })
      .returning();
    await tx.insert(ndisClaimLines).values(
      lines.map((line) => ({ batchId: batch!.id, invoiceId: invoice.id, invoiceLineId: line.id, claimReference: `${invoice.id}-${line.position}`, amountCents: line.amountCents, status: 'PAID' as const, paidCents: line.amountCents, acceptedAt: now, cashCents: line.amountCents, cashReceivedAt: now })),
    );
    await tx.update(invoices).set({ status: 'PAID', paidAt: now }).where(eq(invoices.id, invoice.id));
    await tx.insert(payments).values({ invoiceId: invoice.id, careSeekerId: invoice.careSeekerId, channel: 'NDIA', status: 'SUCCEEDED', amountCents: invoice.totalCents, idempotencyKey: `ndia-paid:${invoice.id}` });
    await postJournal(tx, {
      kind: 'PAYMENT_RECEIVED',
      key: `ndia-paid:${invoice.id}`,
      invoiceId: invoice.id,
      lines: [
        { account: 'BANK', invoiceId: invoice.id, amountCents: invoice.totalCents },
        { account: 'NDIA_RECEIVABLE', partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents: -invoice.totalCents },
      ],
    });
  });
  return { invoice, lines };
}

describe('the ledger check on a clean data set', () => {
  it('passes with invoices unpaid and paid (transfer, NDIA), payouts and their bank files read back', async () => {
    const first = await paidOut('2026-12-01', 2);
    const second = await paidOut('2026-12-01');
    // Two runs in a day: one day's run record, a lodgement batch and bank file each.
    expect(first.run.id).toBe(second.run.id);
    expect(first.batch.id).not.toBe(second.batch.id);
    await issuedInvoice();
    await issuedInvoice({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    await issuedInvoice({ fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    // A transfer recorded as the admin records it: the payment and its journal.
    const transfer = await issuedInvoice({ fundingType: 'HOME_CARE_PACKAGE' });
    await recordTransfer(transfer);
    await paidByNdia();

    const check = await checkAll();
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({ payouts: 2, bankFiles: 2 });
    expect(check.invoices).toBeGreaterThanOrEqual(8);
  });
});

describe('the ledger', () => {
  it('posts an issued invoice: the payer owes the total, the worker the total less the fee, the platform the fee', async () => {
    const invoice = await issuedInvoice();
    // 3.5 h × $65 = $227.50; 9% fee $20.48.
    expect(invoice.totalCents).toBe(22750);
    expect(await balanceOf(db(), 'CARE_SEEKER_RECEIVABLE', { invoiceId: invoice.id })).toBe(22750);
    expect(await balanceOf(db(), 'WORKER_PAYABLE', { partyId: invoice.workerId })).toBe(-(22750 - 2048));
    expect(await balanceOf(db(), 'PLATFORM_FEE_REVENUE', { invoiceId: invoice.id })).toBe(-2048);
    // Issuing again (approving twice) posts nothing more.
    await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: invoice.timesheetId!, now, settings }));
    const journals = await db().select().from(ledgerJournals).where(eq(ledgerJournals.invoiceId, invoice.id));
    expect(journals.map((journal) => journal.kind)).toEqual(['INVOICE_ISSUED']);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('owes agency-managed invoices from the NDIA and plan-managed ones from the funder', async () => {
    const agency = await issuedInvoice({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    expect(await balanceOf(db(), 'NDIA_RECEIVABLE', { invoiceId: agency.id })).toBe(agency.totalCents);
    const planManaged = await issuedInvoice({ fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    expect(await balanceOf(db(), 'FUNDER_RECEIVABLE', { invoiceId: planManaged.id })).toBe(planManaged.totalCents);
  });

  it('refuses a journal that does not balance, before writing anything', async () => {
    const before = await db().select({ count: sql<number>`count(*)::int` }).from(ledgerJournals);
    await expect(
      db().transaction((tx) => postJournal(tx, { kind: 'PAYMENT_RECEIVED', key: 'test:unbalanced', lines: [{ account: 'BANK', amountCents: 100 }, { account: 'CARE_SEEKER_RECEIVABLE', amountCents: -99 }] })),
    ).rejects.toBeInstanceOf(UnbalancedJournalError);
    await expect(db().transaction((tx) => postJournal(tx, { kind: 'PAYMENT_RECEIVED', key: 'test:fraction', lines: [{ account: 'BANK', amountCents: 0.5 }, { account: 'CARE_SEEKER_RECEIVABLE', amountCents: -0.5 }] }))).rejects.toBeInstanceOf(
      UnbalancedJournalError,
    );
    expect(await db().select({ count: sql<number>`count(*)::int` }).from(ledgerJournals)).toEqual(before);
  });

  it('the database itself refuses an unbalanced journal at commit, and any change to the ledger', async () => {
    await expect(
      db().transaction(async (tx) => {
        const [journal] = await tx.insert(ledgerJournals).values({ kind: 'PAYMENT_RECEIVED', idempotencyKey: 'test:raw-unbalanced' }).returning();
        await tx.insert(ledgerEntries).values([
          { journalId: journal!.id, account: 'BANK', amountCents: 500 },
          { journalId: journal!.id, account: 'CARE_SEEKER_RECEIVABLE', amountCents: -400 },
        ]);
      }),
    ).rejects.toThrow();
    expect(await db().select().from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, 'test:raw-unbalanced'))).toEqual([]);
    expect(
      await refusal(
        db().transaction(async (tx) => {
          const [journal] = await tx.insert(ledgerJournals).values({ kind: 'PAYMENT_RECEIVED', idempotencyKey: 'test:raw-one-sided' }).returning();
          await tx.insert(ledgerEntries).values([{ journalId: journal!.id, account: 'BANK', amountCents: 500 }]);
        }),
      ),
    ).toMatch(/does not balance \(sum 500, 1 entries\)/);

    const bankBefore = await balanceOf(db(), 'BANK');
    await db().transaction((tx) => postJournal(tx, { kind: 'PAYMENT_RECEIVED', key: 'test:balanced', lines: [{ account: 'BANK', amountCents: 700 }, { account: 'PROVIDER_CLEARING', amountCents: -700 }] }));
    expect(await refusal(db().execute(sql`update ledger_entries set amount_cents = 1 where amount_cents = 700`))).toMatch(/append-only: UPDATE on ledger_entries/);
    expect(await refusal(db().execute(sql`delete from ledger_journals where idempotency_key = 'test:balanced'`))).toMatch(/append-only: DELETE on ledger_journals/);
    expect(await refusal(db().execute(sql`truncate ledger_entries cascade`))).toMatch(/append-only: TRUNCATE/);
    // Posting the same key again returns the first journal and writes nothing.
    const again = await db().transaction((tx) =>
      postJournal(tx, { kind: 'PAYMENT_RECEIVED', key: 'test:balanced', lines: [{ account: 'BANK', amountCents: 700 }, { account: 'PROVIDER_CLEARING', amountCents: -700 }] }),
    );
    expect(again.created).toBe(false);
    expect(await balanceOf(db(), 'BANK')).toBe(bankBefore + 700);
  });

  it('the check finds an invoice whose journals do not match it', async () => {
    const invoice = await issuedInvoice();
    // A journal that moves the fee to the worker: balanced, but the invoice no longer reconciles.
    await db().transaction((tx) =>
      postJournal(tx, {
        kind: 'INVOICE_ISSUED',
        key: `test:skim:${invoice.id}`,
        invoiceId: invoice.id,
        lines: [
          { account: 'PLATFORM_FEE_REVENUE', invoiceId: invoice.id, amountCents: 100 },
          { account: 'WORKER_PAYABLE', partyId: invoice.workerId, invoiceId: invoice.id, amountCents: -100 },
        ],
      }),
    );
    const { problems } = await checkLedger(db());
    expect(problems.filter((problem) => problem.id === invoice.id).map((problem) => problem.detail)).toEqual([
      `invoice ${invoice.number} (ISSUED): the worker payable issued is ${-(invoice.totalCents - invoice.platformFeeCents) - 100} cents, expected ${-(invoice.totalCents - invoice.platformFeeCents)}`,
      `invoice ${invoice.number} (ISSUED): the platform fee is ${-invoice.platformFeeCents + 100} cents, expected ${-invoice.platformFeeCents}`,
    ]);
  });

  it('the check finds records left part-written', async () => {
    // Hours approved without the invoice their approval issues in the same transaction.
    const contract = await createActiveContract(db());
    const unbilled = await createTimesheet(db(), contract, { start: '2026-11-04T09:00', end: '2026-11-04T11:00', status: 'APPROVED' });
    const invoice = await issuedInvoice();
    // A payout booked with no invoices, no journal and no bank file for its run.
    const [run] = await db().insert(payoutRuns).values({ runDate: '2026-11-20' }).returning();
    const [payout] = await db()
      .insert(payouts)
      .values({ runId: run!.id, workerId: invoice.workerId, status: 'SENT', grossCents: 1000, feeCents: 90, amountCents: 910, bsb: '033-001', accountLast3: '678', accountName: 'Wren Walker', remittanceNumber: 1 })
      .returning();

    const { problems } = await checkLedger(db());
    const found = (id: string) => problems.filter((problem) => problem.id === id).map(({ kind, detail }) => `${kind}: ${detail}`);
    expect(found(unbilled.id)).toEqual(['APPROVED_HOURS_WITHOUT_INVOICE: hours approved, but no invoice was issued for them']);
    expect(found(payout!.id)).toEqual([
      'PAYOUT_NOT_WHOLE: payout of 910 cents: 0 invoices paid for 0 cents, without its PAYOUT_SENT journal',
      "PAYOUT_WITHOUT_BANK_FILE: payout of 910 cents booked, but it is in no lodgement batch's bank file",
    ]);
  });

  it('the check finds a payout left out of every lodgement batch, and a returned payout without its journal', async () => {
    const first = await issuedInvoice();
    const second = await issuedInvoice();
    const [file] = await db()
      .insert(storedFiles)
      .values({ purpose: 'PAYOUT_ABA_FILE', storageKey: `payout-runs/2026-11-21-${first.id}.aba`, contentType: 'text/plain', byteSize: 360 })
      .returning();
    const [run] = await db().insert(payoutRuns).values({ runDate: '2026-11-21', payoutCount: 1, totalCents: 910 }).returning();
    const [batch] = await db().insert(payoutBatches).values({ runId: run!.id, processingDate: '2026-11-23', fileId: file!.id, fileName: `ledger-test-${first.id}.aba`, payoutCount: 1, totalCents: 910 }).returning();
    const payout = async (workerId: string, batchId: string | null, returned = false) => {
      const [row] = await db()
        .insert(payouts)
        .values({
          runId: run!.id,
          batchId,
          workerId,
          status: returned ? 'RETURNED' : 'SENT',
          grossCents: 1000,
          feeCents: 90,
          amountCents: 910,
          bsb: '033-001',
          accountLast3: '678',
          accountName: 'Wren Walker',
          remittanceNumber: 1,
          ...(returned ? { returnedAt: now, returnReason: 'Account closed' } : {}),
        })
        .returning();
      return row!;
    };
    const inFile = await payout(first.workerId, batch!.id, true);
    const outside = await payout(second.workerId, null);

    const { problems } = await checkLedger(db());
    const found = (id: string, kind: string) => problems.filter((problem) => problem.id === id && problem.kind === kind).map((problem) => problem.detail);
    expect(found(inFile.id, 'PAYOUT_WITHOUT_BANK_FILE')).toEqual([]);
    expect(found(inFile.id, 'PAYOUT_NOT_WHOLE')).toContain('payout of 910 cents returned by the bank, without its PAYOUT_RETURNED journal');
    expect(found(outside.id, 'PAYOUT_WITHOUT_BANK_FILE')).toEqual(["payout of 910 cents booked, but it is in no lodgement batch's bank file"]);
  });
});

describe('the ledger check finds each tampering', () => {
  it('a payout whose journal was deleted', async () => {
    const { payout, invoices: [invoice] } = await paidOut('2026-12-02');
    expect(await kindsFoundFor(payout.id)).toEqual([]);
    await tamper(
      sql`delete from ledger_entries where journal_id in (select id from ledger_journals where idempotency_key = ${`payout-sent:${payout.id}`})`,
      sql`delete from ledger_journals where idempotency_key = ${`payout-sent:${payout.id}`}`,
    );
    expect(await kindsFoundFor(payout.id)).toEqual(['PAYOUT_NOT_WHOLE']);
    // The invoice's payable no longer shows what its payout item sent.
    expect((await checkAll()).problems.filter((problem) => problem.id === invoice!.id).map((problem) => problem.detail)).toEqual([
      `invoice ${invoice!.number} (PAID): the worker payable still owed is ${-(invoice!.totalCents - invoice!.platformFeeCents)} cents, expected 0`,
    ]);
  });

  it('a payout whose amount was changed', async () => {
    const { payout, batch } = await paidOut('2026-12-03');
    await tamper(sql`update payouts set amount_cents = amount_cents + 100, gross_cents = gross_cents + 100 where id = ${payout.id}`);
    expect(await kindsFoundFor(payout.id)).toEqual(['PAYOUT_JOURNAL_MISMATCH', 'PAYOUT_NOT_WHOLE']);
    const found = (await checkAll()).problems.filter((problem) => problem.id === payout.id && problem.kind === 'PAYOUT_JOURNAL_MISMATCH');
    expect(found.map((problem) => problem.detail)).toEqual([
      `payout of ${payout.amountCents + 100} cents to worker ${payout.workerId}: BANK paid out ${payout.amountCents} cents; WORKER_PAYABLE cleared ${payout.amountCents} cents`,
    ]);
    // Its bank file pays what the payout was before.
    expect(await kindsFoundFor(batch.id)).toEqual(['BANK_FILE_MISMATCH']);
  });

  it('a payout journal that pays another worker or the wrong invoice', async () => {
    const { payout, invoices: [invoice] } = await paidOut('2026-12-04');
    const other = await createWorker(db());
    await tamper(sql`update ledger_entries set party_id = ${other.id} where invoice_id = ${invoice!.id} and account = 'WORKER_PAYABLE' and journal_id = (select id from ledger_journals where idempotency_key = ${`payout-sent:${payout.id}`})`);
    expect((await checkAll()).problems.filter((problem) => problem.id === payout.id).map((problem) => problem.detail)).toEqual([
      `payout of ${payout.amountCents} cents to worker ${payout.workerId}: 1 WORKER_PAYABLE entries for someone other than the payout's worker`,
    ]);
    // The same journal clearing another invoice than the one the payout paid.
    const elsewhere = await issuedInvoice();
    await tamper(sql`update ledger_entries set invoice_id = ${elsewhere.id} where invoice_id = ${invoice!.id} and account = 'WORKER_PAYABLE' and journal_id = (select id from ledger_journals where idempotency_key = ${`payout-sent:${payout.id}`})`);
    expect((await checkAll()).problems.filter((problem) => problem.id === payout.id).map((problem) => problem.detail)).toEqual([
      `payout of ${payout.amountCents} cents to worker ${payout.workerId}: 1 WORKER_PAYABLE entries for someone other than the payout's worker; 2 invoices paid for other amounts than the payout's 1 items say`,
    ]);
  });

  it('a bank file whose recorded total was changed', async () => {
    const { batch } = await paidOut('2026-12-07');
    expect(await kindsFoundFor(batch.id)).toEqual([]);
    await tamper(sql`update payout_batches set total_cents = total_cents + 1 where id = ${batch.id}`);
    expect((await checkAll()).problems.filter((problem) => problem.id === batch.id).map((problem) => problem.detail)).toEqual([
      `bank file ${batch.fileName}: it records a total of ${batch.totalCents + 1} cents, but its payouts sum to ${batch.totalCents}`,
    ]);
  });

  it('a bank file that a payout was dropped from: from its record, or from its bytes', { tags: ['one-driver'] }, async () => {
    // Two workers paid in one run: one lodgement batch, one file with two credits.
    const workers = [await createWorker(db()), await createWorker(db())];
    for (const worker of workers) {
      await giveWorkerBankDetails(db(), payoutContext.fieldCipher, worker.id);
      await createPaidInvoice(db(), worker.id, 1);
    }
    await runPayouts(payoutContext, { runDate: '2026-12-08', now });
    const paid = await Promise.all(workers.map(async (worker) => (await db().select().from(payouts).where(eq(payouts.workerId, worker.id)))[0]!));
    const [first, second] = paid as [(typeof paid)[number], (typeof paid)[number]];
    expect(second.batchId).toBe(first.batchId);
    const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.id, first.batchId!));
    expect(batch).toMatchObject({ payoutCount: 2, totalCents: first.amountCents + second.amountCents });
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, batch!.fileId));

    // The file's bytes rewritten, whole and balanced, without the second payout's credit.
    const original = parseAbaFile((await payoutContext.fileStore.get(file!.storageKey))!.toString('ascii'));
    const debit = original.details.find((detail) => detail.transactionCode === ABA_DEBIT)!;
    const credits = original.details.filter((detail) => detail.transactionCode === ABA_CREDIT);
    const rewritten = writeAbaFile({
      header: { ...original.header, processingDate: batch!.processingDate },
      platformAccount: { bsb: debit.bsb, accountNumber: debit.accountNumber, accountName: debit.accountName },
      remitterName: debit.remitterName,
      payments: credits.slice(0, 1).map((detail) => ({ to: { bsb: detail.bsb, accountNumber: detail.accountNumber, accountName: detail.accountName }, amountCents: detail.amountCents, lodgementReference: detail.lodgementReference })),
    });
    await payoutContext.fileStore.put(file!.storageKey, Buffer.from(rewritten, 'ascii'), 'text/plain');
    const [kept] = credits;
    const dropped = kept!.amountCents === first.amountCents ? second : first;
    expect((await checkAll()).problems.filter((problem) => problem.id === batch!.id).map((problem) => problem.detail)).toEqual([
      `bank file ${batch!.fileName}: the file pays 1 credits for its 2 payouts; the file's credits sum to ${kept!.amountCents} cents, its payouts to ${batch!.totalCents}; 1 of its payouts have no credit in the file (${dropped.bsb} ${dropped.amountCents})`,
    ]);
    // Without the file store, only the records are compared: they still agree.
    expect((await checkLedger(db())).problems.filter((problem) => problem.id === batch!.id)).toEqual([]);

    // The record: the file said to hold one payout fewer.
    await tamper(sql`update payout_batches set payout_count = 1 where id = ${batch!.id}`);
    expect((await checkLedger(db())).problems.filter((problem) => problem.id === batch!.id).map((problem) => problem.kind)).toEqual(['BANK_FILE_MISMATCH']);
  });

  it('an invoice whose amount was changed', async () => {
    const invoice = await issuedInvoice();
    expect(await kindsFoundFor(invoice.id)).toEqual([]);
    await tamper(sql`update invoices set subtotal_cents = subtotal_cents + 500, total_cents = total_cents + 500 where id = ${invoice.id}`);
    expect(await kindsFoundFor(invoice.id)).toEqual(['INVOICE_NOT_RECONCILED', 'RECEIVABLE_NOT_OUTSTANDING']);
    expect((await checkAll()).problems.filter((problem) => problem.kind === 'RECEIVABLE_NOT_OUTSTANDING' && problem.id === invoice.id).map((problem) => problem.detail)).toEqual([
      `invoice ${invoice.number} (ISSUED): CARE_SEEKER_RECEIVABLE is ${invoice.totalCents} cents, expected ${invoice.totalCents + 500} (outstanding on it)`,
    ]);
  });

  it('an invoice marked paid without a payment journal', async () => {
    const invoice = await issuedInvoice({ fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    await tamper(sql`update invoices set status = 'PAID', paid_at = now() where id = ${invoice.id}`);
    expect((await checkAll()).problems.filter((problem) => problem.id === invoice.id).map(({ kind, detail }) => `${kind}: ${detail}`)).toEqual([
      `PAID_WITHOUT_PAYMENT: invoice ${invoice.number} (PAID): marked paid, but its PAYMENT_RECEIVED journals received 0 of its ${invoice.totalCents} cents`,
      `RECEIVABLE_NOT_OUTSTANDING: invoice ${invoice.number} (PAID): FUNDER_RECEIVABLE is ${invoice.totalCents} cents, expected 0 (outstanding on it)`,
    ]);
  });

  it('a payment recorded as received whose journal is not in the ledger', async () => {
    const invoice = await issuedInvoice();
    await tamper(sql`insert into payments (invoice_id, care_seeker_id, channel, status, amount_cents, idempotency_key) values (${invoice.id}, ${invoice.careSeekerId}, 'BANK_TRANSFER', 'SUCCEEDED', ${invoice.totalCents}, ${`test:unposted:${invoice.id}`})`);
    expect(await kindsFoundFor(invoice.id)).toEqual(['PAYMENT_NOT_POSTED']);
  });

  it('NDIA cash that is not what the result lines paid', async () => {
    const { invoice, lines } = await paidByNdia();
    expect(await kindsFoundFor(invoice.id)).toEqual([]);
    // The remittance paid the line $10.00 less (capped): the cash booked was the whole total.
    await tamper(sql`update ndis_claim_lines set paid_cents = paid_cents - 1000, cash_cents = cash_cents - 1000 where invoice_line_id = ${lines[0]!.id}`);
    expect((await checkAll()).problems.filter((problem) => problem.id === invoice.id).map(({ kind, detail }) => `${kind}: ${detail}`)).toEqual([
      `NDIA_CASH_NOT_PAID_AMOUNT: invoice ${invoice.number} (PAID): the NDIA's cash in the ledger is ${invoice.totalCents} cents, but the cash recorded on its ${lines.length} claim lines is ${invoice.totalCents - 1000} cents`,
    ]);
  });

  it('a receivable owed on another payer’s account than the invoice’s funding', async () => {
    const invoice = await issuedInvoice({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    await db().transaction((tx) =>
      postJournal(tx, {
        kind: 'INVOICE_ISSUED',
        key: `test:move-payer:${invoice.id}`,
        invoiceId: invoice.id,
        lines: [
          { account: 'CARE_SEEKER_RECEIVABLE', partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents: invoice.totalCents },
          { account: 'NDIA_RECEIVABLE', partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents: -invoice.totalCents },
        ],
      }),
    );
    expect((await checkAll()).problems.filter((problem) => problem.id === invoice.id).map((problem) => problem.detail)).toEqual([
      `invoice ${invoice.number} (ISSUED): CARE_SEEKER_RECEIVABLE is ${invoice.totalCents} cents, expected 0 (its payer is owed on NDIA_RECEIVABLE)`,
      `invoice ${invoice.number} (ISSUED): NDIA_RECEIVABLE is 0 cents, expected ${invoice.totalCents} (outstanding on it)`,
    ]);
  });
});
