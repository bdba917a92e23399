import { and, eq, sql } from 'drizzle-orm';
import { payerReceivableAccount, payerTypeOf, type ReceivableAccount } from '@tendly/domain/api/admin-money';
import type { LedgerAccount, LedgerJournalKind } from '@tendly/domain/api/payments';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { DbExecutor, DbTransaction } from '../db/client';
import { ledgerEntries, ledgerJournals } from '../db/schema/payments';

/**
 * The ledger (issue 15): every movement of money as a double-entry journal in integer cents.
 * Debits are positive, credits negative, and a journal's entries sum to zero; the database checks
 * that at commit (a deferred constraint trigger) and refuses any update or delete of the ledger.
 */

export interface LedgerLine {
  readonly account: LedgerAccount;
  /** The care seeker of a receivable, the worker of a payable; absent for the platform's accounts. */
  readonly partyId?: string | null;
  readonly invoiceId?: string | null;
  /** Debit positive, credit negative. Zero lines are left out. */
  readonly amountCents: number;
}

export interface JournalInput {
  readonly kind: LedgerJournalKind;
  /** Unique per movement: posting the same key again returns the first journal and writes nothing. */
  readonly key: string;
  readonly invoiceId?: string | null;
  readonly memo?: string;
  readonly postedAt?: Date;
  readonly lines: readonly LedgerLine[];
}

export interface PostedJournal {
  readonly journalId: string;
  /** False when the key had been posted before. */
  readonly created: boolean;
}

/** Thrown before anything is written when the lines cannot make a journal. */
export class UnbalancedJournalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedJournalError';
  }
}

/**
 * Posts a journal inside the caller's transaction, so it lands with the change that caused it or
 * not at all. The lines must be whole cents summing to zero, with at least one debit and one credit.
 */
export async function postJournal(tx: DbTransaction, input: JournalInput): Promise<PostedJournal> {
  const lines = input.lines.filter((line) => line.amountCents !== 0);
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents)) throw new UnbalancedJournalError(`${input.key}: ${line.account} is not a whole number of cents (${line.amountCents})`);
  }
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0) throw new UnbalancedJournalError(`${input.key}: the lines sum to ${sum} cents, not zero`);
  if (!lines.some((line) => line.amountCents > 0) || !lines.some((line) => line.amountCents < 0)) {
    throw new UnbalancedJournalError(`${input.key}: a journal needs a debit and a credit`);
  }

  const [journal] = await tx
    .insert(ledgerJournals)
    .values({ kind: input.kind, idempotencyKey: input.key, invoiceId: input.invoiceId ?? null, memo: input.memo ?? null, ...(input.postedAt ? { postedAt: input.postedAt } : {}) })
    .onConflictDoNothing({ target: ledgerJournals.idempotencyKey })
    .returning({ id: ledgerJournals.id });
  if (!journal) {
    const [existing] = await tx.select({ id: ledgerJournals.id }).from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, input.key));
    if (!existing) throw new Error(`postJournal: ${input.key} conflicted but cannot be read`);
    return { journalId: existing.id, created: false };
  }
  await tx.insert(ledgerEntries).values(
    lines.map((line) => ({ journalId: journal.id, account: line.account, partyId: line.partyId ?? null, invoiceId: line.invoiceId ?? input.invoiceId ?? null, amountCents: line.amountCents })),
  );
  return { journalId: journal.id, created: true };
}

/** The sum of an account's entries, for one party and/or one invoice when given. */
export async function balanceOf(db: DbExecutor, account: LedgerAccount, filter: { partyId?: string; invoiceId?: string } = {}): Promise<number> {
  const conditions = [eq(ledgerEntries.account, account)];
  if (filter.partyId) conditions.push(eq(ledgerEntries.partyId, filter.partyId));
  if (filter.invoiceId) conditions.push(eq(ledgerEntries.invoiceId, filter.invoiceId));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

/** Where an invoice's money is owed from, by the client's funding: the account of its payer. */
export function receivableAccountFor(fundingType: PayingForCareType): ReceivableAccount {
  return payerReceivableAccount[payerTypeOf(fundingType)];
}

/** The money of an invoice or credit note as the ledger needs it. */
export interface InvoiceMoney {
  readonly id: string;
  readonly kind: 'INVOICE' | 'CREDIT_NOTE';
  readonly workerId: string;
  readonly careSeekerId: string;
  readonly fundingType: PayingForCareType;
  readonly totalCents: number;
  readonly platformFeeCents: number;
  /** A credit note's invoice. */
  readonly creditNoteForId?: string | null;
}

/**
 * The journal of an issued invoice: the payer owes its total; of that, the worker is owed the total
 * less the platform fee and the platform earns the fee. A credit note posts the same against the
 * invoice it credits, reversed. Posted in the issuing transaction, keyed by the document's id.
 */
export async function postInvoiceIssued(tx: DbTransaction, invoice: InvoiceMoney, postedAt?: Date): Promise<PostedJournal | null> {
  // An invoice of nothing (a cancellation charged at 0%) moves no money.
  if (invoice.totalCents === 0) return null;
  const credit = invoice.kind === 'CREDIT_NOTE';
  const sign = credit ? -1 : 1;
  // A credit note's entries sit on the invoice it credits, so the invoice's balances net to zero.
  const invoiceId = credit ? (invoice.creditNoteForId ?? invoice.id) : invoice.id;
  return postJournal(tx, {
    kind: credit ? 'CREDIT_NOTE_ISSUED' : 'INVOICE_ISSUED',
    key: `${credit ? 'credit-note-issued' : 'invoice-issued'}:${invoice.id}`,
    invoiceId,
    ...(postedAt ? { postedAt } : {}),
    lines: [
      { account: receivableAccountFor(invoice.fundingType), partyId: invoice.careSeekerId, invoiceId, amountCents: sign * invoice.totalCents },
      { account: 'WORKER_PAYABLE', partyId: invoice.workerId, invoiceId, amountCents: -sign * (invoice.totalCents - invoice.platformFeeCents) },
      { account: 'PLATFORM_FEE_REVENUE', invoiceId, amountCents: -sign * invoice.platformFeeCents },
    ],
  });
}
