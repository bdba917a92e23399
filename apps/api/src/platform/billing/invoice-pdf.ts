import { gstLineMeaning, invoiceDocumentName, invoiceLineLabel, NO_GST_NOT_REGISTERED, invoiceStatusLabels, isTaxInvoice, TAX_INVOICE_BUYER_THRESHOLD_CENTS, type Invoice, type InvoiceLine } from '@tendly/domain/api/invoices';
import { formatAbn, formatCents, formatPeriod, fullName } from '@tendly/domain/format';
import { isNdisFunded, payingForCareTypes } from '@tendly/domain/job-options';
import { dayNumberOf } from '@tendly/domain/pricing/local-clock';
import { formatLocalDate, instantToLocalDate } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { pdfTable, type PdfColumn } from '../pdf/pdf-table';
import type { PlatformBankAccount } from '../payments/platform-bank-account';
import { ACCENT, MUTED, INK, RULE, pdfField, pdfHeading, pdfParagraph, pdfTextArea, pdfTitle, renderPdf } from '../pdf/pdf-document';

const fundingLabel = (code: string) => payingForCareTypes.find((option) => option.code === code)?.label ?? code;

function quantityText(line: InvoiceLine): string {
  const quantity = line.quantity.toLocaleString('en-AU', { maximumFractionDigits: 2 });
  if (line.unit === 'H') return `${quantity} h`;
  if (line.unit === 'KM') return `${quantity} km`;
  return quantity;
}

/** What a line is, with the NDIS item, the claim type and any review note. */
function lineText(line: InvoiceLine, gstRegistered: boolean): string {
  const parts = [line.description];
  // Issue 28: a true disbursement says so on its line (payments-ops.md "Invoices"; ATO GSTR 2000/37).
  const label = invoiceLineLabel(line, gstRegistered);
  if (label) parts.push(label);
  if (line.supportItem) parts.push(`${line.supportItem}${line.supportItemName ? ` ${line.supportItemName}` : ''}`);
  if (line.claimType) parts.push(`Claim type ${line.claimType}${line.cancellationReason ? `, reason ${line.cancellationReason}` : ''}`);
  if (line.capped && line.priceLimitCents !== null) parts.push(`Capped at the NDIS price limit of ${formatCents(line.priceLimitCents)}`);
  else if (line.flagged) parts.push(`Flagged for review: priced from the ${line.edition ?? 'earlier'} catalogue edition`);
  return parts.join('\n');
}

export interface InvoicePdfContent {
  brandName: string;
  invoice: Invoice;
  /** The platform's account, printed with the payment reference on invoices paid by transfer. */
  bankAccount: PlatformBankAccount;
}

/**
 * An invoice or credit note as a PDF (issue 14), the same for both parties: who issued it to whom
 * (with the worker's ABN and GST registration), the number and dates, every line (date, band,
 * NDIS item, quantity, unit price, amount, GST code and GST), the totals and the payment terms;
 * for an NDIS-funded client, the participant, their NDIS number and the claim codes; the plan
 * manager or aged care provider it goes to; and, for every invoice paid by transfer, the
 * platform's account and the payment reference (issue 28). A4, tagged, in Noto Sans
 * (renderPdf), so names in any script print as typed.
 */
export function renderInvoicePdf(content: InvoicePdfContent, createdAt: Date): Promise<Buffer> {
  const { invoice } = content;
  const isCredit = invoice.kind === 'CREDIT_NOTE';
  // "Tax invoice" only where GST applies (a registered supplier's taxable sale): ATO, payments-ops.md "Invoices".
  const title = invoiceDocumentName(invoice);
  const ndis = payingForCareTypes.some((option) => option.code === invoice.fundingType && isNdisFunded(option.code));
  const funderTitle = invoice.fundingType === 'NDIS_PLAN_MANAGED' ? 'Plan manager' : 'Aged care provider';
  return renderPdf({ info: { Title: `${title} ${invoice.number}`, Author: content.brandName, CreationDate: createdAt } }, (doc) => {
    const { left, width } = pdfTextArea(doc);
    const heading = (text: string) => pdfHeading(doc, text);
    const field = (label: string, value: string) => pdfField(doc, label, value);
    const workerName = fullName(invoice.worker);
    const careSeekerName = fullName(invoice.careSeeker);
    const issuedOn = instantToLocalDate(new Date(invoice.issuedAt), stateTimeZone(invoice.state));

    pdfParagraph(doc, content.brandName, { size: 11, weight: 'bold', color: ACCENT });
    pdfTitle(doc, `${title} ${invoice.number}`);
    const muted = (text: string) => pdfParagraph(doc, text, { size: 10, color: MUTED });
    muted(`Issued ${formatLongDate(issuedOn)}. Status: ${invoiceStatusLabels[invoice.status]}${invoice.creditedBy ? `, credited by ${invoice.creditedBy.number}` : ''}.`);
    if (invoice.creditNoteFor) muted(`Credits invoice ${invoice.creditNoteFor.number} in full.${invoice.reason ? ` Reason: ${invoice.reason}` : ''}`);

    heading('From (the worker)');
    field('Name', workerName);
    if (invoice.worker.businessName) field('Business name', invoice.worker.businessName);
    field('ABN', invoice.worker.abn ?? 'Not on file');
    field('GST', invoice.worker.gstRegistered ? 'Registered for GST' : 'Not registered for GST');

    heading('To (the care seeker)');
    field('Name', careSeekerName);
    field(ndis ? 'NDIS participant' : 'Support for', invoice.clientName);
    // What a plan manager needs to pay from the plan (payments-ops.md "Invoices"): the participant's name and NDIS number.
    if (ndis) field('NDIS number', invoice.participantNdisNumber ?? 'Not on file');
    field('Funding', fundingLabel(invoice.fundingType));
    if (invoice.funder) {
      const funder = invoice.funder;
      field(funderTitle, [funder.name, funder.email].filter(Boolean).join(', ') || 'Not on file');
      if (funder.abn) field(`${funderTitle} ABN`, formatAbn(funder.abn));
    }
    // ATO: a tax invoice of $1,000 or more names the buyer (their identity or ABN); GSTR 2013/1.
    if (isTaxInvoice(invoice) && invoice.totalCents >= TAX_INVOICE_BUYER_THRESHOLD_CENTS) {
      const payingProvider = invoice.funder && invoice.fundingType !== 'NDIS_PLAN_MANAGED' ? invoice.funder : null;
      field('Buyer', payingProvider?.name ? `${payingProvider.name}${payingProvider.abn ? `, ABN ${formatAbn(payingProvider.abn)}` : ''}` : careSeekerName);
    }
    if (invoice.periodStart) field('Support delivered', formatPeriod(invoice.periodStart, invoice.periodEnd, formatLongDate));
    field('State', invoice.state);

    heading('Lines');
    const columns: PdfColumn[] = [
      { title: 'Date', width: 62, align: 'left' },
      { title: 'Description', width: 181, align: 'left' },
      { title: 'Qty', width: 48, align: 'right' },
      { title: 'Unit price', width: 62, align: 'right' },
      { title: 'Amount', width: 66, align: 'right' },
      { title: 'GST', width: width - 62 - 181 - 48 - 62 - 66, align: 'right' },
    ];
    const row = pdfTable(doc, columns, { left, width, ink: INK, rule: RULE });
    for (const line of invoice.lines) {
      row([
        // "6 Nov 2026": the weekday of formatLocalDate left off to fit the column.
        line.date ? formatLocalDate(line.date).slice(4) : '',
        lineText(line, invoice.worker.gstRegistered),
        quantityText(line),
        formatCents(line.unitPriceCents),
        formatCents(line.amountCents),
        `${line.gstCode} ${formatCents(line.gstCents)}`,
      ]);
    }

    doc.moveDown(0.5);
    const totalLine = (text: string, bold = false) => pdfParagraph(doc, text, { size: bold ? 12 : 10, weight: bold ? 'bold' : 'regular', x: left, width, align: 'right' });
    const total = (label: string, cents: number, bold = false) => totalLine(`${label} ${formatCents(cents)}`, bold);
    total('Subtotal', invoice.subtotalCents);
    if (invoice.worker.gstRegistered) total('GST', invoice.gstCents);
    else totalLine(`GST ${formatCents(0)} (${NO_GST_NOT_REGISTERED})`);
    total(isCredit ? 'Total credited' : 'Total', invoice.totalCents, true);

    heading('GST and claim codes');
    const codes = [...new Set(invoice.lines.map((line) => line.gstCode))];
    const note = (text: string) => pdfParagraph(doc, text, { size: 9, x: left });
    for (const code of codes) note(`${code}: ${gstLineMeaning(code, invoice.worker.gstRegistered)}`);
    if (invoice.lines.some((line) => line.claimType === 'CANC')) note('CANC: a short-notice cancellation, claimed with the same support item and its reason code.');
    if (invoice.hasFlaggedLines) note('Lines flagged for review are priced from an earlier NDIS catalogue edition or capped at the price limit.');

    if (!isCredit) {
      heading('Payment');
      const days = dayNumberOf(invoice.dueDate) - dayNumberOf(issuedOn);
      const due = `Payment of ${formatCents(invoice.totalCents)} is due by ${formatLongDate(invoice.dueDate)} (${days} ${days === 1 ? 'day' : 'days'} from issue).`;
      if (invoice.fundingType === 'NDIS_AGENCY_MANAGED') {
        // howToPayOf: an agency-managed invoice is claimed from the NDIA; nobody pays it by transfer.
        pdfParagraph(doc, `${content.brandName} claims this invoice from the NDIA. There is nothing to pay by transfer.`, { size: 10, x: left });
      } else {
        // Every other invoice may be paid by transfer into the platform's one account, so each
        // carries a reference unique across the platform (issue 28, payments-ops.md "Invoices").
        pdfParagraph(doc, `${due} Pay by bank transfer to:`, { size: 10, x: left });
        doc.moveDown(0.2);
        field('Account name', content.bankAccount.accountName);
        field('BSB', content.bankAccount.bsb);
        field('Account number', content.bankAccount.accountNumber);
        field('Payment reference', invoice.paymentReference ?? invoice.number);
        doc.moveDown(0.2);
        pdfParagraph(doc, 'Quote the payment reference exactly as shown, so that the payment is matched to this invoice.', { size: 9, color: MUTED, x: left });
      }
    }
  });
}
