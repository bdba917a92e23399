import { randomBytes, randomInt } from 'node:crypto';
import { addDaysToDate, instantToLocal, instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ABA_CREDIT, AbaParseError, formatBsb, parseAbaFile, type ParsedAbaFile } from '@tendly/domain/payments/aba';
import { formatLodgementReference } from '@tendly/domain/payments/lodgement-reference';
import { createUser, createWorker, sessionFor } from '../features/auth/test-factories';
import { PAYOUT_RUN_JOB, payoutDateOf } from '../features/payouts/payout-run';
import { issueInvoiceForTimesheet } from '../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet, giveWorkerBankDetails } from '../platform/billing/test-billing';
import { loadConfig } from '../platform/config';
import { loadFieldCipher, type FieldCipher } from '../platform/crypto/field-cipher';
import { openDatabase, type Db } from '../platform/db/client';
import { invoices } from '../platform/db/schema/billing';
import { bookings, shifts } from '../platform/db/schema/engagements';
import { paymentCustomers, paymentMethods, paymentSettings } from '../platform/db/schema/payments';
import { backgroundJobs } from '../platform/db/schema/platform';
import { enqueueJobOnce, uuidFromKey } from '../platform/jobs/job-queue';
import { createFileStore, type FileStore } from '../platform/files/file-store';
import { checkLedger, PARTIAL_RECORD_PROBLEMS } from '../platform/ledger/check-ledger';
import { IDEMPOTENT_CLAIM_LEASE_MS } from '../platform/http/idempotent-requests';
import { startChildServer, type ChildServer } from './child-server';

/**
 * Kill -9 cycles against the real server (issue 27, "Tests and evidence"): whatever the moment of
 * a crash, it must never leave a record part-written, money moved twice or a ledger that does not
 * add up, the server must start again, and once each client has retried, every operation has taken
 * effect exactly once.
 *
 * A cycle:
 * 1. With no server running (PGlite has one process per data folder), what the last kill left is
 *    checked, before anything retries (checkLedger, the duplicate queries, every payout in its
 *    run's bank file), and the cycle's fixtures are written straight into the database: three sets
 *    of the same operations' records.
 * 2. The real server starts in a child process (PGlite in DATA_DIR, or the PostgreSQL server): on
 *    what the kill left, on PostgreSQL. The last cycle's clients send their requests again, as
 *    they were (a payment with its Idempotency-Key).
 * 3. The operations of the first two sets are sent at once and answered: the first warms the
 *    server up, the second times them. Those of the third are sent at once, and the server is
 *    killed with SIGKILL at a random moment (seeded) from 0 to 1.25 times that long after the
 *    first of them arrived. Its log says which it had received.
 * 4. PGlite: the server starts on what the kill left (crash recovery, the stale lock) and stops.
 * After the last cycle, its clients retry; then the whole database is checked again, and each
 * operation of every cycle (and of every rehearsal) must have taken effect exactly once.
 *
 * Used by the suite (server-crash.test.ts: a few cycles of an approval and a payout run) and by
 * `npm run bench:faults` (25 cycles of all five operations a database).
 */

export const CRASH_OPERATIONS = ['approve', 'pay', 'credit-note', 'cancel-shift', 'payout-run'] as const;
export type CrashOperation = (typeof CRASH_OPERATIONS)[number];

export interface CrashTarget {
  /** Printed: `PGlite`, `PostgreSQL`. */
  label: string;
  /** The server's DATA_DIR: PGlite's folder (when no databaseUrl) and the stored files either way. */
  dataDir: string;
  /** A migrated (or empty) PostgreSQL database; absent: PGlite in dataDir. */
  databaseUrl?: string;
}

export interface CrashCyclesOptions {
  target: CrashTarget;
  cycles: number;
  operations: readonly CrashOperation[];
  /** Seeds the moments of the kills. */
  seed: number;
  /** A bundle of the server to run (see startChildServer); absent: the source through tsx. */
  bundle?: string;
  /** The database is migrated, with its reference data: no first start is needed before the cycles. */
  migrated?: boolean;
  /**
   * PGlite: after each kill the server starts on what the kill left (crash recovery in the server,
   * the data folder's stale lock) and stops, before the folder is opened to be checked (true, the
   * default: a server start more a cycle); false: the check opens it first. On PostgreSQL the next
   * start is always on what the kill left (the check does not need the server stopped).
   */
  restartAfterKill?: boolean;
  /** One line a cycle, and what went wrong. */
  log?: (line: string) => void;
}

export interface CrashCyclesReport {
  target: string;
  cycles: number;
  /** Kills that came while at least one operation was in the server's hands (received, not answered). */
  killsMidOperation: number;
  /** Records left part-written: checkLedger's PARTIAL_RECORD_PROBLEMS, and payouts missing from their run's bank file. */
  partialRecords: string[];
  /** The same money moved, record written or email sent twice (counted by the queries below). */
  duplicates: string[];
  /** Ledger problems: a journal that does not balance, an invoice its journals do not match. */
  ledgerFailures: string[];
  /** Operations that had still not taken effect after their client's retry. */
  notDone: string[];
  /** Starts or clean stops that failed (a server that will not restart ends the run). */
  serverFailures: string[];
}

/** A defect found: anything but cycles and kills. */
export function crashDefects(report: CrashCyclesReport): number {
  return report.partialRecords.length + report.duplicates.length + report.ledgerFailures.length + report.notDone.length + report.serverFailures.length;
}

/** A POST to the API as someone. */
interface PlannedRequest {
  name: string;
  path: string;
  token: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface OperationPlan extends PlannedRequest {
  name: CrashOperation;
  /** What the operation must have done, once: '' when it did, else what is wrong; `duplicate` when done more than once. */
  verify(db: Db): Promise<Verdict>;
}

type Verdict = { notDone?: string; duplicate?: string };

interface CycleFixture {
  /** Sent, each to its answer, just before the operations: what must not happen before their turn. */
  setUp: PlannedRequest[];
  operations: OperationPlan[];
}

interface SentRequest {
  plan: OperationPlan;
  answeredAt: number | null;
  status: number | null;
}

/** A small seeded generator (mulberry32): the same seed kills at the same moments. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const short = (id: string) => id.slice(0, 8);
const count = (value: unknown) => Number(value ?? 0);

/**
 * The verdict on an operation that moves one record to `doneStatus` and makes exactly one of
 * something: `query` answers the record's status and how many were `made`. Two or more is a
 * duplicate; none, or the record in another status, is not done.
 */
async function verifyMadeOnce(
  check: Db,
  query: SQL,
  expected: { step: string; record: string; doneStatus: string; made: string },
): Promise<Verdict> {
  const [row] = (await check.execute<{ status: string; made: number }>(query)).rows;
  const { step, record, doneStatus, made } = expected;
  if (count(row?.made) > 1) return { duplicate: `${record} has ${row!.made} ${made}` };
  if (row?.status !== doneStatus || count(row.made) !== 1) return { notDone: `${step}: ${record} is ${row?.status} with ${row?.made ?? 0} ${made}` };
  return {};
}

/** A worker's account number of their own: the bank file's payouts are told apart by it (with the amount and the lodgement reference). */
function nextAccountNumber(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/** An ISSUED invoice for approved hours under the contract, issued as approving them issues it (its automatic charge queued). */
async function issueInvoiceFor(db: Db, contract: Awaited<ReturnType<typeof createActiveContract>>, start: string, end: string): Promise<{ id: string; totalCents: number }> {
  const timesheet = await createTimesheet(db, contract, { start, end });
  const { invoiceId } = await db.transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
  const [invoice] = await db.select({ id: invoices.id, totalCents: invoices.totalCents }).from(invoices).where(eq(invoices.id, invoiceId));
  return invoice!;
}

/** The cycle's fixtures, written straight into the database while no server runs. */
async function prepareCycle(db: Db, cipher: FieldCipher, operations: readonly CrashOperation[], cycle: number): Promise<CycleFixture> {
  const plans: OperationPlan[] = [];
  const setUp: PlannedRequest[] = [];
  // A weekday of November 2026 that is no NSW public holiday, a different one each cycle.
  const day = 2 + (cycle % 4);
  const date = `2026-11-${String(day).padStart(2, '0')}`;
  for (const name of operations) {
    if (name === 'approve') {
      const contract = await createActiveContract(db);
      const timesheet = await createTimesheet(db, contract, { start: `${date}T09:00`, end: `${date}T12:30`, status: 'SUBMITTED' });
      plans.push({
        name,
        path: `/api/job-reports/${timesheet.id}/approve`,
        token: await sessionFor(db, contract.careSeekerId),
        verify: (check) =>
          verifyMadeOnce(
            check,
            sql`
              select t.status, (select count(*) from invoices i where i.timesheet_id = t.id and i.kind = 'INVOICE')::int as made
              from timesheets t where t.id = ${timesheet.id}`,
            { step: 'approve', record: `job report ${short(timesheet.id)}`, doneStatus: 'APPROVED', made: 'invoices' },
          ),
      });
    } else if (name === 'pay' || name === 'credit-note') {
      const contract = await createActiveContract(db);
      if (name === 'pay') await giveWorkerBankDetails(db, cipher, contract.workerId, { accountNumber: nextAccountNumber() });
      const { id: invoiceId } = await issueInvoiceFor(db, contract, `${date}T13:00`, `${date}T16:00`);
      if (name === 'pay') {
        // A saved card of the built-in test provider, and paying by hand: the invoice's own
        // automatic charge (its job runs when the server starts) leaves it to this request.
        await db.insert(paymentCustomers).values({ userId: contract.careSeekerId, provider: 'test', providerCustomerId: `cus_test_${randomBytes(12).toString('hex')}` });
        const [card] = await db
          .insert(paymentMethods)
          .values({ userId: contract.careSeekerId, provider: 'test', providerRef: `pm_test_visa_${randomBytes(8).toString('hex')}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, isDefault: true })
          .returning({ id: paymentMethods.id });
        await db.insert(paymentSettings).values({ userId: contract.careSeekerId, payManually: true });
        plans.push({
          name,
          path: `/api/invoices/${invoiceId}/pay`,
          token: await sessionFor(db, contract.careSeekerId),
          body: { paymentMethodId: card!.id },
          headers: { 'idempotency-key': `crash-${randomBytes(8).toString('hex')}` },
          async verify(check) {
            const [row] = (
              await check.execute<{ status: string; succeeded: number; charged: number }>(sql`
                select i.status,
                  (select count(*) from payments p where p.invoice_id = i.id and p.status = 'SUCCEEDED')::int as succeeded,
                  (select count(*) from test_provider_charges c join payments p on p.id::text = c.payment_id
                   where p.invoice_id = i.id and c.status = 'succeeded')::int as charged
                from invoices i where i.id = ${invoiceId}`)
            ).rows;
            if (count(row?.succeeded) > 1 || count(row?.charged) > 1) return { duplicate: `invoice ${short(invoiceId)}: ${row!.succeeded} successful payments, card charged ${row!.charged} times` };
            if (row?.status !== 'PAID' || count(row.succeeded) !== 1 || count(row.charged) !== 1) return { notDone: `pay: invoice ${short(invoiceId)} is ${row?.status} with ${row?.succeeded ?? 0} successful payments and ${row?.charged ?? 0} charges` };
            return {};
          },
        });
      } else {
        plans.push({
          name,
          path: `/api/invoices/${invoiceId}/credit-note`,
          token: await sessionFor(db, contract.workerId),
          body: { reason: 'Crash test: the hours were entered twice.' },
          verify: (check) =>
            verifyMadeOnce(
              check,
              sql`
                select i.status, (select count(*) from invoices n where n.credit_note_for_id = i.id and n.kind = 'CREDIT_NOTE')::int as made
                from invoices i where i.id = ${invoiceId}`,
              { step: 'credit note', record: `invoice ${short(invoiceId)}`, doneStatus: 'CREDITED', made: 'credit notes' },
            ),
        });
      }
    } else if (name === 'cancel-shift') {
      const contract = await createActiveContract(db);
      // Three days ahead in Sydney: the care seeker cancelling it is short notice (under 7 clear days).
      const zone = 'Australia/Sydney';
      const startsAt = localToInstant(`${addDaysToDate(instantToLocalDate(new Date(), zone), 3)}T09:00`, zone);
      const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
      const local = (at: Date) => instantToLocal(at, zone);
      const [booking] = await db
        .insert(bookings)
        .values({ contractId: contract.id, createdByUserId: contract.careSeekerId, timeZone: zone, firstStartLocal: local(startsAt), firstEndLocal: local(endsAt) })
        .returning({ id: bookings.id });
      const [shift] = await db
        .insert(shifts)
        .values({ bookingId: booking!.id, contractId: contract.id, workerId: contract.workerId, careSeekerId: contract.careSeekerId, startsAt: new Date(startsAt.getTime()), endsAt, timeZone: zone, status: 'CONFIRMED' })
        .returning({ id: shifts.id });
      const shiftId = shift!.id;
      plans.push({
        name,
        path: `/api/shifts/${shiftId}/cancel`,
        token: await sessionFor(db, contract.careSeekerId),
        body: { reason: 'Helen is in hospital.', reasonCode: 'NSDH' },
        verify: (check) =>
          verifyMadeOnce(
            check,
            sql`
              select s.status, (select count(*) from timesheets t where t.shift_id = s.id and t.kind = 'CANCELLATION')::int as made
              from shifts s where s.id = ${shiftId}`,
            { step: 'cancel', record: `shift ${short(shiftId)}`, doneStatus: 'CANCELLED', made: 'cancellation job reports' },
          ),
      });
    } else {
      // Two workers to be paid: one for one invoice, one for two. The invoices are paid by bank
      // transfer (recorded by an administrator) just before the run, not now: an earlier run (a
      // rehearsal's, a retry's) would pay them first.
      const adminToken = await sessionFor(db, (await createUser(db, { role: 'ADMIN' })).id);
      const receivedOn = instantToLocalDate(new Date(), 'Australia/Sydney');
      const invoiceIds: string[] = [];
      for (const invoices of [1, 2]) {
        const worker = await createWorker(db);
        await giveWorkerBankDetails(db, cipher, worker.id, { accountNumber: nextAccountNumber() });
        for (let index = 0; index < invoices; index++) {
          const contract = await createActiveContract(db, { workerId: worker.id });
          const invoice = await issueInvoiceFor(db, contract, `${date}T09:00`, `${date}T12:30`);
          invoiceIds.push(invoice.id);
          setUp.push({
            name: 'transfer',
            path: `/api/admin/invoices/${invoice.id}/payments`,
            token: adminToken,
            body: { channel: 'BANK_TRANSFER', amountCents: invoice.totalCents, reference: `Crash cycle ${cycle}`, receivedOn },
          });
        }
      }
      plans.push({
        name,
        path: '/api/admin/payout-runs',
        token: adminToken,
        async verify(check) {
          const rows = (
            await check.execute<{ id: string; items: number }>(sql`
              select i.id, (select count(*) from payout_items pi where pi.invoice_id = i.id)::int as items
              from invoices i where i.id in (${sql.join(invoiceIds.map((id) => sql`${id}`), sql`, `)})`)
          ).rows;
          const twice = rows.filter((row) => count(row.items) > 1);
          if (twice.length > 0) return { duplicate: `invoices ${twice.map((row) => short(row.id)).join(', ')} paid out more than once` };
          const unpaid = rows.filter((row) => count(row.items) !== 1);
          if (unpaid.length > 0 || rows.length !== invoiceIds.length) return { notDone: `payout run: invoices ${unpaid.map((row) => short(row.id)).join(', ')} not paid out` };
          return {};
        },
      });
    }
  }
  return { setUp, operations: plans };
}

/** Money moved, a record written or an email sent twice, over the whole database. */
async function findDuplicates(db: Db): Promise<string[]> {
  const found: string[] = [];
  const queries: [string, ReturnType<typeof sql>][] = [
    ['job report with more than one invoice not credited', sql`select timesheet_id::text as id, count(*)::int as n from invoices where kind = 'INVOICE' and status <> 'CREDITED' and timesheet_id is not null group by timesheet_id having count(*) > 1`],
    ['invoice in more than one payout', sql`select invoice_id::text as id, count(*)::int as n from payout_items where returned_at is null group by invoice_id having count(*) > 1`],
    ['invoice with more than one successful payment', sql`select invoice_id::text as id, count(*)::int as n from payments where status = 'SUCCEEDED' group by invoice_id having count(*) > 1`],
    [
      'invoice charged to a card more than once',
      sql`select p.invoice_id::text as id, count(*)::int as n from test_provider_charges c join payments p on p.id::text = c.payment_id where c.status = 'succeeded' group by p.invoice_id having count(*) > 1`,
    ],
    ['invoice with more than one credit note', sql`select credit_note_for_id::text as id, count(*)::int as n from invoices where kind = 'CREDIT_NOTE' group by credit_note_for_id having count(*) > 1`],
    ['shift with more than one cancellation job report', sql`select shift_id::text as id, count(*)::int as n from timesheets where kind = 'CANCELLATION' and shift_id is not null group by shift_id having count(*) > 1`],
    [
      'invoice with a journal of one kind twice (issued, payment received)',
      sql`select invoice_id::text || ' ' || kind as id, count(*)::int as n from ledger_journals where kind in ('INVOICE_ISSUED', 'PAYMENT_RECEIVED') and invoice_id is not null group by invoice_id, kind having count(*) > 1`,
    ],
    ['worker paid more than once in a run', sql`select run_id::text || ' ' || worker_id::text as id, count(*)::int as n from payouts group by run_id, worker_id having count(*) > 1`],
    ['remittance emailed more than once', sql`select to_address || ' ' || subject as id, count(*)::int as n from mail_outbox where subject like 'Remittance %' group by to_address, subject having count(*) > 1`],
  ];
  for (const [what, query] of queries) {
    for (const row of (await db.execute<{ id: string; n: number }>(query)).rows) found.push(`${what}: ${row.id} (${row.n} times)`);
  }
  return found;
}

/**
 * Every payout in its lodgement batch's bank file exactly once (found by the worker's account, the
 * amount and its lodgement reference), and the file holding nothing else.
 */
async function checkBankFiles(db: Db, fileStore: FileStore, cipher: FieldCipher): Promise<{ partial: string[]; duplicates: string[] }> {
  const partial: string[] = [];
  const duplicates: string[] = [];
  // Issue 28: a payment in two files is paid twice when both are lodged.
  const filesOfReference = new Map<string, number>();
  const unbatched = (await db.execute<{ id: string; run_date: string }>(sql`select p.id, r.run_date from payouts p join payout_runs r on r.id = p.run_id where p.batch_id is null`)).rows;
  for (const payout of unbatched) partial.push(`payout ${short(payout.id)} of run ${payout.run_date} is in no lodgement batch`);
  const runs = (
    await db.execute<{ id: string; run_date: string; storage_key: string | null }>(sql`
      select b.id, r.run_date || ' batch ' || b.number as run_date, f.storage_key from payout_batches b join payout_runs r on r.id = b.run_id left join stored_files f on f.id = b.file_id`)
  ).rows;
  for (const run of runs) {
    const payouts = (
      await db.execute<{ id: string; bsb: string; amount_cents: string; lodgement_number: number; account: string | null }>(sql`
        select p.id, p.bsb, p.amount_cents::text, p.lodgement_number, t.account_number_encrypted as account
        from payouts p left join worker_tax_details t on t.worker_id = p.worker_id where p.batch_id = ${run.id}`)
    ).rows;
    const bytes = run.storage_key ? await fileStore.get(run.storage_key) : null;
    if (!bytes) {
      partial.push(`payout run ${run.run_date}: ${payouts.length} payouts booked, ${run.storage_key ? 'its bank file is not in the file store' : 'no bank file'}`);
      continue;
    }
    let file: ParsedAbaFile;
    try {
      file = parseAbaFile(bytes.toString('ascii'));
    } catch (error) {
      if (!(error instanceof AbaParseError)) throw error;
      partial.push(`payout run ${run.run_date}: its bank file cannot be read: ${error.message}`);
      continue;
    }
    const credits = new Map<string, number>();
    for (const detail of file.details) {
      if (detail.transactionCode !== ABA_CREDIT) continue;
      const key = `${detail.bsb}|${detail.accountNumber}|${detail.amountCents}|${detail.lodgementReference}`;
      credits.set(key, (credits.get(key) ?? 0) + 1);
    }
    let found = 0;
    for (const payout of payouts) {
      const account = payout.account ? (await cipher.decrypt(payout.account)).replace(/[\s-]/g, '') : '';
      const key = `${formatBsb(payout.bsb)}|${account}|${payout.amount_cents}|${formatLodgementReference(Number(payout.lodgement_number))}`;
      const times = credits.get(key) ?? 0;
      found += Math.min(times, 1);
      if (times === 0) partial.push(`payout ${short(payout.id)} of run ${run.run_date} is not in the run's bank file`);
      if (times > 1) duplicates.push(`payout ${short(payout.id)} of run ${run.run_date} is in the run's bank file ${times} times`);
    }
    for (const reference of new Set(file.details.filter((detail) => detail.transactionCode === ABA_CREDIT).map((detail) => detail.lodgementReference))) {
      filesOfReference.set(reference, (filesOfReference.get(reference) ?? 0) + 1);
    }
    const listed = [...credits.values()].reduce((sum, times) => sum + times, 0);
    if (listed > payouts.length && found === payouts.length) duplicates.push(`payout run ${run.run_date}: the bank file pays ${listed} times for ${payouts.length} payouts`);
    if (file.total.netCents !== 0) partial.push(`payout run ${run.run_date}: the bank file does not balance (net ${file.total.netCents} cents)`);
  }
  for (const [reference, times] of filesOfReference) if (times > 1) duplicates.push(`payment ${reference} is in ${times} bank files`);
  return { partial, duplicates };
}

/** What a cycle's kill found: when it came, and which operations had answered or were in the server's hands. */
interface Kill {
  /** Ms after the requests were sent. */
  killedAt: number;
  /** Ms after the requests were sent when the server logged the first of them (null: none before the kill). */
  receivedAt: number | null;
  answered: SentRequest[];
  inProgress: SentRequest[];
  notReceived: SentRequest[];
}

function send(server: ChildServer, plan: PlannedRequest): Promise<Response> {
  return fetch(`${server.baseUrl}${plan.path}`, {
    method: 'POST',
    headers: { 'auth-token': plan.token, ...(plan.body !== undefined ? { 'content-type': 'application/json' } : {}), ...plan.headers },
    ...(plan.body !== undefined ? { body: JSON.stringify(plan.body) } : {}),
  });
}

/** The set-up requests, one after another, each to a 2xx answer. */
async function setUpOperations(server: ChildServer, fixture: CycleFixture): Promise<void> {
  for (const request of fixture.setUp) {
    const response = await send(server, request);
    if (!response.ok) throw new Error(`${request.name} ${request.path} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
}

/** Sends every operation at once and waits for every answer: how long they took, and what they answered. */
async function rehearse(server: ChildServer, fixture: CycleFixture): Promise<{ ms: number; answers: string }> {
  await setUpOperations(server, fixture);
  const started = performance.now();
  const answers = await Promise.all(
    fixture.operations.map(async (plan) => {
      const response = await send(server, plan);
      await response.arrayBuffer();
      return `${plan.name} ${response.status} in ${Math.round(performance.now() - started)} ms`;
    }),
  );
  return { ms: performance.now() - started, answers: answers.join(', ') };
}

/** How long a cycle waits for the server to log the first of its requests before it kills it anyway. */
const RECEIPT_TIMEOUT_MS = 10_000;

/**
 * Sends every operation at once and kills the server with SIGKILL `killAfterMs` after it logged
 * the first of them (its "incoming request" line): counted from there, the random moments fall
 * among the operations rather than in the time the requests take to arrive.
 */
async function sendAndKill(server: ChildServer, output: () => string, fixture: CycleFixture, killAfterMs: number): Promise<Kill> {
  await setUpOperations(server, fixture);
  const sent: SentRequest[] = fixture.operations.map((plan) => ({ plan, answeredAt: null, status: null }));
  const receivedLines = () => output().split('\n').filter((line) => line.includes('"incoming request"'));
  const isReceived = (request: SentRequest, lines: string[]) => lines.some((line) => line.includes(`"url":"${request.plan.path}"`));
  const sentAt = performance.now();
  const requests = sent.map(async (request) => {
    try {
      const response = await send(server, request.plan);
      request.answeredAt = performance.now() - sentAt;
      request.status = response.status;
      await response.arrayBuffer();
    } catch {
      // Cut off by the kill.
    }
  });
  let receivedAt: number | null = null;
  while (performance.now() - sentAt < RECEIPT_TIMEOUT_MS) {
    const lines = receivedLines();
    if (sent.some((request) => isReceived(request, lines))) {
      receivedAt = performance.now() - sentAt;
      break;
    }
    await sleep(2);
  }
  await sleep(killAfterMs);
  const killedAt = performance.now() - sentAt;
  await server.stop('SIGKILL');
  // Everything it wrote before it died is read: its log says which requests it had received.
  await server.closed;
  await Promise.all(requests);
  const lines = receivedLines();
  const answered = sent.filter((request) => request.answeredAt !== null && request.answeredAt <= killedAt);
  const inProgress = sent.filter((request) => !answered.includes(request) && isReceived(request, lines));
  const notReceived = sent.filter((request) => !answered.includes(request) && !inProgress.includes(request));
  return { killedAt, receivedAt, answered, inProgress, notReceived };
}

/** Runs the cycles on one database and reports what it found; throws only on a harness failure. */
export async function runCrashCycles(options: CrashCyclesOptions): Promise<CrashCyclesReport> {
  const { target } = options;
  const began = performance.now();
  const print = options.log ?? (() => undefined);
  const log = (line: string) => print(`${((performance.now() - began) / 1000).toFixed(1).padStart(6)} s ${line}`);
  const random = seededRandom(options.seed);
  const report: CrashCyclesReport = { target: target.label, cycles: 0, killsMidOperation: 0, partialRecords: [], duplicates: [], ledgerFailures: [], notDone: [], serverFailures: [] };
  const seen = new Set<string>();
  const add = (list: string[], item: string) => {
    if (seen.has(item)) return false;
    seen.add(item);
    list.push(item);
    return true;
  };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: target.dataDir });
  const fileStore = createFileStore(config);
  const serverEnv: Record<string, string> = { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000' };
  const onPglite = !target.databaseUrl;
  const strata = Math.min(options.cycles, 5);

  /** The database, opened while no server runs on it (PGlite has one process per data folder). */
  const withDatabase = async <T>(work: (db: Db, cipher: FieldCipher) => Promise<T>): Promise<T> => {
    const database = await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
    try {
      return await work(database.db, await loadFieldCipher(config, database.db));
    } finally {
      await database.close();
    }
  };

  /** The server on what is there; a start that fails is a defect, and ends the run. */
  let startedInMs = 0;
  const start = async (when: string, onOutput?: (chunk: string) => void, startTimeoutMs = 120_000): Promise<ChildServer | null> => {
    const began = performance.now();
    try {
      const server = await startChildServer({ env: serverEnv, bundle: options.bundle, startTimeoutMs, ...(onOutput ? { onOutput } : {}) });
      startedInMs = performance.now() - began;
      return server;
    } catch (error) {
      report.serverFailures.push(`${when}: the server did not start: ${String(error).slice(0, 4_000)}`);
      return null;
    }
  };
  const stopCleanly = async (server: ChildServer, when: string) => {
    const exit = await server.stop('SIGTERM');
    await server.closed;
    if (exit.code !== 0) report.serverFailures.push(`${when}: the server did not stop cleanly (${exit.code ?? exit.signal}):\n${server.output().slice(-4_000)}`);
  };

  /** Whole records, no duplicates, a sound ledger and every payout in its bank file; new findings are logged. */
  const checkWhole = async (db: Db, cipher: FieldCipher, when: string) => {
    const found: string[] = [];
    const note = (list: string[], line: string) => add(list, line) && found.push(line);
    for (const problem of (await checkLedger(db)).problems) {
      note(PARTIAL_RECORD_PROBLEMS.includes(problem.kind) ? report.partialRecords : report.ledgerFailures, `${problem.kind} ${short(problem.id)}: ${problem.detail}`);
    }
    for (const line of await findDuplicates(db)) note(report.duplicates, line);
    const files = await checkBankFiles(db, fileStore, cipher);
    for (const line of files.partial) note(report.partialRecords, line);
    for (const line of files.duplicates) note(report.duplicates, line);
    for (const line of found) log(`  ${when}: ${line}`);
  };

  /** Each client sends its request again, as it was (a payment with its Idempotency-Key). */
  const retry = async (server: ChildServer, cycle: number, fixture: CycleFixture) => {
    const answers = await Promise.all(
      fixture.operations.map(async (plan) => {
        const response = await send(server, plan).catch(() => null);
        await response?.arrayBuffer();
        return `${plan.name} ${response?.status ?? 'no answer'}`;
      }),
    );
    log(`  cycle ${cycle}: the server started again in ${(startedInMs / 1000).toFixed(1)} s; each client sent its request again: ${answers.join(', ')}`);
  };

  if (!options.migrated) {
    // The first start migrates and loads the reference data: the cycles start warm.
    const first = await start('first start', undefined, 300_000);
    if (!first) return report;
    await stopCleanly(first, 'first start');
  }

  /** Every cycle's fixtures, the rehearsal's too: each operation is checked at the end. */
  const cycles: { cycle: number; fixture: CycleFixture; rehearsals: CycleFixture[]; retried: boolean }[] = [];
  /** A server that did not start ended the cycles early. */
  let ended = false;
  for (let cycle = 1; cycle <= options.cycles; cycle++) {
    const killed = cycles.at(-1);
    // With no server running: what the last kill left, before anything retries; then this cycle's fixtures.
    const { fixture, rehearsals } = await withDatabase(async (db, cipher) => {
      if (killed) await afterKill(db, cipher, killed.cycle);
      await holdScheduledPayoutRuns(db);
      const prepare = () => prepareCycle(db, cipher, options.operations, cycle);
      return { rehearsals: [await prepare(), await prepare()], fixture: await prepare() };
    });
    let output = '';
    const server = await start(killed ? `cycle ${killed.cycle}, restart after the kill` : `cycle ${cycle}`, (chunk) => (output += chunk));
    if (!server) {
      ended = true;
      break;
    }
    if (killed) {
      await retry(server, killed.cycle, killed.fixture);
      killed.retried = true;
    }
    // Answered once the server is idle (the first request waits for what start-up still does).
    // Then the same operations twice on fixtures of their own, run to the end: the first warms the
    // server up as real use would have (the first requests after a start are several times
    // slower), the second times them, so that the kill's random moment is drawn from their span: 0
    // to 1.25 times as long after the first request arrived. Stratified: cycle i of n falls in the
    // i-th nth of that span, so that a few cycles already cover it.
    await (await fetch(`${server.baseUrl}/api/health`)).arrayBuffer();
    await rehearse(server, rehearsals[0]!);
    const rehearsed = await rehearse(server, rehearsals[1]!);
    const kill = await sendAndKill(server, () => output, fixture, ((((cycle - 1) % strata) + random()) / strata) * rehearsed.ms * 1.25);
    cycles.push({ cycle, fixture, rehearsals, retried: false });
    report.cycles += 1;
    if (kill.inProgress.length > 0) report.killsMidOperation += 1;
    const names = (list: SentRequest[]) => (list.length ? list.map((request) => `${request.plan.name}${request.status ? ` ${request.status} at ${Math.round(request.answeredAt!)} ms` : ''}`).join(', ') : '-');
    log(
      `  cycle ${cycle}: the operations took ${Math.round(rehearsed.ms)} ms (${rehearsed.answers}); killed ${Math.round(kill.killedAt)} ms after the requests were sent` +
        `${kill.receivedAt === null ? '' : ` (${Math.round(kill.killedAt - kill.receivedAt)} ms after the first arrived)`}${kill.inProgress.length ? ', mid-operation' : ''}; ` +
        `answered: ${names(kill.answered)}; in progress: ${names(kill.inProgress)}; not received: ${names(kill.notReceived)}`,
    );
    if (onPglite && options.restartAfterKill !== false) {
      // PGlite: the server starts on what the kill left (its crash recovery, the stale lock), then
      // stops, so that the folder can be checked before anything retries.
      const restarted = await start(`cycle ${cycle}, restart after the kill`);
      if (!restarted) {
        ended = true;
        break;
      }
      await stopCleanly(restarted, `cycle ${cycle}, restart after the kill`);
      log(`  cycle ${cycle}: the server started on what the kill left in ${(startedInMs / 1000).toFixed(1)} s, and stopped`);
    }
  }

  // The last kill's leftovers, its retries, and then every operation of every cycle.
  const last = cycles.at(-1);
  if (last && !ended) {
    await withDatabase((db, cipher) => afterKill(db, cipher, last.cycle));
    const server = await start(`cycle ${last.cycle}, restart after the kill`);
    if (server) {
      await retry(server, last.cycle, last.fixture);
      last.retried = true;
      await stopCleanly(server, 'after the last retries');
    }
  }
  await withDatabase(async (db, cipher) => {
    await checkWhole(db, cipher, 'after the retries');
    // A cycle whose clients could not retry (the server did not start again) is that failure alone.
    for (const { cycle, fixture, rehearsals, retried } of cycles) {
      for (const plan of [...rehearsals.flatMap((rehearsal) => rehearsal.operations), ...(retried ? fixture.operations : [])]) {
        const verdict = await plan.verify(db);
        if (verdict.duplicate) add(report.duplicates, `cycle ${cycle}: ${verdict.duplicate}`);
        if (verdict.notDone) add(report.notDone, `cycle ${cycle}: ${verdict.notDone}`);
      }
    }
  });
  return report;

  async function afterKill(db: Db, cipher: FieldCipher, cycle: number): Promise<void> {
    await checkWhole(db, cipher, `cycle ${cycle}, after the kill`);
    const aged = await ageClaims(db);
    if (aged > 0) log(`  cycle ${cycle}: ${aged} Idempotency-Key claims left by the killed process made ${IDEMPOTENT_CLAIM_LEASE_MS / 1000} s old (their lease), as if the client came back that much later`);
  }
}

/**
 * The day's scheduled payout run (PAYOUT_RUN_TIME in Sydney) held back while the cycles run. A
 * server started after that time runs it at once, alongside a cycle's set-up: it would pay a
 * worker the one invoice paid so far, and the run the cycle times then leaves their other
 * invoices for the next day's run, as it should (one payout for each worker in a run). Held, the
 * cycles do the same whatever the time of day; today's and tomorrow's, for a run over midnight.
 */
async function holdScheduledPayoutRuns(db: Db): Promise<void> {
  const today = payoutDateOf(new Date());
  const later = new Date(Date.now() + 30 * 86_400_000);
  for (const day of [today, addDaysToDate(today, 1)]) {
    const key = `${PAYOUT_RUN_JOB}:${day}`;
    if (!(await enqueueJobOnce(db, key, { type: PAYOUT_RUN_JOB, payload: { day }, runAt: later }))) {
      await db.update(backgroundJobs).set({ runAt: later }).where(and(eq(backgroundJobs.id, uuidFromKey(key)), eq(backgroundJobs.status, 'PENDING')));
    }
  }
}

/**
 * Claims on an Idempotency-Key that the killed process left without an answer: another process
 * takes one over once its lease has run out (a retry until then is told to send again in a
 * moment). Rather than wait out the lease, the claims are made that old.
 */
async function ageClaims(db: Db): Promise<number> {
  const aged = await db.execute<{ key: string }>(
    sql`update idempotent_requests set created_at = created_at - make_interval(secs => ${IDEMPOTENT_CLAIM_LEASE_MS / 1000}::double precision) where status_code is null returning key`,
  );
  return aged.rows.length;
}
