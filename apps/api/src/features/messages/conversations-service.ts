import {
  CONVERSATION_BLOCKED_MESSAGE,
  CONVERSATION_NOT_FOUND_MESSAGE,
  type Conversation,
  type ConversationPerson,
  type Message,
  type SendMessageRequest,
} from '@tendly/domain/api/conversations';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db, DbExecutor, DbTransaction } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import { avatarPath, lastInitialOf } from '../../platform/workers/worker-summary';
import {
  attachmentsOf,
  claimAttachments,
  findConversation,
  findConversationByPair,
  findMessage,
  findMessageOfConversation,
  findPeople,
  insertConversation,
  insertMessage,
  insertPlainMessage,
  isActiveCareSeeker,
  isListedWorker,
  lastMessagesOf,
  listConversationsOf,
  markEmailed,
  markRead,
  pageOfMessages,
  setBlock,
  unreadCountsOf,
  unreadTotalOf,
  workerKnowsCareSeeker,
  type AttachmentRow,
  type ConversationRow,
  type MessageRow,
  type PersonRow,
} from './conversations-repository';

export const UNREAD_EMAIL_JOB = 'messages.unread-email';
export const BEFORE_NOT_IN_CONVERSATION = 'before must be the id of a message in this conversation';
export const ATTACHMENT_NOT_ALLOWED = 'Attach only files you uploaded to this conversation and have not sent yet.';
export const BLOCKED_BY_OTHER_SIDE = 'The other person has blocked this conversation; only they can unblock it.';
export const ADMIN_CANNOT_SEND = 'Administrators can read conversations but not write in them.';

export interface MessagesContext {
  db: Db;
  bus: RealtimeBus;
  /** How long a message may stay unread before it is emailed (UNREAD_MESSAGE_EMAIL_MINUTES). */
  unreadEmailMinutes: number;
}

/** How the asker stands to a conversation: one of its two sides, or an administrator reading it. */
export type Standing = 'careSeeker' | 'worker' | 'admin';

export function standingOf(conversation: ConversationRow, auth: RequestAuth): Standing | null {
  if (conversation.careSeekerId === auth.user.id) return 'careSeeker';
  if (conversation.workerId === auth.user.id) return 'worker';
  if (auth.user.role === 'ADMIN' && !auth.actor) return 'admin';
  return null;
}

function otherSideOf(conversation: ConversationRow, userId: string): string {
  return conversation.careSeekerId === userId ? conversation.workerId : conversation.careSeekerId;
}

const notFoundConversation = () => new AppError(404, CONVERSATION_NOT_FOUND_MESSAGE, { code: 'NOT_FOUND' });

/** The conversation if the asker may read it; otherwise a 404 that does not say whether it exists. */
export async function readableConversation(
  db: DbExecutor,
  auth: RequestAuth,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ conversation: ConversationRow; standing: Standing }> {
  const conversation = await findConversation(db, id, options);
  const standing = conversation ? standingOf(conversation, auth) : null;
  if (!conversation || !standing) throw notFoundConversation();
  return { conversation, standing };
}

/** As `readableConversation`, for sending, reading marks, blocks and the next step: only its two sides. */
async function ownConversation(db: DbExecutor, auth: RequestAuth, id: string, options: { forUpdate?: boolean } = {}) {
  const found = await readableConversation(db, auth, id, options);
  if (found.standing === 'admin') throw new AppError(403, ADMIN_CANNOT_SEND, { code: 'FORBIDDEN' });
  return found as { conversation: ConversationRow; standing: 'careSeeker' | 'worker' };
}

// ----- presenting ---------------------------------------------------------------------------

function presentPerson(person: PersonRow | undefined, id: string, role: 'CS' | 'CR'): ConversationPerson {
  return {
    id,
    role,
    firstName: person?.firstName ?? 'Former member',
    lastName: person ? lastInitialOf(person.lastName) : '',
    avatarUrl: role === 'CR' ? avatarPath(id, person?.avatarUrl ?? null) : null,
  };
}

function presentAttachment(row: AttachmentRow) {
  return { id: row.fileId, name: row.name ?? 'attachment', contentType: row.contentType, byteSize: row.byteSize };
}

export function presentMessage(row: MessageRow, attachments: readonly AttachmentRow[]): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    sentByCoordinatorName: row.coordinatorFirstName ? `${row.coordinatorFirstName} ${row.coordinatorLastName ?? ''}`.trim() : null,
    text: row.body,
    attachments: attachments.filter((attachment) => attachment.messageId === row.id).map(presentAttachment),
    sentAt: row.createdAt.toISOString(),
  };
}

async function presentMessages(db: DbExecutor, rows: readonly MessageRow[]): Promise<Message[]> {
  const attachments = await attachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentMessage(row, attachments));
}

/** A message as its event carries it; null when it no longer exists. */
export async function loadMessage(db: DbExecutor, messageId: string): Promise<Message | null> {
  const row = await findMessage(db, messageId);
  return row ? (await presentMessages(db, [row]))[0]! : null;
}

async function presentConversations(db: DbExecutor, rows: readonly ConversationRow[], viewerId: string | null): Promise<Conversation[]> {
  const ids = rows.map((row) => row.id);
  const [people, lastRows, unread] = await Promise.all([
    findPeople(
      db,
      rows.flatMap((row) => [row.careSeekerId, row.workerId]),
    ),
    lastMessagesOf(db, ids),
    viewerId ? unreadCountsOf(db, viewerId, ids) : Promise.resolve(new Map<string, number>()),
  ]);
  const lastMessages = await presentMessages(db, lastRows);
  return rows.map((row) => {
    const withWorker = viewerId !== row.workerId;
    return {
      id: row.id,
      withPerson: withWorker ? presentPerson(people.get(row.workerId), row.workerId, 'CR') : presentPerson(people.get(row.careSeekerId), row.careSeekerId, 'CS'),
      careSeekerId: row.careSeekerId,
      workerId: row.workerId,
      lastMessage: lastMessages.find((message) => message.conversationId === row.id) ?? null,
      unreadCount: unread.get(row.id) ?? 0,
      blocked: row.blockedByUserId === null ? null : row.blockedByUserId === viewerId ? 'ME' : 'THEM',
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function presentOne(db: DbExecutor, row: ConversationRow, standing: Standing): Promise<Conversation> {
  const viewerId = standing === 'careSeeker' ? row.careSeekerId : standing === 'worker' ? row.workerId : null;
  return (await presentConversations(db, [row], viewerId))[0]!;
}

/** Every look an administrator takes at a conversation is in the audit log. */
async function auditAdminRead(db: DbExecutor, auth: RequestAuth, conversation: ConversationRow, what: string, ip: string): Promise<void> {
  await recordAudit(db, {
    actorUserId: auth.user.id,
    subjectUserId: conversation.careSeekerId,
    action: 'conversation.admin_viewed',
    detail: { what, workerId: conversation.workerId },
    ip,
    targetType: 'conversation',
    targetId: conversation.id,
  });
}

// ----- reading ------------------------------------------------------------------------------

export async function listConversations(ctx: MessagesContext, auth: RequestAuth) {
  const rows = await listConversationsOf(ctx.db, auth.user.id);
  const conversations = await presentConversations(ctx.db, rows, auth.user.id);
  return { conversations, unreadTotal: conversations.reduce((total, conversation) => total + conversation.unreadCount, 0) };
}

export async function getConversation(ctx: MessagesContext, auth: RequestAuth, id: string, ip: string): Promise<Conversation> {
  const { conversation, standing } = await readableConversation(ctx.db, auth, id);
  if (standing === 'admin') await auditAdminRead(ctx.db, auth, conversation, 'conversation', ip);
  return presentOne(ctx.db, conversation, standing);
}

export async function getMessages(
  ctx: MessagesContext,
  auth: RequestAuth,
  id: string,
  query: { before?: string | undefined; limit: number },
  ip: string,
) {
  const { conversation, standing } = await readableConversation(ctx.db, auth, id);
  const before = query.before ? await findMessageOfConversation(ctx.db, conversation.id, query.before) : null;
  if (query.before && !before) throw badRequest(BEFORE_NOT_IN_CONVERSATION, { before: BEFORE_NOT_IN_CONVERSATION });
  if (standing === 'admin') await auditAdminRead(ctx.db, auth, conversation, 'messages', ip);
  const rows = await pageOfMessages(ctx.db, conversation.id, before?.id ?? null, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { messages: await presentMessages(ctx.db, page), allLoaded: rows.length <= query.limit };
}

export async function getUnreadTotal(ctx: MessagesContext, auth: RequestAuth): Promise<{ unreadTotal: number }> {
  return { unreadTotal: await unreadTotalOf(ctx.db, auth.user.id) };
}

// ----- starting -----------------------------------------------------------------------------

/** Who may start a conversation with whom (anyone else: 404, as if the person did not exist). */
async function mayStart(db: DbExecutor, auth: RequestAuth, withUserId: string): Promise<{ careSeekerId: string; workerId: string } | null> {
  if (auth.user.role === 'CS') {
    return (await isListedWorker(db, withUserId)) ? { careSeekerId: auth.user.id, workerId: withUserId } : null;
  }
  if (auth.user.role === 'CR') {
    const known = (await isActiveCareSeeker(db, withUserId)) && (await workerKnowsCareSeeker(db, auth.user.id, withUserId));
    return known ? { careSeekerId: withUserId, workerId: auth.user.id } : null;
  }
  return null;
}

export const PERSON_NOT_FOUND = 'We could not find that person.';

/**
 * Opens the pair's conversation, or answers the one that exists (`created` false). Two requests
 * at once insert one row: the pair's unique key decides, and the loser reads the winner's row.
 */
export async function startConversation(
  ctx: MessagesContext,
  auth: RequestAuth,
  withUserId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  const pair = auth.user.role === 'CS' ? { careSeekerId: auth.user.id, workerId: withUserId } : { careSeekerId: withUserId, workerId: auth.user.id };
  const existing = await findConversationByPair(ctx.db, pair.careSeekerId, pair.workerId);
  if (existing) return { conversation: await presentOne(ctx.db, existing, standingOf(existing, auth)!), created: false };
  const allowed = await mayStart(ctx.db, auth, withUserId);
  if (!allowed) throw notFound(PERSON_NOT_FOUND);
  const { row, created } = await openConversation(ctx.db, { ...allowed, startedByUserId: actingPersonId(auth) });
  return { conversation: await presentOne(ctx.db, row, standingOf(row, auth)!), created };
}

/** The pair's conversation, created if it does not exist yet. */
export async function openConversation(
  db: DbExecutor,
  values: { careSeekerId: string; workerId: string; startedByUserId: string },
): Promise<{ row: ConversationRow; created: boolean }> {
  const inserted = await insertConversation(db, values);
  if (inserted) return { row: inserted, created: true };
  const existing = await findConversationByPair(db, values.careSeekerId, values.workerId);
  if (!existing) throw new Error('openConversation: the conversation vanished');
  return { row: existing, created: false };
}

// ----- sending ------------------------------------------------------------------------------

export interface SentMessage {
  message: Message;
  recipientId: string;
  senderId: string;
}

/**
 * Writes a message into a conversation inside the caller's transaction (locked FOR UPDATE by the
 * caller): refuses a blocked conversation, ties the attachments, and queues the unread email.
 */
export async function writeMessage(
  tx: DbExecutor,
  input: {
    conversation: ConversationRow;
    senderId: string;
    actedByUserId: string;
    /** The coordinator who wrote it for the care seeker, if one did. */
    coordinator: { firstName: string; lastName: string } | null;
    text: string;
    attachmentIds: readonly string[];
    unreadEmailMinutes: number;
  },
): Promise<SentMessage> {
  const { conversation } = input;
  if (conversation.blockedByUserId) throw new AppError(409, CONVERSATION_BLOCKED_MESSAGE, { code: 'CONVERSATION_BLOCKED' });
  const row = await insertMessage(tx, {
    conversationId: conversation.id,
    senderId: input.senderId,
    actedByUserId: input.actedByUserId,
    body: input.text,
  });
  const ids = [...new Set(input.attachmentIds)];
  if (ids.length !== input.attachmentIds.length) throw badRequest(ATTACHMENT_NOT_ALLOWED, { attachmentIds: ATTACHMENT_NOT_ALLOWED });
  const claimed = await claimAttachments(tx, { conversationId: conversation.id, uploadedByUserId: input.senderId, messageId: row.id, fileIds: ids });
  if (claimed !== ids.length) throw badRequest(ATTACHMENT_NOT_ALLOWED, { attachmentIds: ATTACHMENT_NOT_ALLOWED });
  await enqueueJob(tx, {
    type: UNREAD_EMAIL_JOB,
    payload: { messageId: row.id },
    runAt: new Date(row.createdAt.getTime() + input.unreadEmailMinutes * 60_000),
  });
  // Presented from what is known: no reading back of what was just written (the send path is hot).
  const attachments = ids.length > 0 ? await attachmentsOf(tx, [row.id]) : [];
  const message = presentMessage(
    {
      id: row.id,
      conversationId: conversation.id,
      senderId: input.senderId,
      actedByUserId: input.actedByUserId,
      coordinatorFirstName: input.coordinator?.firstName ?? null,
      coordinatorLastName: input.coordinator?.lastName ?? null,
      body: input.text,
      createdAt: row.createdAt,
    },
    attachments,
  );
  return { message, senderId: input.senderId, recipientId: otherSideOf(conversation, input.senderId) };
}

/** After the transaction commits: the message to both sides' streams, and the recipient's new unread total. */
export async function announceMessage(ctx: Pick<MessagesContext, 'db' | 'bus'>, sent: SentMessage): Promise<void> {
  const event = { type: 'message' as const, message: sent.message };
  await Promise.all([ctx.bus.publish(sent.recipientId, event), ctx.bus.publish(sent.senderId, event)]);
  const unreadTotal = await unreadTotalOf(ctx.db, sent.recipientId);
  await ctx.bus.publish(sent.recipientId, { type: 'unread', unreadTotal });
}

export async function sendMessage(ctx: MessagesContext, auth: RequestAuth, id: string, request: SendMessageRequest): Promise<Message> {
  if ((request.attachmentIds ?? []).length === 0) return sendPlainMessage(ctx, auth, id, request.text);
  const sent = await ctx.db.transaction(async (tx) => {
    const { conversation } = await ownConversation(tx, auth, id, { forUpdate: true });
    return writeMessage(tx, {
      conversation,
      senderId: auth.user.id,
      actedByUserId: actingPersonId(auth),
      coordinator: auth.actor,
      text: request.text,
      attachmentIds: request.attachmentIds ?? [],
      unreadEmailMinutes: ctx.unreadEmailMinutes,
    });
  });
  await announceMessage(ctx, sent);
  return sent.message;
}

/** A message without attachments: one statement (see `insertPlainMessage`), then the live events. */
async function sendPlainMessage(ctx: MessagesContext, auth: RequestAuth, id: string, text: string): Promise<Message> {
  const row = await insertPlainMessage(ctx.db, {
    conversationId: id,
    senderId: auth.user.id,
    actedByUserId: actingPersonId(auth),
    body: text,
    jobType: UNREAD_EMAIL_JOB,
    emailDelayMinutes: ctx.unreadEmailMinutes,
  });
  if (!row) {
    // Why nothing was written: not theirs (404), an administrator (403), or blocked (409).
    const { conversation } = await ownConversation(ctx.db, auth, id);
    if (conversation.blockedByUserId) throw new AppError(409, CONVERSATION_BLOCKED_MESSAGE, { code: 'CONVERSATION_BLOCKED' });
    throw new Error('sendPlainMessage: the message was not written');
  }
  const message = presentMessage(
    {
      id: row.id,
      conversationId: id,
      senderId: auth.user.id,
      actedByUserId: actingPersonId(auth),
      coordinatorFirstName: auth.actor?.firstName ?? null,
      coordinatorLastName: auth.actor?.lastName ?? null,
      body: text,
      createdAt: row.createdAt,
    },
    [],
  );
  const recipientId = row.careSeekerId === auth.user.id ? row.workerId : row.careSeekerId;
  await announceMessage(ctx, { message, senderId: auth.user.id, recipientId });
  return message;
}

// ----- read marks and blocks ----------------------------------------------------------------

export async function markConversationRead(ctx: MessagesContext, auth: RequestAuth, id: string): Promise<{ unreadTotal: number }> {
  const { conversation, standing } = await ownConversation(ctx.db, auth, id);
  await markRead(ctx.db, conversation, standing);
  const unreadTotal = await unreadTotalOf(ctx.db, auth.user.id);
  await ctx.bus.publish(auth.user.id, { type: 'unread', unreadTotal });
  return { unreadTotal };
}

export function blockConversation(ctx: MessagesContext, auth: RequestAuth, id: string): Promise<Conversation> {
  return changeBlock(ctx, auth, id, true);
}

export function unblockConversation(ctx: MessagesContext, auth: RequestAuth, id: string): Promise<Conversation> {
  return changeBlock(ctx, auth, id, false);
}

/**
 * Blocks or unblocks the conversation for the signed-in side, audited. Asking for what already is
 * changes nothing; a block the other side set is theirs alone to lift (409).
 */
async function changeBlock(ctx: MessagesContext, auth: RequestAuth, id: string, blocking: boolean): Promise<Conversation> {
  const row = await ctx.db.transaction(async (tx) => {
    const { conversation } = await ownConversation(tx, auth, id, { forUpdate: true });
    const blockedBy = conversation.blockedByUserId;
    if (blocking ? blockedBy === auth.user.id : !blockedBy) return conversation;
    if (blockedBy && blockedBy !== auth.user.id) throw conflict(BLOCKED_BY_OTHER_SIDE);
    const changed = await setBlock(tx, conversation.id, blocking ? auth.user.id : null);
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: otherSideOf(conversation, auth.user.id),
      action: blocking ? 'conversation.blocked' : 'conversation.unblocked',
      targetType: 'conversation',
      targetId: conversation.id,
    });
    return changed!;
  });
  return presentOne(ctx.db, row, standingOf(row, auth)!);
}

export { ownConversation };

/**
 * An enquiry from a worker's profile (POST /api/carer/{id}/enquiries) delivered into the pair's
 * conversation, created if need be, inside the enquiry's transaction. Its own email has just told
 * the worker, so it counts as this window's unread-message email.
 */
export function enquiryDelivery(ctx: MessagesContext) {
  return async (
    tx: DbTransaction,
    input: { careSeekerId: string; workerId: string; actedByUserId: string; coordinator: { firstName: string; lastName: string } | null; text: string },
  ) => {
    const { row } = await openConversation(tx, { careSeekerId: input.careSeekerId, workerId: input.workerId, startedByUserId: input.actedByUserId });
    const locked = (await findConversation(tx, row.id, { forUpdate: true })) ?? row;
    const sent = await writeMessage(tx, {
      conversation: locked,
      senderId: input.careSeekerId,
      actedByUserId: input.actedByUserId,
      coordinator: input.coordinator,
      text: input.text,
      attachmentIds: [],
      unreadEmailMinutes: ctx.unreadEmailMinutes,
    });
    await markEmailed(tx, row.id, 'worker', new Date(sent.message.sentAt));
    return { conversationId: row.id, announce: () => announceMessage(ctx, sent) };
  };
}
