import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { UNSENT_ATTACHMENT_HOURS } from '@tendly/domain/api/conversations';
import type { Db, DbExecutor } from '../../platform/db/client';
import { messageAttachments } from '../../platform/db/schema/engagements';
import { storedFiles } from '../../platform/db/schema/platform';
import type { FileStore } from '../../platform/files/file-store';
import { dailyJobHandler, scheduleDailyRun, scheduleTodaysRun, type DailySchedule } from '../../platform/jobs/daily-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';

/**
 * The daily clean-up of message attachments that were uploaded but never sent (issue 13): a file
 * goes up before its message, and one whose message never came stays for UNSENT_ATTACHMENT_HOURS,
 * then its rows and its bytes are deleted. Like the other daily checks, each day's run is a job
 * with an id made from the day, queued once at start-up and by the day before; it runs at 4 am in
 * Sydney, when few messages are being written.
 */
export const UNSENT_ATTACHMENTS_JOB = 'messages.unsent-attachments-cleanup';
const SCHEDULE: DailySchedule = { type: UNSENT_ATTACHMENTS_JOB, zone: 'Australia/Sydney', time: '04:00' };
/** Rows deleted per transaction, so that a large backlog never holds many locks at once. */
const BATCH = 200;

export function scheduleUnsentAttachmentsCleanup(db: DbExecutor, day: string): Promise<boolean> {
  return scheduleDailyRun(db, SCHEDULE, day);
}

export function scheduleTodaysUnsentAttachmentsCleanup(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleTodaysRun(db, SCHEDULE, now);
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
    [UNSENT_ATTACHMENTS_JOB]: dailyJobHandler(SCHEDULE, async (day, job) => {
      const { deleted, bytesLeft } = await deleteUnsentAttachments(job.db, ctx.fileStore);
      job.logger.info({ jobId: job.jobId, day, deleted }, 'message attachments never sent deleted');
      if (bytesLeft.length > 0) job.logger.warn({ jobId: job.jobId, keys: bytesLeft }, 'the file store could not delete some unsent attachments');
    }),
  };
}
