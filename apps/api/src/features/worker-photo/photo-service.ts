import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PHOTO_MAX_BYTES, photoContentTypes } from '@tendly/domain/compliance';
import type { Db, DbTransaction } from '../../platform/db/client';
import { storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { storeThenRecord, type UploadedFile, type UploadRules } from '../../platform/files/uploads';
import { squarePhoto, UNREADABLE_PHOTO } from './photo-image';

export const photoUploadRules: UploadRules = {
  maxBytes: PHOTO_MAX_BYTES,
  allowedTypes: photoContentTypes,
  tooLargeMessage: `This photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  wrongTypeMessage: 'Please choose a photo in JPEG, PNG or WebP format.',
  missingMessage: 'Choose a photo to upload.',
  unreadableImageMessage: UNREADABLE_PHOTO,
};

export const NO_WORKER_PROFILE = 'We could not find your worker profile.';
export const PHOTO_NOT_FOUND = 'We could not find this photo.';

/** The public address of a stored photo: its id never changes, so it can be cached for good. */
export function photoUrl(fileId: string): string {
  return `/api/files/photos/${fileId}.webp`;
}

export interface PhotoContext {
  db: Db;
  fileStore: FileStore;
}

/**
 * POST /api/worker/photo: stores the photo as a square WebP, points the profile at it and removes
 * the photo it replaces (its row in the same transaction, its bytes once that has committed).
 */
export async function replacePhoto(ctx: PhotoContext, workerId: string, upload: UploadedFile): Promise<{ avatarUrl: string }> {
  const webp = await squarePhoto(upload.bytes);
  const fileId = randomUUID();
  const key = `photos/${workerId}/${fileId}.webp`;
  const previousKey = await storeThenRecord(ctx.fileStore, { key, bytes: webp, contentType: 'image/webp' }, () =>
    ctx.db.transaction(async (tx) => {
      const profile = await lockProfilePhoto(tx, workerId);
      await tx.insert(storedFiles).values({
        id: fileId,
        ownerUserId: workerId,
        purpose: 'PROFILE_PHOTO',
        storageKey: key,
        contentType: 'image/webp',
        byteSize: webp.length,
        originalName: upload.originalName,
      });
      await tx.update(workerProfiles).set({ avatarFileId: fileId, avatarUrl: photoUrl(fileId) }).where(eq(workerProfiles.userId, workerId));
      return profile.avatarFileId ? removePhotoRow(tx, workerId, profile.avatarFileId) : null;
    }),
  );
  if (previousKey) await ctx.fileStore.delete(previousKey);
  return { avatarUrl: photoUrl(fileId) };
}

/** DELETE /api/worker/photo: the profile goes back to its generated avatar (avatar_url null). */
export async function removePhoto(ctx: PhotoContext, workerId: string): Promise<{ avatarUrl: null }> {
  const key = await ctx.db.transaction(async (tx) => {
    const profile = await lockProfilePhoto(tx, workerId);
    await tx.update(workerProfiles).set({ avatarFileId: null, avatarUrl: null }).where(eq(workerProfiles.userId, workerId));
    return profile.avatarFileId ? removePhotoRow(tx, workerId, profile.avatarFileId) : null;
  });
  if (key) await ctx.fileStore.delete(key);
  return { avatarUrl: null };
}

/** The worker's profile row, locked so two photo changes cannot both remove the same old photo. */
async function lockProfilePhoto(tx: DbTransaction, workerId: string): Promise<{ avatarFileId: string | null }> {
  const [profile] = await tx
    .select({ avatarFileId: workerProfiles.avatarFileId })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, workerId))
    .for('update');
  if (!profile) throw notFound(NO_WORKER_PROFILE);
  return profile;
}

async function removePhotoRow(tx: DbTransaction, workerId: string, fileId: string): Promise<string | null> {
  const [removed] = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.ownerUserId, workerId), eq(storedFiles.purpose, 'PROFILE_PHOTO')))
    .returning({ key: storedFiles.storageKey });
  return removed?.key ?? null;
}

/** GET /api/files/photos/{id}.webp: the bytes of a profile photo, or a 404. */
export async function readPhoto(ctx: PhotoContext, fileId: string): Promise<Buffer> {
  const [file] = await ctx.db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.purpose, 'PROFILE_PHOTO')));
  const bytes = file ? await ctx.fileStore.get(file.key) : null;
  if (!bytes) throw notFound(PHOTO_NOT_FOUND);
  return bytes;
}
