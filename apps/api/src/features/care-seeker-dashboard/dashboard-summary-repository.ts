import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { DASHBOARD_BLOCK_LIMITS } from '@tendly/domain/api/care-seeker-dashboard';
import { payingForCareTypeCodes } from '@tendly/domain/job-options';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { contracts, conversations, messages, shifts } from '../../platform/db/schema/engagements';
import { howToPayOf } from '../../platform/payments/charging';

/**
 * The dashboard's five blocks, one query each (issue 31, item 4). Each reads one of the care
 * seeker's indexes (shifts, timesheets and invoices by care seeker and status or start, contracts
 * and conversations by care seeker) and counts the whole block with a window over the same rows,
 * so the page's first few items and "N in all" cost one round trip.
 */

const total = sql<number>`(count(*) over ())::int`;
const worker = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** Shifts not yet over and not cancelled (a shift under way is still "upcoming" until it ends), the soonest first. */
export function upcomingShiftsOf(db: DbExecutor, careSeekerId: string, now: Date) {
  return db
    .select({ id: shifts.id, contractId: shifts.contractId, startsAt: shifts.startsAt, endsAt: shifts.endsAt, timeZone: shifts.timeZone, state: contracts.clientState, status: shifts.status, worker, total })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.workerId))
    .innerJoin(contracts, eq(contracts.id, shifts.contractId))
    // A shift lasts at most a day: the index on (care seeker, start) narrows to the last day on.
    .where(and(eq(shifts.careSeekerId, careSeekerId), gt(shifts.startsAt, sql`${now}::timestamptz - interval '1 day'`), gt(shifts.endsAt, now), inArray(shifts.status, ['CONFIRMED', 'UNCONFIRMED'])))
    .orderBy(asc(shifts.startsAt), asc(shifts.id))
    .limit(DASHBOARD_BLOCK_LIMITS.upcomingShifts);
}

/** Hours submitted and waiting for the care seeker's decision, those approved automatically soonest first. */
export function hoursToApproveOf(db: DbExecutor, careSeekerId: string) {
  return db
    .select({
      id: timesheets.id,
      kind: timesheets.kind,
      startsAt: timesheets.startsAt,
      endsAt: timesheets.endsAt,
      timeZone: timesheets.timeZone,
      state: timesheets.state,
      breakMinutes: timesheets.breakMinutes,
      submittedAt: timesheets.submittedAt,
      autoApproveAt: timesheets.autoApproveAt,
      worker,
      total,
    })
    .from(timesheets)
    .innerJoin(users, eq(users.id, timesheets.workerId))
    .where(and(eq(timesheets.careSeekerId, careSeekerId), eq(timesheets.status, 'SUBMITTED')))
    .orderBy(sql`${timesheets.autoApproveAt} asc nulls last`, asc(timesheets.startsAt))
    .limit(DASHBOARD_BLOCK_LIMITS.hoursToApprove);
}

/** Fundings whose invoices someone else pays (a plan manager, a provider, the NDIA): not the care seeker's to pay. */
const paidByOthers = payingForCareTypeCodes.filter((code) => howToPayOf(code) !== 'CARD_OR_TRANSFER');

/** Unpaid invoices the care seeker pays themselves, the soonest due first, with their sum. */
export function invoicesToPayOf(db: DbExecutor, careSeekerId: string) {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      totalCents: invoices.totalCents,
      dueDate: invoices.dueDate,
      state: invoices.state,
      worker: { id: invoices.workerId, firstName: invoices.workerFirstName, lastName: invoices.workerLastName },
      total,
      sumCents: sql<number>`(sum(${invoices.totalCents}) over ())::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.careSeekerId, careSeekerId), eq(invoices.status, 'ISSUED'), eq(invoices.kind, 'INVOICE'), notInArray(invoices.fundingType, paidByOthers)))
    .orderBy(asc(invoices.dueDate), asc(invoices.issuedAt))
    .limit(DASHBOARD_BLOCK_LIMITS.invoicesToPay);
}

/** Workers with an ACTIVE service agreement, the longest-standing first. */
export function workersOf(db: DbExecutor, careSeekerId: string) {
  return db
    .select({ contractId: contracts.id, startDate: contracts.startDate, worker, total })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.workerId))
    .where(and(eq(contracts.careSeekerId, careSeekerId), eq(contracts.status, 'ACTIVE')))
    .orderBy(asc(contracts.startDate), asc(users.firstName))
    .limit(DASHBOARD_BLOCK_LIMITS.workers);
}

/** Conversations with messages from the worker after the care seeker's read mark, the latest first; `unreadTotal` sums them all. */
export function unreadConversationsOf(db: DbExecutor, careSeekerId: string) {
  const unread = sql<number>`count(${messages.id})::int`;
  return db
    .select({
      conversationId: conversations.id,
      lastMessageAt: sql<Date>`max(${messages.createdAt})`.mapWith(conversations.lastMessageAt),
      unreadCount: unread,
      worker,
      total,
      unreadTotal: sql<number>`(sum(count(${messages.id})) over ())::int`,
    })
    .from(conversations)
    .innerJoin(messages, and(eq(messages.conversationId, conversations.id), sql`${messages.senderId} <> ${careSeekerId}`, sql`${messages.createdAt} > coalesce(${conversations.careSeekerReadAt}, '-infinity'::timestamptz)`))
    .innerJoin(users, eq(users.id, conversations.workerId))
    .where(eq(conversations.careSeekerId, careSeekerId))
    .groupBy(conversations.id, users.id)
    .orderBy(desc(sql`max(${messages.createdAt})`))
    .limit(DASHBOARD_BLOCK_LIMITS.unreadMessages);
}
