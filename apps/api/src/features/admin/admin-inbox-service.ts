import { URGENT_RESPONSE_HOURS, type InboxItem, type InboxItemDetail, type InboxUpdate } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db, DbExecutor } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { personRef } from './admin-audit-repository';
import { isUuid } from '../../platform/http/ids';
import {
  findInboxItem,
  findNotes,
  insertNote,
  isActiveAdministrator,
  listInbox,
  lockInboxItem,
  updateInboxItem,
  type InboxFilter,
  type InboxRow,
} from './admin-inbox-repository';
import type { AdminActor } from './admin-actor';

export const INBOX_ITEM_NOT_FOUND = 'We could not find that inbox item.';
export const ASSIGNEE_MESSAGE = 'Choose an administrator to assign it to';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Who sent a form, as they gave it: their name, else their email, else "Anonymous". */
function senderNameOf(data: Record<string, unknown>, email: string | null): string {
  const name = `${text(data.firstName)} ${text(data.lastName)}`.trim() || text(data.name) || text(data.referrerName);
  if (name) return name;
  return email ?? 'Anonymous';
}

function presentItem(row: InboxRow): InboxItem {
  const { submission } = row;
  return {
    id: submission.id,
    reference: submission.reference,
    kind: submission.kind,
    status: submission.inboxStatus,
    senderName: senderNameOf(submission.data, submission.email),
    email: submission.email,
    assignee: personRef(row.assignee),
    needsUrgentResponse: submission.needsUrgentResponse,
    respondBy: submission.needsUrgentResponse
      ? new Date(submission.createdAt.getTime() + URGENT_RESPONSE_HOURS * 3_600_000).toISOString()
      : null,
    createdAt: submission.createdAt.toISOString(),
    resolvedAt: submission.resolvedAt?.toISOString() ?? null,
  };
}

export async function getInbox(db: DbExecutor, filter: InboxFilter): Promise<{ items: InboxItem[]; total: ResultTotal }> {
  const { rows, total } = await listInbox(db, filter);
  return { items: rows.map(presentItem), total };
}

export async function getInboxItem(db: DbExecutor, submissionId: string): Promise<InboxItemDetail> {
  const row = isUuid(submissionId) ? await findInboxItem(db, submissionId) : null;
  if (!row) throw notFound(INBOX_ITEM_NOT_FOUND);
  const notes = await findNotes(db, submissionId);
  return {
    ...presentItem(row),
    data: row.submission.data,
    sentBy: personRef(row.sender),
    notes: notes.map(({ note, author }) => ({ id: note.id, author: personRef(author), body: note.body, createdAt: note.createdAt.toISOString() })),
  };
}

async function requireLockedItem(db: DbExecutor, submissionId: string) {
  const item = isUuid(submissionId) ? await lockInboxItem(db, submissionId) : null;
  if (!item) throw notFound(INBOX_ITEM_NOT_FOUND);
  return item;
}

/** Changes an item's status, assignee or urgent flag; a resolved item keeps when it was resolved. */
export async function changeInboxItem(db: Db, actor: AdminActor, submissionId: string, update: InboxUpdate): Promise<InboxItemDetail> {
  await db.transaction(async (tx) => {
    const item = await requireLockedItem(tx, submissionId);
    if (update.assigneeUserId && !(isUuid(update.assigneeUserId) && (await isActiveAdministrator(tx, update.assigneeUserId)))) {
      throw badRequest(ASSIGNEE_MESSAGE, { assigneeUserId: ASSIGNEE_MESSAGE });
    }
    const before = { status: item.inboxStatus, assigneeUserId: item.assigneeUserId, needsUrgentResponse: item.needsUrgentResponse };
    const after = {
      status: update.status ?? item.inboxStatus,
      assigneeUserId: update.assigneeUserId === undefined ? item.assigneeUserId : update.assigneeUserId,
      needsUrgentResponse: update.needsUrgentResponse ?? item.needsUrgentResponse,
    };
    const resolvedAt = after.status === 'RESOLVED' ? (item.resolvedAt ?? new Date()) : null;
    await updateInboxItem(tx, submissionId, {
      inboxStatus: after.status,
      assigneeUserId: after.assigneeUserId,
      needsUrgentResponse: after.needsUrgentResponse,
      resolvedAt,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      subjectUserId: item.userId,
      action: 'inbox.updated',
      targetType: 'form_submission',
      targetId: submissionId,
      detail: { reference: item.reference, before, after },
      ip: actor.ip,
    });
  });
  return getInboxItem(db, submissionId);
}

/** Adds a note to an item. The audit event records that a note was added, not what it says. */
export async function addInboxNote(db: Db, actor: AdminActor, submissionId: string, body: string): Promise<InboxItemDetail> {
  await db.transaction(async (tx) => {
    const item = await requireLockedItem(tx, submissionId);
    const noteId = await insertNote(tx, { submissionId, authorUserId: actor.userId, body });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      subjectUserId: item.userId,
      action: 'inbox.note_added',
      targetType: 'form_submission',
      targetId: submissionId,
      detail: { reference: item.reference, noteId },
      ip: actor.ip,
    });
  });
  return getInboxItem(db, submissionId);
}
