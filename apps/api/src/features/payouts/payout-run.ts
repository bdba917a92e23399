import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import { ACCOUNT_NUMBER_TOO_LONG_REASON, formatRemittanceNumber, NO_ABN_REASON, NO_BANK_DETAILS_REASON, PAYOUT_RETURNED_REASON, type Remittance } from '@tendly/domain/api/payments';
import { formatCents, fullName } from '@tendly/domain/format';
import { writeAbaFile, type AbaPayment } from '@tendly/domain/payments/aba';
import { nextBankingDay } from '@tendly/domain/payments/banking-days';
import { formatLodgementReference } from '@tendly/domain/payments/lodgement-reference';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import type { Config } from '../../platform/config';
import { dailyRunAt, dailyRunDay, nextDailyRunAt, type DailySchedule } from '../../platform/jobs/daily-job';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { Db, DbExecutor, DbTransaction } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { invoices } from '../../platform/db/schema/billing';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { payoutBatches, payoutHolds, payoutItems, payoutRuns, payouts } from '../../platform/db/schema/payments';
import { storedFiles } from '../../platform/db/schema/platform';
import type { FileStore } from '../../platform/files/file-store';
import { postJournal } from '../../platform/ledger/ledger';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { renderRemittancePdf } from './remittance-pdf';
import { emailLayoutOf } from '../../platform/mail/email-site';

/**
 * The payout run (issue 15; workflows.md "Paying and getting paid"): each worker is paid, once a
 * day, for their PAID invoices that no payout has paid yet: each invoice's total less its platform
 * fee. One payout per worker per run and one payout per invoice are the database's unique
 * constraints (`payouts_run_worker_key`, `payout_items_invoice_key`), so any number of runs at once
 * (the job in several processes, an administrator pressing "Run now") pay each invoice once.
 *
 * A worker without bank details or an ABN in Tax and super is held, with the reason they see on
 * their dashboard; so is one whose last payment the bank sent back, until they change the bank
 * details it was sent to (issue 28). The payouts, their PAYOUT_SENT journals (Dr WORKER_PAYABLE
 * per invoice, Cr BANK) and their lodgement batch are booked in one transaction (issue 27: a run
 * cut off by a crash or SIGTERM never leaves payouts booked without their bank file): the batch's
 * file holds only the payouts booked with it, so a run pressed again the same day makes a second
 * file and never a file with the first one's payouts in it again (issue 28: lodging both must not
 * pay anyone twice). The file's bytes go into the file store under a key of their own before the
 * commit, and a run cut off before it leaves nothing booked, so its job's retry books it all
 * again. After the commit each worker gets a remittance (PDF, emailed); one not sent yet is sent
 * by the next run of the day.
 */

export const PAYOUT_TIME_ZONE = 'Australia/Sydney';
/** The daily payout run's job type (payout-run-job.ts). */
export const PAYOUT_RUN_JOB = 'payouts.run';
/** Remittances rendered and sent at once after a run. */
const REMITTANCE_CONCURRENCY = 4;
/** Every run's booking takes this lock, and so does recording a returned payment: they happen one after another, each seeing what the others booked. */
export const BOOKING_LOCK = 'payouts:booking';

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

/** The daily run at PAYOUT_RUN_TIME in Sydney. */
export function payoutSchedule(time: string): DailySchedule {
  return { type: PAYOUT_RUN_JOB, zone: PAYOUT_TIME_ZONE, time };
}

/** Today's date in Sydney, the run's date. */
export function payoutDateOf(now: Date): string {
  return dailyRunDay(payoutSchedule('00:00'), now);
}

/** When the run of `day` (YYYY-MM-DD) starts: PAYOUT_RUN_TIME in Sydney. */
export function payoutRunAt(day: string, time: string): Date {
  return dailyRunAt(payoutSchedule(time), day);
}

/** The next run after `now`: today's if it is still ahead, else tomorrow's. */
export function nextPayoutRunAt(now: Date, time: string): Date {
  return nextDailyRunAt(payoutSchedule(time), now);
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
export async function waitingInvoices(db: DbExecutor, workerId?: string): Promise<WaitingInvoice[]> {
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
        // A payout the bank sent back no longer pays its invoices (issue 28).
        sql`not exists (select 1 from ${payoutItems} where ${payoutItems.invoiceId} = ${invoices.id} and ${payoutItems.returnedAt} is null)`,
        sql`not exists (select 1 from invoices credit where credit.credit_note_for_id = ${invoices.id} and credit.kind = 'CREDIT_NOTE')`,
        workerId ? eq(invoices.workerId, workerId) : undefined,
      ),
    )
    .orderBy(asc(invoices.workerId), asc(invoices.number));
}

/** What a payout needs of a worker's tax details: the ABN and the bank account. */
export const payoutDetailColumns = {
  abn: workerTaxDetails.abn,
  bsb: workerTaxDetails.bsb,
  bankAccountName: workerTaxDetails.bankAccountName,
  accountNumberEncrypted: workerTaxDetails.accountNumberEncrypted,
  accountNumberLastDigits: workerTaxDetails.accountNumberLastDigits,
};

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
        .select({ workerId: workerTaxDetails.workerId, ...payoutDetailColumns })
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

/** A payout whose remittance is to be sent. */
type UnsentPayout = Pick<CreatedPayout, 'payoutId' | 'workerId'>;

interface CreatedPayout {
  payoutId: string;
  workerId: string;
  remittanceNumber: number;
  lodgementNumber: number;
  bsb: string;
  accountName: string;
  amountCents: number;
}

/**
 * One worker's payout, its items and its journal, in the run's transaction. Null when this run has
 * already paid the worker (a run pressed again the same day): what they earned since waits for the
 * next day's run.
 */
async function payWorker(tx: DbTransaction, runId: string, workerId: string, tax: TaxRow, items: WaitingInvoice[]): Promise<CreatedPayout | null> {
  const grossCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const feeCents = items.reduce((sum, item) => sum + item.feeCents, 0);
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
      accountNumberEncrypted: tax.accountNumberEncrypted,
      remittanceNumber: sql`(select coalesce(max(${payouts.remittanceNumber}), 0) + 1 from ${payouts} where ${payouts.workerId} = ${workerId})`,
    })
    .onConflictDoNothing({ target: [payouts.runId, payouts.workerId] })
    .returning({ id: payouts.id, remittanceNumber: payouts.remittanceNumber, lodgementNumber: payouts.lodgementNumber });
  if (!payout) return null;
  const paid = await tx
    .insert(payoutItems)
    .values(items.map((item) => ({ payoutId: payout.id, invoiceId: item.id, grossCents: item.totalCents, feeCents: item.feeCents, amountCents: item.totalCents - item.feeCents })))
    .onConflictDoNothing({ target: payoutItems.invoiceId, where: sql`returned_at is null` })
    .returning({ invoiceId: payoutItems.invoiceId });
  // Under the booking lock no other run pays these invoices meanwhile: if one did, book nothing.
  if (paid.length !== items.length) throw new Error(`payout run: an invoice of worker ${workerId} was paid by another run meanwhile`);
  await postJournal(tx, {
    kind: 'PAYOUT_SENT',
    key: `payout-sent:${payout.id}`,
    memo: `${formatLodgementReference(payout.lodgementNumber)} ${formatRemittanceNumber(payout.remittanceNumber)}`,
    lines: [
      ...items.map((item) => ({ account: 'WORKER_PAYABLE' as const, partyId: workerId, invoiceId: item.id, amountCents: item.totalCents - item.feeCents })),
      { account: 'BANK' as const, amountCents: -(grossCents - feeCents) },
    ],
  });
  await tx.delete(payoutHolds).where(eq(payoutHolds.workerId, workerId));
  return {
    payoutId: payout.id,
    workerId,
    remittanceNumber: payout.remittanceNumber,
    lodgementNumber: payout.lodgementNumber,
    bsb: tax.bsb,
    accountName: tax.bankAccountName,
    amountCents: grossCents - feeCents,
  };
}

interface Hold {
  workerId: string;
  reason: string;
  heldCents: number;
}

/** What a run reads before its transaction opens. */
interface RunPlan {
  /** The workers who can be paid, with the tax details read. */
  payable: Map<string, TaxRow>;
  held: Hold[];
  /**
   * The account numbers of every worker to pay, decrypted here, before the run's transaction: it
   * holds the booking lock (and PGlite's one connection), so it does nothing inside that could be
   * done before it.
   */
  accountNumbers: Map<string, string>;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The workers among `workerIds` whose payment the bank sent back and who still have the bank
 * details it was sent to (issue 28; payments-ops.md: a returned payment is owed to the payee
 * again): paying the same account again would only come back again. A return stops counting once
 * its invoices are paid again, or once the worker's BSB, account number or account name differ
 * from the ones the returned payout went to.
 */
export async function workersWithUnchangedReturnedDetails(db: DbExecutor, cipher: FieldCipher, workerIds: string[], taxes: Map<string, Pick<TaxRow, 'bsb' | 'bankAccountName' | 'accountNumberEncrypted' | 'accountNumberLastDigits'>>): Promise<Set<string>> {
  const blocked = new Set<string>();
  if (workerIds.length === 0) return blocked;
  const returned = await db
    .select({ workerId: payouts.workerId, bsb: payouts.bsb, accountName: payouts.accountName, accountLast3: payouts.accountLast3, accountNumberEncrypted: payouts.accountNumberEncrypted })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'RETURNED'),
        // Few payments come back: over many workers, read them all rather than a huge parameter list.
        workerIds.length <= 1_000 ? inArray(payouts.workerId, workerIds) : undefined,
        sql`exists (select 1 from payout_items returned_item where returned_item.payout_id = ${payouts.id}
              and not exists (select 1 from payout_items again where again.invoice_id = returned_item.invoice_id and again.returned_at is null))`,
      ),
    );
  const asked = new Set(workerIds);
  for (const payout of returned) {
    if (blocked.has(payout.workerId) || !asked.has(payout.workerId)) continue;
    const tax = taxes.get(payout.workerId);
    if (!tax) continue;
    const sameBsb = digitsOf(tax.bsb) === digitsOf(payout.bsb);
    const sameName = tax.bankAccountName.trim().toLowerCase() === payout.accountName.trim().toLowerCase();
    // A payout from before returns were recorded kept only the last three digits of its account.
    const sameNumber = payout.accountNumberEncrypted
      ? digitsOf(await cipher.decrypt(payout.accountNumberEncrypted).catch(() => '')) === digitsOf(await cipher.decrypt(tax.accountNumberEncrypted).catch(() => ''))
      : tax.accountNumberLastDigits === payout.accountLast3;
    if (sameBsb && sameName && sameNumber) blocked.add(payout.workerId);
  }
  return blocked;
}

async function planRun(ctx: PayoutContext): Promise<RunPlan> {
  const waiting = await waitingInvoices(ctx.db);
  const waitingCents = new Map<string, number>();
  for (const invoice of waiting) waitingCents.set(invoice.workerId, (waitingCents.get(invoice.workerId) ?? 0) + invoice.totalCents - invoice.feeCents);
  const taxes = await taxDetailsOf(ctx.db, [...waitingCents.keys()]);
  const returned = await workersWithUnchangedReturnedDetails(ctx.db, ctx.fieldCipher, [...waitingCents.keys()], taxes);

  const plan: RunPlan = { payable: new Map(), held: [], accountNumbers: new Map() };
  for (const [workerId, heldCents] of waitingCents) {
    const tax = taxes.get(workerId);
    const { reasons, accountNumber } = await payoutHoldReasons(ctx.fieldCipher, tax);
    if (returned.has(workerId)) reasons.unshift(PAYOUT_RETURNED_REASON);
    if (reasons.length > 0 || !tax || !accountNumber) {
      plan.held.push({ workerId, reason: reasons.join(' '), heldCents });
      continue;
    }
    plan.payable.set(workerId, tax);
    plan.accountNumbers.set(workerId, accountNumber);
  }
  return plan;
}

/** Where a run can be cut off, for tests: the first two are inside its transaction, the last just after the commit. */
export type PayoutRunPoint = 'payout-booked' | 'file-stored' | 'committed';
export type PayoutRunInterrupt = (point: PayoutRunPoint) => void | Promise<void>;

/** The name a batch's file is downloaded with: the run's date and the batch's platform-wide number. */
export function batchFileName(runDate: string, batchNumber: number): string {
  return `payouts-${runDate}-${String(batchNumber).padStart(6, '0')}.aba`;
}

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The run's booking, in one transaction under the booking lock: the payouts of the workers the plan
 * can pay whose invoices are still waiting, the holds, and a lodgement batch whose bank file holds
 * exactly those payouts. Answers the payouts it made.
 */
async function bookRun(tx: DbTransaction, ctx: PayoutContext, runId: string, runDate: string, plan: RunPlan, now: Date, interrupt?: PayoutRunInterrupt): Promise<CreatedPayout[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BOOKING_LOCK}))`);
  const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) throw new Error(`payout run ${runDate} is gone`);

  // Read again under the lock: what another run paid meanwhile is no longer waiting.
  const byWorker = new Map<string, WaitingInvoice[]>();
  for (const invoice of await waitingInvoices(tx)) {
    if (!plan.payable.has(invoice.workerId)) continue;
    const list = byWorker.get(invoice.workerId);
    if (list) list.push(invoice);
    else byWorker.set(invoice.workerId, [invoice]);
  }
  // A payment recorded as returned after the plan was read (recording one takes the booking lock
  // too): the same account is not paid again.
  for (const workerId of await workersWithUnchangedReturnedDetails(tx, ctx.fieldCipher, [...byWorker.keys()], plan.payable)) byWorker.delete(workerId);
  const created: CreatedPayout[] = [];
  for (const [workerId, items] of byWorker) {
    const payout = await payWorker(tx, runId, workerId, plan.payable.get(workerId)!, items);
    if (!payout) continue;
    created.push(payout);
    await interrupt?.('payout-booked');
  }

  for (const hold of plan.held) {
    await tx
      .insert(payoutHolds)
      .values({ ...hold, updatedAt: now })
      .onConflictDoUpdate({ target: payoutHolds.workerId, set: { reason: hold.reason, heldCents: hold.heldCents, updatedAt: now } });
  }
  // A worker with nothing waiting any more (paid, or their invoices credited) is not held.
  const stillHeld = plan.held.map((hold) => hold.workerId);
  await tx.delete(payoutHolds).where(stillHeld.length > 0 ? notInArray(payoutHolds.workerId, stillHeld) : undefined);

  if (created.length === 0) {
    // Nobody new was paid: no file for the bank, but the run is done.
    if (!run.finishedAt) await tx.update(payoutRuns).set({ finishedAt: now }).where(eq(payoutRuns.id, runId));
    return created;
  }

  // BECS settles only on banking days (payments-ops.md "Bank files"): a run on a weekend or a
  // national public holiday dates its file for the next banking day.
  const processingDate = nextBankingDay(runDate);
  const numbered = await tx.execute<{ number: number }>(sql`select nextval(pg_get_serial_sequence('payout_batches', 'number'))::int as number`);
  const batchNumber = Number(numbered.rows[0]!.number);
  const fileName = batchFileName(runDate, batchNumber);
  const payments: AbaPayment[] = created.map((payout) => ({
    to: { bsb: payout.bsb, accountNumber: plan.accountNumbers.get(payout.workerId)!, accountName: payout.accountName },
    amountCents: payout.amountCents,
    lodgementReference: formatLodgementReference(payout.lodgementNumber),
  }));
  const { config } = ctx;
  const text = writeAbaFile({
    header: { bankCode: config.ABA_BANK_CODE, userName: config.ABA_USER_NAME, userId: config.ABA_USER_ID, description: 'PAYOUTS', processingDate },
    platformAccount: { bsb: config.PLATFORM_BANK_BSB, accountNumber: config.PLATFORM_BANK_ACCOUNT_NUMBER, accountName: config.PLATFORM_BANK_ACCOUNT_NAME },
    remitterName: config.BRAND_NAME,
    payments,
  });
  const bytes = Buffer.from(text, 'ascii');
  const totalCents = created.reduce((sum, payout) => sum + payout.amountCents, 0);
  // A key of its own for each file: bytes stored by a run cut off before its commit never replace
  // a file that was booked, and are recorded nowhere.
  const fileId = randomUUID();
  const key = `payout-runs/${runDate}-${runId}/${fileId}.aba`;
  await ctx.fileStore.put(key, bytes, 'text/plain');
  await interrupt?.('file-stored');
  await tx.insert(storedFiles).values({ id: fileId, ownerUserId: null, purpose: 'PAYOUT_ABA_FILE', storageKey: key, contentType: 'text/plain', byteSize: bytes.length, originalName: fileName });
  const [batch] = await tx
    .insert(payoutBatches)
    .values({ number: batchNumber, runId, processingDate, fileId, fileName, sha256: sha256Of(bytes), payoutCount: created.length, totalCents, createdAt: now })
    .returning({ id: payoutBatches.id });
  await tx.update(payouts).set({ batchId: batch!.id }).where(inArray(payouts.id, created.map((payout) => payout.payoutId)));
  await tx
    .update(payoutRuns)
    .set({ finishedAt: now, payoutCount: run.payoutCount + created.length, totalCents: run.totalCents + totalCents })
    .where(eq(payoutRuns.id, runId));
  return created;
}

/** A payout as its remittance shows it. */
export async function loadRemittance(db: Db, payoutId: string): Promise<(Remittance & { workerId: string; accountName: string }) | null> {
  const [row] = await db
    .select({ payout: payouts, runDate: payoutRuns.runDate, processingDate: payoutBatches.processingDate })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
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
    paidOn: row.processingDate ?? row.runDate,
    lodgementReference: formatLodgementReference(payout.lodgementNumber),
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
async function sendRemittance(ctx: PayoutContext, created: UnsentPayout, now: Date): Promise<void> {
  const remittance = await loadRemittance(ctx.db, created.payoutId);
  const [worker] = await ctx.db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, created.workerId));
  if (!remittance || !worker) return;
  const bytes = await renderRemittancePdf(
    { brandName: ctx.config.BRAND_NAME, platformAbn: ctx.config.PLATFORM_ABN, workerName: fullName(worker), accountName: remittance.accountName, remittance },
    now,
  );
  const fileId = randomUUID();
  const fileName = `${remittance.number}.pdf`;
  const key = `remittances/${created.workerId}/${created.payoutId}.pdf`;
  await ctx.fileStore.put(key, bytes, 'application/pdf');
  const site = ctx.config.publicUrl.replace(/\/+$/, '');
  const { html, text } = renderEmail({
    ...emailLayoutOf(ctx.config),
    preheader: `${formatCents(remittance.amountCents)} is on its way to your account ending ${remittance.accountLast3}.`,
    heading: `We have paid you ${formatCents(remittance.amountCents)}`,
    paragraphs: [
      `Hi ${worker.firstName},`,
      `We have paid ${formatCents(remittance.amountCents)} into your account ending ${remittance.accountLast3} (BSB ${remittance.bsb}) for ${remittance.invoiceCount === 1 ? '1 invoice' : `${remittance.invoiceCount} invoices`}: ${formatCents(remittance.grossCents)} less the platform fee of ${formatCents(remittance.feeCents)}.`,
      `The bank processes the payment on ${formatLongDate(remittance.paidOn)}. Your bank statement shows it with the reference ${remittance.lodgementReference}.`,
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

export function presentRun(run: typeof payoutRuns.$inferSelect): PayoutRunSummary {
  return {
    id: run.id,
    runDate: run.runDate,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    payoutCount: run.payoutCount,
    totalCents: run.totalCents,
    // Every payout is booked with its batch's file.
    hasFile: run.payoutCount > 0,
  };
}

export interface PayoutRunOutcome {
  run: PayoutRunSummary;
  /** Payouts this call made (another run at the same time may have made the rest). */
  paid: number;
  held: number;
}

/**
 * Runs the payout of `runDate` (Sydney): pays whoever can be paid and holds the rest, with the bank
 * file, in one transaction; then sends the remittances not sent yet. `interrupt` cuts it off in tests.
 */
export async function runPayouts(ctx: PayoutContext, options: { runDate: string; now?: Date; interrupt?: PayoutRunInterrupt }): Promise<PayoutRunOutcome> {
  const now = options.now ?? new Date();
  const run = await ensureRun(ctx.db, options.runDate);
  const plan = await planRun(ctx);
  const created = await ctx.db.transaction((tx) => bookRun(tx, ctx, run.id, options.runDate, plan, now, options.interrupt));
  await options.interrupt?.('committed');

  // Every remittance of the run not sent yet: this run's, and any a run cut off after its commit
  // left. One that fails makes the run fail after the others, so the job tries again.
  const unsent = await ctx.db
    .select({ payoutId: payouts.id, workerId: payouts.workerId })
    .from(payouts)
    .where(and(eq(payouts.runId, run.id), isNull(payouts.remittanceFileId)));
  const failures: unknown[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(REMITTANCE_CONCURRENCY, unsent.length) }, async () => {
      while (next < unsent.length) {
        const payout = unsent[next++]!;
        await sendRemittance(ctx, payout, now).catch((error: unknown) => failures.push(error));
      }
    }),
  );
  if (failures.length > 0) throw new Error(`payout run ${options.runDate}: ${failures.length} remittances could not be sent`, { cause: failures[0] });
  const [finished] = await ctx.db.select().from(payoutRuns).where(eq(payoutRuns.id, run.id));
  return { run: presentRun(finished!), paid: created.length, held: plan.held.length };
}
