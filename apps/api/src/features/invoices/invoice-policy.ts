import type { Role } from '@tendly/domain/roles';

/**
 * Who may do what to an invoice (issue 14). An invoice is between two people: the worker who
 * issued it and the care seeker it was issued to (a support coordinator acting for the client
 * through the alias session is the client). Anyone else is told it does not exist, so that ids
 * reveal nothing.
 */

export type InvoiceSide = 'WORKER' | 'CARE_SEEKER';

interface InvoiceParties {
  readonly workerId: string;
  readonly careSeekerId: string;
}

/** Whose invoice lists a person reads: a worker the ones they issued, a care seeker the ones issued to them. */
export function listSideOf(role: Role): InvoiceSide | null {
  if (role === 'CR') return 'WORKER';
  if (role === 'CS') return 'CARE_SEEKER';
  return null;
}

/** The side of the invoice a person is on, or null for anyone else. */
export function invoiceSideOf(personId: string, invoice: InvoiceParties): InvoiceSide | null {
  if (invoice.workerId === personId) return 'WORKER';
  if (invoice.careSeekerId === personId) return 'CARE_SEEKER';
  return null;
}

export function canViewInvoice(personId: string, invoice: InvoiceParties): boolean {
  return invoiceSideOf(personId, invoice) !== null;
}

/** A correction is the issuer's: only the worker who issued an invoice credits it. */
export function canCreditInvoice(personId: string, invoice: InvoiceParties): boolean {
  return invoiceSideOf(personId, invoice) === 'WORKER';
}
