import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { UNSENT_ATTACHMENT_HOURS } from '@tendly/domain/api/conversations';
import type { Db, DbExecutor } from '../../platform/db/client';
import { messageAttachments } from '../../platform/db/schema/engagements';
import { storedFiles } from '../../platform/db/schema/platform';
import type { FileStore } from '../../platform/files/file-store';
import { enqueueJobOnce } from '../../platform/jobs/job-queue';
import type { JobHandlers } from '../../platform/jobs/job-worker';

/**
 * The daily clean-up of message attachments that were uploaded but never sent (issue 13): a file
 * goes up before its message, and one whose message never came stays for UNSENT_ATTACHMENT_HOURS,
 * then its rows and its bytes are deleted. Like the other daily checks, each day's run is a job
 * with an id made from the day, queued once at start-up and by the day before; it runs at 4 am in
 * Sydney, when few messages are being written.
 */
export const UNSENT_ATTACHMENTS_JOB = 'messages.unsent-attachments-cleanup';
const RUN_ZONE = 'Australia/Sydney';
const RUN_HOUR = 4;
/** Rows deleted per transaction, so that a large backlog never holds many locks at once. */
const BATCH = 200;

const payloadSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

export function unsentAttachmentsRunAt(day: string): Date {
  const date = parseISO(day);
  return new Date(TZDate.tz(RUN_ZONE, date.getFullYear(), date.getMonth(), date.getDate(), RUN_HOUR).getTime());
}

export function scheduleUnsentAttachmentsCleanup(db: DbExecutor, day: string): Promise<boolean> {
  return enqueueJobOnce(db, `${UNSENT_ATTACHMENTS_JOB}:${day}`, { type: UNSENT_ATTACHMENTS_JOB, payload: { day }, runAt: unsentAttachmentsRunAt(day) });
}

export function scheduleTodaysUnsentAttachmentsCleanup(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleUnsentAttachmentsCleanup(db, format(new TZDate(now.getTime(), RUN_ZONE), 'yyyy-MM-dd'));
}

/**
 * Deletes the attachments no message claimed within UNSENT_ATTACHMENT_HOURS of their upload: the
 * rows first, in a transaction (a message claiming one at the same moment wins: the delete
 * re-checks that it is still unsent), then the bytes of the ones deleted. Answers how many were
 * deleted, and the keys whose bytes the store could not delete (their rows are gone: never served).
 */
export async function deleteUnsentAttachments(db: Db, fileStore: FileStore, now: Date = new Date()): Promise<{ deleted: number; bytesLeft: string[] }> {
  const cutoff = new Date(now.getTime() - UNSENT_ATTACHMENT_HOURS * 3_600_000);
  let deleted = 0;
  const bytesLeft: string[] = [];
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const unsent = and(isNull(messageAttachments.messageId), lt(messageAttachments.createdAt, cutoff));
      const batch = tx.select({ fileId: messageAttachments.fileId }).from(messageAttachments).where(unsent).limit(BATCH).for('update', { skipLocked: true });
      const gone = await tx
        .delete(messageAttachments)
        .where(and(inArray(messageAttachments.fileId, batch), unsent))
        .returning({ fileId: messageAttachments.fileId });
      if (gone.length === 0) return [];
      const files = await tx
        .delete(storedFiles)
        .where(and(inArray(storedFiles.id, gone.map((row) => row.fileId)), eq(storedFiles.purpose, 'MESSAGE_ATTACHMENT')))
        .returning({ key: storedFiles.storageKey });
      return files.map((file) => file.key);
    });
    if (keys.length === 0) return { deleted, bytesLeft };
    for (const key of keys) await fileStore.delete(key).catch(() => bytesLeft.push(key));
    deleted += keys.length;
  }
}

export function unsentAttachmentsHandlers(ctx: { fileStore: FileStore }): JobHandlers {
  return {
    async [UNSENT_ATTACHMENTS_JOB](payload, job) {
      const { day } = payloadSchema.parse(payload);
      await scheduleUnsentAttachmentsCleanup(job.db, format(addDays(parseISO(day), 1), 'yyyy-MM-dd'));
      const { deleted, bytesLeft } = await deleteUnsentAttachments(job.db, ctx.fileStore);
      job.logger.info({ jobId: job.jobId, day, deleted }, 'message attachments never sent deleted');
      if (bytesLeft.length > 0) job.logger.warn({ jobId: job.jobId, keys: bytesLeft }, 'the file store could not delete some unsent attachments');
    },
  };
}
