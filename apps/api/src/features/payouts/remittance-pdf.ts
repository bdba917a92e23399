import type { Remittance } from '@tendly/domain/api/payments';
import { formatCents, formatPeriod } from '@tendly/domain/format';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { pdfTable, type PdfColumn } from '../../platform/pdf/pdf-table';
import { ACCENT, INK, MUTED, RULE, pdfField, pdfHeading, pdfParagraph, pdfTextArea, pdfTitle, renderPdf } from '../../platform/pdf/pdf-document';

export interface RemittancePdfContent {
  brandName: string;
  platformAbn: string;
  workerName: string;
  accountName: string;
  remittance: Remittance;
}

/**
 * A worker's remittance advice (issue 15): what was paid into which account (the BSB and the
 * account number's last three digits only), and each invoice it pays with its total, the platform
 * fee taken and the amount. A4, tagged, in Noto Sans (renderPdf), as the invoice PDF is.
 */
export function renderRemittancePdf(content: RemittancePdfContent, createdAt: Date): Promise<Buffer> {
  const { remittance } = content;
  return renderPdf({ info: { Title: `Remittance ${remittance.number}`, Author: content.brandName, CreationDate: createdAt } }, (doc) => {
    const { left, width } = pdfTextArea(doc);
    const field = (label: string, value: string) => pdfField(doc, label, value);

    pdfParagraph(doc, content.brandName, { size: 11, weight: 'bold', color: ACCENT });
    pdfParagraph(doc, `ABN ${content.platformAbn}`, { size: 9, color: MUTED });
    pdfTitle(doc, `Remittance ${remittance.number}`);
    pdfParagraph(doc, `Paid on ${formatLongDate(remittance.paidOn)}, the banking day the bank processes it.`, { size: 10, color: MUTED });
    doc.moveDown(0.8);
    field('Paid to', content.workerName);
    field('Account', `${content.accountName}, BSB ${remittance.bsb}, account ending ${remittance.accountLast3}`);
    field('Amount paid', formatCents(remittance.amountCents));
    field('Bank statement reference', remittance.lodgementReference);

    pdfHeading(doc, 'Invoices paid');
    const columns: PdfColumn[] = [
      { title: 'Invoice', width: 70, align: 'left' },
      { title: 'Client', width: 130, align: 'left' },
      { title: 'Period', width: 110, align: 'left' },
      { title: 'Total', width: 58, align: 'right' },
      { title: 'Platform fee', width: 58, align: 'right' },
      { title: 'Paid', width: width - 70 - 130 - 110 - 58 - 58, align: 'right' },
    ];
    const row = pdfTable(doc, columns, { left, width, ink: INK, rule: RULE });
    for (const item of remittance.items) {
      const period = item.periodStart ? formatPeriod(item.periodStart, item.periodEnd) : '';
      row([item.invoiceNumber, item.clientName, period, formatCents(item.grossCents), formatCents(item.feeCents), formatCents(item.amountCents)]);
    }
    row(['Total', '', '', formatCents(remittance.grossCents), formatCents(remittance.feeCents), formatCents(remittance.amountCents)], true);

    doc.moveDown(1);
    pdfParagraph(
      doc,
      `Each invoice's total, less the platform fee, is paid to the bank account in your Tax and super details. Payments reach most accounts within one to two business days.`,
      { size: 9, color: MUTED, x: left, width },
    );
  });
}
