import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { WorkerDocument, WorkerDocumentsResponse } from '@tendly/domain/api/compliance-documents';
import {
  complianceDocumentKinds,
  complianceDocumentLabel,
  DOCUMENT_MAX_BYTES,
  documentContentTypes,
  isDocumentRequired,
} from '@tendly/domain/compliance';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import {
  complianceDocumentSchema,
  todayInAustralia,
  type DocumentReviewRequest,
} from '@tendly/domain/validation/compliance-documents';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { newFileKey, storeThenRecord, type Upload, type UploadRules } from '../../platform/files/uploads';
import { queueMail } from '../../platform/mail/outbox';
import { isUuid } from '../../platform/http/ids';
import { documentEmailSite, documentRejectedEmail, profileActiveAgainEmail } from './document-emails';
import {
  findDocument,
  findWorkerForDocuments,
  listWorkerDocuments,
  supersedeOlderDocuments,
  verifiedColumnOf,
  type DocumentRow,
} from './documents-repository';

export const documentUploadRules: UploadRules = {
  maxBytes: DOCUMENT_MAX_BYTES,
  allowedTypes: documentContentTypes,
  tooLargeMessage: `This file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB. Please upload a smaller scan or photo of the document.`,
  wrongTypeMessage: 'Please upload the document as a PDF, JPEG or PNG file.',
  missingMessage: 'Choose the file of your document to upload.',
};

export const DOCUMENT_NOT_FOUND = 'We could not find this document.';
export const WORKER_NOT_FOUND = 'We could not find this worker.';
export const CANNOT_REMOVE_REVIEWED =
  'This document has been approved, so it stays on your record. To replace it, add the renewed one.';
export const ALREADY_REVIEWED = 'This document has already been reviewed.';
export const EXPIRED_CANNOT_APPROVE = 'This document has expired, so it cannot be approved. Ask the worker for a current one.';

export interface DocumentsContext {
  db: Db;
  fileStore: FileStore;
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;
  /** The current time; tests move it. */
  now?: () => Date;
}

function nowOf(ctx: DocumentsContext): Date {
  return ctx.now ? ctx.now() : new Date();
}

function isExpired(row: DocumentRow, today: string): boolean {
  return row.expiredAt !== null || (row.expiresOn !== null && row.expiresOn < today);
}

function present(row: DocumentRow, today: string): WorkerDocument {
  return {
    id: row.id,
    kind: row.kind,
    label: complianceDocumentLabel(row.kind, row.issuingState),
    number: row.number,
    issuingState: row.issuingState,
    title: row.title,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    status: row.status,
    reviewReason: row.reviewReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    expired: isExpired(row, today),
    superseded: row.supersededAt !== null,
    fileName: row.fileName,
    contentType: row.contentType,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every kind of document with the worker's current one, the approved one that counts, and the history. */
export async function documentsOf(ctx: DocumentsContext, workerId: string): Promise<WorkerDocumentsResponse> {
  const worker = await findWorkerForDocuments(ctx.db, workerId);
  if (!worker) throw notFound(WORKER_NOT_FOUND);
  const today = todayInAustralia(nowOf(ctx));
  const rows = await listWorkerDocuments(ctx.db, workerId);
  return {
    workerId,
    supportsMinors: worker.supportsMinors,
    homeState: worker.homeState,
    kinds: complianceDocumentKinds.map((kind) => {
      const ofKind = rows.filter((row) => row.kind === kind);
      const current = ofKind.find((row) => row.supersededAt === null) ?? null;
      const approved = ofKind.find((row) => row.supersededAt === null && row.status === 'APPROVED' && !isExpired(row, today)) ?? null;
      const named = current ?? ofKind[0] ?? null;
      return {
        kind,
        label: complianceDocumentLabel(kind, named?.issuingState ?? null),
        required: isDocumentRequired(kind, worker.supportsMinors),
        current: current ? present(current, today) : null,
        approved: approved ? present(approved, today) : null,
        history: ofKind.map((row) => present(row, today)),
      };
    }),
  };
}

/** POST /api/worker/documents: checks the fields against the kind's rules, then stores the file and the row. */
export async function addDocument(ctx: DocumentsContext, workerId: string, upload: Upload): Promise<WorkerDocument> {
  const today = todayInAustralia(nowOf(ctx));
  const parsed = complianceDocumentSchema(today).safeParse(upload.fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const messages = Object.values(errors);
    throw badRequest(messages.length === 1 ? messages[0]! : 'Some of the details are not valid. Please check them and try again.', errors);
  }
  const fields = parsed.data;
  const worker = await findWorkerForDocuments(ctx.db, workerId);
  if (!worker) throw notFound(WORKER_NOT_FOUND);
  const fileId = randomUUID();
  const key = newFileKey('documents', workerId, upload.file.extension);
  const documentId = await storeThenRecord(ctx.fileStore, { key, bytes: upload.file.bytes, contentType: upload.file.contentType }, () =>
    ctx.db.transaction(async (tx) => {
      await tx.insert(storedFiles).values({
        id: fileId,
        ownerUserId: workerId,
        purpose: 'COMPLIANCE_DOCUMENT',
        storageKey: key,
        contentType: upload.file.contentType,
        byteSize: upload.file.bytes.length,
        originalName: upload.file.originalName,
      });
      const [row] = await tx
        .insert(workerDocuments)
        .values({
          workerId,
          kind: fields.kind,
          number: fields.number,
          issuingState: fields.issuingState,
          title: fields.title,
          issuedOn: fields.issuedOn,
          expiresOn: fields.expiresOn,
          fileId,
        })
        .returning({ id: workerDocuments.id });
      return row!.id;
    }),
  );
  const row = await findDocument(ctx.db, documentId);
  return present(row!, today);
}

/** DELETE /api/worker/documents/{id}: the worker's own, while it waits for review or was rejected. */
export async function removeDocument(ctx: DocumentsContext, workerId: string, documentId: string): Promise<void> {
  if (!isUuid(documentId)) throw notFound(DOCUMENT_NOT_FOUND);
  const key = await ctx.db.transaction(async (tx) => {
    const row = await findDocument(tx, documentId, { forUpdate: true });
    if (!row || row.workerId !== workerId) throw notFound(DOCUMENT_NOT_FOUND);
    if (row.status === 'APPROVED') throw conflict(CANNOT_REMOVE_REVIEWED);
    await tx.delete(workerDocuments).where(eq(workerDocuments.id, row.id));
    await tx.delete(storedFiles).where(eq(storedFiles.id, row.fileId));
    return row.storageKey;
  });
  await ctx.fileStore.delete(key);
}

export interface DocumentFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * A document's file for its owner, or for an administrator (whose every look at a worker's
 * documents is audited: they hold personal details). Anyone else: 404.
 */
export async function documentFile(
  ctx: DocumentsContext,
  documentId: string,
  viewer: { ownerId: string } | { admin: { id: string; ip: string } },
): Promise<DocumentFile> {
  if (!isUuid(documentId)) throw notFound(DOCUMENT_NOT_FOUND);
  const row = await findDocument(ctx.db, documentId);
  if (!row || ('ownerId' in viewer && row.workerId !== viewer.ownerId)) throw notFound(DOCUMENT_NOT_FOUND);
  const bytes = await ctx.fileStore.get(row.storageKey);
  if (!bytes) throw notFound(DOCUMENT_NOT_FOUND);
  if ('admin' in viewer) {
    await recordAudit(ctx.db, {
      actorUserId: viewer.admin.id,
      subjectUserId: row.workerId,
      action: 'worker_document.file_viewed',
      detail: { kind: row.kind },
      ip: viewer.admin.ip,
      targetType: 'worker_document',
      targetId: row.id,
    });
  }
  const extension = row.storageKey.slice(row.storageKey.lastIndexOf('.') + 1);
  return { bytes, contentType: row.contentType, fileName: `${row.kind.toLowerCase().replaceAll('_', '-')}.${extension}` };
}

/**
 * POST /api/admin/documents/{id}/review. Approving sets the profile's verified mark for the
 * check, replaces the older documents of the kind and, when the profile was made inactive because
 * this kind lapsed (an approved, unsuspended worker with no other required document missing),
 * makes it active again and tells the worker. Rejecting gives the worker the reason. Both are
 * audited in the same transaction.
 */
export async function reviewDocument(
  ctx: DocumentsContext,
  actor: { id: string; ip: string },
  documentId: string,
  review: DocumentReviewRequest,
): Promise<WorkerDocument> {
  if (!isUuid(documentId)) throw notFound(DOCUMENT_NOT_FOUND);
  const now = nowOf(ctx);
  const today = todayInAustralia(now);
  const site = documentEmailSite(ctx.config);
  await ctx.db.transaction(async (tx) => {
    const row = await findDocument(tx, documentId, { forUpdate: true });
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    if (row.status !== 'PENDING') throw conflict(ALREADY_REVIEWED);
    if (review.decision === 'APPROVED' && isExpired(row, today)) throw new AppError(409, EXPIRED_CANNOT_APPROVE, { code: 'CONFLICT' });
    const worker = await findWorkerForDocuments(tx, row.workerId, { forUpdate: true });
    if (!worker) throw notFound(WORKER_NOT_FOUND);
    const reason = review.decision === 'REJECTED' ? (review.reason ?? null) : null;
    await tx
      .update(workerDocuments)
      .set({ status: review.decision, reviewReason: reason, reviewedByUserId: actor.id, reviewedAt: now })
      .where(eq(workerDocuments.id, row.id));
    const changes: Record<string, unknown> = { kind: row.kind, from: row.status, to: review.decision };
    if (reason) changes.reason = reason;
    const document = { kind: row.kind, issuingState: row.issuingState, expiresOn: row.expiresOn };

    if (review.decision === 'REJECTED') {
      await queueMail(tx, documentRejectedEmail(site, worker, document, reason ?? ''));
    } else {
      const replaced = await supersedeOlderDocuments(tx, row, now);
      if (replaced.length > 0) changes.superseded = replaced.map((old) => old.id);
      const profileChanges: Partial<typeof workerProfiles.$inferInsert> = {};
      const verified = verifiedColumnOf[row.kind];
      if (verified) {
        profileChanges[verified] = now;
        changes.verified = verified;
      }
      const lapsedThisKind = replaced.some((old) => old.expiredAt !== null);
      if (
        lapsedThisKind &&
        worker.status === 'INACTIVE' &&
        worker.approvedAt !== null &&
        worker.suspendedAt === null &&
        (await everyRequiredDocumentHeld(tx, row.workerId, worker.supportsMinors, today))
      ) {
        profileChanges.status = 'ACTIVE';
        profileChanges.inactiveReason = null;
        changes.profile = { from: 'INACTIVE', to: 'ACTIVE', inactiveReason: worker.inactiveReason };
        await queueMail(tx, profileActiveAgainEmail(site, worker, document));
      }
      if (Object.keys(profileChanges).length > 0) {
        await tx.update(workerProfiles).set(profileChanges).where(eq(workerProfiles.userId, row.workerId));
      }
    }
    await recordAudit(tx, {
      actorUserId: actor.id,
      subjectUserId: row.workerId,
      action: review.decision === 'APPROVED' ? 'worker_document.approved' : 'worker_document.rejected',
      detail: changes,
      ip: actor.ip,
      targetType: 'worker_document',
      targetId: row.id,
    });
  });
  const updated = await findDocument(ctx.db, documentId);
  return present(updated!, today);
}

/** Whether the worker holds an approved, unexpired, current document of every kind they must hold. */
async function everyRequiredDocumentHeld(db: Parameters<Parameters<Db['transaction']>[0]>[0], workerId: string, supportsMinors: boolean, today: string): Promise<boolean> {
  const required = complianceDocumentKinds.filter((kind) => isDocumentRequired(kind, supportsMinors));
  const rows = await db
    .select({ kind: workerDocuments.kind, expiresOn: workerDocuments.expiresOn, expiredAt: workerDocuments.expiredAt, supersededAt: workerDocuments.supersededAt })
    .from(workerDocuments)
    .where(and(eq(workerDocuments.workerId, workerId), eq(workerDocuments.status, 'APPROVED'), inArray(workerDocuments.kind, required)));
  return required.every((kind) =>
    rows.some((row) => row.kind === kind && row.supersededAt === null && row.expiredAt === null && (row.expiresOn === null || row.expiresOn >= today)),
  );
}
