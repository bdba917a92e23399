import { payingForCareTypeCodes } from '@tendly/domain/job-options';
import { isOneOfCodes } from './shape-checks';

/**
 * How an invoice will be paid, by the client's funding (workflows.md "Hours, job reports and
 * invoices"), as the care seeker reads it. Paying in Tendly comes in the next issue, so this says
 * what will happen, and offers no button yet.
 */
export function howInvoiceIsPaid(fundingType: string): string {
  const funding = isOneOfCodes(payingForCareTypeCodes, fundingType) ? fundingType : null;
  switch (funding) {
    case 'NDIS_PLAN_MANAGED':
      return 'Your plan manager pays this invoice: it is sent to them by email, and they pay by bank transfer.';
    case 'HOME_CARE_PACKAGE':
    case 'SUPPORT_AT_HOME':
      return 'Your aged care provider pays this invoice: it is sent to them by email, and they pay by bank transfer.';
    case 'NDIS_AGENCY_MANAGED':
      return 'Tendly claims this invoice from the NDIA for you. There is nothing for you to pay.';
    default:
      return 'You pay this invoice by saved card or by bank transfer with the invoice number as the reference. Paying in Tendly is coming soon; until then your worker will tell you how to pay.';
  }
}
