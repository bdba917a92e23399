import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InboxStatusCode } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import type { InboxItemKind } from '@tendly/domain/validation/forms';
import type { DbExecutor } from '../../platform/db/client';
import { countUpToCap } from '../../platform/db/count-up-to-cap';
import { users } from '../../platform/db/schema/accounts';
import { formSubmissionNotes, formSubmissions } from '../../platform/db/schema/public-site';

const assignees = alias(users, 'assignee');
const senders = alias(users, 'sender');
const authors = alias(users, 'note_author');

const person = (table: typeof assignees | typeof senders | typeof authors) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
});

export interface InboxFilter {
  start: number;
  limit: number;
  status?: InboxStatusCode | undefined;
  kind?: InboxItemKind | undefined;
  urgent?: boolean | undefined;
}

function conditionsOf(filter: InboxFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(formSubmissions.inboxStatus, filter.status));
  if (filter.kind) conditions.push(eq(formSubmissions.kind, filter.kind));
  if (filter.urgent !== undefined) conditions.push(eq(formSubmissions.needsUrgentResponse, filter.urgent));
  return conditions;
}

function selectItems(db: DbExecutor) {
  return db
    .select({ submission: formSubmissions, assignee: person(assignees), sender: person(senders) })
    .from(formSubmissions)
    .leftJoin(assignees, eq(assignees.id, formSubmissions.assigneeUserId))
    .leftJoin(senders, eq(senders.id, formSubmissions.userId));
}

export type InboxRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/**
 * One page of the inbox: flagged incidents still open first (the 24-hour response), then newest
 * first; and how many match (counted up to the cap).
 */
export async function listInbox(db: DbExecutor, filter: InboxFilter): Promise<{ rows: InboxRow[]; total: ResultTotal }> {
  const where = and(...conditionsOf(filter));
  const rows = await selectItems(db)
    .where(where)
    .orderBy(
      desc(sql`(${formSubmissions.needsUrgentResponse} and ${formSubmissions.inboxStatus} <> 'RESOLVED')`),
      desc(formSubmissions.createdAt),
      desc(formSubmissions.id),
    )
    .limit(filter.limit)
    .offset(filter.start);
  return { rows, total: await countUpToCap(db, formSubmissions, where) };
}

export async function findInboxItem(db: DbExecutor, submissionId: string): Promise<InboxRow | null> {
  const [row] = await selectItems(db).where(eq(formSubmissions.id, submissionId)).limit(1);
  return row ?? null;
}

export async function lockInboxItem(db: DbExecutor, submissionId: string) {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId)).for('update');
  return row ?? null;
}

export async function updateInboxItem(
  db: DbExecutor,
  submissionId: string,
  changes: Partial<Pick<typeof formSubmissions.$inferInsert, 'inboxStatus' | 'assigneeUserId' | 'needsUrgentResponse' | 'resolvedAt'>>,
): Promise<void> {
  await db.update(formSubmissions).set(changes).where(eq(formSubmissions.id, submissionId));
}

export async function findNotes(db: DbExecutor, submissionId: string) {
  return db
    .select({ note: formSubmissionNotes, author: person(authors) })
    .from(formSubmissionNotes)
    .leftJoin(authors, eq(authors.id, formSubmissionNotes.authorUserId))
    .where(eq(formSubmissionNotes.submissionId, submissionId))
    .orderBy(asc(formSubmissionNotes.createdAt), asc(formSubmissionNotes.id));
}

export async function insertNote(db: DbExecutor, note: { submissionId: string; authorUserId: string; body: string }): Promise<string> {
  const [row] = await db
    .insert(formSubmissionNotes)
    .values({ ...note, createdAt: sql`clock_timestamp()` })
    .returning({ id: formSubmissionNotes.id });
  if (!row) throw new Error('insertNote: no row');
  return row.id;
}

/** Whether the account is an active administrator (who an item can be assigned to). */
export async function isActiveAdministrator(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')))
    .limit(1);
  return row !== undefined;
}
