import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import { ACCOUNT_NUMBER_TOO_LONG_REASON, formatRemittanceNumber, NO_ABN_REASON, NO_BANK_DETAILS_REASON, type Remittance } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { writeAbaFile, type AbaPayment } from '@tendly/domain/payments/aba';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import type { Config } from '../../platform/config';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { invoices } from '../../platform/db/schema/billing';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { payoutHolds, payoutItems, payoutRuns, payouts } from '../../platform/db/schema/payments';
import { storedFiles } from '../../platform/db/schema/platform';
import type { FileStore } from '../../platform/files/file-store';
import { postJournal } from '../../platform/ledger/ledger';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { renderRemittancePdf } from './remittance-pdf';

/**
 * The payout run (issue 15; workflows.md "Paying and getting paid"): each worker is paid, once a
 * day, for their PAID invoices that no payout has paid yet: each invoice's total less its platform
 * fee. One payout per worker per run and one payout per invoice are the database's unique
 * constraints (`payouts_run_worker_key`, `payout_items_invoice_key`), so any number of runs at once
 * (the job in several processes, an administrator pressing "Run now") pay each invoice once.
 *
 * A worker without bank details or an ABN in Tax and super is held, with the reason they see on
 * their dashboard. Each payout posts PAYOUT_SENT in its own transaction (Dr WORKER_PAYABLE per
 * invoice, Cr BANK); then the worker gets a remittance (PDF, emailed), and the run's ABA file is
 * written for the bank.
 */

export const PAYOUT_TIME_ZONE = 'Australia/Sydney';
/** Workers paid at once in a run (each in its own transaction). */
const PAYOUT_CONCURRENCY = 4;

export type PayoutConfig = Pick<
  Config,
  | 'BRAND_NAME'
  | 'SUPPORT_EMAIL'
  | 'SUPPORT_PHONE'
  | 'publicUrl'
  | 'PAYOUT_RUN_TIME'
  | 'PLATFORM_BANK_ACCOUNT_NAME'
  | 'PLATFORM_BANK_BSB'
  | 'PLATFORM_BANK_ACCOUNT_NUMBER'
  | 'ABA_BANK_CODE'
  | 'ABA_USER_NAME'
  | 'ABA_USER_ID'
  | 'PLATFORM_ABN'
>;

export interface PayoutContext {
  db: Db;
  fileStore: FileStore;
  fieldCipher: FieldCipher;
  config: PayoutConfig;
}

export interface PayoutRunSummary {
  id: string;
  runDate: string;
  startedAt: string;
  finishedAt: string | null;
  payoutCount: number;
  totalCents: number;
  hasFile: boolean;
}

/** Today's date in Sydney, the run's date. */
export function payoutDateOf(now: Date): string {
  return format(new TZDate(now.getTime(), PAYOUT_TIME_ZONE), 'yyyy-MM-dd');
}

/** When the run of `day` (YYYY-MM-DD) starts: PAYOUT_RUN_TIME in Sydney. */
export function payoutRunAt(day: string, time: string): Date {
  const date = parseISO(day);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(TZDate.tz(PAYOUT_TIME_ZONE, date.getFullYear(), date.getMonth(), date.getDate(), hours ?? 0, minutes ?? 0).getTime());
}

/** The next run after `now`: today's if it is still ahead, else tomorrow's. */
export function nextPayoutRunAt(now: Date, time: string): Date {
  const today = payoutDateOf(now);
  const todays = payoutRunAt(today, time);
  return todays > now ? todays : payoutRunAt(format(addDays(parseISO(today), 1), 'yyyy-MM-dd'), time);
}

interface WaitingInvoice {
  id: string;
  workerId: string;
  number: number;
  clientName: string;
  periodStart: string | null;
  periodEnd: string | null;
  totalCents: number;
  feeCents: number;
}

/**
 * PAID invoices no payout has paid: not credited (no credit note names them), and worth something
 * to the worker. `workerId` narrows it to one worker.
 */
export async function waitingInvoices(db: Db, workerId?: string): Promise<WaitingInvoice[]> {
  return db
    .select({
      id: invoices.id,
      workerId: invoices.workerId,
      number: invoices.number,
      clientName: invoices.clientName,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      totalCents: invoices.totalCents,
      feeCents: invoices.platformFeeCents,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'INVOICE'),
        eq(invoices.status, 'PAID'),
        sql`${invoices.totalCents} - ${invoices.platformFeeCents} > 0`,
        sql`not exists (select 1 from ${payoutItems} where ${payoutItems.invoiceId} = ${invoices.id})`,
        sql`not exists (select 1 from invoices credit where credit.credit_note_for_id = ${invoices.id} and credit.kind = 'CREDIT_NOTE')`,
        workerId ? eq(invoices.workerId, workerId) : undefined,
      ),
    )
    .orderBy(asc(invoices.workerId), asc(invoices.number));
}

type TaxRow = Pick<typeof workerTaxDetails.$inferSelect, 'workerId' | 'abn' | 'bsb' | 'bankAccountName' | 'accountNumberEncrypted' | 'accountNumberLastDigits'>;

/**
 * Why a worker cannot be paid (an empty list when they can), and the account number to pay when
 * they can. The number is decrypted to check it: one that cannot be read counts as no bank details.
 */
export async function payoutHoldReasons(
  cipher: FieldCipher,
  tax: Pick<TaxRow, 'abn' | 'bsb' | 'accountNumberEncrypted'> | undefined,
): Promise<{ reasons: string[]; accountNumber: string | null }> {
  const reasons: string[] = [];
  let accountNumber: string | null = null;
  if (tax && /^\d{3}-?\d{3}$/.test(tax.bsb) && tax.accountNumberEncrypted) {
    const digits = (await cipher.decrypt(tax.accountNumberEncrypted).catch(() => '')).replace(/[\s-]/g, '');
    if (/^\d{1,9}$/.test(digits)) accountNumber = digits;
    else reasons.push(/^\d{10,}$/.test(digits) ? ACCOUNT_NUMBER_TOO_LONG_REASON : NO_BANK_DETAILS_REASON);
  } else {
    reasons.push(NO_BANK_DETAILS_REASON);
  }
  if (!tax || !/^\d{11}$/.test(tax.abn)) reasons.push(NO_ABN_REASON);
  return { reasons, accountNumber: reasons.length === 0 ? accountNumber : null };
}

async function taxDetailsOf(db: Db, workerIds: string[]): Promise<Map<string, TaxRow>> {
  const rows: TaxRow[] = [];
  // In slices: a run over thousands of workers must not build one enormous parameter list.
  for (let start = 0; start < workerIds.length; start += 1_000) {
    rows.push(
      ...(await db
        .select({
          workerId: workerTaxDetails.workerId,
          abn: workerTaxDetails.abn,
          bsb: workerTaxDetails.bsb,
          bankAccountName: workerTaxDetails.bankAccountName,
          accountNumberEncrypted: workerTaxDetails.accountNumberEncrypted,
          accountNumberLastDigits: workerTaxDetails.accountNumberLastDigits,
        })
        .from(workerTaxDetails)
        .where(inArray(workerTaxDetails.workerId, workerIds.slice(start, start + 1_000)))),
    );
  }
  return new Map(rows.map((row) => [row.workerId, row]));
}

async function ensureRun(db: Db, runDate: string): Promise<typeof payoutRuns.$inferSelect> {
  await db.insert(payoutRuns).values({ runDate }).onConflictDoNothing({ target: payoutRuns.runDate });
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.runDate, runDate));
  if (!run) throw new Error(`payout run ${runDate} could not be read`);
  return run;
}

interface CreatedPayout {
  payoutId: string;
  workerId: string;
  remittanceNumber: number;
}

/**
 * One worker's payout, its items and its journal, in one transaction. Null when this run has
 * already paid the worker (another run got there first: the unique key decides).
 */
async function payWorker(db: Db, runId: string, workerId: string, tax: TaxRow, items: WaitingInvoice[]): Promise<CreatedPayout | null> {
  const grossCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const feeCents = items.reduce((sum, item) => sum + item.feeCents, 0);
  return db.transaction(async (tx) => {
    const [payout] = await tx
      .insert(payouts)
      .values({
        runId,
        workerId,
        status: 'SENT',
        grossCents,
        feeCents,
        amountCents: grossCents - feeCents,
        bsb: tax.bsb,
        accountLast3: tax.accountNumberLastDigits,
        accountName: tax.bankAccountName,
        remittanceNumber: sql`(select coalesce(max(${payouts.remittanceNumber}), 0) + 1 from ${payouts} where ${payouts.workerId} = ${workerId})`,
      })
      .onConflictDoNothing()
      .returning({ id: payouts.id, remittanceNumber: payouts.remittanceNumber });
    if (!payout) return null;
    const paid = await tx
      .insert(payoutItems)
      .values(items.map((item) => ({ payoutId: payout.id, invoiceId: item.id, grossCents: item.totalCents, feeCents: item.feeCents, amountCents: item.totalCents - item.feeCents })))
      .onConflictDoNothing({ target: payoutItems.invoiceId })
      .returning({ invoiceId: payoutItems.invoiceId });
    // Another day's run paid one of these meanwhile: pay none of them now; the next run pays the rest.
    if (paid.length !== items.length) throw new PayoutRaceError();
    await postJournal(tx, {
      kind: 'PAYOUT_SENT',
      key: `payout-sent:${payout.id}`,
      memo: formatRemittanceNumber(payout.remittanceNumber),
      lines: [
        ...items.map((item) => ({ account: 'WORKER_PAYABLE' as const, partyId: workerId, invoiceId: item.id, amountCents: item.totalCents - item.feeCents })),
        { account: 'BANK' as const, amountCents: -(grossCents - feeCents) },
      ],
    });
    await tx.delete(payoutHolds).where(eq(payoutHolds.workerId, workerId));
    return { payoutId: payout.id, workerId, remittanceNumber: payout.remittanceNumber };
  });
}

class PayoutRaceError extends Error {
  constructor() {
    super('an invoice of this payout was paid by another run');
    this.name = 'PayoutRaceError';
  }
}

/** A payout as its remittance shows it. */
export async function loadRemittance(db: Db, payoutId: string): Promise<(Remittance & { workerId: string; accountName: string }) | null> {
  const [row] = await db
    .select({ payout: payouts, runDate: payoutRuns.runDate })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .where(eq(payouts.id, payoutId));
  if (!row) return null;
  const items = await db
    .select({ item: payoutItems, number: invoices.number, clientName: invoices.clientName, periodStart: invoices.periodStart, periodEnd: invoices.periodEnd })
    .from(payoutItems)
    .innerJoin(invoices, eq(invoices.id, payoutItems.invoiceId))
    .where(eq(payoutItems.payoutId, payoutId))
    .orderBy(asc(invoices.number));
  const { payout } = row;
  return {
    id: payout.id,
    workerId: payout.workerId,
    accountName: payout.accountName,
    number: formatRemittanceNumber(payout.remittanceNumber),
    paidOn: row.runDate,
    grossCents: payout.grossCents,
    feeCents: payout.feeCents,
    amountCents: payout.amountCents,
    invoiceCount: items.length,
    bsb: payout.bsb,
    accountLast3: payout.accountLast3,
    items: items.map(({ item, number, clientName, periodStart, periodEnd }) => ({
      invoiceId: item.invoiceId,
      invoiceNumber: formatInvoiceNumber('INVOICE', number),
      clientName,
      periodStart,
      periodEnd,
      grossCents: item.grossCents,
      feeCents: item.feeCents,
      amountCents: item.amountCents,
    })),
  };
}

/** The remittance PDF into the file store, and the email that carries it to the worker. */
async function sendRemittance(ctx: PayoutContext, created: CreatedPayout, now: Date): Promise<void> {
  const remittance = await loadRemittance(ctx.db, created.payoutId);
  const [worker] = await ctx.db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, created.workerId));
  if (!remittance || !worker) return;
  const bytes = await renderRemittancePdf(
    { brandName: ctx.config.BRAND_NAME, platformAbn: ctx.config.PLATFORM_ABN, workerName: `${worker.firstName} ${worker.lastName}`.trim(), accountName: remittance.accountName, remittance },
    now,
  );
  const fileId = randomUUID();
  const fileName = `${remittance.number}.pdf`;
  const key = `remittances/${created.workerId}/${created.payoutId}.pdf`;
  await ctx.fileStore.put(key, bytes, 'application/pdf');
  const site = ctx.config.publicUrl.replace(/\/+$/, '');
  const { html, text } = renderEmail({
    brandName: ctx.config.BRAND_NAME,
    supportEmail: ctx.config.SUPPORT_EMAIL,
    supportPhone: ctx.config.SUPPORT_PHONE,
    preheader: `${formatCents(remittance.amountCents)} is on its way to your account ending ${remittance.accountLast3}.`,
    heading: `We have paid you ${formatCents(remittance.amountCents)}`,
    paragraphs: [
      `Hi ${worker.firstName},`,
      `On ${formatLongDate(remittance.paidOn)} we paid ${formatCents(remittance.amountCents)} into your account ending ${remittance.accountLast3} (BSB ${remittance.bsb}) for ${remittance.invoiceCount === 1 ? '1 invoice' : `${remittance.invoiceCount} invoices`}: ${formatCents(remittance.grossCents)} less the platform fee of ${formatCents(remittance.feeCents)}.`,
      `Remittance ${remittance.number} is attached, and is in Remittances whenever you need it.`,
    ],
    action: { label: 'See your remittances', url: `${site}/paid-invoices` },
  });
  await ctx.db.transaction(async (tx) => {
    // The key is the payout's: when two runs send the same remittance (one retrying what the other
    // is sending), the first to record it emails it and the other stops here.
    const [recorded] = await tx
      .insert(storedFiles)
      .values({ id: fileId, ownerUserId: created.workerId, purpose: 'REMITTANCE_PDF', storageKey: key, contentType: 'application/pdf', byteSize: bytes.length, originalName: fileName })
      .onConflictDoNothing({ target: storedFiles.storageKey })
      .returning({ id: storedFiles.id });
    if (!recorded) return;
    await tx.update(payouts).set({ remittanceFileId: fileId }).where(eq(payouts.id, created.payoutId));
    await queueMail(tx, {
      to: worker.email,
      category: 'PAYOUTS',
      subject: `Remittance ${remittance.number}: ${formatCents(remittance.amountCents)} paid`,
      html,
      text,
      attachments: [{ fileName, contentType: 'application/pdf', storageKey: key }],
    });
    await notify(tx, {
      userId: created.workerId,
      kind: 'PAYOUT_SENT',
      title: `We have paid you ${formatCents(remittance.amountCents)}`,
      body: `Remittance ${remittance.number}: ${formatCents(remittance.amountCents)} is on its way to your account ending ${remittance.accountLast3}.`,
      link: '/paid-invoices',
    });
  });
}

/**
 * The run's ABA file, over every payout of the run (a run pressed twice in a day adds to it), and
 * the run's totals. Written under a lock on the run, so that when several runs finish together
 * the last to write has seen every payout.
 */
async function writeRunFile(ctx: PayoutContext, runId: string, runDate: string, accountNumbers: Map<string, string>, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-run:${runId}`}))`);
    const rows = await tx
      .select({ id: payouts.id, workerId: payouts.workerId, amountCents: payouts.amountCents, bsb: payouts.bsb, accountName: payouts.accountName, remittanceNumber: payouts.remittanceNumber, encrypted: workerTaxDetails.accountNumberEncrypted })
      .from(payouts)
      .leftJoin(workerTaxDetails, eq(workerTaxDetails.workerId, payouts.workerId))
      .where(eq(payouts.runId, runId))
      .orderBy(asc(payouts.createdAt), asc(payouts.id));
    const payments: AbaPayment[] = [];
    for (const row of rows) {
      const accountNumber = accountNumbers.get(row.workerId) ?? (row.encrypted ? await ctx.fieldCipher.decrypt(row.encrypted) : null);
      if (!accountNumber) throw new Error(`payout ${row.id}: the worker's account number is gone`);
      payments.push({ to: { bsb: row.bsb, accountNumber, accountName: row.accountName }, amountCents: row.amountCents, lodgementReference: formatRemittanceNumber(row.remittanceNumber) });
    }
    if (rows.length === 0) {
      // Nobody was paid: no file for the bank, but the run is done.
      await tx.update(payoutRuns).set({ finishedAt: now }).where(eq(payoutRuns.id, runId));
      return;
    }
    const { config } = ctx;
    const text = writeAbaFile({
      header: { bankCode: config.ABA_BANK_CODE, userName: config.ABA_USER_NAME, userId: config.ABA_USER_ID, description: 'PAYOUTS', processingDate: runDate },
      platformAccount: { bsb: config.PLATFORM_BANK_BSB, accountNumber: config.PLATFORM_BANK_ACCOUNT_NUMBER, accountName: config.PLATFORM_BANK_ACCOUNT_NAME },
      remitterName: config.BRAND_NAME,
      payments,
    });
    const bytes = Buffer.from(text, 'ascii');
    const key = `payout-runs/${runDate}-${runId}.aba`;
    await ctx.fileStore.put(key, bytes, 'text/plain');
    const [file] = await tx
      .insert(storedFiles)
      .values({ ownerUserId: null, purpose: 'PAYOUT_ABA_FILE', storageKey: key, contentType: 'text/plain', byteSize: bytes.length, originalName: `payouts-${runDate}.aba` })
      .onConflictDoUpdate({ target: storedFiles.storageKey, set: { byteSize: bytes.length } })
      .returning({ id: storedFiles.id });
    await tx
      .update(payoutRuns)
      .set({
        abaFileId: file!.id,
        finishedAt: now,
        payoutCount: rows.length,
        totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
      })
      .where(eq(payoutRuns.id, runId));
  });
}

export function presentRun(run: typeof payoutRuns.$inferSelect): PayoutRunSummary {
  return {
    id: run.id,
    runDate: run.runDate,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    payoutCount: run.payoutCount,
    totalCents: run.totalCents,
    hasFile: run.abaFileId !== null,
  };
}

export interface PayoutRunOutcome {
  run: PayoutRunSummary;
  /** Payouts this call made (another run at the same time may have made the rest). */
  paid: number;
  held: number;
}

/** Runs the payout of `runDate` (Sydney): pays whoever can be paid, holds the rest, writes the files. */
export async function runPayouts(ctx: PayoutContext, options: { runDate: string; now?: Date }): Promise<PayoutRunOutcome> {
  const now = options.now ?? new Date();
  const run = await ensureRun(ctx.db, options.runDate);
  const waiting = await waitingInvoices(ctx.db);
  const byWorker = new Map<string, WaitingInvoice[]>();
  for (const invoice of waiting) {
    const list = byWorker.get(invoice.workerId);
    if (list) list.push(invoice);
    else byWorker.set(invoice.workerId, [invoice]);
  }
  const taxes = await taxDetailsOf(ctx.db, [...byWorker.keys()]);

  const held: { workerId: string; reason: string; heldCents: number }[] = [];
  const accountNumbers = new Map<string, string>();
  const created: CreatedPayout[] = [];
  const toPay: { workerId: string; tax: TaxRow; items: WaitingInvoice[] }[] = [];
  for (const [workerId, items] of byWorker) {
    const tax = taxes.get(workerId);
    const { reasons, accountNumber } = await payoutHoldReasons(ctx.fieldCipher, tax);
    if (reasons.length > 0 || !tax || !accountNumber) {
      held.push({ workerId, reason: reasons.join(' '), heldCents: items.reduce((sum, item) => sum + item.totalCents - item.feeCents, 0) });
      continue;
    }
    accountNumbers.set(workerId, accountNumber);
    toPay.push({ workerId, tax, items });
  }

  // A few workers at a time: while one waits on the database another renders its remittance.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PAYOUT_CONCURRENCY, toPay.length) }, async () => {
      while (next < toPay.length) {
        const { workerId, tax, items } = toPay[next++]!;
        let payout: CreatedPayout | null = null;
        try {
          payout = await payWorker(ctx.db, run.id, workerId, tax, items);
        } catch (error) {
          if (!(error instanceof PayoutRaceError)) throw error;
        }
        if (!payout) continue;
        created.push(payout);
        // A remittance that fails here (the file store down) is sent by the sweep below.
        await sendRemittance(ctx, payout, now).catch(() => undefined);
      }
    }),
  );

  await ctx.db.transaction(async (tx) => {
    for (const hold of held) {
      await tx
        .insert(payoutHolds)
        .values({ ...hold, updatedAt: now })
        .onConflictDoUpdate({ target: payoutHolds.workerId, set: { reason: hold.reason, heldCents: hold.heldCents, updatedAt: now } });
    }
    // A worker with nothing waiting any more (paid, or their invoices credited) is not held.
    const stillHeld = held.map((hold) => hold.workerId);
    await tx.delete(payoutHolds).where(stillHeld.length > 0 ? notInArray(payoutHolds.workerId, stillHeld) : undefined);
  });

  // Remittances not yet sent: any that failed above, or of a run that stopped half-way (its job
  // is retried). The bank file is written whatever happens; a remittance that still fails makes
  // the run fail after it, so the job tries again.
  const unsent = await ctx.db
    .select({ payoutId: payouts.id, workerId: payouts.workerId, remittanceNumber: payouts.remittanceNumber })
    .from(payouts)
    .where(and(eq(payouts.runId, run.id), isNull(payouts.remittanceFileId)));
  const failures: unknown[] = [];
  for (const payout of unsent) await sendRemittance(ctx, payout, now).catch((error: unknown) => failures.push(error));
  await writeRunFile(ctx, run.id, options.runDate, accountNumbers, now);
  if (failures.length > 0) throw new Error(`payout run ${options.runDate}: ${failures.length} remittances could not be sent`, { cause: failures[0] });
  const [finished] = await ctx.db.select().from(payoutRuns).where(eq(payoutRuns.id, run.id));
  return { run: presentRun(finished!), paid: created.length, held: held.length };
}
