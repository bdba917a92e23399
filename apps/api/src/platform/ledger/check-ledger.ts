import { sql } from 'drizzle-orm';
import { receivableAccountCodes, type ReceivableAccount } from '@tendly/domain/api/admin-money';
import type { PayingForCareType } from '@tendly/domain/job-options';
import { ABA_CREDIT, AbaParseError, formatBsb, parseAbaFile } from '@tendly/domain/payments/aba';
import type { DbExecutor } from '../db/client';
import type { FileStore } from '../files/file-store';
import { receivableAccountFor } from './ledger';

/**
 * What can be wrong: the ledger itself (a journal that does not balance, an invoice its journals
 * do not match), a record its journal or bank file does not match (a payout, a bank file, money
 * received, what is still owed on an invoice), or a record left part-written (hours approved with
 * no invoice, a payout without its items, journal or bank file). Money moved twice is refused by
 * the database's own unique keys (one successful payment per invoice, one payout per invoice, one
 * invoice per approved hours).
 */
export type LedgerProblemKind =
  | 'UNBALANCED_JOURNAL'
  | 'INVOICE_NOT_RECONCILED'
  | 'RECEIVABLE_NOT_OUTSTANDING'
  | 'PAID_WITHOUT_PAYMENT'
  | 'PAYMENT_NOT_POSTED'
  | 'NDIA_CASH_NOT_PAID_AMOUNT'
  | 'APPROVED_HOURS_WITHOUT_INVOICE'
  | 'PAYOUT_NOT_WHOLE'
  | 'PAYOUT_JOURNAL_MISMATCH'
  | 'PAYOUT_WITHOUT_BANK_FILE'
  | 'BANK_FILE_MISMATCH';

/** The kinds that are a record left part-written rather than a ledger that does not add up. */
export const PARTIAL_RECORD_PROBLEMS: readonly LedgerProblemKind[] = ['APPROVED_HOURS_WITHOUT_INVOICE', 'PAYOUT_NOT_WHOLE', 'PAYOUT_WITHOUT_BANK_FILE'];

/** One thing the ledger check found wrong. */
export interface LedgerProblem {
  readonly kind: LedgerProblemKind;
  readonly id: string;
  readonly detail: string;
}

export interface LedgerCheck {
  readonly journals: number;
  readonly invoices: number;
  readonly payouts: number;
  readonly bankFiles: number;
  readonly problems: readonly LedgerProblem[];
}

export interface LedgerCheckOptions {
  /**
   * Where the bank files' bytes are: given, each file is read back and its credits compared with
   * the payouts it holds (what the bank would pay); without it only the recorded totals are.
   */
  readonly fileStore?: FileStore;
}

interface ReconcileRow extends Record<string, unknown> {
  id: string;
  number: number;
  status: string;
  funding_type: PayingForCareType;
  total_cents: number;
  platform_fee_cents: number;
  issued_receivable: string;
  issued_payable: string;
  issued_fee: string;
  care_seeker_receivable: string;
  funder_receivable: string;
  ndia_receivable: string;
  received: string;
  received_from_care_seeker: string;
  written_off: string;
  transferred_to_care_seeker: string;
  payments: string;
  payments_cents: string;
  payable: string;
  paid_out: string;
  refund_pending: boolean;
  ndia_cash: string;
  claim_lines_paid: string;
  claim_paid_cents: string;
}

/**
 * Checks the whole ledger against the records it moves money for (issue 15, issue 28 section 5;
 * `npm run ledger:check` and the tests). Each comparison sets two independent records side by
 * side, so that removing or changing one of them is found:
 * - every journal's entries sum to zero, with a debit and a credit;
 * - each invoice reconciles with its journals: issuing made the payer owe its total, the worker
 *   be owed the total less the fee and the platform earn the fee (a credited invoice nets to zero);
 *   what the worker is still owed is the issued payable less what the payout items (not the
 *   payout journals) say was paid for it and the bank did not send back (issue 28);
 * - receivables against the invoices (checkReceivable): the payer's receivable on each invoice is
 *   what is outstanding on it, on the account of its funding; a PAID invoice was paid by a
 *   PAYMENT_RECEIVED journal; each payment recorded as received has its journal;
 * - NDIA cash against the amounts the NDIA's result lines paid (checkNdiaCash);
 * - each payout against its own PAYOUT_SENT journal (amount, accounts, worker, invoices), and
 *   each lodgement batch's bank file against the payouts it holds (count and sum; its bytes too
 *   with a file store);
 * - no record is left part-written (checkRecords).
 */
export async function checkLedger(db: DbExecutor, options: LedgerCheckOptions = {}): Promise<LedgerCheck> {
  const problems: LedgerProblem[] = [];
  const journals = await db.execute<{ id: string; total: string; debits: string; credits: string }>(sql`
    select j.id, coalesce(sum(e.amount_cents), 0)::text as total,
           count(*) filter (where e.amount_cents > 0)::text as debits,
           count(*) filter (where e.amount_cents < 0)::text as credits
    from ledger_journals j left join ledger_entries e on e.journal_id = j.id
    group by j.id`);
  for (const row of journals.rows) {
    if (Number(row.total) !== 0 || Number(row.debits) === 0 || Number(row.credits) === 0) {
      problems.push({ kind: 'UNBALANCED_JOURNAL', id: row.id, detail: `sum ${row.total} cents with ${row.debits} debits and ${row.credits} credits` });
    }
  }

  const invoices = await db.execute<ReconcileRow>(sql`
    select i.id, i.number, i.status, i.funding_type, i.total_cents, i.platform_fee_cents,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED') and e.account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')), 0)::text as issued_receivable,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED') and e.account = 'WORKER_PAYABLE'), 0)::text as issued_payable,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED') and e.account = 'PLATFORM_FEE_REVENUE'), 0)::text as issued_fee,
      coalesce(sum(e.amount_cents) filter (where e.account = 'CARE_SEEKER_RECEIVABLE'), 0)::text as care_seeker_receivable,
      coalesce(sum(e.amount_cents) filter (where e.account = 'FUNDER_RECEIVABLE'), 0)::text as funder_receivable,
      coalesce(sum(e.amount_cents) filter (where e.account = 'NDIA_RECEIVABLE'), 0)::text as ndia_receivable,
      coalesce(-sum(e.amount_cents) filter (where j.kind = 'PAYMENT_RECEIVED' and e.account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')), 0)::text as received,
      coalesce(-sum(e.amount_cents) filter (where j.kind = 'PAYMENT_RECEIVED' and e.account = 'CARE_SEEKER_RECEIVABLE'), 0)::text as received_from_care_seeker,
      coalesce(-sum(e.amount_cents) filter (where j.kind = 'WRITE_OFF' and e.account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')), 0)::text as written_off,
      coalesce(sum(e.amount_cents) filter (where j.kind = 'RECEIVABLE_TRANSFERRED' and e.account = 'CARE_SEEKER_RECEIVABLE'), 0)::text as transferred_to_care_seeker,
      (select count(*) from payments p where p.invoice_id = i.id and p.status = 'SUCCEEDED')::text as payments,
      (select coalesce(sum(p.amount_cents), 0) from payments p where p.invoice_id = i.id and p.status = 'SUCCEEDED')::text as payments_cents,
      coalesce(sum(e.amount_cents) filter (where e.account = 'WORKER_PAYABLE'), 0)::text as payable,
      (select coalesce(sum(pi.amount_cents), 0) from payout_items pi where pi.invoice_id = i.id and pi.returned_at is null)::text as paid_out,
      exists (select 1 from refunds r join payments p on p.id = r.payment_id where p.invoice_id = i.id and r.status <> 'SUCCEEDED') as refund_pending,
      coalesce(-sum(e.amount_cents) filter (where j.kind = 'PAYMENT_RECEIVED' and e.account = 'NDIA_RECEIVABLE'), 0)::text as ndia_cash,
      (select count(*) from ndis_claim_lines c where c.invoice_id = i.id and c.cash_cents is not null)::text as claim_lines_paid,
      (select coalesce(sum(c.cash_cents), 0) from ndis_claim_lines c where c.invoice_id = i.id)::text as claim_paid_cents
    from invoices i
    left join ledger_entries e on e.invoice_id = i.id
    left join ledger_journals j on j.id = e.journal_id
    where i.kind = 'INVOICE'
    group by i.id`);
  for (const row of invoices.rows) {
    const total = Number(row.total_cents);
    const fee = Number(row.platform_fee_cents);
    const credited = row.status === 'CREDITED';
    const expect = (what: string, actual: number, expected: number) => {
      if (actual !== expected) problems.push({ kind: 'INVOICE_NOT_RECONCILED', id: row.id, detail: `invoice ${row.number} (${row.status}): ${what} is ${actual} cents, expected ${expected}` });
    };
    expect('the receivable issued', Number(row.issued_receivable), credited ? 0 : total);
    expect('the worker payable issued', Number(row.issued_payable), credited ? 0 : -(total - fee));
    expect('the platform fee', Number(row.issued_fee), credited ? 0 : -fee);
    // A payout item is the record of what was sent for the invoice, unless the bank returned it; its
    // PAYOUT_SENT journal (and a return's PAYOUT_RETURNED) must have moved exactly that.
    expect('the worker payable still owed', Number(row.payable), Number(row.issued_payable) + Number(row.paid_out));
    problems.push(...checkReceivable(row));
    const ndia = checkNdiaCash(row);
    if (ndia) problems.push(ndia);
  }

  const payouts = await checkPayouts(db);
  problems.push(...payouts.problems);
  const bankFiles = await checkBankFiles(db, options.fileStore);
  problems.push(...bankFiles.problems);
  problems.push(...(await checkRecords(db)));
  return { journals: journals.rows.length, invoices: invoices.rows.length, payouts: payouts.checked, bankFiles: bankFiles.checked, problems };
}

/**
 * Receivables against the invoices (issue 28 section 5): what a payer owes on an invoice is its
 * total less the money received for it, and it sits on the receivable of the invoice's funding
 * (the care seeker, the plan manager or aged care provider, the NDIA), so the receivables by payer
 * on /admin/money add up to the ledger's balances. A PAID invoice was paid by money the ledger
 * received (a PAYMENT_RECEIVED journal for its whole total), and every payment recorded as
 * received moved that money in the ledger.
 */
function checkReceivable(row: ReconcileRow): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  const invoice = `invoice ${row.number} (${row.status})`;
  const total = Number(row.total_cents);
  const received = Number(row.received);
  const fromCareSeeker = Number(row.received_from_care_seeker);
  const writtenOff = Number(row.written_off);
  const transferred = Number(row.transferred_to_care_seeker);
  const account = receivableAccountFor(row.funding_type);
  const balances: Record<ReceivableAccount, number> = {
    CARE_SEEKER_RECEIVABLE: Number(row.care_seeker_receivable),
    FUNDER_RECEIVABLE: Number(row.funder_receivable),
    NDIA_RECEIVABLE: Number(row.ndia_receivable),
  };
  // The payment records are the payer's: an NDIA claim's difference billed to the care seeker
  // (issue 28) is their money on their own receivable, beside the NDIA's payment record.
  const receivedFromPayer = account === 'CARE_SEEKER_RECEIVABLE' ? received : received - fromCareSeeker;
  if (Number(row.payments) > 0 && Number(row.payments_cents) !== receivedFromPayer) {
    problems.push({ kind: 'PAYMENT_NOT_POSTED', id: row.id, detail: `${invoice}: ${row.payments} payments received ${row.payments_cents} cents, but its PAYMENT_RECEIVED journals ${receivedFromPayer} cents` });
  }
  if (row.status === 'CREDITED') {
    // A credited invoice owes nothing either way: unpaid, the credit note cancelled it; paid, the refund sent the money back.
    const owed = receivableAccountCodes.reduce((sum, code) => sum + balances[code], 0);
    if (!row.refund_pending && owed !== 0) problems.push({ kind: 'RECEIVABLE_NOT_OUTSTANDING', id: row.id, detail: `${invoice}: ${owed} cents still receivable after the credit note and any refund, expected 0` });
    return problems;
  }
  // An NDIA claim's short-paid difference may be written off (issue 28): settled, but not received.
  const settled = received + writtenOff;
  if (row.status === 'PAID' && settled !== total) {
    problems.push({ kind: 'PAID_WITHOUT_PAYMENT', id: row.id, detail: `${invoice}: marked paid, but its PAYMENT_RECEIVED journals received ${received} of its ${total} cents${writtenOff > 0 ? ` and ${writtenOff} cents were written off` : ''}` });
  }
  if (row.status === 'ISSUED' && total > 0 && settled >= total) {
    problems.push({ kind: 'RECEIVABLE_NOT_OUTSTANDING', id: row.id, detail: `${invoice}: ${received} cents received of its ${total} cents, but it is still unpaid` });
  }
  const expected: Record<ReceivableAccount, number> = { CARE_SEEKER_RECEIVABLE: 0, FUNDER_RECEIVABLE: 0, NDIA_RECEIVABLE: 0 };
  if (row.status !== 'PAID') {
    if (account === 'CARE_SEEKER_RECEIVABLE') expected.CARE_SEEKER_RECEIVABLE = total - settled;
    else {
      // What was billed to the care seeker left the funder's receivable for theirs.
      expected[account] = total - transferred - (received - fromCareSeeker) - writtenOff;
      expected.CARE_SEEKER_RECEIVABLE = transferred - fromCareSeeker;
    }
  }
  for (const other of receivableAccountCodes) {
    if (balances[other] !== expected[other]) {
      problems.push({ kind: 'RECEIVABLE_NOT_OUTSTANDING', id: row.id, detail: `${invoice}: ${other} is ${balances[other]} cents, expected ${expected[other]} (${other === account ? 'outstanding on it' : `its payer is owed on ${account}`})` });
    }
  }
  return problems;
}

/**
 * NDIA cash against the claim lines (issue 28 sections 1 and 5; payments-ops.md "NDIA bulk payment
 * results"): a SUCCESSFUL result is the NDIA's acceptance, and each line's cash is recorded when the
 * remittance says it arrived (or the admin confirms the deposit), for the amount actually paid,
 * which can be less than claimed. The money the ledger received from the NDIA for an invoice must
 * be the sum of its lines' cash: never the invoice's total when a line was paid less, and nothing
 * for a line that was only accepted.
 */
function checkNdiaCash(row: ReconcileRow): LedgerProblem | null {
  const cash = Number(row.ndia_cash);
  if (cash === Number(row.claim_paid_cents)) return null;
  return {
    kind: 'NDIA_CASH_NOT_PAID_AMOUNT',
    id: row.id,
    detail: `invoice ${row.number} (${row.status}): the NDIA's cash in the ledger is ${cash} cents, but the cash recorded on its ${row.claim_lines_paid} claim lines is ${row.claim_paid_cents} cents`,
  };
}

interface PayoutRow extends Record<string, unknown> {
  id: string;
  worker_id: string;
  amount_cents: string;
  items: string;
  items_cents: string;
  journal_kind: string | null;
  bank_cents: string;
  payable_cents: string;
  other_lines: string;
  other_party: string;
  unmatched_invoices: string;
}

/**
 * Each payout against its own PAYOUT_SENT journal (`payout-sent:{payoutId}`, payout-run.ts): the
 * journal pays the payout's amount out of BANK, clears that much of the worker's payable, invoice
 * by invoice as the payout's items say, for the payout's worker and no one else. A payout with no
 * journal at all is PAYOUT_NOT_WHOLE (checkRecords).
 */
async function checkPayouts(db: DbExecutor): Promise<{ problems: LedgerProblem[]; checked: number }> {
  const problems: LedgerProblem[] = [];
  // Joins of grouped sets rather than a subquery per payout: the check reads every payout of the
  // platform's life, and must stay linear in them.
  const rows = await db.execute<PayoutRow>(sql`
    with journal as (
      select p.id as payout_id, p.worker_id, j.id as journal_id, j.kind from payouts p join ledger_journals j on j.idempotency_key = 'payout-sent:' || p.id),
    items as (
      select payout_id, count(*) as items, sum(amount_cents) as items_cents from payout_items group by payout_id),
    entries as (
      select jn.payout_id,
        -sum(e.amount_cents) filter (where e.account = 'BANK') as bank_cents,
        sum(e.amount_cents) filter (where e.account = 'WORKER_PAYABLE') as payable_cents,
        count(*) filter (where e.account not in ('BANK', 'WORKER_PAYABLE')) as other_lines,
        count(*) filter (where e.account = 'WORKER_PAYABLE' and e.party_id is distinct from jn.worker_id) as other_party
      from journal jn join ledger_entries e on e.journal_id = jn.journal_id
      group by jn.payout_id),
    paid as (
      select jn.payout_id, e.invoice_id, sum(e.amount_cents) as amount_cents
      from journal jn join ledger_entries e on e.journal_id = jn.journal_id and e.account = 'WORKER_PAYABLE'
      group by jn.payout_id, e.invoice_id),
    item as (
      select pi.payout_id, pi.invoice_id, pi.amount_cents from payout_items pi join journal jn on jn.payout_id = pi.payout_id),
    unmatched as (
      select coalesce(item.payout_id, paid.payout_id) as payout_id, count(*) as invoices
      from item full join paid on paid.payout_id = item.payout_id and paid.invoice_id = item.invoice_id
      where coalesce(item.amount_cents, 0) <> coalesce(paid.amount_cents, 0)
      group by 1)
    select p.id, p.worker_id, p.amount_cents::text,
      coalesce(i.items, 0)::text as items, coalesce(i.items_cents, 0)::text as items_cents, jn.kind as journal_kind,
      coalesce(en.bank_cents, 0)::text as bank_cents, coalesce(en.payable_cents, 0)::text as payable_cents,
      coalesce(en.other_lines, 0)::text as other_lines, coalesce(en.other_party, 0)::text as other_party,
      coalesce(u.invoices, 0)::text as unmatched_invoices
    from payouts p
    left join journal jn on jn.payout_id = p.id
    left join items i on i.payout_id = p.id
    left join entries en on en.payout_id = p.id
    left join unmatched u on u.payout_id = p.id`);
  for (const row of rows.rows) {
    if (row.journal_kind === null) continue;
    const amount = Number(row.amount_cents);
    const wrong: string[] = [];
    if (row.journal_kind !== 'PAYOUT_SENT') wrong.push(`the journal is ${row.journal_kind}, not PAYOUT_SENT`);
    if (Number(row.bank_cents) !== amount) wrong.push(`BANK paid out ${row.bank_cents} cents`);
    if (Number(row.payable_cents) !== amount) wrong.push(`WORKER_PAYABLE cleared ${row.payable_cents} cents`);
    if (Number(row.other_lines) > 0) wrong.push(`${row.other_lines} entries on other accounts`);
    if (Number(row.other_party) > 0) wrong.push(`${row.other_party} WORKER_PAYABLE entries for someone other than the payout's worker`);
    if (Number(row.unmatched_invoices) > 0) wrong.push(`${row.unmatched_invoices} invoices paid for other amounts than the payout's ${row.items} items say`);
    if (wrong.length > 0) problems.push({ kind: 'PAYOUT_JOURNAL_MISMATCH', id: row.id, detail: `payout of ${amount} cents to worker ${row.worker_id}: ${wrong.join('; ')}` });
  }
  return { problems, checked: rows.rows.length };
}

interface BankFileRow extends Record<string, unknown> {
  id: string;
  file_name: string;
  payout_count: number;
  total_cents: string;
  storage_key: string | null;
  held: string;
  held_cents: string;
  /** `bsb amount` of each payout the file holds, for reading the file back. */
  credits: string[] | null;
}

/**
 * Each bank file against the payouts it holds. A payout run books its payouts with one lodgement
 * batch (payout-run.ts, issue 28 section 3), whose file pays exactly those payouts, and records
 * the file's count and total beside it: the recorded figures must be those payouts' count and sum.
 * With the file store the file itself is read back (BECS direct entry: one credit record per
 * payout, then the balancing debit and the file total): its credits must be those payouts, by BSB
 * and amount, and sum to them.
 */
async function checkBankFiles(db: DbExecutor, fileStore: FileStore | undefined): Promise<{ problems: LedgerProblem[]; checked: number }> {
  const problems: LedgerProblem[] = [];
  const rows = await db.execute<BankFileRow>(sql`
    select b.id, b.file_name, b.payout_count, b.total_cents::text, f.storage_key,
      count(p.id)::text as held,
      coalesce(sum(p.amount_cents), 0)::text as held_cents,
      array_agg(p.bsb || ' ' || p.amount_cents::text order by p.lodgement_number) filter (where p.id is not null) as credits
    from payout_batches b left join stored_files f on f.id = b.file_id left join payouts p on p.batch_id = b.id
    group by b.id, f.storage_key`);
  for (const row of rows.rows) {
    const file = `bank file ${row.file_name}`;
    const wrong: string[] = [];
    if (Number(row.held) !== Number(row.payout_count)) wrong.push(`it records ${row.payout_count} payouts, but ${row.held} payouts are in it`);
    if (Number(row.held_cents) !== Number(row.total_cents)) wrong.push(`it records a total of ${row.total_cents} cents, but its payouts sum to ${row.held_cents}`);
    if (fileStore) wrong.push(...(await readBankFileBack(fileStore, row)));
    if (wrong.length > 0) problems.push({ kind: 'BANK_FILE_MISMATCH', id: row.id, detail: `${file}: ${wrong.join('; ')}` });
  }
  return { problems, checked: rows.rows.length };
}

/** What the bank would be asked to pay, against the payouts the file holds. */
async function readBankFileBack(fileStore: FileStore, row: BankFileRow): Promise<string[]> {
  const bytes = row.storage_key ? await fileStore.get(row.storage_key) : null;
  if (!bytes) return ['its bytes are not in the file store'];
  let parsed: ReturnType<typeof parseAbaFile>;
  try {
    parsed = parseAbaFile(bytes.toString('ascii'));
  } catch (error) {
    if (!(error instanceof AbaParseError)) throw error;
    return [`it cannot be read: ${error.message}`];
  }
  const credits = parsed.details.filter((detail) => detail.transactionCode === ABA_CREDIT);
  const wrong: string[] = [];
  const creditCents = credits.reduce((sum, detail) => sum + detail.amountCents, 0);
  if (credits.length !== Number(row.held)) wrong.push(`the file pays ${credits.length} credits for its ${row.held} payouts`);
  if (creditCents !== Number(row.held_cents)) wrong.push(`the file's credits sum to ${creditCents} cents, its payouts to ${row.held_cents}`);
  const inFile = new Map<string, number>();
  for (const detail of credits) inFile.set(`${detail.bsb} ${detail.amountCents}`, (inFile.get(`${detail.bsb} ${detail.amountCents}`) ?? 0) + 1);
  const missing = (row.credits ?? []).filter((credit) => {
    const [bsb = '', amount = ''] = credit.split(' ');
    const key = `${/^\d{3}-?\d{3}$/.test(bsb) ? formatBsb(bsb) : bsb} ${amount}`;
    const times = inFile.get(key) ?? 0;
    inFile.set(key, times - 1);
    return times <= 0;
  });
  if (missing.length > 0) wrong.push(`${missing.length} of its payouts have no credit in the file (${missing.join(', ')})`);
  return wrong;
}

/**
 * What the journals alone cannot show (issue 27: a process killed part-way must leave nothing
 * half-written): each of these is written in one transaction, so any problem here is a defect,
 * never a moment in the middle of one.
 */
async function checkRecords(db: DbExecutor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  // Approval issues the invoice in the same transaction (a credited invoice still names its hours).
  const unbilled = await db.execute<{ id: string }>(sql`
    select t.id from timesheets t
    where t.status = 'APPROVED' and not exists (select 1 from invoices i where i.timesheet_id = t.id and i.kind = 'INVOICE')`);
  for (const row of unbilled.rows) problems.push({ kind: 'APPROVED_HOURS_WITHOUT_INVOICE', id: row.id, detail: 'hours approved, but no invoice was issued for them' });

  // Each payout is booked with the lodgement batch whose file pays it (payout-run.ts, issue 28), and
  // a returned one with the journal that owes its money to the worker again.
  const payouts = await db.execute<{ id: string; amount_cents: number; status: string; items: string; items_cents: string; journal: boolean; return_journal: boolean; has_file: boolean }>(sql`
    select p.id, p.amount_cents, p.status, count(pi.invoice_id)::text as items, coalesce(sum(pi.amount_cents), 0)::text as items_cents,
      exists (select 1 from ledger_journals j where j.idempotency_key = 'payout-sent:' || p.id) as journal,
      exists (select 1 from ledger_journals j where j.idempotency_key = 'payout-returned:' || p.id) as return_journal,
      b.id is not null as has_file
    from payouts p left join payout_batches b on b.id = p.batch_id left join payout_items pi on pi.payout_id = p.id
    group by p.id, b.id`);
  for (const row of payouts.rows) {
    if (Number(row.items) === 0 || Number(row.items_cents) !== Number(row.amount_cents) || !row.journal) {
      problems.push({
        kind: 'PAYOUT_NOT_WHOLE',
        id: row.id,
        detail: `payout of ${row.amount_cents} cents: ${row.items} invoices paid for ${row.items_cents} cents, ${row.journal ? 'with' : 'without'} its PAYOUT_SENT journal`,
      });
    }
    if (row.status === 'RETURNED' && !row.return_journal) problems.push({ kind: 'PAYOUT_NOT_WHOLE', id: row.id, detail: `payout of ${row.amount_cents} cents returned by the bank, without its PAYOUT_RETURNED journal` });
    if (!row.has_file) problems.push({ kind: 'PAYOUT_WITHOUT_BANK_FILE', id: row.id, detail: `payout of ${row.amount_cents} cents booked, but it is in no lodgement batch's bank file` });
  }
  return problems;
}
