import { payingForCareTypeCodes } from '@tendly/domain/job-options';
import { isOneOf } from '@tendly/domain/coded-options';

/**
 * How an invoice will be paid, by the client's funding (workflows.md "Paying and getting paid"),
 * as the care seeker reads it.
 */
export function howInvoiceIsPaid(fundingType: string): string {
  const funding = isOneOf(payingForCareTypeCodes, fundingType) ? fundingType : null;
  switch (funding) {
    case 'NDIS_PLAN_MANAGED':
      return 'Your plan manager pays this invoice: it is sent to them by email, and they pay by bank transfer.';
    case 'HOME_CARE_PACKAGE':
    case 'SUPPORT_AT_HOME':
      return 'Your aged care provider pays this invoice: it is sent to them by email, and they pay by bank transfer.';
    case 'NDIS_AGENCY_MANAGED':
      return 'Tendly claims this invoice from the NDIA for you. There is nothing for you to pay.';
    default:
      return 'You pay this invoice by saved card, or by bank transfer quoting the invoice’s payment reference.';
  }
}

/** Private and NDIS self-managed invoices are the care seeker's to pay, by card or transfer (issue 15). */
export function isPaidByCareSeeker(fundingType: string): boolean {
  return !['NDIS_PLAN_MANAGED', 'HOME_CARE_PACKAGE', 'SUPPORT_AT_HOME', 'NDIS_AGENCY_MANAGED'].includes(fundingType);
}
