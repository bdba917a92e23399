import { z } from 'zod';
import { complianceDocumentKinds, documentReviewStatuses } from '../compliance';
import { stateCodes } from '../states';

/**
 * Compliance documents and the profile photo over the API (issue 12). Dates are YYYY-MM-DD
 * calendar dates; times are ISO 8601.
 */

export const workerDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(complianceDocumentKinds),
  /** The kind's name; a working-with-children check by its issuing state's name (a Blue Card in Queensland). */
  label: z.string(),
  number: z.string().nullable(),
  issuingState: z.enum(stateCodes).nullable(),
  title: z.string().nullable(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(documentReviewStatuses),
  /** Why it was rejected, for the worker to fix. */
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Whether it has passed its expiry date (the daily job marks it). */
  expired: z.boolean(),
  /** Whether a newer approved document of the same kind replaced it. */
  superseded: z.boolean(),
  /** The name it was uploaded with, and its type (found from its bytes). */
  fileName: z.string().nullable(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type WorkerDocument = z.infer<typeof workerDocumentSchema>;

export const workerDocumentKindSchema = z.object({
  kind: z.enum(complianceDocumentKinds),
  label: z.string(),
  /** Whether this worker must hold it (a working-with-children check when they support people under 18). */
  required: z.boolean(),
  /** The newest document not replaced by a newer approved one, whatever its review status; null when none. */
  current: workerDocumentSchema.nullable(),
  /** The one that counts now: approved, not expired, not replaced; null when none. */
  approved: workerDocumentSchema.nullable(),
  /** Every document of this kind, newest first. */
  history: z.array(workerDocumentSchema),
});
export type WorkerDocumentKind = z.infer<typeof workerDocumentKindSchema>;

/** GET /api/worker/documents, GET /api/admin/workers/{workerId}/documents. */
export const workerDocumentsResponseSchema = z.object({
  workerId: z.string(),
  supportsMinors: z.boolean(),
  /** The state of the worker's address: the state that most likely issued their state checks. */
  homeState: z.enum(stateCodes).nullable(),
  kinds: z.array(workerDocumentKindSchema),
});
export type WorkerDocumentsResponse = z.infer<typeof workerDocumentsResponseSchema>;

/** POST /api/worker/photo and DELETE /api/worker/photo → 200. */
export const workerPhotoResponseSchema = z.object({
  /** The public address of the photo, or null when the worker has none. */
  avatarUrl: z.string().nullable(),
});
export type WorkerPhotoResponse = z.infer<typeof workerPhotoResponseSchema>;
