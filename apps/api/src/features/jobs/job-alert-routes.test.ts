import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_ALERTS_UNSUBSCRIBED_MESSAGE, jobAlertSettingsSchema } from '@tendly/domain/api/jobs';
import { users } from '../../platform/db/schema/accounts';
import { backgroundJobs, mailOutbox } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { createTestApp, useTestApp } from '../../test-support/test-app';
import { createWorker, outboxOf, requester, sessionFor } from '../auth/test-factories';
import { JOB_ALERTS_JOB } from './job-alert-queue';
import { INVALID_UNSUBSCRIBE_LINK } from './job-alerts';
import { locality, postJob, signedInCareSeeker, type Place } from './test-jobs';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let careSeekerToken: string;
const workers: Record<string, { id: string; email: string; token: string }> = {};

async function worker(
  firstName: string,
  place: Place,
  skills: string[],
  options: { profileStatus?: 'ACTIVE' | 'INACTIVE'; unverified?: boolean } = {},
) {
  const user = await createWorker(db(), {
    profileStatus: options.profileStatus ?? 'ACTIVE',
    user: { firstName, ...(options.unverified ? { emailVerifiedAt: null } : {}) },
    profile: { localityId: place.id, latitude: place.latitude, longitude: place.longitude, skills: skills as never },
  });
  workers[firstName] = { id: user.id, email: user.email, token: await sessionFor(db(), user.id) };
}

const alertsTo = async (name: string) =>
  (await outboxOf(subject.app, workers[name]?.email ?? '')).filter((message) => message.subject.startsWith('New job near you'));

function unsubscribeLinkIn(text: string): string {
  const match = /Stop emails about new jobs near me: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`No unsubscribe link in:\n${text}`);
  return match[1];
}

beforeAll(async () => {
  careSeekerToken = (await signedInCareSeeker(db(), 'Helen')).token;
  const marrickville = await locality(db(), 'Marrickville', '2204');
  const newtown = await locality(db(), 'Newtown', '2042');
  const parramatta = await locality(db(), 'Parramatta', '2150');
  const fitzroy = await locality(db(), 'Fitzroy', '3065');
  const penrith = await locality(db(), 'Penrith', '2750');
  // Marrickville jobs need dementia or general aged care. Near and matching:
  await worker('Ava', newtown, ['DEMENTIA', 'AUTISM']);
  await worker('Ben', parramatta, ['AGEDGEN']);
  // Not to be told: too far, other skills, an inactive profile, an unverified email, opted out (below).
  await worker('Cal', fitzroy, ['DEMENTIA']);
  await worker('Dee', penrith, ['DEMENTIA']);
  await worker('Eli', marrickville, ['AUTISM', 'CP']);
  await worker('Fen', marrickville, ['DEMENTIA'], { profileStatus: 'INACTIVE' });
  await worker('Gil', newtown, ['DEMENTIA'], { unverified: true });
  await worker('Hal', marrickville, ['AGEDGEN']);
  const optOut = await call('PUT', '/api/my/job-alerts', { token: workers.Hal?.token ?? '', payload: { enabled: false } });
  expect(optOut.statusCode).toBe(200);
});

describe('job alerts', () => {
  it('email active, verified workers with a matching skill who live within 25 km and have not opted out; nobody else', async () => {
    const job = await postJob(call, careSeekerToken, {
      location: 'Marrickville',
      supportType: ['DEMENTIA', 'AGEDGEN'],
      title: 'Morning company for Dad in Marrickville',
    });
    // Nothing is sent during the request: the background job sends it.
    expect(await alertsTo('Ava')).toEqual([]);
    expect(await subject.drainJobs()).toBeGreaterThan(0);

    for (const name of ['Ava', 'Ben']) expect(await alertsTo(name), name).toHaveLength(1);
    for (const name of ['Cal', 'Dee', 'Eli', 'Fen', 'Gil', 'Hal']) expect(await alertsTo(name), name).toEqual([]);

    const [email] = await alertsTo('Ava');
    expect(email?.subject).toBe('New job near you: Morning company for Dad in Marrickville');
    expect(email?.text).toMatch(/^Hi Ava, a new job that needs your skills was just posted in Marrickville NSW, \d\.\d km from you\.$/m);
    expect(email?.text).toContain(`See the job: ${subject.config.publicUrl}/jobs/${job.id}`);
    const link = unsubscribeLinkIn(email?.text ?? '');
    expect(link.startsWith(`${subject.config.publicUrl}/carer/unsubscribe/nearbyjobs?token=`)).toBe(true);
    expect(email?.html).toContain(`href="${link}"`);
    const [stored] = await db().select({ listUnsubscribe: mailOutbox.listUnsubscribe }).from(mailOutbox).where(eq(mailOutbox.toAddress, workers.Ava?.email ?? ''));
    expect(stored?.listUnsubscribe).toBe(link);

    // The alert job may run again (at least once): nobody is told twice.
    await db().update(backgroundJobs).set({ status: 'PENDING' }).where(eq(backgroundJobs.type, JOB_ALERTS_JOB));
    await subject.drainJobs();
    expect(await alertsTo('Ava')).toHaveLength(1);
    expect(await alertsTo('Ben')).toHaveLength(1);
  });

  it('reach as far as JOB_ALERT_RADIUS_KM says', async () => {
    const wider = await createTestApp({ database: { referenceData: true }, env: { JOB_ALERT_RADIUS_KM: '60' } });
    try {
      const penrith = await locality(wider.database.db, 'Penrith', '2750');
      const far = await createWorker(wider.database.db, {
        profile: { localityId: penrith.id, latitude: penrith.latitude, longitude: penrith.longitude, skills: ['DEMENTIA'] },
      });
      const poster = await signedInCareSeeker(wider.database.db);
      await postJob(requester(wider.app), poster.token, { location: 'Marrickville', supportType: ['DEMENTIA'] });
      await wider.drainJobs();
      expect((await outboxOf(wider.app, far.email)).map((message) => message.subject)).toEqual([
        'New job near you: Friendly support for Mum in Marrickville',
      ]);
    } finally {
      await wider.close();
    }
  });

  it('are not sent when the poster turned worker notifications off', async () => {
    const before = (await alertsTo('Ava')).length;
    await postJob(call, careSeekerToken, { location: 'Newtown NSW', supportType: ['DEMENTIA'], disableWorkerNotification: true });
    await subject.drainJobs();
    expect(await alertsTo('Ava')).toHaveLength(before);
  });

  it('stop after the one-click unsubscribe link is used, without signing in', async () => {
    const [email] = await alertsTo('Ava');
    const token = new URL(unsubscribeLinkIn(email?.text ?? '')).searchParams.get('token') ?? '';
    const response = await call('POST', '/api/carer/unsubscribe/nearbyjobs', { payload: { token } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: JOB_ALERTS_UNSUBSCRIBED_MESSAGE });
    // Using the link twice is fine.
    expect((await call('POST', '/api/carer/unsubscribe/nearbyjobs', { payload: { token } })).statusCode).toBe(200);
    const settings = await call('GET', '/api/my/job-alerts', { token: workers.Ava?.token ?? '' });
    expect(jobAlertSettingsSchema.parse(settings.json())).toEqual({ enabled: false });

    const beforeAva = (await alertsTo('Ava')).length;
    const beforeBen = (await alertsTo('Ben')).length;
    await postJob(call, careSeekerToken, { location: 'Marrickville', supportType: ['DEMENTIA', 'AGEDGEN'], title: 'Evening company for Mum in Marrickville' });
    await subject.drainJobs();
    expect(await alertsTo('Ava')).toHaveLength(beforeAva);
    expect(await alertsTo('Ben')).toHaveLength(beforeBen + 1);
  });

  it('refuse a bad or tampered unsubscribe token with a 400', async () => {
    const [email] = await alertsTo('Ben');
    const token = new URL(unsubscribeLinkIn(email?.text ?? '')).searchParams.get('token') ?? '';
    const someoneElse = `${workers.Eli?.id}${token.slice(token.indexOf('.'))}`;
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const bad of [someoneElse, tampered, 'not-a-token', `${workers.Ben?.id}.`, '']) {
      const response = await call('POST', '/api/carer/unsubscribe/nearbyjobs', { payload: { token: bad } });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(INVALID_UNSUBSCRIBE_LINK);
    }
    const [eli] = await db().select({ optedOut: workerProfiles.jobAlertsOptedOutAt }).from(workerProfiles).where(eq(workerProfiles.userId, workers.Eli?.id ?? ''));
    expect(eli?.optedOut).toBeNull();
    const [ben] = await db().select({ optedOut: workerProfiles.jobAlertsOptedOutAt }).from(workerProfiles).where(eq(workerProfiles.userId, workers.Ben?.id ?? ''));
    expect(ben?.optedOut).toBeNull();
  });

  it('are a setting each worker can see and change (GET and PUT /api/my/job-alerts)', async () => {
    const token = workers.Eli?.token ?? '';
    expect((await call('GET', '/api/my/job-alerts', { token })).json()).toEqual({ enabled: true });
    expect((await call('PUT', '/api/my/job-alerts', { token, payload: { enabled: false } })).json()).toEqual({ enabled: false });
    expect((await call('GET', '/api/my/job-alerts', { token })).json()).toEqual({ enabled: false });
    expect((await call('PUT', '/api/my/job-alerts', { token, payload: { enabled: true } })).json()).toEqual({ enabled: true });
    const bad = await call('PUT', '/api/my/job-alerts', { token, payload: { enabled: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('enabled must be true or false');
    expect((await call('GET', '/api/my/job-alerts')).statusCode).toBe(401);
    expect((await call('GET', '/api/my/job-alerts', { token: careSeekerToken })).statusCode).toBe(403);
  });

  it('leave out deactivated accounts', async () => {
    await db().update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, workers.Ben?.id ?? ''));
    const before = (await alertsTo('Ben')).length;
    await postJob(call, careSeekerToken, { location: 'Parramatta', supportType: ['AGEDGEN'] });
    await subject.drainJobs();
    expect(await alertsTo('Ben')).toHaveLength(before);
  });
});
