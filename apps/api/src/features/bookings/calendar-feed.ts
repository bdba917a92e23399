import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import ical, { type ICalCalendar } from 'ical-generator';
import { formatShiftWhen, type Shift } from '@tendly/domain/api/bookings';
import { meetAndGreetModeLabels } from '@tendly/domain/api/meet-and-greets';
import { instantToLocal } from '@tendly/domain/shift-time';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { Db } from '../../platform/db/client';
import { calendarFeeds, shifts } from '../../platform/db/schema/engagements';
import { users } from '../../platform/db/schema/accounts';
import { meetAndGreets } from '../../platform/db/schema/meet-and-greets';
import { findShiftRows, sideFilter, toShift, type Side } from '../../platform/bookings/shifts-repository';

/**
 * A private iCalendar feed per person (issue 13) at a secret address that Google or Apple
 * calendars subscribe to. The token is 32 random bytes; only its SHA-256 is looked up, and the
 * token itself is kept encrypted so the person can see the address again. Resetting makes a new
 * token and the old address stops working.
 */
export interface FeedContext {
  db: Db;
  cipher: FieldCipher;
  publicUrl: string;
}

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_MONTHS = 12;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function feedUrl(ctx: FeedContext, token: string): string {
  return `${ctx.publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;
}

async function newFeedRow(ctx: FeedContext, userId: string) {
  const token = randomBytes(32).toString('base64url');
  return { token, values: { userId, tokenHash: hashOf(token), tokenCiphertext: await ctx.cipher.encrypt(token), createdAt: new Date() } };
}

/** GET /api/my/calendar-feed: the person's feed address, made on the first call. */
export async function calendarFeedUrl(ctx: FeedContext, userId: string): Promise<string> {
  const fresh = await newFeedRow(ctx, userId);
  // Two first calls at once: one insert wins and both answer the stored token.
  await ctx.db.insert(calendarFeeds).values(fresh.values).onConflictDoNothing({ target: calendarFeeds.userId });
  const [row] = await ctx.db.select({ tokenCiphertext: calendarFeeds.tokenCiphertext }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!row) throw new Error('calendarFeedUrl: no feed row');
  return feedUrl(ctx, await ctx.cipher.decrypt(row.tokenCiphertext));
}

/** POST /api/my/calendar-feed/reset: a new address; the old one stops working. */
export async function resetCalendarFeed(ctx: FeedContext, userId: string): Promise<string> {
  const fresh = await newFeedRow(ctx, userId);
  await ctx.db
    .insert(calendarFeeds)
    .values(fresh.values)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: fresh.values.tokenHash, tokenCiphertext: fresh.values.tokenCiphertext, createdAt: fresh.values.createdAt } });
  return feedUrl(ctx, fresh.token);
}

/** The side (CS or CR) whose feed a token opens, or null for an unknown token. */
export async function feedOwner(db: Db, token: string): Promise<Side | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ userId: users.id, role: users.role, status: users.status })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!row || row.status !== 'ACTIVE' || (row.role !== 'CS' && row.role !== 'CR')) return null;
  return { role: row.role, userId: row.userId };
}

function summaryOf(shift: Shift, side: Side): string {
  return side.role === 'CR' ? `Support with ${shift.clientName.split(' ')[0] ?? shift.clientName}` : `Support by ${shift.worker.firstName}`;
}

/**
 * The feed's text: live shifts and accepted meet and greets from 30 days ago to 12 months ahead.
 * Times are UTC instants, which every calendar shows correctly in its own zone; the description
 * says the state's local time. No addresses or phone numbers: a feed address can end up in places
 * its owner did not mean.
 */
export async function calendarFeedText(db: Db, side: Side, brandName: string, now = new Date()): Promise<string> {
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000);
  const to = new Date(now);
  to.setUTCMonth(to.getUTCMonth() + FEED_FUTURE_MONTHS);
  const rows = await findShiftRows(db, and(sideFilter(side), ne(shifts.status, 'CANCELLED'), lt(shifts.startsAt, to), gt(shifts.endsAt, from)));
  const calendar = ical({ name: `${brandName} shifts`, prodId: { company: brandName, product: 'shifts', language: 'EN' }, ttl: 60 * 60 });
  for (const shift of rows.map(toShift)) {
    const status = shift.scheduleResponseStatus === 'CONFIRMED' ? 'Confirmed' : 'Waiting for confirmation';
    calendar.createEvent({
      id: shift.id,
      start: new Date(shift.startsAt),
      end: new Date(shift.endsAt),
      stamp: new Date(shift.statusChangedAt),
      summary: summaryOf(shift, side),
      description: `${formatShiftWhen(shift)}. ${status}.`,
    });
  }
  await addMeetAndGreets(db, calendar, side, { from, to });
  return calendar.toString();
}

/** Prefixes a meet and greet's UID, so it can never be taken for a shift's. */
export const MEET_AND_GREET_UID_PREFIX = 'meet-and-greet-';

/**
 * Issue 31 item 11: accepted meet and greets are "on both calendars", the feed included. Only
 * accepted ones have a time; a request, a declined or a cancelled one is not an appointment. The
 * other side is named by first name and the way of meeting without the suburb, as for shifts.
 */
async function addMeetAndGreets(db: Db, calendar: ICalCalendar, side: Side, range: { from: Date; to: Date }): Promise<void> {
  const mine = side.role === 'CR' ? meetAndGreets.workerId : meetAndGreets.careSeekerId;
  const other = side.role === 'CR' ? meetAndGreets.careSeekerId : meetAndGreets.workerId;
  const rows = await db
    .select({
      id: meetAndGreets.id,
      startsAt: meetAndGreets.startsAt,
      endsAt: meetAndGreets.endsAt,
      respondedAt: meetAndGreets.respondedAt,
      state: meetAndGreets.state,
      timeZone: meetAndGreets.timeZone,
      mode: meetAndGreets.mode,
      otherFirstName: users.firstName,
    })
    .from(meetAndGreets)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(mine, side.userId), eq(meetAndGreets.status, 'ACCEPTED'), lt(meetAndGreets.startsAt, range.to), gt(meetAndGreets.endsAt, range.from)));
  for (const row of rows) {
    if (!row.startsAt || !row.endsAt) continue;
    calendar.createEvent({
      id: `${MEET_AND_GREET_UID_PREFIX}${row.id}`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: row.respondedAt ?? row.startsAt,
      summary: `Meet and greet with ${row.otherFirstName}`,
      description: `${formatShiftWhen({ startLocal: instantToLocal(row.startsAt, row.timeZone), endLocal: instantToLocal(row.endsAt, row.timeZone), state: row.state })}. ${meetAndGreetModeLabels[row.mode]}. Free, never billed.`,
    });
  }
}
