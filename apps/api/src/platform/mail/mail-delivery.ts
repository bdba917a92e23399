import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../db/schema/platform';
import type { JobHandlers } from '../jobs/job-worker';
import type { MailTransport } from './mail-transport';
import { MAIL_DELIVER_JOB } from './outbox';

const payloadSchema = z.object({ outboxId: z.uuid() });

/**
 * The `mail.deliver` job: sends one outbox row and records the outcome. A row already SENT or
 * KEPT is left alone, because a job can run twice (a process that died after sending but before
 * recording). An SMTP error is recorded on the row and rethrown so the job retries; after the
 * last attempt the row is FAILED.
 */
export function mailJobHandlers(transport: MailTransport): JobHandlers {
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
        outcome = await transport.send({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          ...(row.listUnsubscribe ? { listUnsubscribe: row.listUnsubscribe } : {}),
        });
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
