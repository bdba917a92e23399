import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../db/schema/billing';
import { ledgerEntries, ledgerJournals, payoutBatches, payoutRuns, payouts } from '../db/schema/payments';
import { storedFiles } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { issueInvoiceForTimesheet, type BillingSettings } from '../billing/issue-invoice';
import { createActiveContract, createTimesheet } from '../billing/test-billing';
import { checkLedger } from './check-ledger';
import { balanceOf, postJournal, UnbalancedJournalError } from './ledger';

let database: TestDatabase;
const db = () => database.db;
const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };
const now = new Date('2026-11-10T01:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ referenceData: true });
});

afterAll(async () => {
  await database?.dispose();
});

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

    await db().transaction((tx) => postJournal(tx, { kind: 'PAYMENT_RECEIVED', key: 'test:balanced', lines: [{ account: 'BANK', amountCents: 700 }, { account: 'PROVIDER_CLEARING', amountCents: -700 }] }));
    expect(await refusal(db().execute(sql`update ledger_entries set amount_cents = 1 where amount_cents = 700`))).toMatch(/append-only: UPDATE on ledger_entries/);
    expect(await refusal(db().execute(sql`delete from ledger_journals where idempotency_key = 'test:balanced'`))).toMatch(/append-only: DELETE on ledger_journals/);
    expect(await refusal(db().execute(sql`truncate ledger_entries cascade`))).toMatch(/append-only: TRUNCATE/);
    // Posting the same key again returns the first journal and writes nothing.
    const again = await db().transaction((tx) =>
      postJournal(tx, { kind: 'PAYMENT_RECEIVED', key: 'test:balanced', lines: [{ account: 'BANK', amountCents: 700 }, { account: 'PROVIDER_CLEARING', amountCents: -700 }] }),
    );
    expect(again.created).toBe(false);
    expect(await balanceOf(db(), 'BANK')).toBe(700);
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
