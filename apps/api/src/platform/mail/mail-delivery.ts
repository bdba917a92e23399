import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox, type MailAttachmentRow } from '../db/schema/platform';
import type { FileStore } from '../files/file-store';
import type { JobHandlers } from '../jobs/job-worker';
import type { MailAttachment } from './mail-message';
import type { MailTransport } from './mail-transport';
import { MAIL_DELIVER_JOB } from './outbox';

const payloadSchema = z.object({ outboxId: z.uuid() });

/**
 * The `mail.deliver` job: sends one outbox row and records the outcome. An SMTP error is recorded
 * on the row and rethrown so the job retries; after the last attempt the row is FAILED.
 *
 * A job can run more than once (its process died, or a retry after an error), so a run must not
 * send what an earlier run sent:
 * - a row already SENT or KEPT is left alone: the earlier run sent it and recorded it, and died
 *   (or was stopped) before the job was marked DONE;
 * - the job worker renews its claim while the SMTP server is slow, so no other process takes
 *   a job whose send is still under way;
 * - one window remains: the SMTP server took the message, and the process died (or the database
 *   refused the write) before the row said SENT. There is no way to ask an SMTP server whether
 *   it has a message, so the next run sends it again: this errs on the side of a second copy,
 *   never of a lost email (a verification code or a reset link must arrive). Both copies carry
 *   the same Message-ID, made from the row's id, which mail systems use to spot the duplicate.
 */
export function mailJobHandlers(transport: MailTransport, fileStore?: Pick<FileStore, 'get'>): JobHandlers {
  /** Reads each attachment's bytes; a missing file is an error, so the job retries rather than send without it. */
  const readAttachments = async (rows: MailAttachmentRow[] | null): Promise<MailAttachment[]> => {
    if (!rows?.length) return [];
    return Promise.all(
      rows.map(async (ref) => {
        if ('contentBase64' in ref) return { fileName: ref.fileName, contentType: ref.contentType, content: Buffer.from(ref.contentBase64, 'base64') };
        if (!fileStore) throw new Error('mail.deliver: an email has attachments in the file store but no file store was given');
        const content = await fileStore.get(ref.storageKey);
        if (!content) throw new Error(`mail.deliver: the attachment ${ref.fileName} is not in the file store`);
        return { fileName: ref.fileName, contentType: ref.contentType, content };
      }),
    );
  };
  return {
    async [MAIL_DELIVER_JOB](payload, ctx) {
      const { outboxId } = payloadSchema.parse(payload);
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      if (!row) {
        ctx.logger.warn({ jobId: ctx.jobId, outboxId }, 'mail.deliver: the outbox row no longer exists');
        return;
      }
      if (row.status === 'SENT' || row.status === 'KEPT') return;

      let outcome;
      try {
        const attachments = await readAttachments(row.attachments);
        outcome = await transport.send(
          {
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            ...(row.listUnsubscribe ? { listUnsubscribe: row.listUnsubscribe } : {}),
            ...(attachments.length ? { attachments } : {}),
          },
          { deliveryId: row.id },
        );
      } catch (error) {
        const isLastAttempt = ctx.attempt >= ctx.maxAttempts;
        await ctx.db
          .update(mailOutbox)
          .set({
            status: isLastAttempt ? 'FAILED' : 'PENDING',
            error: (error instanceof Error ? error.message : String(error)).slice(0, 2_000),
          })
          .where(eq(mailOutbox.id, outboxId));
        throw error;
      }
      await ctx.db
        .update(mailOutbox)
        .set({ status: outcome, sentAt: outcome === 'SENT' ? sql`now()` : null, error: null })
        .where(eq(mailOutbox.id, outboxId));
    },
  };
}
