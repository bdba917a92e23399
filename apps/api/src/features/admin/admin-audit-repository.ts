import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUDIT_TIME_ZONE, type AdminAuditEvent, type AdminPersonRef } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import type { DbExecutor } from '../../platform/db/client';
import { countUpToCap } from '../../platform/db/count-up-to-cap';
import { users } from '../../platform/db/schema/accounts';
import { auditEvents } from '../../platform/db/schema/platform';
import { isUuid } from '../../platform/http/ids';
import { personColumns } from '../../platform/db/person-columns';

const actors = alias(users, 'audit_actor');
const subjects = alias(users, 'audit_subject');

interface PersonColumns {
  id: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A person as admin lists show them; null when there is none (the system, or a deleted account). */
export function personRef(person: PersonColumns | null): AdminPersonRef | null {
  if (!person?.id || person.email === null) return null;
  return { id: person.id, email: person.email, name: `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() };
}

function selectEvents(db: DbExecutor) {
  return db
    .select({
      event: auditEvents,
      actor: personColumns(actors),
      subject: personColumns(subjects),
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectUserId));
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

function presentEvent(row: EventRow): AdminAuditEvent {
  return {
    id: row.event.id,
    action: row.event.action,
    actor: personRef(row.actor),
    subject: personRef(row.subject),
    targetType: row.event.targetType,
    targetId: row.event.targetId,
    detail: row.event.detail,
    ip: row.event.ip,
    createdAt: row.event.createdAt.toISOString(),
  };
}

/** The latest events about one person (as subject, or as the target account), newest first. */
export async function findHistoryOf(db: DbExecutor, userId: string, limit = 50): Promise<AdminAuditEvent[]> {
  const rows = await selectEvents(db)
    .where(or(eq(auditEvents.subjectUserId, userId), and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, userId))))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
  return rows.map(presentEvent);
}

export interface AuditFilter {
  start: number;
  limit: number;
  /** Resolved from the actor's email: null when the filter named nobody (no match). */
  actorUserId?: string | null;
  /** The subject account, when the target named one by email. */
  subjectUserId?: string | null;
  /** A target id (anything that is not an email address). */
  targetId?: string;
  from?: string;
  to?: string;
}

/** The id of the account with this email address (any letter case), or null. */
export async function findUserIdByEmail(db: DbExecutor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.actorUserId !== undefined) {
    conditions.push(filter.actorUserId === null ? sql`false` : eq(auditEvents.actorUserId, filter.actorUserId));
  }
  if (filter.subjectUserId !== undefined) {
    const byEmail =
      filter.subjectUserId === null
        ? sql`false`
        : or(
            eq(auditEvents.subjectUserId, filter.subjectUserId),
            and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, filter.subjectUserId)),
          )!;
    conditions.push(byEmail);
  }
  if (filter.targetId !== undefined) {
    // A target id may be an account's id too: events about that account as their subject count.
    conditions.push(
      isUuid(filter.targetId)
        ? or(eq(auditEvents.targetId, filter.targetId), eq(auditEvents.subjectUserId, filter.targetId))!
        : eq(auditEvents.targetId, filter.targetId),
    );
  }
  // Whole days in Australian Eastern time: from the start of `from` to the start of the day after `to`.
  if (filter.from) conditions.push(gte(auditEvents.createdAt, sql`(${filter.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}`));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, sql`(${filter.to}::date + 1)::timestamp at time zone ${AUDIT_TIME_ZONE}`));
  return conditions;
}

/** One page of the audit log, newest first, and how many events match (counted up to the cap). */
export async function listAuditEvents(db: DbExecutor, filter: AuditFilter): Promise<{ events: AdminAuditEvent[]; total: ResultTotal }> {
  const where = and(...conditionsOf(filter));
  const rows = await selectEvents(db)
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filter.limit)
    .offset(filter.start);
  return { events: rows.map(presentEvent), total: await countUpToCap(db, auditEvents, where) };
}
