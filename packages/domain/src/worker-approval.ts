import {
  complianceDocumentKinds,
  isDocumentRequired,
  type ComplianceDocumentKind,
  type DocumentReviewStatus,
} from './compliance';

/**
 * When a worker may be approved or restored (issue 12; workflows.md, worker onboarding): every
 * document they must hold has an APPROVED document that is current, i.e. not replaced by a newer
 * one and not past its expiry date.
 */
export interface DocumentOnFile {
  readonly kind: ComplianceDocumentKind;
  readonly status: DocumentReviewStatus;
  /** A calendar date (YYYY-MM-DD), or null when it does not expire. */
  readonly expiresOn: string | null;
  readonly isSuperseded: boolean;
  /** Marked expired by the daily expiry job. */
  readonly isMarkedExpired: boolean;
}

/** Whether a document still counts on `today` (YYYY-MM-DD): not replaced, not expired. A document is good through its expiry date. */
export function isDocumentCurrent(document: DocumentOnFile, today: string): boolean {
  if (document.isSuperseded || document.isMarkedExpired) return false;
  return document.expiresOn === null || document.expiresOn >= today;
}

/** The required kinds with no approved, current document, in the order of the kinds list. */
export function missingRequiredDocuments(
  supportsMinors: boolean,
  documents: readonly DocumentOnFile[],
  today: string,
): ComplianceDocumentKind[] {
  return complianceDocumentKinds.filter(
    (kind) =>
      isDocumentRequired(kind, supportsMinors) &&
      !documents.some((document) => document.kind === kind && document.status === 'APPROVED' && isDocumentCurrent(document, today)),
  );
}
