import { describe, expect, it } from 'vitest';
import { notificationPageSchema, notificationsEventSchema, type NotificationKind } from '@tendly/domain/api/notifications';
import { notify } from '../../platform/notifications/notify';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { careSeekerWithSession, offer, offerOk, workerWithSession } from '../contracts/test-contracts';
import { coordinatorActingForClient, postJob } from '../jobs/test-jobs';
import { book, contractedPair, move } from '../bookings/test-bookings';
import { listenOnRandomPort, openSse } from '../messages/test-sse';
import { sendUnreadEmail } from '../messages/unread-email-job';
import { hoursPair, submitHours } from '../timesheets/test-timesheets';
import { SYDNEY, nextMonday } from '../../test-support/test-dates';

// Reference data: posting a job looks up its suburb.
const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let listening: Promise<string> | undefined;
const baseUrl = () => (listening ??= listenOnRandomPort(subject.app));

async function person() {
  const user = await createUser(db());
  return signedIn(db(), user);
}

async function note(userId: string, title: string, kind: NotificationKind = 'BOOKING_MADE') {
  return notify(db(), { userId, kind, title, body: `${title}: what happened.`, link: '/my-bookings' });
}

async function page(token: string, query = '') {
  const response = await call('GET', `/api/notifications${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return notificationPageSchema.parse(response.json());
}

async function unread(token: string): Promise<number> {
  const response = await call('GET', '/api/notifications/unread-count', { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { unreadTotal: number }).unreadTotal;
}

describe('GET /api/notifications', () => {
  it('lists the person’s own notifications newest first, a page at a time, and never anyone else’s', async () => {
    const me = await person();
    const other = await person();
    for (const title of ['First', 'Second', 'Third']) await note(me.user.id, title);
    await note(other.user.id, 'Not yours');

    const first = await page(me.token, '?limit=2');
    expect(first.notifications.map((n) => n.title)).toEqual(['Third', 'Second']);
    expect(first.allLoaded).toBe(false);
    expect(first.notifications[0]).toMatchObject({ kind: 'BOOKING_MADE', body: 'Third: what happened.', link: '/my-bookings', readAt: null });
    const rest = await page(me.token, `?limit=2&before=${first.notifications[1]!.id}`);
    expect(rest.notifications.map((n) => n.title)).toEqual(['First']);
    expect(rest.allLoaded).toBe(true);

    // Someone else's id as the cursor shows nothing of theirs, and nothing of mine either.
    const theirs = (await page(other.token)).notifications[0]!;
    expect(theirs.title).toBe('Not yours');
    expect((await page(me.token, `?before=${theirs.id}`)).notifications).toEqual([]);
    expect((await page(me.token)).notifications.map((n) => n.title)).not.toContain('Not yours');
  });

  it('answers 400, never 500, to a bad cursor or limit', async () => {
    const me = await person();
    for (const query of ['?limit=0', '?limit=101', '?limit=1e40', '?limit=two', '?before=not-an-id', '?before=%00']) {
      const response = await call('GET', `/api/notifications${query}`, { token: me.token });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('is for anyone signed in (every role, inactive workers too) and refuses visitors with 401', async () => {
    for (const path of ['/api/notifications', '/api/notifications/unread-count']) expect((await call('GET', path)).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', { payload: { all: true } })).statusCode).toBe(401);
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    for (const user of [inactive, await createCoordinator(db()), await createUser(db(), { role: 'ADMIN' })]) {
      await note(user.id, 'Hello');
      const token = await sessionFor(db(), user.id);
      expect((await page(token)).notifications.map((n) => n.title)).toEqual(['Hello']);
      expect(await unread(token)).toBe(1);
    }
  });

  it('gives a coordinator acting for a client the client’s notifications, not their own', async () => {
    const { aliasToken, client, coordinator } = await coordinatorActingForClient(db(), call);
    await note(client.id, 'For the client');
    await note(coordinator.id, 'For the coordinator');
    expect((await page(aliasToken)).notifications.map((n) => n.title)).toEqual(['For the client']);
    expect(await unread(aliasToken)).toBe(1);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the named ones read, ignores ids that are not the person’s, then marks all read', async () => {
    const me = await person();
    const other = await person();
    const ids = [await note(me.user.id, 'A'), await note(me.user.id, 'B'), await note(me.user.id, 'C')];
    const theirs = await note(other.user.id, 'Theirs');
    expect(await unread(me.token)).toBe(3);

    const some = await call('POST', '/api/notifications/read', { token: me.token, payload: { ids: [ids[0], theirs] } });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toEqual({ marked: 1, unreadTotal: 2 });
    expect(await unread(other.token)).toBe(1);
    const listed = (await page(me.token)).notifications;
    expect(listed.find((n) => n.id === ids[0])?.readAt).not.toBeNull();
    expect(listed.find((n) => n.id === ids[1])?.readAt).toBeNull();

    const all = await call('POST', '/api/notifications/read', { token: me.token, payload: { all: true } });
    expect(all.json()).toEqual({ marked: 2, unreadTotal: 0 });
    expect(await unread(me.token)).toBe(0);
    expect(await unread(other.token)).toBe(1);
  });

  it('answers 400 to a body that says neither, or says it wrongly', async () => {
    const me = await person();
    for (const payload of [{}, { ids: [] }, { all: false }, { ids: ['nope'] }, { ids: 'x' }, { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }, { all: 'yes' }, { ids: ['\u0000'] }]) {
      const response = await call('POST', '/api/notifications/read', { token: me.token, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('live notifications', () => {
  it('reach the person’s open stream only after the write commits, with the unread total; reading updates their other tabs', async () => {
    const me = await person();
    const stream = await openSse(await baseUrl(), me.token);
    try {
      // Rolled back: nothing is kept, and nothing is published.
      await db()
        .transaction(async (tx) => {
          await notify(tx, { userId: me.user.id, kind: 'PAYOUT_SENT', title: 'Rolled back', body: 'Never', link: '/paid-invoices' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await note(me.user.id, 'Your payout is on its way', 'PAYOUT_SENT');
      expect(stream.events.filter((event) => event.event === 'notifications')).toEqual([]);
      await subject.drainJobs();
      const event = notificationsEventSchema.parse((await stream.waitFor((e) => e.event === 'notifications')).data);
      expect(event).toMatchObject({ unreadTotal: 1, notification: { title: 'Your payout is on its way', kind: 'PAYOUT_SENT' } });
      expect((await page(me.token)).notifications.map((n) => n.title)).toEqual(['Your payout is on its way']);

      await call('POST', '/api/notifications/read', { token: me.token, payload: { all: true } });
      const read = await stream.waitFor((e) => e.event === 'notifications' && (e.data as { unreadTotal: number }).unreadTotal === 0);
      expect(read.data).toMatchObject({ notification: null, unreadTotal: 0 });
    } finally {
      stream.close();
    }
  });
});

describe('service agreement notifications', () => {
  it('tell the worker of an offer and the care seeker of the answer, each linking to the agreement', async () => {
    const seeker = await careSeekerWithSession(db());
    const worker = await workerWithSession(db());
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    const offered = (await page(worker.token)).notifications[0];
    expect(offered).toMatchObject({ kind: 'CONTRACT_OFFERED', title: 'Helen Nguyen offered you a service agreement', link: `/contracts/${contract.id}` });

    const declined = await call('POST', `/api/contracts/${contract.id}/decline`, { token: worker.token, payload: { reason: 'I am fully booked' } });
    expect(declined.statusCode, declined.body).toBe(200);
    const answer = (await page(seeker.token)).notifications[0];
    expect(answer).toMatchObject({ kind: 'CONTRACT_DECLINED', title: 'Wren Walker declined your service agreement', link: `/contracts/${contract.id}` });
    expect(answer?.body).toContain('I am fully booked');

    const again = await offerOk(call, seeker.token, offer(worker.user.id));
    const accepted = await call('POST', `/api/contracts/${again.id}/accept`, { token: worker.token, payload: { signatureName: 'Wren Walker', agreed: true } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await page(seeker.token)).notifications[0]).toMatchObject({ kind: 'CONTRACT_ACCEPTED', link: `/contracts/${again.id}` });
    expect(await unread(worker.token)).toBe(2);
  });

  it('tell the worker when an offer is withdrawn', async () => {
    const seeker = await careSeekerWithSession(db());
    const worker = await workerWithSession(db());
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    expect((await call('POST', `/api/contracts/${contract.id}/withdraw`, { token: seeker.token })).statusCode).toBe(200);
    expect((await page(worker.token)).notifications.map((n) => n.kind)).toEqual(['CONTRACT_WITHDRAWN', 'CONTRACT_OFFERED']);
  });
});

async function newest(token: string) {
  return (await page(token)).notifications[0];
}

describe('booking notifications', () => {
  it('tell the worker of a booking and a change, and the care seeker of a confirmation; a cancellation tells the other side', async () => {
    const pair = await contractedPair(db());
    const date = nextMonday(SYDNEY, 3);
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${date}T09:00`, end: `${date}T12:00` });
    // Each links to the shift's own page, as its email's button does (issue 31, item 8).
    const shiftPage = `/my-bookings/${shift!.id}`;
    expect(await newest(pair.workerToken)).toMatchObject({ kind: 'BOOKING_MADE', title: 'Helen Citizen booked a shift with you', link: shiftPage });

    await move(call, pair.workerToken, shift!.id, 'confirm');
    expect(await newest(pair.careSeekerToken)).toMatchObject({ kind: 'BOOKING_CONFIRMED', title: 'Sam Carer confirmed a shift', link: shiftPage });

    const changed = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: `${date}T10:00`, end: `${date}T13:00` } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await newest(pair.workerToken)).toMatchObject({ kind: 'BOOKING_CHANGED', title: 'Helen Citizen changed a shift', link: shiftPage });

    await move(call, pair.workerToken, shift!.id, 'cancel', { reason: 'I am unwell' });
    const cancelled = await newest(pair.careSeekerToken);
    expect(cancelled).toMatchObject({ kind: 'BOOKING_CANCELLED', title: 'Sam Carer cancelled a shift', link: shiftPage });
    expect(cancelled?.body).toContain('I am unwell');
  });
});

describe('job report notifications', () => {
  it('tell the care seeker that hours wait for them, and the worker of the approval (linking to the invoice) or the rejection', async () => {
    const pair = await hoursPair(db());
    const first = await submitHours(call, pair);
    await subject.drainJobs();
    // The report itself on Job reports, as the email's button (issue 31, item 8).
    expect(await newest(pair.careSeekerToken)).toMatchObject({ kind: 'HOURS_SUBMITTED', title: 'Sam Carer submitted hours for approval', link: `/unapproved-invoices?report=${first.id}` });

    const approved = await call('POST', `/api/job-reports/${first.id}/approve`, { token: pair.careSeekerToken });
    expect(approved.statusCode, approved.body).toBe(200);
    const invoiceId = (approved.json() as { invoice: { id: string } }).invoice.id;
    expect(await newest(pair.workerToken)).toMatchObject({ kind: 'HOURS_APPROVED', link: `/invoice/${invoiceId}` });
    expect(await newest(pair.careSeekerToken)).toMatchObject({ kind: 'INVOICE_ISSUED', title: expect.stringMatching(/^Invoice INV-\d{6} from Sam Carer$/), link: `/invoice/${invoiceId}` });

    // The money arrives by bank transfer: the worker hears the invoice is paid.
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const totalCents = (approved.json() as { invoice: { totalCents: number } }).invoice.totalCents;
    const paid = await call('POST', `/api/admin/invoices/${invoiceId}/payments`, { token: admin, payload: { channel: 'BANK_TRANSFER', amountCents: totalCents, reference: 'Helen C', receivedOn: '2026-11-20' } });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect(await newest(pair.workerToken)).toMatchObject({ kind: 'INVOICE_PAID', title: expect.stringMatching(/^Invoice INV-\d{6} is paid$/), link: `/invoice/${invoiceId}` });

    const second = await submitHours(call, pair, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
    const rejected = await call('POST', `/api/job-reports/${second.id}/reject`, { token: pair.careSeekerToken, payload: { reason: 'Those hours were Wednesday' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const notice = await newest(pair.workerToken);
    // Rejected hours open the hours form on them, to fix and send again.
    expect(notice).toMatchObject({ kind: 'HOURS_REJECTED', link: `/submit-timesheet?timesheet=${second.id}` });
    expect(notice?.body).toContain('Those hours were Wednesday');
  });
});

describe('linking request notifications', () => {
  it('tell a care seeker that a support coordinator asked to link to their account', async () => {
    const client = await person();
    const coordinator = await createCoordinator(db());
    const token = await sessionFor(db(), coordinator.id);
    const asked = await call('POST', '/api/support-coordinator/link-requests', { token, payload: { email: client.user.email } });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    expect(await newest(client.token)).toMatchObject({ kind: 'COORDINATOR_LINK_REQUESTED', title: 'Cora Coordinator asked to link to your account', link: '/dashboard' });
  });
});

describe('job notifications', () => {
  it('tell the owner of an application, and a worker of an invitation to apply', async () => {
    const owner = await careSeekerWithSession(db());
    const job = await postJob(call, owner.token);
    const applicant = await workerWithSession(db(), { user: { firstName: 'Ada', lastName: 'Lovelace' } });
    const applied = await call('POST', `/api/jobs/${job.id}/applications`, { token: applicant.token, payload: { message: 'I would love to help with this.' } });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await newest(owner.token)).toMatchObject({ kind: 'JOB_APPLICATION', title: 'Ada Lovelace applied for your job', link: '/my-job-posts' });

    const invited = await workerWithSession(db());
    const invitation = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId: invited.user.id, message: 'Your profile looks just right.' } });
    expect(invitation.statusCode, invitation.body).toBeLessThan(300);
    expect(await newest(invited.token)).toMatchObject({ kind: 'JOB_INVITATION', title: 'Helen invited you to apply for a job', link: `/jobs/${job.id}` });
  });
});

describe('message notifications', () => {
  it('come with the unread-message email, linking to the conversation, and not when the message was read', async () => {
    const seeker = await careSeekerWithSession(db());
    const worker = await workerWithSession(db());
    const started = await call('POST', '/api/conversations', { token: seeker.token, payload: { withUserId: worker.user.id } });
    const conversationId = (started.json() as { id: string }).id;
    const sent = await call('POST', `/api/conversations/${conversationId}/messages`, { token: seeker.token, payload: { text: 'Could you start at nine on Monday?' } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await sendUnreadEmail(db(), { ...subject.config, UNREAD_MESSAGE_EMAIL_MINUTES: 15 }, (sent.json() as { id: string }).id)).toBe(true);
    expect(await newest(worker.token)).toMatchObject({ kind: 'NEW_MESSAGE', title: 'Helen sent you a message', body: '“Could you start at nine on Monday?”', link: `/messages?conversation=${conversationId}` });
    expect(await unread(seeker.token)).toBe(0);
  });
});
