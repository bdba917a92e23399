import { desc, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@tendly/domain/api/auth';
import type { DbExecutor } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import { escapeHtml } from '../escape-html';
import { enqueueJob } from '../jobs/job-queue';
import { isTopic } from '@tendly/domain/api/notification-preferences';
import { emailChoiceByAddress, wantsEmail } from '../notifications/preferences';
import { managedClientIdOf, managedRecipientsOf } from './managed-recipients';
import type { MailMessage } from './mail-message';

/** The background job that delivers one outbox row (see mail-delivery.ts). */
export const MAIL_DELIVER_JOB = 'mail.deliver';

export interface MailDeliverPayload {
  outboxId: string;
}

/**
 * Queues an email: a PENDING outbox row and the job that delivers it, both through `db`, so
 * inside the caller's transaction the email exists only if the transaction commits. Nothing is
 * sent during the request; a slow or unreachable SMTP server never slows a sign-up.
 *
 * An email about a notification topic (issue 17) is queued only if the account at its address
 * wants email on that topic, and delivery adds the link that stops the topic. Answers whether it
 * was queued.
 */
export async function queueMail(db: DbExecutor, message: MailMessage): Promise<boolean> {
  const topic = isTopic(message.category) ? message.category : null;
  const clientId = managedClientIdOf(message.to);
  if (!clientId) {
    const choice = topic ? await emailChoiceByAddress(db, message.to, topic) : null;
    if (choice && !choice.email) return false;
    await queueOne(db, message, choice?.userId ?? null);
    return true;
  }
  if (topic && !(await wantsEmail(db, clientId, topic))) return false;
  // A managed client without an email address: each coordinator who manages them gets a copy
  // that says whom it is for. With no coordinator left, the row is kept FAILED with the reason,
  // so the email is never dropped without a trace.
  const recipients = await managedRecipientsOf(db, clientId);
  if (!recipients || recipients.coordinatorEmails.length === 0) {
    await db.insert(mailOutbox).values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      category: message.category,
      status: 'FAILED',
      error: 'The client has no email address and no support coordinator manages their account now.',
      createdAt: sql`clock_timestamp()`,
    });
    return false;
  }
  const note = `You are receiving this because you manage ${recipients.clientName}'s account, which has no email address of its own.`;
  for (const to of recipients.coordinatorEmails) {
    await queueOne(
      db,
      {
        ...message,
        to,
        subject: `For ${recipients.clientName}: ${message.subject}`,
        text: `${note}\n\n${message.text}`,
        html: message.html.replace(/<body([^>]*)>/i, (body) => `${body}<p style="margin:16px;font-family:sans-serif">${escapeHtml(note)}</p>`),
        listUnsubscribe: undefined,
      },
      // No link to stop the topic: the choice is the client's, which the coordinator changes while acting for them.
      null,
    );
  }
  return true;
}

async function queueOne(db: DbExecutor, message: MailMessage, optOutUserId: string | null): Promise<void> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      listUnsubscribe: message.listUnsubscribe ?? null,
      category: message.category,
      optOutUserId,
      attachments: message.attachments?.length
        ? message.attachments.map((file) =>
            'storageKey' in file ? { fileName: file.fileName, contentType: file.contentType, storageKey: file.storageKey } : { fileName: file.fileName, contentType: file.contentType, contentBase64: file.content.toString('base64') },
          )
        : null,
      // now() is the transaction's start: two emails queued in one transaction would tie.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('queueMail: the insert returned no row');
  const payload: MailDeliverPayload = { outboxId: row.id };
  await enqueueJob(db, { type: MAIL_DELIVER_JOB, payload });
}

/**
 * Every email to an address (any letter case), newest first, whatever its delivery status: what
 * GET /api/dev/outbox shows outside production.
 */
export async function listOutbox(db: DbExecutor, to: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = lower(${to.trim()})`)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(100);
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  }));
}
