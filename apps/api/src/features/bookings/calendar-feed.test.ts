import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeedResponseSchema } from '@tendly/domain/api/bookings';
import { formatLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { calendarFeeds } from '../../platform/db/schema/engagements';
import { meetAndGreets } from '../../platform/db/schema/meet-and-greets';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { SYDNEY, nextMonday, plusDays } from '../../test-support/test-dates';
import { outboxOf, sessionFor, createUser } from '../auth/test-factories';
import { bookingEmailSite } from './booking-emails';
import { MEET_AND_GREET_UID_PREFIX } from './calendar-feed';
import { SHIFT_REMINDER_JOB, scheduleShiftReminders, sendShiftReminders } from './shift-reminder-job';
import { book, contractedPair, move } from './test-bookings';

const { subject, call, db } = useTestApp();

async function feedUrl(token: string, reset = false): Promise<string> {
  const response = await call(reset ? 'POST' : 'GET', reset ? '/api/my/calendar-feed/reset' : '/api/my/calendar-feed', { token });
  expect(response.statusCode, response.body).toBe(200);
  return calendarFeedResponseSchema.parse(response.json()).url;
}

const pathOf = (url: string) => new URL(url).pathname;

/** An instant as iCalendar writes it in UTC: 20270502T230000Z. */
const icsUtc = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('the calendar feed', () => {
  it('gives the same private address each time and keeps only the token’s hash and ciphertext', async () => {
    const pair = await contractedPair(db());
    const url = await feedUrl(pair.workerToken);
    expect(url).toMatch(new RegExp(`^${subject.config.publicUrl.replace(/\/+$/, '')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrl(pair.workerToken)).toBe(url);
    const token = pathOf(url).split('/').pop()!.replace('.ics', '');
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, pair.worker.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('serves the live shifts as iCalendar without a sign-in: stable UIDs, first names, no cancelled shifts, no addresses', async () => {
    const pair = await contractedPair(db(), 'NSW', { client: 'Margaret Smith' });
    const day = nextMonday(SYDNEY, 2);
    const [kept, cancelled] = await book(call, pair.careSeekerToken, {
      contractId: pair.contractId,
      start: `${day}T09:00`,
      end: `${day}T12:00`,
      repeat: 'WEEKLY',
      repeatUntil: plusDays(day, 7),
    });
    await move(call, pair.workerToken, kept!.id, 'confirm');
    await move(call, pair.careSeekerToken, cancelled!.id, 'cancel', { reason: 'Away' });
    const response = await call('GET', pathOf(await feedUrl(pair.workerToken)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.body;
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain(`UID:${kept!.id}`);
    expect(text).not.toContain(cancelled!.id);
    expect(text).toContain('SUMMARY:Support with Margaret');
    expect(text).toContain(`DTSTART:${icsUtc(localToInstant(`${day}T09:00`, SYDNEY))}`);
    expect(text).toContain(`DTEND:${icsUtc(localToInstant(`${day}T12:00`, SYDNEY))}`);
    expect(text).not.toContain('Smith');
    expect(text).not.toContain('0412345678');
    const careSeekerFeed = await call('GET', pathOf(await feedUrl(pair.careSeekerToken)));
    expect(careSeekerFeed.body).toContain('SUMMARY:Support by Sam');
  });

  it('adds accepted meet and greets for both sides (issue 31 item 11), never a request, a declined or a cancelled one, nor the suburb', async () => {
    const pair = await contractedPair(db(), 'NSW');
    const day = nextMonday(SYDNEY, 2);
    const meeting = async (status: 'REQUESTED' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED', start: string) => {
      const startsAt = localToInstant(`${day}T${start}`, SYDNEY);
      const accepted = status === 'ACCEPTED';
      const [row] = await db()
        .insert(meetAndGreets)
        .values({
          careSeekerId: pair.careSeeker.id,
          workerId: pair.worker.id,
          state: 'NSW',
          timeZone: SYDNEY,
          mode: 'IN_PERSON',
          suburb: 'Newtown',
          options: [{ startLocal: `${day}T${start}`, endLocal: `${day}T${start.slice(0, 3)}30`, minutes: 30 }],
          status,
          ...(accepted ? { chosenOption: 0, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), respondedAt: new Date() } : {}),
        })
        .returning({ id: meetAndGreets.id });
      return row!.id;
    };
    const accepted = await meeting('ACCEPTED', '10:00');
    const others = [await meeting('REQUESTED', '11:00'), await meeting('DECLINED', '12:00'), await meeting('CANCELLED', '13:00')];
    const workerFeed = (await call('GET', pathOf(await feedUrl(pair.workerToken)))).body;
    expect(workerFeed.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(workerFeed).toContain(`UID:${MEET_AND_GREET_UID_PREFIX}${accepted}`);
    expect(workerFeed).toContain('SUMMARY:Meet and greet with Helen');
    expect(workerFeed).toContain(`DTSTART:${icsUtc(localToInstant(`${day}T10:00`, SYDNEY))}`);
    expect(workerFeed).toContain(`DTEND:${icsUtc(localToInstant(`${day}T10:30`, SYDNEY))}`);
    expect(workerFeed).toContain('10:00 am – 10:30 am (NSW time)');
    expect(workerFeed).toContain('In person');
    expect(workerFeed).not.toContain('Newtown');
    for (const id of others) expect(workerFeed).not.toContain(id);
    const careSeekerFeed = (await call('GET', pathOf(await feedUrl(pair.careSeekerToken)))).body;
    expect(careSeekerFeed).toContain(`UID:${MEET_AND_GREET_UID_PREFIX}${accepted}`);
    expect(careSeekerFeed).toContain('SUMMARY:Meet and greet with Sam');
    // A stranger's feed has none of it.
    const stranger = await contractedPair(db(), 'NSW');
    expect((await call('GET', pathOf(await feedUrl(stranger.workerToken)))).body).not.toContain(accepted);
  });

  it('stops the old address on reset; an unknown or malformed token is a 404', async () => {
    const pair = await contractedPair(db());
    const old = await feedUrl(pair.careSeekerToken);
    const fresh = await feedUrl(pair.careSeekerToken, true);
    expect(fresh).not.toBe(old);
    expect((await call('GET', pathOf(old))).statusCode).toBe(404);
    expect((await call('GET', pathOf(fresh))).statusCode).toBe(200);
    expect(await feedUrl(pair.careSeekerToken)).toBe(fresh);
    expect((await call('GET', `/api/calendar/${'a'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/nonsense')).statusCode).toBe(404);
    expect((await call('GET', pathOf(fresh).replace('.ics', '.txt'))).statusCode).toBe(404);
  });

  it('needs a sign-in to see or reset the address, and is not for administrators', async () => {
    expect((await call('GET', '/api/my/calendar-feed')).statusCode).toBe(401);
    expect((await call('POST', '/api/my/calendar-feed/reset')).statusCode).toBe(401);
    const admin = await createUser(db(), { role: 'ADMIN' });
    expect((await call('GET', '/api/my/calendar-feed', { token: await sessionFor(db(), admin.id) })).statusCode).toBe(403);
  });

  it('limits requests per address', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await call('GET', `/api/calendar/${'b'.repeat(43)}.ics`, { ip })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('shift reminders', () => {
  it('emails both sides once, about 24 hours before a confirmed shift, and never twice', { tags: ['drivers'] }, async () => {
    const pair = await contractedPair(db());
    const day = nextMonday(SYDNEY, 3);
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${day}T09:00`, end: `${day}T12:00` });
    // Unconfirmed and cancelled shifts in the same window get no reminder.
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${day}T13:00`, end: `${day}T14:00` });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const site = bookingEmailSite(subject.config);
    const startsAt = new Date(shift!.startsAt);
    expect(await sendShiftReminders(db(), site, new Date(startsAt.getTime() - 25 * 3_600_000))).toBe(0);
    const dayBefore = new Date(startsAt.getTime() - 23.9 * 3_600_000);
    const runs = await Promise.all([sendShiftReminders(db(), site, dayBefore), sendShiftReminders(db(), site, dayBefore)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await sendShiftReminders(db(), site, dayBefore)).toBe(0);
    await subject.drainJobs();
    const workerMail = (await outboxOf(subject.app, pair.worker.email)).filter((message) => message.subject.startsWith('Reminder'));
    const careSeekerMail = (await outboxOf(subject.app, pair.careSeeker.email)).filter((message) => message.subject.startsWith('Reminder'));
    expect(workerMail.map((message) => message.subject)).toEqual(['Reminder: your shift with Margaret Smith tomorrow']);
    expect(careSeekerMail.map((message) => message.subject)).toEqual(['Reminder: your shift with Sam Carer tomorrow']);
    expect(careSeekerMail[0]?.text).toContain(`${formatLocalDate(day)}, 9:00 am – 12:00 pm (NSW time)`);
  });

  it('leaves out a side that turned shift reminders off (issue 16)', async () => {
    const pair = await contractedPair(db());
    const off = await call('PUT', '/api/account-details/notification-preferences', { token: pair.workerToken, payload: { topics: [{ topic: 'SHIFT_REMINDERS', inApp: null, email: false }], jobAlerts: true } });
    expect(off.statusCode).toBe(200);
    const day = nextMonday(SYDNEY, 4);
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${day}T09:00`, end: `${day}T12:00` });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const startsAt = new Date(shift!.startsAt);
    expect(await sendShiftReminders(db(), bookingEmailSite(subject.config), new Date(startsAt.getTime() - 23.9 * 3_600_000))).toBe(1);
    await subject.drainJobs();
    const reminders = async (email: string) => (await outboxOf(subject.app, email)).filter((message) => message.subject.startsWith('Reminder'));
    expect(await reminders(pair.worker.email)).toHaveLength(0);
    expect(await reminders(pair.careSeeker.email)).toHaveLength(1);
  });

  it('runs as a periodic job: each run queues the next slot once', async () => {
    const slotStart = Math.floor((Date.now() - 3_600_000) / 900_000) * 900_000;
    expect(await scheduleShiftReminders(db(), new Date(slotStart + 7 * 60_000))).toBe(true);
    expect(await scheduleShiftReminders(db(), new Date(slotStart + 14 * 60_000))).toBe(false);
    const handler = subject.app.jobHandlers[SHIFT_REMINDER_JOB];
    expect(handler).toBeDefined();
    const jobsBefore = await db().select().from(backgroundJobs).where(eq(backgroundJobs.type, SHIFT_REMINDER_JOB));
    await subject.drainJobs();
    const jobsAfter = await db().select().from(backgroundJobs).where(eq(backgroundJobs.type, SHIFT_REMINDER_JOB));
    expect(jobsAfter.length).toBeGreaterThan(jobsBefore.length);
    expect(jobsAfter.filter((job) => job.status === 'PENDING')).toHaveLength(1);
  });
});
