import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MEET_AND_GREET_ALREADY_ACCEPTED_OTHER,
  MEET_AND_GREET_CLASH_WITH_MEETING,
  MEET_AND_GREET_DUPLICATE_MESSAGE,
  MEET_AND_GREET_MINUTES_MESSAGE,
  MEET_AND_GREET_NO_STATE_MESSAGE,
  MEET_AND_GREET_NOT_FOUND,
  MEET_AND_GREET_NOT_WAITING,
  MEET_AND_GREET_OPTIONS_MESSAGE,
  MEET_AND_GREET_PAST_MESSAGE,
  MEET_AND_GREET_SUBURB_MESSAGE,
  MEET_AND_GREET_TOO_FAR_MESSAGE,
  MEET_AND_GREET_WORKER_NOT_FOUND,
  meetAndGreetListSchema,
  meetAndGreetSchema,
  type MeetAndGreet,
} from '@tendly/domain/api/meet-and-greets';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { formatLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { users } from '../../platform/db/schema/accounts';
import { meetAndGreets } from '../../platform/db/schema/meet-and-greets';
import { notifications } from '../../platform/db/schema/notifications';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { shifts } from '../../platform/db/schema/engagements';
import { useTestApp } from '../../test-support/test-app';
import { SYDNEY, nextMonday, plusDays, todayInZone } from '../../test-support/test-dates';
import { createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { book, insertContract } from '../bookings/test-bookings';

const { subject, call, db } = useTestApp();

const day = nextMonday(SYDNEY, 1);

async function pair(options: { careSeekerState?: 'NSW' | 'WA' | null } = {}) {
  const careSeeker = await createUser(db(), { firstName: 'Helen', lastName: 'Citizen', state: options.careSeekerState === undefined ? 'NSW' : options.careSeekerState, suburb: 'Newtown' });
  const worker = await createWorker(db(), { user: { firstName: 'Sam', lastName: 'Carer', state: 'NSW' } });
  return { careSeeker, worker, careSeekerToken: await sessionFor(db(), careSeeker.id), workerToken: await sessionFor(db(), worker.id) };
}

function request(workerId: string, overrides: Record<string, unknown> = {}) {
  return {
    workerId,
    options: [
      { start: `${day}T10:00`, minutes: 30 },
      { start: `${plusDays(day, 1)}T14:00`, minutes: 15 },
    ],
    mode: 'IN_PERSON',
    suburb: 'Newtown',
    note: 'Coffee at the library?',
    ...overrides,
  };
}

async function ask(token: string, payload: Record<string, unknown>): Promise<MeetAndGreet> {
  const response = await call('POST', '/api/meet-and-greets', { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return meetAndGreetSchema.parse(response.json());
}

async function act(token: string, id: string, action: 'accept' | 'decline' | 'cancel', payload: Record<string, unknown>) {
  return call('POST', `/api/meet-and-greets/${id}/${action}`, { token, payload });
}

async function notificationsOf(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId));
}

describe('meet and greets: ask, accept, decline, cancel', () => {
  it('asks in the client’s state time and tells the worker once, with a link to it', async () => {
    const { worker, careSeekerToken } = await pair();
    const meeting = await ask(careSeekerToken, request(worker.id));
    expect(meeting).toMatchObject({
      status: 'REQUESTED',
      state: 'NSW',
      timeZone: 'Australia/Sydney',
      mode: 'IN_PERSON',
      suburb: 'Newtown',
      chosenOption: null,
      startsAt: null,
      options: [
        { startLocal: `${day}T10:00`, endLocal: `${day}T10:30`, minutes: 30 },
        { startLocal: `${plusDays(day, 1)}T14:00`, endLocal: `${plusDays(day, 1)}T14:15`, minutes: 15 },
      ],
    });
    const mail = await outboxOf(subject.app, worker.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Helen Citizen asked you for a meet and greet');
    expect(mail[0]?.text).toContain(`${formatLocalDate(day)}, 10:00 am – 10:30 am (NSW time)`);
    expect(mail[0]?.text).toContain(`/my-bookings#meet-and-greet-${meeting.id}`);
    const notes = await notificationsOf(worker.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'MEET_AND_GREET_REQUESTED', link: `/my-bookings#meet-and-greet-${meeting.id}` });
  });

  it('reads the times in the client’s zone: 10 am in Perth is 2:00 UTC', async () => {
    const { worker, careSeekerToken, workerToken } = await pair({ careSeekerState: 'WA' });
    const meeting = await ask(careSeekerToken, request(worker.id, { mode: 'VIDEO_CALL', suburb: undefined }));
    expect(meeting).toMatchObject({ state: 'WA', suburb: '', mode: 'VIDEO_CALL' });
    const accepted = meetAndGreetSchema.parse((await act(workerToken, meeting.id, 'accept', { option: 0 })).json());
    expect(accepted.startsAt).toBe(`${day}T02:00:00.000Z`);
    expect(accepted.endsAt).toBe(`${day}T02:30:00.000Z`);
  });

  it('the worker accepts one time: the care seeker hears once; accepting again answers the same and sends nothing more', async () => {
    const { careSeeker, worker, careSeekerToken, workerToken } = await pair();
    const meeting = await ask(careSeekerToken, request(worker.id));
    const first = await act(workerToken, meeting.id, 'accept', { option: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const accepted = meetAndGreetSchema.parse(first.json());
    const utc = localToInstant(`${plusDays(day, 1)}T14:00`, 'Australia/Sydney').toISOString();
    expect(accepted).toMatchObject({ status: 'ACCEPTED', chosenOption: 1, startsAt: utc });
    const again = await act(workerToken, meeting.id, 'accept', { option: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await act(workerToken, meeting.id, 'accept', { option: 0 });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(MEET_AND_GREET_ALREADY_ACCEPTED_OTHER);
    const mail = await outboxOf(subject.app, careSeeker.email);
    expect(mail.map((message) => message.subject)).toEqual(['Sam Carer accepted your meet and greet']);
    expect((await notificationsOf(careSeeker.id)).map((note) => note.kind)).toEqual(['MEET_AND_GREET_ACCEPTED']);
    // Both sides see it on their lists.
    for (const token of [careSeekerToken, workerToken]) {
      const list = meetAndGreetListSchema.parse((await call('GET', '/api/my/meet-and-greets', { token })).json());
      expect(list.meetAndGreets.map((item) => [item.id, item.status])).toEqual([[meeting.id, 'ACCEPTED']]);
    }
  });

  it('drops a request from the list once all its times have passed, and an old declined one', async () => {
    const { worker, careSeekerToken, workerToken } = await pair();
    const stale = await ask(careSeekerToken, request(worker.id, { options: [{ start: `${day}T10:00`, minutes: 15 }] }));
    const declined = await ask(careSeekerToken, request(worker.id));
    await act(workerToken, declined.id, 'decline', {});
    const current = await ask(careSeekerToken, request(worker.id));
    // The stale request's only time has passed; the decline was 15 days ago.
    await db().update(meetAndGreets).set({ options: [{ startLocal: '2020-01-06T10:00', endLocal: '2020-01-06T10:15', minutes: 15 }] }).where(eq(meetAndGreets.id, stale.id));
    await db().update(meetAndGreets).set({ respondedAt: new Date(Date.now() - 15 * 86_400_000) }).where(eq(meetAndGreets.id, declined.id));
    const list = meetAndGreetListSchema.parse((await call('GET', '/api/my/meet-and-greets', { token: workerToken })).json());
    expect(list.meetAndGreets.map((item) => item.id)).toEqual([current.id]);
  });

  it('is never billed: no shift, hours, job report or invoice is made', async () => {
    const { worker, careSeeker, careSeekerToken, workerToken } = await pair();
    const meeting = await ask(careSeekerToken, request(worker.id));
    expect((await act(workerToken, meeting.id, 'accept', { option: 0 })).statusCode).toBe(200);
    const [shiftCount] = await db().select({ n: count() }).from(shifts).where(eq(shifts.workerId, worker.id));
    const [hours] = await db().select({ n: count() }).from(timesheets).where(eq(timesheets.workerId, worker.id));
    const [bills] = await db().select({ n: count() }).from(invoices).where(eq(invoices.careSeekerId, careSeeker.id));
    expect([shiftCount?.n, hours?.n, bills?.n]).toEqual([0, 0, 0]);
  });

  it('the worker declines with a note; the care seeker hears once; it can no longer be accepted', async () => {
    const { careSeeker, worker, careSeekerToken, workerToken } = await pair();
    const meeting = await ask(careSeekerToken, request(worker.id));
    const declined = await act(workerToken, meeting.id, 'decline', { note: 'I am away that week.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'DECLINED', responseNote: 'I am away that week.' });
    const mail = await outboxOf(subject.app, careSeeker.email);
    expect(mail.map((message) => message.subject)).toEqual(['Sam Carer declined your meet and greet']);
    expect(mail[0]?.text).toContain('Their note: I am away that week.');
    expect((await notificationsOf(careSeeker.id)).map((note) => note.kind)).toEqual(['MEET_AND_GREET_DECLINED']);
    const late = await act(workerToken, meeting.id, 'accept', { option: 0 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MEET_AND_GREET_NOT_WAITING);
  });

  it('either side cancels an accepted one and the other side hears once', async () => {
    const { careSeeker, worker, careSeekerToken, workerToken } = await pair();
    const first = await ask(careSeekerToken, request(worker.id));
    await act(workerToken, first.id, 'accept', { option: 0 });
    const byCareSeeker = await act(careSeekerToken, first.id, 'cancel', { note: 'We found someone.' });
    expect(byCareSeeker.statusCode, byCareSeeker.body).toBe(200);
    expect(byCareSeeker.json()).toMatchObject({ status: 'CANCELLED', cancelledBy: 'CARE_SEEKER' });
    const workerMail = await outboxOf(subject.app, worker.email);
    expect(workerMail.map((message) => message.subject).sort()).toEqual(['Helen Citizen asked you for a meet and greet', 'Helen Citizen cancelled a meet and greet']);
    expect((await notificationsOf(worker.id)).map((note) => note.kind).sort()).toEqual(['MEET_AND_GREET_CANCELLED', 'MEET_AND_GREET_REQUESTED']);

    const second = await ask(careSeekerToken, request(worker.id));
    await act(workerToken, second.id, 'accept', { option: 0 });
    const byWorker = await act(workerToken, second.id, 'cancel', {});
    expect(byWorker.json()).toMatchObject({ status: 'CANCELLED', cancelledBy: 'WORKER' });
    const careSeekerMail = await outboxOf(subject.app, careSeeker.email);
    expect(careSeekerMail.filter((message) => message.subject === 'Sam Carer cancelled a meet and greet')).toHaveLength(1);
    // A requested one is declined, not cancelled.
    const third = await ask(careSeekerToken, request(worker.id));
    expect((await act(careSeekerToken, third.id, 'cancel', {})).statusCode).toBe(409);
  });

  it('refuses a time that clashes with the worker’s shift or their other accepted meet and greet', async () => {
    const { careSeeker, worker, careSeekerToken, workerToken } = await pair();
    const contractId = await insertContract(db(), careSeeker.id, worker.id);
    await book(call, careSeekerToken, { contractId, start: `${day}T09:00`, end: `${day}T10:15` });
    const meeting = await ask(careSeekerToken, request(worker.id));
    const clash = await act(workerToken, meeting.id, 'accept', { option: 0 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`This time clashes with your shift on ${formatLocalDate(day)}, 9:00 am – 10:15 am (NSW time). Choose another time or decline.`);
    expect((await act(workerToken, meeting.id, 'accept', { option: 1 })).statusCode).toBe(200);
    const other = await ask(careSeekerToken, request(worker.id, { options: [{ start: `${plusDays(day, 1)}T14:10`, minutes: 30 }] }));
    const second = await act(workerToken, other.id, 'accept', { option: 0 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MEET_AND_GREET_CLASH_WITH_MEETING);
  });

  it('two accepts at once: one wins, the other answers the same meeting', { tags: ['drivers'] }, async () => {
    const { careSeeker, worker, careSeekerToken, workerToken } = await pair();
    const meeting = await ask(careSeekerToken, request(worker.id));
    const results = await Promise.all([act(workerToken, meeting.id, 'accept', { option: 0 }), act(workerToken, meeting.id, 'accept', { option: 1 })]);
    const codes = results.map((result) => result.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect((await outboxOf(subject.app, careSeeker.email)).filter((message) => message.subject.includes('accepted'))).toHaveLength(1);
  });
});

describe('meet and greets: bad input', () => {
  it.each([
    ['no times', { options: [] }, 'options', MEET_AND_GREET_OPTIONS_MESSAGE],
    ['four times', { options: [1, 2, 3, 4].map((n) => ({ start: `${plusDays(day, n)}T10:00`, minutes: 15 })) }, 'options', MEET_AND_GREET_OPTIONS_MESSAGE],
    ['45 minutes', { options: [{ start: `${day}T10:00`, minutes: 45 }] }, 'options.0.minutes', MEET_AND_GREET_MINUTES_MESSAGE],
    ['the same time twice', { options: [{ start: `${day}T10:00`, minutes: 15 }, { start: `${day}T10:00`, minutes: 30 }] }, 'options.1.start', MEET_AND_GREET_DUPLICATE_MESSAGE],
    ['in person without a suburb', { suburb: '' }, 'suburb', MEET_AND_GREET_SUBURB_MESSAGE],
    ['a time in the past', { options: [{ start: `${plusDays(todayInZone(SYDNEY), -1)}T10:00`, minutes: 15 }] }, 'options.0.start', MEET_AND_GREET_PAST_MESSAGE],
    ['a time too far ahead', { options: [{ start: `${plusDays(todayInZone(SYDNEY), 62)}T10:00`, minutes: 15 }] }, 'options.0.start', MEET_AND_GREET_TOO_FAR_MESSAGE],
  ])('refuses %s with a clear message', async (_name, overrides, field, message) => {
    const { worker, careSeekerToken } = await pair();
    const response = await call('POST', '/api/meet-and-greets', { token: careSeekerToken, payload: request(worker.id, overrides) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors?.[field], response.body).toBe(message);
  });

  it('refuses a worker who is not active, and a care seeker with no state yet', async () => {
    const { careSeekerToken } = await pair();
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const response = await call('POST', '/api/meet-and-greets', { token: careSeekerToken, payload: request(inactive.id) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MEET_AND_GREET_WORKER_NOT_FOUND);
    const stateless = await pair({ careSeekerState: null });
    const noState = await call('POST', '/api/meet-and-greets', { token: stateless.careSeekerToken, payload: request(stateless.worker.id) });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().message).toBe(MEET_AND_GREET_NO_STATE_MESSAGE);
  });
});

describe('meet and greets: who may', () => {
  it('anonymous is 401, a worker asking or a care seeker accepting is 403, a stranger is 404', async () => {
    const { worker, careSeekerToken, workerToken } = await pair();
    const meeting = await ask(careSeekerToken, request(worker.id));
    const anonymous = await call('POST', '/api/meet-and-greets', { payload: request(worker.id) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    expect((await call('GET', '/api/my/meet-and-greets', {})).statusCode).toBe(401);
    const workerAsks = await call('POST', '/api/meet-and-greets', { token: workerToken, payload: request(worker.id) });
    expect(workerAsks.statusCode).toBe(403);
    expect(workerAsks.json().message).toBe(NOT_AUTHORIZED);
    expect((await act(careSeekerToken, meeting.id, 'accept', { option: 0 })).statusCode).toBe(403);
    const stranger = await pair();
    for (const [token, action] of [
      [stranger.workerToken, 'accept'],
      [stranger.workerToken, 'decline'],
      [stranger.careSeekerToken, 'cancel'],
    ] as const) {
      const response = await act(token, meeting.id, action, action === 'accept' ? { option: 0 } : {});
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MEET_AND_GREET_NOT_FOUND);
    }
    expect((await call('GET', `/api/meet-and-greets/${meeting.id}`, { token: stranger.careSeekerToken })).statusCode).toBe(404);
    expect((await call('GET', `/api/meet-and-greets/${meeting.id}`, { token: workerToken })).statusCode).toBe(200);
  });

  it('a coordinator acting for the client asks for them, and the client’s account holds it', async () => {
    const { client, aliasToken } = await coordinatorActingForClient(db(), call);
    await db().update(users).set({ state: 'VIC' }).where(eq(users.id, client.id));
    const worker = await createWorker(db(), { user: { firstName: 'Sam', lastName: 'Carer' } });
    const meeting = await ask(aliasToken, request(worker.id));
    expect(meeting).toMatchObject({ careSeeker: { id: client.id, firstName: 'Clara' }, state: 'VIC', timeZone: 'Australia/Melbourne' });
    const mail = await outboxOf(subject.app, worker.email);
    expect(mail.map((message) => message.subject)).toEqual([`Clara ${client.lastName} asked you for a meet and greet`.replace(/ $/, '')]);
  });
});
