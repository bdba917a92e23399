import { randomUUID } from 'node:crypto';
import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES, RECEIPT_MISSING, RECEIPT_TOO_LARGE, RECEIPT_WRONG_TYPE, type ReceiptUpload } from '@tendly/domain/api/timesheets';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { Db } from '../../platform/db/client';
import { storedFiles } from '../../platform/db/schema/platform';
import { notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { newFileKey, storeThenRecord, type Upload, type UploadRules } from '../../platform/files/uploads';
import { canFetchReceipt } from './timesheet-policies';
import { receiptUrl } from './timesheet-presenter';
import { findReceipt } from './timesheets-repository';

/**
 * Receipts for expenses (issue 14): uploaded by the worker before the hours that claim them are
 * saved, stored through the platform's file store (purpose EXPENSE_RECEIPT), and fetched by the
 * worker who uploaded them or the care seeker of the submitted hours that use them.
 */

export const RECEIPT_NOT_FOUND = 'We could not find that receipt.';

export const receiptUploadRules: UploadRules = {
  maxBytes: RECEIPT_MAX_BYTES,
  allowedTypes: RECEIPT_CONTENT_TYPES,
  tooLargeMessage: RECEIPT_TOO_LARGE,
  wrongTypeMessage: RECEIPT_WRONG_TYPE,
  missingMessage: RECEIPT_MISSING,
};

export interface ReceiptsContext {
  db: Db;
  fileStore: FileStore;
}

/** POST /api/timesheets/receipts: stores the file; the worker then names it on an expense. */
export async function uploadReceipt(ctx: ReceiptsContext, auth: RequestAuth, upload: Upload): Promise<ReceiptUpload> {
  const fileId = randomUUID();
  const key = newFileKey('receipts', auth.user.id, upload.file.extension);
  const fileName = upload.file.originalName ?? `receipt.${upload.file.extension}`;
  await storeThenRecord(ctx.fileStore, { key, bytes: upload.file.bytes, contentType: upload.file.contentType }, () =>
    ctx.db.insert(storedFiles).values({
      id: fileId,
      ownerUserId: auth.user.id,
      purpose: 'EXPENSE_RECEIPT',
      storageKey: key,
      contentType: upload.file.contentType,
      byteSize: upload.file.bytes.length,
      originalName: fileName,
    }),
  );
  return { fileId, fileName, url: receiptUrl(fileId) };
}

export interface ReceiptFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** GET /api/timesheets/receipts/{fileId}: for its uploader and the care seeker of the hours using it; anyone else 404. */
export async function receiptFile(ctx: ReceiptsContext, auth: RequestAuth, fileId: string): Promise<ReceiptFile> {
  const receipt = await findReceipt(ctx.db, fileId);
  if (!receipt || !canFetchReceipt(auth.user.id, { uploadedBy: receipt.file.ownerUserId, onTimesheets: receipt.onTimesheets })) throw notFound(RECEIPT_NOT_FOUND);
  const bytes = await ctx.fileStore.get(receipt.file.storageKey);
  if (!bytes) throw notFound(RECEIPT_NOT_FOUND);
  return { bytes, contentType: receipt.file.contentType, fileName: receipt.file.originalName ?? 'receipt' };
}
