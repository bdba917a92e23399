import { gstLineMeaning, invoiceDocumentName, type GstCode, type InvoiceSummary } from '@tendly/domain/api/invoices';
import { isNdisFunded, payingForCareTypeCodes, payingForCareTypes } from '@tendly/domain/job-options';
import { isOneOf } from '@tendly/domain/coded-options';

/** What the invoice screens say about an invoice (issue 14). */

/** "Invoice INV-000123" or "Credit note CN-000007". */
export function invoiceTitle(invoice: Pick<InvoiceSummary, 'kind' | 'number'>): string {
  return `${invoice.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice'} ${invoice.number}`;
}

/**
 * "Tax invoice INV-000123" where GST applies (a registered worker's taxable sale; ATO,
 * payments-ops.md "Invoices"), else "Invoice INV-000123" or "Credit note CN-000007".
 */
export function invoiceHeading(invoice: Pick<InvoiceSummary, 'kind' | 'number' | 'gstCents' | 'worker'>): string {
  return `${invoiceDocumentName(invoice)} ${invoice.number}`;
}

/**
 * ndis.md "GST": P1 taxable at 10%, P2 a GST-free NDIS support. A worker not registered for GST
 * charges none: the line says so in those words (issue 28), never "out of scope".
 */
const gstCodeLabels: Readonly<Record<GstCode, string>> = { P1: 'GST 10%', P2: 'GST-free', P5: 'No GST' };

export function gstLabel(gstCode: GstCode, gstRegistered: boolean): string {
  if (gstRegistered) return gstCodeLabels[gstCode];
  const words = gstLineMeaning(gstCode, false);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** How the support is paid for, as the contract says ("NDIS (plan-managed)"); an unknown code as it is. */
export function fundingLabel(fundingType: string): string {
  return isOneOf(payingForCareTypeCodes, fundingType) ? (payingForCareTypes.find((option) => option.code === fundingType)?.label ?? fundingType) : fundingType;
}

/** Whether a contract's (or invoice's) funding is the NDIS, where support items and price limits apply. */
export function isNdisFundingType(fundingType: string): boolean {
  return isOneOf(payingForCareTypeCodes, fundingType) && isNdisFunded(fundingType);
}

/** Basis points as a percentage: 900 → "9%", 950 → "9.5%", 1_075 → "10.75%". */
export function formatBasisPoints(basisPoints: number): string {
  return `${new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;
}
