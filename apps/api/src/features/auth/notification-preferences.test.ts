import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationTopics, type EmailCategory, type NotificationTopic } from '@tendly/domain/api/notification-preferences';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import { notificationPreferences } from '../../platform/db/schema/account-settings';
import { mailOutbox } from '../../platform/db/schema/platform';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { useTestApp } from '../../test-support/test-app';
import { createUser, createWorker, outboxOf, sessionFor } from './test-factories';

const { subject, call, db } = useTestApp({ env: { PUBLIC_URL: 'https://care.example.org', BRAND_NAME: 'Tendly' } });

function letter(to: string, category: EmailCategory, heading = `About ${category}`) {
  const { html, text } = renderEmail({ brandName: 'Tendly', supportEmail: 'help@example.org', supportPhone: '1300 000 000', preheader: heading, heading, paragraphs: ['Something happened.'] });
  return { to, category, subject: heading, html, text };
}

async function turnOff(userId: string, topic: NotificationTopic, side: { inApp?: boolean; email?: boolean }) {
  await db()
    .insert(notificationPreferences)
    .values({ userId, topic, inApp: side.inApp ?? true, email: side.email ?? true })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.topic], set: { inApp: side.inApp ?? true, email: side.email ?? true } });
}

const rowsTo = (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

describe('notification preferences, honoured by every email', () => {
  it('queues no email of a topic the person turned off, whatever the letter case of the address, and every other topic still', async () => {
    for (const topic of notificationTopics) {
      const person = await createUser(db());
      await turnOff(person.id, topic, { email: false });
      expect(await queueMail(db(), letter(person.email.toUpperCase(), topic)), topic).toBe(false);
      const other = notificationTopics.find((candidate) => candidate !== topic) ?? 'MESSAGES';
      expect(await queueMail(db(), letter(person.email, other)), `${other} after ${topic} off`).toBe(true);
      expect((await rowsTo(person.email)).map((row) => row.category)).toEqual([other]);
    }
  });

  it('always sends security, account and external emails and job alerts, even with every topic off', async () => {
    const person = await createUser(db());
    for (const topic of notificationTopics) await turnOff(person.id, topic, { email: false, inApp: false });
    const always: EmailCategory[] = ['SECURITY', 'ACCOUNT', 'EXTERNAL', 'JOB_ALERTS'];
    for (const category of always) expect(await queueMail(db(), letter(person.email, category)), category).toBe(true);
    expect((await rowsTo(person.email)).map((row) => row.category).sort()).toEqual([...always].sort());
  });

  it('sends a topic to an address no account has (a plan manager), with no link to stop it', async () => {
    const address = `planmanager-${Date.now()}@example.org`;
    expect(await queueMail(db(), letter(address, 'INVOICES'))).toBe(true);
    await subject.drainJobs();
    const [sent] = await outboxOf(subject.app, address);
    expect(sent?.text).not.toContain('Stop these emails');
  });

  it('writes no in-app notification of a topic turned off in the app, and still emails it', async () => {
    const person = await createUser(db());
    await turnOff(person.id, 'CONTRACTS', { inApp: false, email: true });
    expect(await notify(db(), { userId: person.id, kind: 'CONTRACT_OFFERED', title: 'An offer', body: 'A worker offered.', link: '/contracts' })).toBeNull();
    expect(await notify(db(), { userId: person.id, kind: 'BOOKING_MADE', title: 'A booking', body: 'A shift was booked.', link: '/my-bookings' })).toEqual(expect.any(String));
    const token = await sessionFor(db(), person.id);
    const listed = (await call('GET', '/api/notifications', { token })).json() as { notifications: { kind: string }[] };
    expect(listed.notifications.map((item) => item.kind)).toEqual(['BOOKING_MADE']);
    expect(await queueMail(db(), letter(person.email, 'CONTRACTS'))).toBe(true);
  });

  it('tells a worker of a new review by email and in the app, each only as they chose, and not again when it is edited', async () => {
    const contract = await createActiveContract(db());
    await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
    const careSeekerToken = await sessionFor(db(), contract.careSeekerId);
    const workerToken = await sessionFor(db(), contract.workerId);
    const review = { rating: 4, comment: 'Reliable and kind, my mother looks forward to every visit.' };
    expect((await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload: review })).statusCode).toBe(200);
    await subject.drainJobs();
    const [worker] = await db().query.users.findMany({ where: (table, { eq: equals }) => equals(table.id, contract.workerId) });
    const reviewMails = async () => (await outboxOf(subject.app, worker!.email)).filter((mail) => mail.subject.includes('reviewed your work'));
    const [mail] = await reviewMails();
    expect(mail?.subject).toMatch(/reviewed your work: 4 stars$/);
    expect(mail?.text).toContain(review.comment);
    expect(mail?.text).toMatch(/Stop these emails: https:\/\/care\.example\.org\/unsubscribe\?topic=REVIEWS&token=/);
    const listed = (await call('GET', '/api/notifications', { token: workerToken })).json() as { notifications: { kind: string; link: string }[] };
    expect(listed.notifications.filter((item) => item.kind === 'REVIEW_RECEIVED')).toEqual([expect.objectContaining({ link: '/carer/profile' })]);
    expect((await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload: { ...review, rating: 5 } })).statusCode).toBe(200);
    await subject.drainJobs();
    expect(await reviewMails()).toHaveLength(1);

    // A second worker who turned review emails off gets only the notification.
    const quiet = await createActiveContract(db());
    await createTimesheet(db(), quiet, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
    await turnOff(quiet.workerId, 'REVIEWS', { email: false });
    expect((await call('PUT', `/api/carer/${quiet.workerId}/review`, { token: await sessionFor(db(), quiet.careSeekerId), payload: review })).statusCode).toBe(200);
    await subject.drainJobs();
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.optOutUserId, quiet.workerId))).filter((row) => row.category === 'REVIEWS')).toHaveLength(0);
    const quietList = (await call('GET', '/api/notifications', { token: await sessionFor(db(), quiet.workerId) })).json() as { notifications: { kind: string }[] };
    expect(quietList.notifications.map((item) => item.kind)).toContain('REVIEW_RECEIVED');
  });
});

describe('the link that stops a topic, in each email of that topic', () => {
  async function deliveredLink(email: string, category: NotificationTopic) {
    expect(await queueMail(db(), letter(email, category))).toBe(true);
    await subject.drainJobs();
    const [row] = (await rowsTo(email)).filter((candidate) => candidate.category === category);
    const url = /https:\/\/care\.example\.org\/unsubscribe\?topic=[A-Z_]+&token=[^\s"<]+/.exec(row?.textBody ?? '')?.[0];
    expect(url, row?.textBody).toBeDefined();
    expect(row?.listUnsubscribe).toBe(url);
    expect(row?.htmlBody).toContain('Stop these emails</a>');
    // In the plain text, under the support line, as in the HTML footer.
    expect(row?.textBody).toMatch(/^Need help\? .*\n\nYou get this email .* Stop these emails: https:/m);
    const parsed = new URL(url!);
    return { topic: parsed.searchParams.get('topic')!, token: parsed.searchParams.get('token')! };
  }

  it('is added when the email is delivered; it stops that topic only, works signed out and twice, and later emails of the topic are not sent', async () => {
    const person = await createWorker(db());
    const link = await deliveredLink(person.email, 'BOOKINGS');
    expect(link.topic).toBe('BOOKINGS');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const stopped = await call('POST', '/api/unsubscribe', { payload: link });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json()).toMatchObject({ topic: 'BOOKINGS', message: expect.stringContaining('We will not email you about this any more') });
    }
    const token = await sessionFor(db(), person.id);
    const choices = (await call('GET', '/api/account-details/notification-preferences', { token })).json() as { topics: { topic: string; inApp: boolean | null; email: boolean }[] };
    expect(choices.topics.find((item) => item.topic === 'BOOKINGS')).toEqual({ topic: 'BOOKINGS', inApp: true, email: false });
    expect(choices.topics.filter((item) => item.topic !== 'BOOKINGS').every((item) => item.email)).toBe(true);
    expect(await queueMail(db(), letter(person.email, 'BOOKINGS'))).toBe(false);
    expect(await queueMail(db(), letter(person.email, 'HOURS'))).toBe(true);
  });

  it('refuses a token for another topic, another person or altered, and a missing or unknown topic, with a clear message', async () => {
    const person = await createUser(db());
    const link = await deliveredLink(person.email, 'INVOICES');
    const refusals = [
      { ...link, topic: 'BOOKINGS' },
      { ...link, token: `${link.token.slice(0, -2)}xx` },
      { ...link, token: link.token.replace(/^[^.]+/, '00000000-0000-4000-8000-000000000000') },
      { ...link, token: 'nonsense' },
      { ...link, token: `${link.token}\u0000` },
      { token: link.token },
      { ...link, topic: 'SECURITY' },
    ];
    for (const payload of refusals) {
      const refused = await call('POST', '/api/unsubscribe', { payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toMatch(/This link to stop emails is not valid/);
    }
    expect(await queueMail(db(), letter(person.email, 'INVOICES'))).toBe(true);
  });

  it('is not added to security emails', async () => {
    const person = await createUser(db());
    expect(await queueMail(db(), letter(person.email, 'SECURITY'))).toBe(true);
    await subject.drainJobs();
    const [row] = await rowsTo(person.email);
    expect(row?.status).toBe('KEPT');
    expect(row?.textBody).not.toContain('Stop these emails');
    expect(row?.listUnsubscribe).toBeNull();
  });
});
