import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isTopic, topicInfo, type NotificationTopic } from '@tendly/domain/api/notification-preferences';
import type { LinkSigner } from '../auth/signed-links';
import { mailOutbox, type MailAttachmentRow } from '../db/schema/platform';
import type { FileStore } from '../files/file-store';
import { isPermanentSmtpFailure, PermanentJobError } from '../jobs/job-failure';
import { withJobTimeout, type JobHandlers } from '../jobs/job-worker';
import { OPT_OUT_MARKER, optOutFooterHtml, optOutFooterText } from './email-layout';
import type { MailAttachment } from './mail-message';
import type { MailTransport } from './mail-transport';
import { MAIL_DELIVER_JOB } from './outbox';

const payloadSchema = z.object({ outboxId: z.uuid() });

/**
 * One delivery's limit: the transport gives up on a silent server within about a minute and a
 * half (mail-transport.ts: 15 s to connect, 15 s for the greeting, 60 s of socket silence).
 */
const MAIL_DELIVERY_TIMEOUT_MS = 2 * 60_000;

/**
 * The `mail.deliver` job: sends one outbox row and records the outcome. An SMTP error is recorded
 * on the row and rethrown so the job retries; after the last attempt the row is FAILED. A refusal
 * that will not change (an SMTP 5xx such as 550 "no such user") is not retried: the row and the
 * job are FAILED at once, and an administrator can send it again from /admin/jobs (issue 27).
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
/** What delivery needs to add the link that stops an email's topic: the site's address and the link signer. */
export interface OptOutLinks {
  publicUrl: string;
  linkSigner: LinkSigner;
  /** The purpose a topic's token is signed for (features/auth/notification-preferences-service.ts). */
  purposeOf: (topic: NotificationTopic) => string;
}

const OPT_OUT_LABEL = 'Stop these emails';
/** The plain text's support line, which renderEmail writes at the foot of every email. */
const SUPPORT_LINE = /^Need help\? Email .*$/m;

/**
 * The email as it is sent: for an email about a topic whose recipient has an account, the footer
 * says why it came and links to the page that stops the topic, and `List-Unsubscribe` names the
 * same page (issue 17). The link is made here, not where the email is queued, because only
 * delivery has the signer and the site's address; the outbox row is then updated to what was sent.
 */
async function withOptOut(
  row: { category: string | null; optOutUserId: string | null; htmlBody: string; textBody: string; listUnsubscribe: string | null },
  links: OptOutLinks | undefined,
): Promise<{ html: string; text: string; listUnsubscribe: string | null }> {
  const unchanged = { html: row.htmlBody, text: row.textBody, listUnsubscribe: row.listUnsubscribe };
  if (!links || !row.optOutUserId || !row.category || !isTopic(row.category) || row.listUnsubscribe) return unchanged;
  const token = await links.linkSigner.sign(links.purposeOf(row.category), row.optOutUserId);
  const url = `${links.publicUrl.replace(/\/+$/, '')}/unsubscribe?topic=${row.category}&token=${encodeURIComponent(token)}`;
  const optOut = { reason: topicInfo[row.category].reason, label: OPT_OUT_LABEL, url };
  const footer = optOutFooterHtml(optOut);
  const html = row.htmlBody.includes(OPT_OUT_MARKER) ? row.htmlBody.replace(OPT_OUT_MARKER, footer) : row.htmlBody.replace(/<\/body>/i, `<p>${footer}</p></body>`);
  // In the plain text, after the support line as in the HTML footer; at the end when it has none.
  const line = optOutFooterText(optOut);
  const text = SUPPORT_LINE.test(row.textBody) ? row.textBody.replace(SUPPORT_LINE, (support) => `${support}\n\n${line}\n`) : `${row.textBody.trimEnd()}\n\n${line}\n`;
  return { html, text, listUnsubscribe: url };
}

export function mailJobHandlers(transport: MailTransport, fileStore?: Pick<FileStore, 'get'>, optOutLinks?: OptOutLinks): JobHandlers {
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
    [MAIL_DELIVER_JOB]: withJobTimeout(MAIL_DELIVERY_TIMEOUT_MS, async (payload, ctx) => {
      const { outboxId } = payloadSchema.parse(payload);
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      if (!row) {
        ctx.logger.warn({ jobId: ctx.jobId, outboxId }, 'mail.deliver: the outbox row no longer exists');
        return;
      }
      if (row.status === 'SENT' || row.status === 'KEPT') return;

      let outcome;
      const sent = await withOptOut(row, optOutLinks);
      try {
        const attachments = await readAttachments(row.attachments);
        outcome = await transport.send(
          {
            to: row.toAddress,
            subject: row.subject,
            text: sent.text,
            html: sent.html,
            ...(sent.listUnsubscribe ? { listUnsubscribe: sent.listUnsubscribe } : {}),
            ...(attachments.length ? { attachments } : {}),
          },
          { deliveryId: row.id },
        );
      } catch (error) {
        const isPermanent = isPermanentSmtpFailure(error);
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
        await ctx.db
          .update(mailOutbox)
          .set({ status: isPermanent || ctx.isLastAttempt ? 'FAILED' : 'PENDING', error: message })
          .where(eq(mailOutbox.id, outboxId));
        throw isPermanent ? new PermanentJobError(`The mail server refused this email: ${message}`, { cause: error }) : error;
      }
      await ctx.db
        .update(mailOutbox)
        .set({ status: outcome, sentAt: outcome === 'SENT' ? sql`now()` : null, error: null, htmlBody: sent.html, textBody: sent.text, listUnsubscribe: sent.listUnsubscribe })
        .where(eq(mailOutbox.id, outboxId));
    }),
  };
}
