import type { StateCode } from './states';

/**
 * The compliance documents a worker keeps on their profile (workflows.md, worker onboarding;
 * ndis.md, worker checks). Each kind says whether it carries a number and an issuing state,
 * how long it is valid, and whether every worker needs it.
 */
export const complianceDocumentKinds = [
  'NDIS_WORKER_SCREENING',
  'POLICE_CHECK',
  'WORKING_WITH_CHILDREN',
  'FIRST_AID',
  'CPR',
  'PUBLIC_LIABILITY_INSURANCE',
  'QUALIFICATION',
  'DRIVER_LICENCE',
] as const;
export type ComplianceDocumentKind = (typeof complianceDocumentKinds)[number];

/** Who must hold a document before their profile can be reviewed. */
export type DocumentRequirement = 'ALWAYS' | 'IF_SUPPORTS_MINORS' | 'OPTIONAL';

export interface ComplianceDocumentRule {
  readonly kind: ComplianceDocumentKind;
  readonly label: string;
  readonly requirement: DocumentRequirement;
  /** Whether the document has a card, clearance or policy number. */
  readonly hasNumber: boolean;
  /** Whether a state issues it (screening units, WWC schemes, licences). */
  readonly hasIssuingState: boolean;
  /** How long it lasts from its issue date, in whole years; null when its own expiry date rules. */
  readonly validYears: number | null;
  /** The most months before today it may have been issued when first added (police check: 12). */
  readonly maxAgeMonthsWhenAdded: number | null;
  /** Whether the worker must give an expiry date. */
  readonly expiryRequired: boolean;
}

export const complianceDocumentRules: readonly ComplianceDocumentRule[] = [
  {
    kind: 'NDIS_WORKER_SCREENING',
    label: 'NDIS Worker Screening clearance',
    requirement: 'ALWAYS',
    hasNumber: true,
    hasIssuingState: true,
    validYears: 5,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: true,
  },
  {
    kind: 'POLICE_CHECK',
    label: 'National police check',
    requirement: 'ALWAYS',
    hasNumber: true,
    hasIssuingState: false,
    validYears: 3,
    maxAgeMonthsWhenAdded: 12,
    expiryRequired: true,
  },
  {
    kind: 'WORKING_WITH_CHILDREN',
    label: 'Working with children check',
    requirement: 'IF_SUPPORTS_MINORS',
    hasNumber: true,
    hasIssuingState: true,
    validYears: null,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: true,
  },
  {
    kind: 'FIRST_AID',
    label: 'First aid certificate',
    requirement: 'OPTIONAL',
    hasNumber: false,
    hasIssuingState: false,
    validYears: 3,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: true,
  },
  {
    kind: 'CPR',
    label: 'CPR certificate',
    requirement: 'OPTIONAL',
    hasNumber: false,
    hasIssuingState: false,
    validYears: 1,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: true,
  },
  {
    kind: 'PUBLIC_LIABILITY_INSURANCE',
    label: 'Public liability insurance',
    requirement: 'OPTIONAL',
    hasNumber: true,
    hasIssuingState: false,
    validYears: null,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: true,
  },
  {
    kind: 'QUALIFICATION',
    label: 'Qualification',
    requirement: 'OPTIONAL',
    hasNumber: false,
    hasIssuingState: false,
    validYears: null,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: false,
  },
  {
    kind: 'DRIVER_LICENCE',
    label: 'Driver licence',
    requirement: 'OPTIONAL',
    hasNumber: true,
    hasIssuingState: true,
    validYears: null,
    maxAgeMonthsWhenAdded: null,
    expiryRequired: true,
  },
];

export function complianceDocumentRule(kind: ComplianceDocumentKind): ComplianceDocumentRule {
  const rule = complianceDocumentRules.find((candidate) => candidate.kind === kind);
  if (!rule) throw new RangeError(`Unknown compliance document: ${kind}`);
  return rule;
}

/** Whether a worker must hold this kind of document, given whether they support people under 18. */
export function isDocumentRequired(kind: ComplianceDocumentKind, supportsMinors: boolean): boolean {
  const { requirement } = complianceDocumentRule(kind);
  return requirement === 'ALWAYS' || (requirement === 'IF_SUPPORTS_MINORS' && supportsMinors);
}

/** The working-with-children check goes by a different name in each state (ndis.md, worker checks). */
const workingWithChildrenNames: Record<StateCode, string> = {
  NSW: 'Working with Children Check',
  VIC: 'Working with Children Check',
  WA: 'Working with Children Check',
  SA: 'Working with Children Check',
  QLD: 'Blue Card',
  NT: 'Ochre Card',
  ACT: 'Working with Vulnerable People registration',
  TAS: 'Working with Vulnerable People registration',
};

export function workingWithChildrenName(state: StateCode): string {
  return workingWithChildrenNames[state];
}

/** A document's label, naming the working-with-children check as its state does. */
export function complianceDocumentLabel(kind: ComplianceDocumentKind, state?: StateCode | null): string {
  if (kind === 'WORKING_WITH_CHILDREN' && state) return workingWithChildrenName(state);
  return complianceDocumentRule(kind).label;
}

/** An administrator's decision on one document. */
export const documentReviewStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type DocumentReviewStatus = (typeof documentReviewStatuses)[number];

/** Days before a required document lapses that the worker is emailed (issue 12). */
export const DOCUMENT_EXPIRY_WARNING_DAYS = [30, 7] as const;

/** Uploads (issue 12): sizes in bytes and the types accepted, checked from the file's bytes. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const documentContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Profile photos are stored as square WebP images no larger than this, in pixels. */
export const PHOTO_MAX_SIDE = 512;
/**
 * Every uploaded picture (photo, document scan, receipt, message attachment): its header's
 * dimensions are checked before anything decodes it, so a small file that claims 60,000 × 60,000
 * pixels (a decompression bomb) is refused (issue 29). 60 megapixels holds any phone camera's photo.
 */
export const IMAGE_MAX_SIDE = 20_000;
export const IMAGE_MAX_PIXELS = 60_000_000;
export const IMAGE_TOO_LARGE = `This picture is too large: it may have at most ${IMAGE_MAX_PIXELS / 1_000_000} million pixels and ${IMAGE_MAX_SIDE.toLocaleString('en-AU')} pixels a side. Please choose a smaller picture.`;
export const UNREADABLE_IMAGE = 'We could not read this picture. Please choose another file.';
