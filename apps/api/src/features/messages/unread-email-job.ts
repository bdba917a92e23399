import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { conversations } from '../../platform/db/schema/engagements';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { queueMail } from '../../platform/mail/outbox';
import { notify, type NewNotification } from '../../platform/notifications/notify';
import { findConversation, findMessage, findPeople, type ConversationRow, type MessageRow, type PersonRow } from './conversations-repository';
import { UNREAD_EMAIL_JOB } from './conversations-service';
import { emailLayout, emailSite, type EmailSite } from '../../platform/mail/email-site';

/**
 * A message still unread some minutes after it was sent (UNREAD_MESSAGE_EMAIL_MINUTES, 15 by
 * default) is emailed to its recipient (issue 13). Each message queues one job for that time. The
 * job sends nothing when the recipient has read the conversation since, when the conversation is
 * blocked, or when this recipient was emailed about this conversation within the same number of
 * minutes: the conversation's emailed-at mark for that side is set in the same statement that
 * checks it, so two jobs at once send one email.
 */
const payloadSchema = z.object({ messageId: z.uuid() });

/** The longest excerpt of a message an email shows: never the full text of a long one. */
export const EXCERPT_LENGTH = 160;

export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > EXCERPT_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

export type UnreadEmailSite = EmailSite;

/**
 * The in-app notice of a message still unread (issue 17): sent with the unread-message email, so
 * a conversation that is being read live raises neither.
 */
export function unreadMessageNotification(recipient: PersonRow, sender: PersonRow | undefined, message: MessageRow): NewNotification {
  const from = sender ? sender.firstName : 'Someone';
  return {
    userId: recipient.id,
    kind: 'NEW_MESSAGE',
    title: `${from} sent you a message`,
    body: `“${excerptOf(message.body)}”`,
    link: `/messages?conversation=${message.conversationId}`,
  };
}

export function unreadMessageEmail(site: UnreadEmailSite, recipient: PersonRow, sender: PersonRow | undefined, message: MessageRow): MailMessage {
  const from = sender ? sender.firstName : 'Someone';
  const url = `${site.publicUrl}/messages?conversation=${message.conversationId}`;
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `${from} sent you a message on ${site.brandName}.`,
    heading: `${from} sent you a message`,
    paragraphs: [
      `Hi ${recipient.firstName}, you have a message from ${from} that you have not read yet:`,
      `"${excerptOf(message.body)}"`,
      `Log in to ${site.brandName} to read it and reply. For your safety, please keep your conversations on ${site.brandName}.`,
    ],
    action: { label: 'Read the message', url },
  });
  return { to: recipient.email, category: 'MESSAGES', subject: `${from} sent you a message on ${site.brandName}`, html, text };
}

/** Claims this side's email for the window: true when it may be sent (and marks it sent). */
async function claimEmailWindow(db: DbExecutor, conversation: ConversationRow, side: 'careSeeker' | 'worker', message: MessageRow, windowMinutes: number): Promise<boolean> {
  const emailedAt = side === 'careSeeker' ? conversations.careSeekerEmailedAt : conversations.workerEmailedAt;
  const readAt = side === 'careSeeker' ? conversations.careSeekerReadAt : conversations.workerReadAt;
  const windowStart = sql`clock_timestamp() - make_interval(mins => ${windowMinutes})`;
  const sentAt = sql`${message.createdAt.toISOString()}::timestamptz`;
  const rows = await db
    .update(conversations)
    .set(side === 'careSeeker' ? { careSeekerEmailedAt: sql`clock_timestamp()` } : { workerEmailedAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(conversations.id, conversation.id),
        isNull(conversations.blockedByUserId),
        or(isNull(readAt), sql`${readAt} < ${sentAt}`),
        // Not when an email since this message already told them (an enquiry's own email, or an
        // earlier job), and not twice within the window.
        or(isNull(emailedAt), and(sql`${emailedAt} < ${sentAt}`, lte(emailedAt, windowStart))),
      ),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}

export async function sendUnreadEmail(db: Db, config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl' | 'UNREAD_MESSAGE_EMAIL_MINUTES'>, messageId: string): Promise<boolean> {
  const message = await findMessage(db, messageId);
  if (!message) return false;
  const conversation = await findConversation(db, message.conversationId);
  if (!conversation) return false;
  const side = message.senderId === conversation.careSeekerId ? 'worker' : 'careSeeker';
  const recipientId = side === 'worker' ? conversation.workerId : conversation.careSeekerId;
  const people = await findPeople(db, [recipientId, message.senderId]);
  const recipient = people.get(recipientId);
  if (!recipient || recipient.status !== 'ACTIVE') return false;
  return db.transaction(async (tx) => {
    if (!(await claimEmailWindow(tx, conversation, side, message, config.UNREAD_MESSAGE_EMAIL_MINUTES))) return false;
    const site = emailSite(config);
    // Each is skipped when the recipient turned that side of MESSAGES off (issue 17).
    const emailed = await queueMail(tx, unreadMessageEmail(site, recipient, people.get(message.senderId), message));
    await notify(tx, unreadMessageNotification(recipient, people.get(message.senderId), message));
    return emailed;
  });
}

export function unreadEmailHandlers({ config }: { config: Config }): JobHandlers {
  return {
    [UNREAD_EMAIL_JOB]: async (payload, ctx) => {
      const { messageId } = payloadSchema.parse(payload);
      await sendUnreadEmail(ctx.db, config, messageId);
    },
  };
}
