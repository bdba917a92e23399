import { and, desc, eq } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import {
  MEET_AND_GREET_ALREADY_ACCEPTED_OTHER,
  MEET_AND_GREET_CLASH_WITH_MEETING,
  MEET_AND_GREET_ENDED,
  MEET_AND_GREET_MAX_DAYS_AHEAD,
  MEET_AND_GREET_NO_STATE_MESSAGE,
  MEET_AND_GREET_NOT_ACCEPTED,
  MEET_AND_GREET_NOT_FOUND,
  MEET_AND_GREET_NOT_WAITING,
  MEET_AND_GREET_OPTION_MESSAGE,
  MEET_AND_GREET_PAST_MESSAGE,
  MEET_AND_GREET_TOO_FAR_MESSAGE,
  MEET_AND_GREET_WORKER_NOT_FOUND,
  type MeetAndGreet,
  type MeetAndGreetOption,
  type acceptMeetAndGreetRequestSchema,
  type createMeetAndGreetRequestSchema,
  type meetAndGreetNoteRequestSchema,
} from '@tendly/domain/api/meet-and-greets';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import { instantToLocal, localToInstant } from '@tendly/domain/shift-time';
import { stateTimeZone, type StateCode } from '@tendly/domain/states';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { findClash, toShift } from '../../platform/bookings/shifts-repository';
import { instantOf } from '../../platform/http/local-date-time';
import type { Db, DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { users } from '../../platform/db/schema/accounts';
import { meetAndGreets } from '../../platform/db/schema/meet-and-greets';
import { workerProfiles } from '../../platform/db/schema/workers';
import { overlapsWorkerTime } from '../../platform/db/worker-time-overlap';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { EmailSite } from '../../platform/mail/email-site';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { meetAndGreetEmail, meetAndGreetNotification, type MeetAndGreetAction, type Recipient } from './meet-and-greet-messages';

type CreateRequest = z.output<typeof createMeetAndGreetRequestSchema>;
type AcceptRequest = z.output<typeof acceptMeetAndGreetRequestSchema>;
type NoteRequest = z.output<typeof meetAndGreetNoteRequestSchema>;
type Row = typeof meetAndGreets.$inferSelect;

export interface MeetAndGreetContext {
  db: Db;
  site: EmailSite;
}

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

async function personOf(db: DbExecutor, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, state: users.state })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  return user;
}

async function present(db: DbExecutor, row: Row): Promise<MeetAndGreet> {
  const [careSeeker, worker] = await Promise.all([personOf(db, row.careSeekerId), personOf(db, row.workerId)]);
  return toMeetAndGreet(row, careSeeker, worker);
}

function toMeetAndGreet(row: Row, careSeeker: { id: string; firstName: string; lastName: string }, worker: { id: string; firstName: string; lastName: string }): MeetAndGreet {
  return {
    id: row.id,
    status: row.status,
    careSeeker: { id: careSeeker.id, firstName: careSeeker.firstName, lastName: careSeeker.lastName },
    worker: { id: worker.id, firstName: worker.firstName, lastName: worker.lastName },
    state: row.state,
    timeZone: row.timeZone,
    mode: row.mode,
    suburb: row.suburb,
    note: row.note,
    options: row.options,
    chosenOption: row.chosenOption,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    responseNote: row.responseNote,
    cancelledBy: row.cancelledBySide ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The local end of a local start `minutes` later, in the zone (through the instant, so a daylight-saving change is honoured). */
function planOption(start: string, minutes: number, timeZone: string, now: Date, field: string): MeetAndGreetOption & { startsAt: Date } {
  const startsAt = instantOf(start, timeZone, field);
  if (startsAt.getTime() <= now.getTime()) throw badRequest(MEET_AND_GREET_PAST_MESSAGE, { [field]: MEET_AND_GREET_PAST_MESSAGE });
  if (startsAt.getTime() > now.getTime() + MEET_AND_GREET_MAX_DAYS_AHEAD * DAY) throw badRequest(MEET_AND_GREET_TOO_FAR_MESSAGE, { [field]: MEET_AND_GREET_TOO_FAR_MESSAGE });
  const endLocal = instantToLocal(new Date(startsAt.getTime() + minutes * MINUTE), timeZone);
  return { startLocal: start, endLocal, minutes, startsAt };
}

/** The worker, if they can be asked: an ACTIVE worker account with an ACTIVE (listed) profile. */
async function findListedWorker(db: DbExecutor, workerId: string) {
  const [worker] = await db
    .select({ id: users.id, state: users.state })
    .from(users)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, users.id))
    .where(and(eq(users.id, workerId), eq(users.role, 'CR'), eq(users.status, 'ACTIVE'), eq(workerProfiles.status, 'ACTIVE')));
  return worker ?? null;
}

/** POST /api/meet-and-greets: the care seeker (or a coordinator acting) asks a worker. */
export async function createMeetAndGreet(ctx: MeetAndGreetContext, auth: RequestAuth, request: CreateRequest, now = new Date()): Promise<MeetAndGreet> {
  return ctx.db.transaction(async (tx) => {
    const worker = await findListedWorker(tx, request.workerId);
    if (!worker) throw notFound(MEET_AND_GREET_WORKER_NOT_FOUND);
    const careSeeker = await personOf(tx, auth.user.id);
    // The client's state sets the time zone; a care seeker without an address has none yet.
    const state: StateCode | null = careSeeker.state;
    if (!state) throw badRequest(MEET_AND_GREET_NO_STATE_MESSAGE);
    const timeZone = stateTimeZone(state);
    const options = request.options.map((option, index) => planOption(option.start, option.minutes, timeZone, now, `options.${index}.start`));
    const [row] = await tx
      .insert(meetAndGreets)
      .values({
        careSeekerId: careSeeker.id,
        workerId: worker.id,
        requestedByUserId: actingPersonId(auth),
        state,
        timeZone,
        mode: request.mode,
        suburb: request.suburb,
        note: request.note,
        options: options.map(({ startLocal, endLocal, minutes }) => ({ startLocal, endLocal, minutes })),
      })
      .returning();
    if (!row) throw new Error('createMeetAndGreet: no row');
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: careSeeker.id,
      action: 'meet_and_greet.requested',
      detail: { workerId: worker.id, options: options.length, mode: request.mode },
      targetType: 'meet_and_greet',
      targetId: row.id,
    });
    const meeting = await present(tx, row);
    await tell(ctx, tx, 'REQUESTED', meeting, await personOf(tx, worker.id), fullName(careSeeker));
    return meeting;
  });
}

async function tell(ctx: MeetAndGreetContext, tx: DbExecutor, action: MeetAndGreetAction, meeting: MeetAndGreet, to: Recipient, byName: string): Promise<void> {
  await queueMail(tx, meetAndGreetEmail(ctx.site, to, action, meeting, byName));
  await notify(tx, meetAndGreetNotification(to, action, meeting, byName));
}

/** How long a declined or cancelled meet and greet, or one that has happened, stays on the list. */
const KEPT_ON_LIST_DAYS = 14;

/**
 * Whether the list still shows it: a request while one of its times is still to come (after that
 * nobody can accept it), and anything else until KEPT_ON_LIST_DAYS after it happened or was answered.
 */
function stillListed(row: Row, now: Date): boolean {
  if (row.status === 'REQUESTED') return row.options.some((option) => localToInstant(option.startLocal, row.timeZone).getTime() > now.getTime());
  const settled = row.status === 'ACCEPTED' ? row.endsAt : (row.cancelledAt ?? row.respondedAt ?? row.updatedAt);
  return settled === null || settled.getTime() > now.getTime() - KEPT_ON_LIST_DAYS * DAY;
}

/** GET /api/my/meet-and-greets: the person's current meet and greets on their side, newest first. */
export async function listMyMeetAndGreets(db: Db, auth: RequestAuth, now = new Date()): Promise<{ meetAndGreets: MeetAndGreet[] }> {
  const column = auth.user.role === 'CR' ? meetAndGreets.workerId : meetAndGreets.careSeekerId;
  const rows = (await db.select().from(meetAndGreets).where(eq(column, auth.user.id)).orderBy(desc(meetAndGreets.createdAt)).limit(100)).filter((row) => stillListed(row, now));
  const people = new Map<string, { id: string; firstName: string; lastName: string }>();
  for (const id of new Set(rows.flatMap((row) => [row.careSeekerId, row.workerId]))) people.set(id, await personOf(db, id));
  return { meetAndGreets: rows.map((row) => toMeetAndGreet(row, people.get(row.careSeekerId)!, people.get(row.workerId)!)) };
}

/** The row, locked, if the person is on its side; a stranger gets 404. */
async function lockOwn(tx: DbExecutor, auth: RequestAuth, id: string): Promise<Row> {
  const mine = auth.user.role === 'CR' ? eq(meetAndGreets.workerId, auth.user.id) : eq(meetAndGreets.careSeekerId, auth.user.id);
  const [row] = await tx.select().from(meetAndGreets).where(and(eq(meetAndGreets.id, id), mine)).for('update');
  if (!row) throw notFound(MEET_AND_GREET_NOT_FOUND);
  return row;
}

export async function getMeetAndGreet(db: Db, auth: RequestAuth, id: string): Promise<MeetAndGreet> {
  const mine = auth.user.role === 'CR' ? eq(meetAndGreets.workerId, auth.user.id) : eq(meetAndGreets.careSeekerId, auth.user.id);
  const [row] = await db.select().from(meetAndGreets).where(and(eq(meetAndGreets.id, id), mine));
  if (!row) throw notFound(MEET_AND_GREET_NOT_FOUND);
  return present(db, row);
}

/**
 * POST /api/meet-and-greets/{id}/accept: the worker picks a time. The worker's row is locked first
 * (as bookings do), so two accepts at once — of this meeting or of two that clash — run one after
 * the other; accepting the same time again answers the same meeting and tells nobody twice.
 */
export async function acceptMeetAndGreet(ctx: MeetAndGreetContext, auth: RequestAuth, id: string, request: AcceptRequest, now = new Date()): Promise<MeetAndGreet> {
  if (auth.user.role !== 'CR') throw notFound(MEET_AND_GREET_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    await lockPerson(tx, auth.user.id);
    const row = await lockOwn(tx, auth, id);
    if (row.status === 'ACCEPTED') {
      if (row.chosenOption === request.option) return present(tx, row);
      throw conflict(MEET_AND_GREET_ALREADY_ACCEPTED_OTHER);
    }
    if (row.status !== 'REQUESTED') throw conflict(MEET_AND_GREET_NOT_WAITING);
    const option = row.options[request.option];
    if (!option) throw badRequest(MEET_AND_GREET_OPTION_MESSAGE, { option: MEET_AND_GREET_OPTION_MESSAGE });
    const startsAt = instantOf(option.startLocal, row.timeZone, 'option');
    const endsAt = new Date(startsAt.getTime() + option.minutes * MINUTE);
    if (startsAt.getTime() <= now.getTime()) throw conflict(MEET_AND_GREET_PAST_MESSAGE);
    const shift = await findClash(tx, row.workerId, startsAt, endsAt, []);
    if (shift) throw conflict(`This time clashes with your shift on ${formatShiftWhen(toShift(shift))}. Choose another time or decline.`);
    const [meeting] = await tx
      .select({ id: meetAndGreets.id })
      .from(meetAndGreets)
      .where(and(overlapsWorkerTime(meetAndGreets, row.workerId, startsAt, endsAt, row.id), eq(meetAndGreets.status, 'ACCEPTED')))
      .limit(1);
    if (meeting) throw conflict(MEET_AND_GREET_CLASH_WITH_MEETING);
    const [updated] = await tx
      .update(meetAndGreets)
      .set({ status: 'ACCEPTED', chosenOption: request.option, startsAt, endsAt, respondedAt: now })
      .where(and(eq(meetAndGreets.id, id), eq(meetAndGreets.status, 'REQUESTED')))
      .returning();
    if (!updated) throw conflict(MEET_AND_GREET_NOT_WAITING);
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: row.careSeekerId, action: 'meet_and_greet.accepted', detail: { option: request.option }, targetType: 'meet_and_greet', targetId: id });
    const presented = await present(tx, updated);
    await tell(ctx, tx, 'ACCEPTED', presented, await personOf(tx, row.careSeekerId), fullName(presented.worker));
    return presented;
  });
}

/** POST /api/meet-and-greets/{id}/decline: the worker says no to every suggested time. */
export async function declineMeetAndGreet(ctx: MeetAndGreetContext, auth: RequestAuth, id: string, request: NoteRequest, now = new Date()): Promise<MeetAndGreet> {
  if (auth.user.role !== 'CR') throw notFound(MEET_AND_GREET_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const row = await lockOwn(tx, auth, id);
    if (row.status === 'DECLINED') return present(tx, row);
    if (row.status !== 'REQUESTED') throw conflict(MEET_AND_GREET_NOT_WAITING);
    const [updated] = await tx.update(meetAndGreets).set({ status: 'DECLINED', responseNote: request.note, respondedAt: now }).where(eq(meetAndGreets.id, id)).returning();
    if (!updated) throw new Error('declineMeetAndGreet: no row');
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: row.careSeekerId, action: 'meet_and_greet.declined', detail: {}, targetType: 'meet_and_greet', targetId: id });
    const presented = await present(tx, updated);
    await tell(ctx, tx, 'DECLINED', presented, await personOf(tx, row.careSeekerId), fullName(presented.worker));
    return presented;
  });
}

/** POST /api/meet-and-greets/{id}/cancel: either side calls off an accepted meet and greet before it ends. */
export async function cancelMeetAndGreet(ctx: MeetAndGreetContext, auth: RequestAuth, id: string, request: NoteRequest, now = new Date()): Promise<MeetAndGreet> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOwn(tx, auth, id);
    if (row.status === 'CANCELLED') return present(tx, row);
    if (row.status !== 'ACCEPTED') throw conflict(MEET_AND_GREET_NOT_ACCEPTED);
    if (row.endsAt && row.endsAt.getTime() <= now.getTime()) throw conflict(MEET_AND_GREET_ENDED);
    const side = auth.user.role === 'CR' ? 'WORKER' : 'CARE_SEEKER';
    const [updated] = await tx
      .update(meetAndGreets)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelledBySide: side, responseNote: request.note })
      .where(eq(meetAndGreets.id, id))
      .returning();
    if (!updated) throw new Error('cancelMeetAndGreet: no row');
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: row.careSeekerId, action: 'meet_and_greet.cancelled', detail: { by: side }, targetType: 'meet_and_greet', targetId: id });
    const presented = await present(tx, updated);
    const [to, by] = side === 'WORKER' ? [row.careSeekerId, presented.worker] : [row.workerId, presented.careSeeker];
    await tell(ctx, tx, 'CANCELLED', presented, await personOf(tx, to), fullName(by));
    return presented;
  });
}
