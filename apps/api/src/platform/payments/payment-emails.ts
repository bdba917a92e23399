import type { EmailCategory } from '@tendly/domain/api/notification-preferences';
import { formatCents } from '@tendly/domain/format';
import type { Config } from '../config';
import type { MailAttachment, MailMessage } from '../mail/mail-message';
import { platformBankAccountOf, transferDetailsText, type PlatformBankAccount, type PlatformBankConfig } from './platform-bank-account';
import { emailSite, type EmailSite } from '../mail/email-site';
import { subjectEmail } from '../mail/subject-email';

/**
 * The emails of payments (issue 15): a care seeker hears of each failed card charge (and when it
 * will be tried again); a plan manager or aged care provider receives the client's invoice PDF; a
 * care seeker who pays their invoices themselves receives the PDF with how to pay it (issue 28).
 * Every one that asks for a transfer gives the platform's account and the invoice's payment reference.
 */

export type PaymentEmailConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'> & PlatformBankConfig;

export interface PaymentEmailSite extends EmailSite {
  /** Where payers transfer to (issue 28): printed in the emails and the PDFs they carry. */
  bankAccount: PlatformBankAccount;
}

export function paymentEmailSite(config: PaymentEmailConfig): PaymentEmailSite {
  return { ...emailSite(config), bankAccount: platformBankAccountOf(config) };
}

function email(site: PaymentEmailSite, to: string, category: EmailCategory, subject: string, paragraphs: string[], action?: { label: string; url: string }, attachments?: MailAttachment[]): MailMessage {
  return subjectEmail(site, { to, category, subject, paragraphs, ...(action ? { action } : {}), ...(attachments ? { attachments } : {}) });
}

/** An email to the person who pays an invoice: greeted by name, about that invoice, with the button that opens it. */
function payerEmail(site: PaymentEmailSite, payer: { to: string; firstName: string; invoiceId: string }, subject: string, paragraphs: string[], attachments?: MailAttachment[]): MailMessage {
  return email(site, payer.to, 'INVOICES', subject, [`Hi ${payer.firstName},`, ...paragraphs], { label: 'Open the invoice', url: `${site.publicUrl}/invoice/${payer.invoiceId}` }, attachments);
}

const longDate = (date: Date) => date.toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });

export function chargeFailedEmail(
  site: PaymentEmailSite,
  input: { to: string; firstName: string; invoiceNumber: string; paymentReference: string; invoiceId: string; totalCents: number; cardText: string; reason: string; nextRetryAt: Date | null },
): MailMessage {
  const subject = `Your card payment for invoice ${input.invoiceNumber} did not go through`;
  return payerEmail(site, input, subject, [
    `We could not charge ${formatCents(input.totalCents)} to your ${input.cardText} for invoice ${input.invoiceNumber}.`,
    input.reason,
    input.nextRetryAt
      ? `We will try the card again on ${longDate(input.nextRetryAt)}. To pay sooner, or with another card, open the invoice.`
      : `Open the invoice to pay it with a card, or pay by bank transfer: ${transferDetailsText(site.bankAccount, input.paymentReference)}.`,
  ]);
}

export function funderInvoiceEmail(
  site: PaymentEmailSite,
  input: { to: string; funderName: string | null; clientName: string; invoiceNumber: string; paymentReference: string; workerName: string; totalCents: number; dueDate: string; pdf: Buffer },
): MailMessage {
  const subject = `Invoice ${input.invoiceNumber} for ${input.clientName}`;
  return email(
    site,
    input.to,
    'EXTERNAL',
    subject,
    [
      `Hello${input.funderName ? ` ${input.funderName}` : ''},`,
      `Attached is invoice ${input.invoiceNumber} from ${input.workerName} for supports to ${input.clientName}, for ${formatCents(input.totalCents)}, due on ${input.dueDate}.`,
      `${site.brandName} issues invoices on the worker's behalf and receives the payment. Pay by bank transfer to our account: ${transferDetailsText(site.bankAccount, input.paymentReference)}.`,
      'Quote the payment reference exactly as shown, so that your payment is matched to this invoice. The same details are on the invoice.',
    ],
    undefined,
    [{ fileName: `${input.invoiceNumber}.pdf`, contentType: 'application/pdf', content: input.pdf }],
  );
}

/** Why a saved card was not charged automatically (issue 29): the shift's estimate exceeded, or none. */
export interface HeldForApproval {
  estimateCents: number | null;
  tolerancePercent: number;
}

function heldParagraph(held: HeldForApproval): string {
  const why =
    held.estimateCents === null
      ? 'these hours have no booked shift whose estimate you agreed to'
      : `it is more than the booked shift’s estimate of ${formatCents(held.estimateCents)}${held.tolerancePercent > 0 ? ` plus ${held.tolerancePercent}%` : ''}`;
  return `We have not charged your saved card automatically, because ${why}. Please check it: if it is right, pay it; if it is not, contact us before paying.`;
}

/**
 * A new invoice the care seeker pays themselves (no card is charged automatically): the PDF and
 * how to pay it. `held`: a card is saved, but the invoice needs the payer's approval first (issue 29).
 */
export function payerInvoiceEmail(
  site: PaymentEmailSite,
  input: {
    to: string;
    firstName: string;
    clientName: string;
    invoiceNumber: string;
    invoiceId: string;
    paymentReference: string;
    workerName: string;
    totalCents: number;
    dueDate: string;
    pdf: Buffer;
    held?: HeldForApproval;
  },
): MailMessage {
  const subject = input.held ? `Invoice ${input.invoiceNumber} from ${input.workerName} needs your approval before it is paid` : `Invoice ${input.invoiceNumber} from ${input.workerName}`;
  return payerEmail(
    site,
    input,
    subject,
    [
      `${input.workerName} invoiced ${formatCents(input.totalCents)} for supports to ${input.clientName}, due on ${input.dueDate}. The invoice is attached.`,
      ...(input.held ? [heldParagraph(input.held)] : []),
      `Pay it by card from the invoice, or by bank transfer: ${transferDetailsText(site.bankAccount, input.paymentReference)}.`,
      'Quote the payment reference exactly as shown, so that your payment is matched to this invoice.',
    ],
    [{ fileName: `${input.invoiceNumber}.pdf`, contentType: 'application/pdf', content: input.pdf }],
  );
}
