import {
  claimBatchSchema,
  claimResultSummarySchema,
  claimsOverviewSchema,
  invoiceClaimLineSchema,
  invoicePaymentsSchema,
  payoutBatchSchema,
  payoutRunListSchema,
  payoutRunSchema,
  receivableListSchema,
  returnedPayoutSchema,
  type HowToPay,
  type PayoutBatch,
  remittanceImportSchema,
  type ShortfallAction,
} from '@tendly/domain/api/payments';
import { z } from 'zod';
import { apiDownload, apiRequest } from '../../platform/api-client';

/**
 * The admin console's money (issue 15): invoices waiting for a transfer and recording one,
 * payout runs and their ABA files, NDIA claim files and their results. Administrators only.
 */
export const moneyQueryKeys = {
  receivables: (reference: string, howToPay: string) => ['admin', 'receivables', reference, howToPay] as const,
  allReceivables: ['admin', 'receivables'] as const,
  payoutRuns: ['admin', 'payout-runs'] as const,
  claims: ['admin', 'ndis-claims'] as const,
};

export type RecordPaymentRequest = { channel: 'BANK_TRANSFER' | 'FUNDER_TRANSFER'; amountCents: number; reference: string; receivedOn: string };
export type PayoutRun = z.infer<typeof payoutRunSchema>;
export type ClaimBatch = z.infer<typeof claimBatchSchema>;

export function fetchReceivables(reference: string, howToPay: HowToPay | '', signal?: AbortSignal) {
  return apiRequest('/admin/receivables', { query: { reference: reference || undefined, howToPay: howToPay || undefined }, schema: receivableListSchema, signal });
}

export function recordPayment(invoiceId: string, request: RecordPaymentRequest) {
  return apiRequest(`/admin/invoices/${encodeURIComponent(invoiceId)}/payments`, { method: 'POST', body: request, schema: invoicePaymentsSchema });
}

export function fetchPayoutRuns(signal?: AbortSignal) {
  return apiRequest('/admin/payout-runs', { schema: payoutRunListSchema, signal });
}

export function runPayoutsNow(): Promise<PayoutRun> {
  return apiRequest('/admin/payout-runs', { method: 'POST', schema: payoutRunSchema });
}

/** A lodgement batch's bank file: the same bytes every time (issue 28). */
export function downloadBatchFile(batch: Pick<PayoutBatch, 'id' | 'fileName'>): Promise<string> {
  return apiDownload(`/admin/payout-batches/${encodeURIComponent(batch.id)}/aba`, { fallbackFileName: batch.fileName });
}

export function markBatchLodged(batchId: string): Promise<PayoutBatch> {
  return apiRequest(`/admin/payout-batches/${encodeURIComponent(batchId)}/lodged`, { method: 'POST', schema: payoutBatchSchema });
}

/** A payment the bank sent back, by the lodgement reference on the bank's return report. */
export function recordPayoutReturn(request: { lodgementReference: string; reason: string }) {
  return apiRequest('/admin/payout-returns', { method: 'POST', body: request, schema: returnedPayoutSchema });
}

export function fetchClaimsOverview(signal?: AbortSignal) {
  return apiRequest('/admin/ndis-claims', { schema: claimsOverviewSchema, signal });
}

export function exportClaimFiles(): Promise<ClaimBatch[]> {
  return apiRequest('/admin/ndis-claims', { method: 'POST', schema: z.object({ batches: z.array(claimBatchSchema) }) }).then((answer) => answer.batches);
}

export function downloadClaimFile(batch: Pick<ClaimBatch, 'id' | 'fileName'>): Promise<string> {
  return apiDownload(`/admin/ndis-claims/${encodeURIComponent(batch.id)}/file`, { fallbackFileName: batch.fileName });
}

/** The NDIA's result file for a claim file, sent as the multipart field `file`. */
export function uploadClaimResult(batchId: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(`/admin/ndis-claims/${encodeURIComponent(batchId)}/result`, { method: 'POST', body, schema: claimResultSummarySchema });
}

/** The NDIA's remittance (CSV), sent as the multipart field `file`: which lines it matched and which it could not. */
export function importRemittance(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/admin/ndis-claims/remittance', { method: 'POST', body, schema: remittanceImportSchema });
}

/** What to do with what the NDIA did not pay on a claim line. */
export function actOnShortfall(claimLineId: string, action: ShortfallAction) {
  return apiRequest(`/admin/ndis-claims/lines/${encodeURIComponent(claimLineId)}/shortfall`, { method: 'POST', body: { action }, schema: invoiceClaimLineSchema });
}

export type ConfirmDepositRequest = { from: 'NDIA' | 'CARE_SEEKER'; amountCents: number; receivedOn: string; reference: string };

/** A deposit confirmed by hand for a claim line: the NDIA's cash, or the care seeker's payment of a difference billed to them. */
export function confirmDeposit(claimLineId: string, request: ConfirmDepositRequest) {
  return apiRequest(`/admin/ndis-claims/lines/${encodeURIComponent(claimLineId)}/cash`, { method: 'POST', body: request, schema: invoiceClaimLineSchema });
}
