import { instantToLocalDate } from '@tendly/domain/shift-time';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { invoiceClaimLineSchema } from '@tendly/domain/api/payments';
import type { DbExecutor, DbTransaction } from '../db/client';
import { invoiceLines, invoices } from '../db/schema/billing';
import { ledgerEntries, ledgerJournals, ndisClaimLines, payments } from '../db/schema/payments';
import { notify } from '../notifications/notify';
import { invoicePaidNotification } from './invoice-notifications';

/**
 * When an invoice claimed from the NDIA is paid (issue 28, payments-ops.md "NDIA bulk payment
 * results"): accepted is not paid, so an agency-managed invoice becomes PAID, and so payable to
 * the worker by the payout run (which pays PAID invoices), only once nothing is owed on it any
 * more: the NDIA's cash for every line is in the bank, and whatever it did not pay has been
 * written off or paid by the care seeker. A claim resubmitted for the difference keeps it open.
 */

const RECEIVABLE_ACCOUNTS = ['CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE'] as const;
const CLAIM_TIME_ZONE = 'Australia/Sydney';

/** What is still owed on an invoice, from the ledger: its receivable balances together. */
export async function outstandingOf(db: DbExecutor, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.invoiceId, invoiceId), inArray(ledgerEntries.account, [...RECEIVABLE_ACCOUNTS])));
  return Number(row?.total ?? 0);
}

/** The money received on an invoice: what PAYMENT_RECEIVED journals put in the bank or the card provider's hands for it. */
export async function receivedOf(db: DbExecutor, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(eq(ledgerEntries.invoiceId, invoiceId), eq(ledgerJournals.kind, 'PAYMENT_RECEIVED'), inArray(ledgerEntries.account, ['BANK', 'PROVIDER_CLEARING']), sql`${ledgerEntries.amountCents} > 0`));
  return Number(row?.total ?? 0);
}

/**
 * Marks an agency-managed invoice PAID once nothing is owed on it and no claim of it is still
 * waiting (submitted, accepted without cash, or a difference resubmitted and not yet paid). The
 * payment row records the NDIA's cash (none when the NDIA paid nothing and the rest was settled
 * otherwise). Returns true when the invoice became PAID here.
 */
export async function settleNdisInvoiceIfDone(tx: DbTransaction, invoiceId: string, now: Date): Promise<boolean> {
  const [waiting] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.invoiceId, invoiceId),
        sql`${invoiceLines.amountCents} > 0`,
        sql`not exists (select 1 from ndis_claim_lines c where c.invoice_line_id = ${invoiceLines.id} and c.shortfall_of is null and c.status = 'PAID')`,
      ),
    );
  if (Number(waiting?.count ?? 0) > 0) return false;
  const [unsettled] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(ndisClaimLines)
    .where(and(eq(ndisClaimLines.invoiceId, invoiceId), inArray(ndisClaimLines.status, ['SUBMITTED', 'ACCEPTED'])));
  if (Number(unsettled?.count ?? 0) > 0) return false;
  if ((await outstandingOf(tx, invoiceId)) !== 0) return false;
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'PAID', paidAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'ISSUED')))
    .returning();
  if (!invoice) return false;
  await notify(tx, invoicePaidNotification(invoice));
  const [cash] = await tx
    .select({ total: sql<string>`coalesce(sum(${ndisClaimLines.cashCents}), 0)` })
    .from(ndisClaimLines)
    .where(eq(ndisClaimLines.invoiceId, invoiceId));
  const cashCents = Number(cash?.total ?? 0);
  if (cashCents > 0) {
    await tx
      .insert(payments)
      .values({
        invoiceId,
        careSeekerId: invoice.careSeekerId,
        channel: 'NDIA',
        status: 'SUCCEEDED',
        amountCents: cashCents,
        idempotencyKey: `ndia-paid:${invoiceId}`,
        reference: 'NDIA remittance',
        receivedOn: instantToLocalDate(now, CLAIM_TIME_ZONE),
      })
      .onConflictDoNothing();
  }
  return true;
}

type InvoiceClaimLine = z.infer<typeof invoiceClaimLineSchema>;

/** The claims of an invoice's lines, oldest first, as the invoice's parties and administrators read them. */
export async function claimLinesOfInvoice(db: DbExecutor, invoiceId: string): Promise<InvoiceClaimLine[]> {
  const rows = await db
    .select({ claim: ndisClaimLines, position: invoiceLines.position })
    .from(ndisClaimLines)
    .innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId))
    .where(eq(ndisClaimLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position), asc(ndisClaimLines.claimReference));
  return rows.map(({ claim, position }) => presentClaimLine(claim, position));
}

export function presentClaimLine(claim: typeof ndisClaimLines.$inferSelect, position: number): InvoiceClaimLine {
  const settledAmount = claim.cashCents ?? claim.paidCents;
  const shortCents = claim.status === 'ACCEPTED' || claim.status === 'PAID' ? claim.amountCents - (settledAmount ?? claim.amountCents) : 0;
  return {
    id: claim.id,
    invoiceLineId: claim.invoiceLineId,
    linePosition: position,
    claimReference: claim.claimReference,
    paymentRequestNumber: claim.paymentRequestNumber,
    status: claim.status,
    claimedCents: claim.amountCents,
    acceptedCents: claim.paidCents,
    cashCents: claim.cashCents,
    cashReceivedAt: claim.cashReceivedAt?.toISOString() ?? null,
    shortPaid: shortCents > 0,
    shortCents,
    shortReason: claim.shortReason,
    rejectionReason: claim.status === 'REJECTED' ? claim.rejectionReason : null,
    shortfallAction: claim.shortfallAction,
    resubmissionOf: claim.shortfallOf,
  };
}
