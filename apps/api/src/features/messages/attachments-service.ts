import { randomUUID } from 'node:crypto';
import { CONVERSATION_BLOCKED_MESSAGE, MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENT_TYPES, type MessageAttachment } from '@tendly/domain/api/conversations';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit/audit-log';
import { messageAttachments } from '../../platform/db/schema/engagements';
import { storedFiles } from '../../platform/db/schema/platform';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { newFileKey, storeThenRecord, type Upload, type UploadRules } from '../../platform/files/uploads';
import { findAttachment } from './conversations-repository';
import { ownConversation, readableConversation, type MessagesContext } from './conversations-service';

export const ATTACHMENT_NOT_FOUND = 'We could not find that file.';

export const attachmentUploadRules: UploadRules = {
  maxBytes: MESSAGE_ATTACHMENT_MAX_BYTES,
  allowedTypes: MESSAGE_ATTACHMENT_TYPES,
  tooLargeMessage: `This file is larger than ${MESSAGE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB. Please attach a smaller file.`,
  wrongTypeMessage: 'Please attach a PDF, JPEG, PNG or WebP file.',
  missingMessage: 'Choose a file to attach.',
};

export interface AttachmentsContext extends MessagesContext {
  fileStore: FileStore;
}

/**
 * POST /api/conversations/{id}/attachments: stores one file for a message the asker is about to
 * send. It belongs to this conversation and this side until a message carries it (or the daily
 * clean-up deletes it, unsent, a day later). A blocked conversation takes no files, as it takes no
 * messages: 409.
 */
export async function uploadAttachment(ctx: AttachmentsContext, auth: RequestAuth, conversationId: string, upload: Upload): Promise<MessageAttachment> {
  const { conversation } = await ownConversation(ctx.db, auth, conversationId);
  if (conversation.blockedByUserId) throw new AppError(409, CONVERSATION_BLOCKED_MESSAGE, { code: 'CONVERSATION_BLOCKED' });
  const fileId = randomUUID();
  const key = newFileKey('messages', conversation.id, upload.file.extension);
  const name = upload.file.originalName ?? `attachment.${upload.file.extension}`;
  await storeThenRecord(ctx.fileStore, { key, bytes: upload.file.bytes, contentType: upload.file.contentType }, () =>
    ctx.db.transaction(async (tx) => {
      await tx.insert(storedFiles).values({
        id: fileId,
        ownerUserId: auth.user.id,
        purpose: 'MESSAGE_ATTACHMENT',
        storageKey: key,
        contentType: upload.file.contentType,
        byteSize: upload.file.bytes.length,
        originalName: name,
      });
      await tx.insert(messageAttachments).values({ fileId, conversationId: conversation.id, uploadedByUserId: auth.user.id });
    }),
  );
  return { id: fileId, name, contentType: upload.file.contentType, byteSize: upload.file.bytes.length };
}

export interface AttachmentFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * An attachment's bytes for the conversation's two sides or an administrator. A file not sent
 * yet is only for the side that uploaded it; anything else is a 404.
 */
export async function attachmentFile(ctx: AttachmentsContext, auth: RequestAuth, conversationId: string, fileId: string): Promise<AttachmentFile> {
  const { conversation, standing } = await readableConversation(ctx.db, auth, conversationId);
  const row = await findAttachment(ctx.db, conversation.id, fileId);
  if (!row || (row.messageId === null && row.uploadedByUserId !== auth.user.id)) throw notFound(ATTACHMENT_NOT_FOUND);
  const bytes = await ctx.fileStore.get(row.storageKey);
  if (!bytes) throw notFound(ATTACHMENT_NOT_FOUND);
  if (standing === 'admin') {
    await recordAudit(ctx.db, {
      actorUserId: auth.user.id,
      subjectUserId: conversation.careSeekerId,
      action: 'conversation.admin_viewed',
      detail: { what: 'attachment', fileId },
      targetType: 'conversation',
      targetId: conversation.id,
    });
  }
  return { bytes, contentType: row.contentType, fileName: row.name ?? 'attachment' };
}
