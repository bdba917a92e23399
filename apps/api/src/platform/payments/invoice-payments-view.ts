import { eq } from 'drizzle-orm';
import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import type { InvoicePayments, SavedCard } from '@tendly/domain/api/payments';
import { checkAutoCharge } from '../billing/auto-charge-limit';
import type { InvoiceRow } from '../billing/load-invoice';
import type { Config } from '../config';
import type { DbExecutor } from '../db/client';
import { invoiceFunderNotices } from '../db/schema/payment-notices';
import { fundingDetails } from '../db/schema/payments';
import { claimLinesOfInvoice, outstandingOf, receivedOf } from '../billing/ndis-claim-state';
import { howToPayOf } from './charging';
import { defaultCardOf, nextRetryOf, payManuallyOf, paymentsOfInvoice, type CardRow } from './payments-repository';
import type { PaymentProvider } from './provider';
import { cardExpired } from './test-provider';
import { platformBankAccountOf, type PlatformBankConfig } from './platform-bank-account';

/** How an invoice is paid and what was paid, as its parties and administrators read it (issue 15). */

export function presentCard(card: CardRow, now = new Date()): SavedCard {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: card.isDefault,
    expired: cardExpired(card.expMonth, card.expYear, now),
    createdAt: card.createdAt.toISOString(),
  };
}

export function paymentConfigOf(provider: PaymentProvider) {
  return { provider: provider.code, publishableKey: provider.publishableKey };
}

/** Who reads an invoice's payments: its care seeker sees the cards; the worker sees what was paid, not with which card. */
export type PaymentsViewer = 'CARE_SEEKER' | 'WORKER' | 'ADMIN';

export interface ViewDeps {
  provider: PaymentProvider;
  config: PlatformBankConfig & Pick<Config, 'AUTO_CHARGE_TOLERANCE_PERCENT'>;
}

/** The funder an invoice goes to, by funding: the plan manager, or the aged care provider. */
export function funderOf(fundingType: string, details: typeof fundingDetails.$inferSelect | undefined): { name: string | null; email: string } | null {
  if (!details) return null;
  if (fundingType === 'NDIS_PLAN_MANAGED') return details.planManagerEmail ? { name: details.planManagerName, email: details.planManagerEmail } : null;
  if (fundingType === 'HOME_CARE_PACKAGE' || fundingType === 'SUPPORT_AT_HOME') return details.agedCareProviderEmail ? { name: details.agedCareProviderName, email: details.agedCareProviderEmail } : null;
  return null;
}

/** Received and outstanding from the ledger, and the NDIA claims of the lines (issue 28). */
async function moneyStateOf(db: DbExecutor, invoiceId: string): Promise<Pick<InvoicePayments, 'receivedCents' | 'outstandingCents' | 'claimLines'>> {
  const [receivedCents, outstandingCents, claimLines] = await Promise.all([receivedOf(db, invoiceId), outstandingOf(db, invoiceId), claimLinesOfInvoice(db, invoiceId)]);
  return { receivedCents, outstandingCents, claimLines };
}

export async function presentInvoicePayments(db: DbExecutor, deps: ViewDeps, invoice: InvoiceRow, viewer: PaymentsViewer): Promise<InvoicePayments> {
  const howToPay = howToPayOf(invoice.fundingType);
  const [paid, nextRetryAt] = await Promise.all([paymentsOfInvoice(db, invoice.id), invoice.status === 'ISSUED' ? nextRetryOf(db, invoice.id) : Promise.resolve(null)]);
  let funder: InvoicePayments['funder'] = null;
  if (howToPay === 'FUNDER') {
    const [notice] = await db.select().from(invoiceFunderNotices).where(eq(invoiceFunderNotices.invoiceId, invoice.id));
    if (notice) funder = { name: notice.funderName, email: notice.funderEmail, sentAt: notice.sentAt.toISOString() };
    else {
      const [details] = await db.select().from(fundingDetails).where(eq(fundingDetails.userId, invoice.careSeekerId));
      const found = funderOf(invoice.fundingType, details);
      funder = found ? { ...found, sentAt: null } : null;
    }
  }
  const showCards = viewer !== 'WORKER';
  let autoPayCard: InvoicePayments['autoPayCard'] = null;
  if (showCards && howToPay === 'CARD_OR_TRANSFER' && !(await payManuallyOf(db, invoice.careSeekerId))) {
    const card = await defaultCardOf(db, invoice.careSeekerId, deps.provider.code);
    // An unpaid invoice above what is charged without the payer's approval is not charged automatically (issue 29).
    const held = card && invoice.status === 'ISSUED' && !(await checkAutoCharge(db, invoice, deps.config.AUTO_CHARGE_TOLERANCE_PERCENT)).allowed;
    autoPayCard = card && !held ? presentCard(card) : null;
  }
  return {
    invoiceId: invoice.id,
    howToPay,
    // The platform's account and the invoice's reference, unique across the platform (issue 28).
    bankTransfer: { ...platformBankAccountOf(deps.config), reference: invoice.paymentReference ?? formatInvoiceNumber('INVOICE', invoice.number) },
    funder,
    payments: paid.map(({ payment, cardBrand, cardLast4 }) => ({
      id: payment.id,
      channel: payment.channel,
      status: payment.status,
      amountCents: payment.amountCents,
      attempt: payment.attempt,
      cardBrand: showCards ? cardBrand : null,
      cardLast4: showCards ? cardLast4 : null,
      failureMessage: showCards ? payment.failureMessage : null,
      reference: payment.reference,
      receivedOn: payment.receivedOn,
      createdAt: payment.createdAt.toISOString(),
    })),
    nextRetryAt: nextRetryAt ? nextRetryAt.toISOString() : null,
    autoPayCard,
    ...(await moneyStateOf(db, invoice.id)),
  };
}

