import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { contracts, conversations, messageAttachments, messages } from '../../platform/db/schema/engagements';
import { jobApplications, jobInvitations, jobs } from '../../platform/db/schema/jobs';
import { backgroundJobs, storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { personColumns } from '../../platform/db/person-columns';

export type ConversationRow = typeof conversations.$inferSelect;

export interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  avatarUrl: string | null;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  actedByUserId: string | null;
  coordinatorFirstName: string | null;
  coordinatorLastName: string | null;
  body: string;
  createdAt: Date;
}

export interface AttachmentRow {
  fileId: string;
  messageId: string | null;
  name: string | null;
  contentType: string;
  byteSize: number;
  storageKey: string;
}

const coordinators = alias(users, 'coordinator');

export async function findConversation(db: DbExecutor, id: string, options: { forUpdate?: boolean } = {}): Promise<ConversationRow | null> {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findConversationByPair(db: DbExecutor, careSeekerId: string, workerId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.careSeekerId, careSeekerId), eq(conversations.workerId, workerId)));
  return row ?? null;
}

/** Creates the pair's conversation unless it exists (two requests at once make one): null when it already did. */
export async function insertConversation(
  db: DbExecutor,
  values: { careSeekerId: string; workerId: string; startedByUserId: string },
): Promise<ConversationRow | null> {
  const [row] = await db
    .insert(conversations)
    .values(values)
    .onConflictDoNothing({ target: [conversations.careSeekerId, conversations.workerId] })
    .returning();
  return row ?? null;
}

export async function findPeople(db: DbExecutor, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      ...personColumns(users),
      status: users.status,
      avatarUrl: workerProfiles.avatarUrl,
    })
    .from(users)
    .leftJoin(workerProfiles, eq(workerProfiles.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An ACTIVE worker profile of an active account: who a care seeker may start a conversation with. */
export async function isListedWorker(db: DbExecutor, workerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .where(and(eq(workerProfiles.userId, workerId), eq(workerProfiles.status, 'ACTIVE'), eq(users.status, 'ACTIVE'), eq(users.role, 'CR')));
  return row !== undefined;
}

/**
 * Whether a worker already has a relationship with a care seeker: applied to or was invited to
 * one of their jobs, or has a contract with them (the only care seekers a worker may message first).
 */
export async function workerKnowsCareSeeker(db: DbExecutor, workerId: string, careSeekerId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1 from ${jobApplications} a join ${jobs} j on j.id = a.job_id
        where a.worker_id = ${workerId} and j.owner_id = ${careSeekerId}
      union all
      select 1 from ${jobInvitations} i join ${jobs} j on j.id = i.job_id
        where i.worker_id = ${workerId} and j.owner_id = ${careSeekerId}
      union all
      select 1 from ${contracts} c where c.worker_id = ${workerId} and c.care_seeker_id = ${careSeekerId}
    ) as known`);
  const row = result.rows[0] as { known: boolean | string } | undefined;
  return row?.known === true || row?.known === 't';
}

export async function isActiveCareSeeker(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'CS'), eq(users.status, 'ACTIVE')));
  return row !== undefined;
}

/** The asker's conversations, latest activity first (new conversations without messages by their start). */
export async function listConversationsOf(db: DbExecutor, userId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(or(eq(conversations.careSeekerId, userId), eq(conversations.workerId, userId)))
    .orderBy(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`, sql`${conversations.id} desc`);
}

function selectMessages(db: DbExecutor) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      actedByUserId: messages.actedByUserId,
      coordinatorFirstName: coordinators.firstName,
      coordinatorLastName: coordinators.lastName,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(coordinators, and(eq(coordinators.id, messages.actedByUserId), sql`${messages.actedByUserId} <> ${messages.senderId}`));
}

export async function findMessage(db: DbExecutor, messageId: string): Promise<MessageRow | null> {
  const [row] = await selectMessages(db).where(eq(messages.id, messageId));
  return row ?? null;
}

/** The newest message of each conversation. */
export async function lastMessagesOf(db: DbExecutor, conversationIds: readonly string[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  const latest = db
    .selectDistinctOn([messages.conversationId], { id: messages.id })
    .from(messages)
    .where(inArray(messages.conversationId, [...conversationIds]))
    .orderBy(messages.conversationId, sql`${messages.createdAt} desc`, sql`${messages.id} desc`);
  return selectMessages(db).where(inArray(messages.id, latest));
}

/**
 * One page, newest first on (created_at, id); `beforeId` is the oldest message of the page before.
 * The cursor is compared in the database, at the timestamp's full (microsecond) precision: a
 * JavaScript Date keeps milliseconds, and cutting the cursor to them skipped messages written in
 * the same millisecond.
 */
export async function pageOfMessages(db: DbExecutor, conversationId: string, beforeId: string | null, limit: number): Promise<MessageRow[]> {
  const olderThan = beforeId
    ? sql`(${messages.createdAt}, ${messages.id}) < (select before_message.created_at, before_message.id from ${messages} as before_message where before_message.id = ${beforeId}::uuid)`
    : undefined;
  return selectMessages(db)
    .where(and(eq(messages.conversationId, conversationId), olderThan))
    .orderBy(sql`${messages.createdAt} desc`, sql`${messages.id} desc`)
    .limit(limit);
}

export async function findMessageOfConversation(db: DbExecutor, conversationId: string, messageId: string) {
  const [row] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row ?? null;
}

export async function insertMessage(
  db: DbExecutor,
  values: { conversationId: string; senderId: string; actedByUserId: string; body: string },
): Promise<{ id: string; createdAt: Date }> {
  // The clock, not the transaction's start: messages sent in quick succession keep their order.
  const [row] = await db
    .insert(messages)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!row) throw new Error('insertMessage: no row');
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(coalesce(${conversations.lastMessageAt}, ${row.createdAt.toISOString()}::timestamptz), ${row.createdAt.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, values.conversationId));
  return row;
}

export async function attachmentsOf(db: DbExecutor, messageIds: readonly string[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return selectAttachments(db)
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(messageAttachments.position), asc(messageAttachments.createdAt));
}

const attachmentColumns = {
  fileId: messageAttachments.fileId,
  messageId: messageAttachments.messageId,
  name: storedFiles.originalName,
  contentType: storedFiles.contentType,
  byteSize: storedFiles.byteSize,
  storageKey: storedFiles.storageKey,
};

function selectAttachments(db: DbExecutor) {
  return db
    .select(attachmentColumns)
    .from(messageAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, messageAttachments.fileId));
}

export async function findAttachment(db: DbExecutor, conversationId: string, fileId: string): Promise<(AttachmentRow & { uploadedByUserId: string }) | null> {
  const [row] = await db
    .select({
      ...attachmentColumns,
      uploadedByUserId: messageAttachments.uploadedByUserId,
    })
    .from(messageAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, messageAttachments.fileId))
    .where(and(eq(messageAttachments.conversationId, conversationId), eq(messageAttachments.fileId, fileId)));
  return row ?? null;
}

/**
 * Ties the uploads to a message being sent: only files uploaded to this conversation by this side
 * and not sent yet. Returns how many it tied (fewer than asked means some id was not allowed).
 */
export async function claimAttachments(
  db: DbExecutor,
  input: { conversationId: string; uploadedByUserId: string; messageId: string; fileIds: readonly string[] },
): Promise<number> {
  let claimed = 0;
  for (const [position, fileId] of input.fileIds.entries()) {
    const rows = await db
      .update(messageAttachments)
      .set({ messageId: input.messageId, position })
      .where(
        and(
          eq(messageAttachments.fileId, fileId),
          eq(messageAttachments.conversationId, input.conversationId),
          eq(messageAttachments.uploadedByUserId, input.uploadedByUserId),
          isNull(messageAttachments.messageId),
        ),
      )
      .returning({ fileId: messageAttachments.fileId });
    claimed += rows.length;
  }
  return claimed;
}

/** Unread messages per conversation for one side: messages from the other side after its read mark. */
export async function unreadCountsOf(db: DbExecutor, userId: string, conversationIds?: readonly string[]): Promise<Map<string, number>> {
  if (conversationIds && conversationIds.length === 0) return new Map();
  const only = conversationIds ? sql`and c.id in (${sql.join(conversationIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const result = await db.execute(sql`
    select c.id as id, count(m.id)::int as n
    from ${conversations} c
    join ${messages} m on m.conversation_id = c.id and m.sender_id <> ${userId}
      and m.created_at > coalesce(case when c.care_seeker_id = ${userId} then c.care_seeker_read_at else c.worker_read_at end, '-infinity'::timestamptz)
    where (c.care_seeker_id = ${userId} or c.worker_id = ${userId}) ${only}
    group by c.id`);
  return new Map((result.rows as { id: string; n: number | string }[]).map((row) => [row.id, Number(row.n)]));
}

export async function unreadTotalOf(db: DbExecutor, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select (
      (select count(*) from ${conversations} c join ${messages} m on m.conversation_id = c.id
        where c.care_seeker_id = ${userId} and m.sender_id <> ${userId}
          and m.created_at > coalesce(c.care_seeker_read_at, '-infinity'::timestamptz))
      +
      (select count(*) from ${conversations} c join ${messages} m on m.conversation_id = c.id
        where c.worker_id = ${userId} and m.sender_id <> ${userId}
          and m.created_at > coalesce(c.worker_read_at, '-infinity'::timestamptz))
    )::int as n`);
  return Number((result.rows[0] as { n: number | string } | undefined)?.n ?? 0);
}

/** Marks one side read up to the clock's now (never moving the mark back). */
export async function markRead(db: DbExecutor, conversation: ConversationRow, side: 'careSeeker' | 'worker'): Promise<void> {
  const column = side === 'careSeeker' ? conversations.careSeekerReadAt : conversations.workerReadAt;
  const set = side === 'careSeeker' ? { careSeekerReadAt: sql`greatest(coalesce(${column}, clock_timestamp()), clock_timestamp())` } : { workerReadAt: sql`greatest(coalesce(${column}, clock_timestamp()), clock_timestamp())` };
  await db.update(conversations).set(set).where(eq(conversations.id, conversation.id));
}

/** Blocks it for `userId` unless someone already has; returns the row as it now is. */
export async function setBlock(db: DbExecutor, conversationId: string, userId: string | null): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({ blockedByUserId: userId, blockedAt: userId ? sql`clock_timestamp()` : null })
    .where(eq(conversations.id, conversationId))
    .returning();
  return row ?? null;
}

/** Records that this side was emailed about the conversation at `at`. */
export async function markEmailed(db: DbExecutor, conversationId: string, side: 'careSeeker' | 'worker', at: Date): Promise<void> {
  await db
    .update(conversations)
    .set(side === 'careSeeker' ? { careSeekerEmailedAt: at } : { workerEmailedAt: at })
    .where(eq(conversations.id, conversationId));
}

/**
 * The send path without attachments in one statement (it is the hot path of live messages): the
 * conversation is touched only if the sender is one of its sides and it is not blocked (the row
 * lock orders messages sent at once), the message is inserted, and its unread-email job queued.
 * Null when nothing was written: the caller finds out why.
 */
export async function insertPlainMessage(
  db: DbExecutor,
  input: { conversationId: string; senderId: string; actedByUserId: string; body: string; jobType: string; emailDelayMinutes: number },
): Promise<{ id: string; createdAt: Date; careSeekerId: string; workerId: string } | null> {
  const result = await db.execute(sql`
    with c as (
      update ${conversations} set last_message_at = clock_timestamp()
      where id = ${input.conversationId} and blocked_by_user_id is null
        and (care_seeker_id = ${input.senderId} or worker_id = ${input.senderId})
      returning id, care_seeker_id, worker_id
    ), m as (
      insert into ${messages} (conversation_id, sender_id, acted_by_user_id, body, created_at)
      select id, ${input.senderId}, ${input.actedByUserId}, ${input.body}, clock_timestamp() from c
      returning id, created_at
    ), j as (
      insert into ${backgroundJobs} (type, payload, run_at)
      select ${input.jobType}, jsonb_build_object('messageId', m.id), m.created_at + make_interval(mins => ${input.emailDelayMinutes}) from m
    )
    select m.id, m.created_at, c.care_seeker_id, c.worker_id from m, c`);
  const row = result.rows[0] as { id: string; created_at: Date | string; care_seeker_id: string; worker_id: string } | undefined;
  return row ? { id: row.id, createdAt: new Date(row.created_at), careSeekerId: row.care_seeker_id, workerId: row.worker_id } : null;
}
