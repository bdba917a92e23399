import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicantSchema,
  applicantsSchema,
  jobInvitationSchema,
  jobSchema,
  myApplicationSchema,
  myApplicationsSchema,
  myInvitationsSchema,
  myJobPostsSchema,
  suggestedWorkersSchema,
  tooManyInvitationsMessage,
} from '@tendly/domain/api/jobs';
import { notificationPageSchema } from '@tendly/domain/api/notifications';
import { myCarersSchema, shortlistSchema } from '@tendly/domain/api/search';
import { INVITATIONS_PER_HOUR } from '@tendly/domain/constants';
import { INACTIVE_PROFILE, NOT_AUTHORIZED } from '@tendly/domain/errors';
import { users } from '../../platform/db/schema/accounts';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import {
  ALREADY_APPLIED,
  ALREADY_DECLINED,
  ALREADY_INVITED,
  APPLICATION_NOT_FOUND,
  CANNOT_INVITE_TO_CLOSED_JOB,
  NOT_TAKING_APPLICATIONS,
  WORKER_NOT_AVAILABLE,
} from './job-applications-service';
import { coordinatorActingForClient, locality, postJob, signedInCareSeeker } from './test-jobs';
import { week } from '../../test-support/test-availability';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });

const MESSAGE = 'I have supported older people living with dementia for six years and live nearby.';

async function worker(firstName: string, options: { profileStatus?: 'ACTIVE' | 'INACTIVE' } = {}) {
  const newtown = await locality(db(), 'Newtown', '2042');
  const user = await createWorker(db(), {
    ...options,
    user: { firstName, lastName: 'Tester' },
    profile: { localityId: newtown.id, latitude: newtown.latitude, longitude: newtown.longitude, skills: ['DEMENTIA'], headline: `${firstName} helps` },
  });
  return signedIn(db(), user);
}

async function apply(jobId: string, token: string, message = MESSAGE) {
  return call('POST', `/api/jobs/${jobId}/applications`, { token, payload: { message } });
}

describe('applying for a job', () => {
  it('lets an active worker apply once, with a message; again is a 409', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token, { disableWorkerNotification: true });
    const ava = await worker('Ava');
    const response = await apply(job.id, ava.token);
    expect(response.statusCode).toBe(201);
    const application = myApplicationSchema.parse(response.json());
    expect(application).toMatchObject({ status: 'PENDING', message: MESSAGE, job: { id: job.id, title: job.title, hasApplied: true } });
    const again = await apply(job.id, ava.token, 'Just checking you got my application, I am still keen.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_APPLIED, code: 'CONFLICT' });

    const seen = jobSchema.parse((await call('GET', `/api/jobs/${job.id}`, { token: ava.token })).json());
    expect(seen.myApplication).toEqual({ id: application.id, status: 'PENDING' });
    const ownerView = jobSchema.parse((await call('GET', `/api/jobs/${job.id}`, { token: owner.token })).json());
    expect(ownerView.applicationCount).toBe(1);
    const mine = myApplicationsSchema.parse((await call('GET', '/api/my/applications', { token: ava.token })).json());
    expect(mine).toEqual([application]);
  });

  it('refuses a worker whose profile is inactive with the inactive-profile message (403)', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    const tom = await worker('Tom', { profileStatus: 'INACTIVE' });
    const response = await apply(job.id, tom.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' });
  });

  it('refuses applications to a closed job (409), a job that does not exist (404), and a short message (400)', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    await call('POST', `/api/jobs/${job.id}/close`, { token: owner.token });
    const bea = await worker('Bea');
    const closed = await apply(job.id, bea.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(NOT_TAKING_APPLICATIONS);
    expect((await apply('6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', bea.token)).statusCode).toBe(404);
    const open = await postJob(call, owner.token);
    const short = await apply(open.id, bea.token, 'Pick me');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ message: 'Write at least 20 characters about why you are a good fit' });
  });

  it('is for workers: 401 for visitors and 403 for care seekers', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    expect((await call('POST', `/api/jobs/${job.id}/applications`, { payload: { message: MESSAGE } })).statusCode).toBe(401);
    const refused = await apply(job.id, owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_AUTHORIZED);
    expect((await call('GET', '/api/my/applications', { token: owner.token })).statusCode).toBe(403);
  });
});

describe("the owner's applicants", () => {
  it('lists who applied, newest first, with their profile summary and distance from the job; counts them in my job posts', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token, { location: 'Marrickville' });
    const cy = await worker('Cy');
    const di = await worker('Di');
    await apply(job.id, cy.token);
    await apply(job.id, di.token, 'I would love to help your mum with her shopping and cooking.');
    const response = await call('GET', `/api/jobs/${job.id}/applications`, { token: owner.token });
    expect(response.statusCode).toBe(200);
    const applicants = applicantsSchema.parse(response.json());
    expect(applicants.map((a) => [a.worker.firstName, a.worker.lastInitial, a.status])).toEqual([
      ['Di', 'T', 'PENDING'],
      ['Cy', 'T', 'PENDING'],
    ]);
    expect(applicants[0]?.message).toBe('I would love to help your mum with her shopping and cooking.');
    expect(applicants[0]?.worker).toMatchObject({ carerId: di.user.id, suburb: 'Newtown', state: 'NSW', skills: ['DEMENTIA'] });
    expect(applicants[0]?.worker.distance).toBeGreaterThan(1_000);
    expect(applicants[0]?.worker.distance).toBeLessThan(5_000);
    expect(JSON.stringify(applicants)).not.toContain('Tester');

    // A deactivated account is not shown.
    await db().update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, cy.user.id));
    const after = applicantsSchema.parse((await call('GET', `/api/jobs/${job.id}/applications`, { token: owner.token })).json());
    expect(after.map((a) => a.worker.firstName)).toEqual(['Di']);

    const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token: owner.token })).json());
    expect(posts[0]).toMatchObject({ id: job.id, applicationCount: 2, pendingCount: 2 });
  });

  it('shortlists without an email, declines with a courteous one, and never moves a declined application again', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token, { title: 'Companionship for Mum on Mondays' });
    const eve = await worker('Eve');
    const fay = await worker('Fay');
    const eveApplication = myApplicationSchema.parse((await apply(job.id, eve.token)).json());
    const fayApplication = myApplicationSchema.parse((await apply(job.id, fay.token)).json());
    const decide = (applicationId: string, status: string) =>
      call('PATCH', `/api/jobs/${job.id}/applications/${applicationId}`, { token: owner.token, payload: { status } });

    const shortlisted = await decide(eveApplication.id, 'SHORTLISTED');
    expect(shortlisted.statusCode).toBe(200);
    expect(applicantSchema.parse(shortlisted.json())).toMatchObject({ id: eveApplication.id, status: 'SHORTLISTED', worker: { firstName: 'Eve' } });
    expect(await outboxOf(subject.app, eve.user.email)).toEqual([]);

    const declined = await decide(fayApplication.id, 'DECLINED');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('DECLINED');
    const [email, ...others] = await outboxOf(subject.app, fay.user.email);
    expect(others).toEqual([]);
    expect(email?.subject).toBe('An update on your application for "Companionship for Mum on Mondays"');
    expect(email?.text).toContain('Hi Fay,');
    expect(email?.text).toContain('Thank you for applying for "Companionship for Mum on Mondays" in Marrickville NSW.');
    expect(email?.text).toContain('/jobs/search');
    expect(email?.html).toContain('An update on your application');

    // The same decision again changes nothing and sends nothing; a declined application stays declined.
    expect((await decide(fayApplication.id, 'DECLINED')).statusCode).toBe(200);
    expect(await outboxOf(subject.app, fay.user.email)).toHaveLength(1);
    const undo = await decide(fayApplication.id, 'SHORTLISTED');
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(ALREADY_DECLINED);
    // Shortlisted, then declined, is allowed.
    expect((await decide(eveApplication.id, 'DECLINED')).json().status).toBe('DECLINED');

    const fays = myApplicationsSchema.parse((await call('GET', '/api/my/applications', { token: fay.token })).json());
    expect(fays.map((a) => a.status)).toEqual(['DECLINED']);
    const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token: owner.token })).json());
    expect(posts[0]).toMatchObject({ applicationCount: 2, pendingCount: 0 });

    const bad = await decide(eveApplication.id, 'PENDING');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be SHORTLISTED or DECLINED');
    for (const id of ['6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', 'nope']) {
      const missing = await decide(id, 'SHORTLISTED');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(APPLICATION_NOT_FOUND);
    }
    // An application to another job is not this job's.
    const otherJob = await postJob(call, owner.token);
    const elsewhere = myApplicationSchema.parse((await apply(otherJob.id, (await worker('Gus')).token)).json());
    expect((await decide(elsewhere.id, 'SHORTLISTED')).statusCode).toBe(404);
  });

  it("lets a coordinator acting for the client manage the client's applicants", async () => {
    const { aliasToken } = await coordinatorActingForClient(db(), call);
    const job = await postJob(call, aliasToken);
    const hal = await worker('Hal');
    const application = myApplicationSchema.parse((await apply(job.id, hal.token)).json());
    expect(applicantsSchema.parse((await call('GET', `/api/jobs/${job.id}/applications`, { token: aliasToken })).json())).toHaveLength(1);
    const shortlisted = await call('PATCH', `/api/jobs/${job.id}/applications/${application.id}`, { token: aliasToken, payload: { status: 'SHORTLISTED' } });
    expect(shortlisted.statusCode).toBe(200);
  });
});

describe('one shortlist, shared by applicants and My workers', () => {
  const myCarerIds = async (userId: string, token: string) =>
    myCarersSchema.parse((await call('GET', `/api/user/${userId}/my-carers`, { token })).json()).map((carer) => carer.worker.carerId);
  const shortlistIds = async (token: string) => shortlistSchema.parse((await call('GET', '/api/shortlist', { token })).json()).map((item) => item.carerId);
  const statusesOf = async (jobId: string, token: string) =>
    applicantsSchema.parse((await call('GET', `/api/jobs/${jobId}/applications`, { token })).json()).map((a) => [a.worker.firstName, a.status]);

  it('puts an applicant shortlisted from a job on the shortlist My workers shows', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    const ivy = await worker('Ivy');
    const application = myApplicationSchema.parse((await apply(job.id, ivy.token)).json());
    expect(await myCarerIds(owner.user.id, owner.token)).toEqual([]);

    const shortlisted = await call('PATCH', `/api/jobs/${job.id}/applications/${application.id}`, { token: owner.token, payload: { status: 'SHORTLISTED' } });
    expect(shortlisted.statusCode).toBe(200);
    expect(await myCarerIds(owner.user.id, owner.token)).toEqual([ivy.user.id]);
    expect(await shortlistIds(owner.token)).toEqual([ivy.user.id]);
    // The worker sees their application shortlisted.
    expect(myApplicationsSchema.parse((await call('GET', '/api/my/applications', { token: ivy.token })).json()).map((a) => a.status)).toEqual(['SHORTLISTED']);
    expect((await call('GET', `/api/jobs/${job.id}`, { token: ivy.token })).json().myApplication).toMatchObject({ status: 'SHORTLISTED' });

    // Taking them off the shortlist in My workers makes the application wait for a reply again.
    expect((await call('DELETE', `/api/shortlist/${ivy.user.id}`, { token: owner.token })).statusCode).toBe(204);
    expect(await statusesOf(job.id, owner.token)).toEqual([['Ivy', 'PENDING']]);
    const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token: owner.token })).json());
    expect(posts[0]).toMatchObject({ applicationCount: 1, pendingCount: 1 });
  });

  it('shows a worker shortlisted in My workers (or from their profile) as shortlisted among the applicants of every job', async () => {
    const owner = await signedInCareSeeker(db());
    const first = await postJob(call, owner.token, { title: 'Mornings with Mum in Marrickville' });
    const second = await postJob(call, owner.token, { title: 'Evenings with Mum in Marrickville' });
    const jay = await worker('Jay');
    const kit = await worker('Kit');
    for (const job of [first, second]) {
      await apply(job.id, jay.token);
      await apply(job.id, kit.token);
    }
    expect((await call('POST', '/api/shortlist', { token: owner.token, payload: { carerId: jay.user.id } })).statusCode).toBe(201);
    for (const job of [first, second]) expect(await statusesOf(job.id, owner.token)).toEqual([['Kit', 'PENDING'], ['Jay', 'SHORTLISTED']]);
    const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token: owner.token })).json());
    expect(posts.map((post) => post.pendingCount)).toEqual([1, 1]);

    // Shortlisting again from the applicants changes nothing; another care seeker's shortlist is their own.
    const jays = applicantsSchema.parse((await call('GET', `/api/jobs/${first.id}/applications`, { token: owner.token })).json()).find((a) => a.worker.firstName === 'Jay');
    const again = await call('PATCH', `/api/jobs/${first.id}/applications/${jays?.id ?? ''}`, { token: owner.token, payload: { status: 'SHORTLISTED' } });
    expect(again.json().status).toBe('SHORTLISTED');
    expect(await shortlistIds(owner.token)).toEqual([jay.user.id]);
    const other = await signedInCareSeeker(db());
    const theirs = await postJob(call, other.token);
    await apply(theirs.id, jay.token);
    expect(await statusesOf(theirs.id, other.token)).toEqual([['Jay', 'PENDING']]);

    // Declining is for the one job, and final there; the worker stays on the shortlist.
    const declined = await call('PATCH', `/api/jobs/${first.id}/applications/${jays?.id ?? ''}`, { token: owner.token, payload: { status: 'DECLINED' } });
    expect(declined.json().status).toBe('DECLINED');
    expect(await statusesOf(first.id, owner.token)).toEqual([['Kit', 'PENDING'], ['Jay', 'DECLINED']]);
    expect(await statusesOf(second.id, owner.token)).toEqual([['Kit', 'PENDING'], ['Jay', 'SHORTLISTED']]);
    expect(await myCarerIds(owner.user.id, owner.token)).toEqual([jay.user.id]);
  });

  it('shares the client’s one shortlist with a coordinator acting for them', async () => {
    const { client, aliasToken } = await coordinatorActingForClient(db(), call);
    const job = await postJob(call, aliasToken);
    const lou = await worker('Lou');
    const application = myApplicationSchema.parse((await apply(job.id, lou.token)).json());
    await call('PATCH', `/api/jobs/${job.id}/applications/${application.id}`, { token: aliasToken, payload: { status: 'SHORTLISTED' } });
    const clientToken = await sessionFor(db(), client.id);
    expect(await myCarerIds(client.id, clientToken)).toEqual([lou.user.id]);
    expect(await myCarerIds(client.id, aliasToken)).toEqual([lou.user.id]);
  });
});

describe('inviting workers to apply', () => {
  it('emails the worker a link to the job, once; lists it in their invitations', async () => {
    const owner = await signedInCareSeeker(db(), 'Helen');
    const job = await postJob(call, owner.token, { title: 'Help with the garden and shopping' });
    const ivy = await worker('Ivy');
    const response = await call('POST', `/api/jobs/${job.id}/invitations`, {
      token: owner.token,
      payload: { carerId: ivy.user.id, message: 'Your profile says you love gardening. Mum would adore you.' },
    });
    expect(response.statusCode).toBe(201);
    const invitation = jobInvitationSchema.parse(response.json());
    expect(invitation.carerId).toBe(ivy.user.id);

    const [email, ...others] = await outboxOf(subject.app, ivy.user.email);
    expect(others).toEqual([]);
    expect(email?.subject).toBe('Helen invited you to apply for a job on Tendly');
    expect(email?.text).toContain('Hi Ivy, Helen saw your profile on Tendly and would like you to apply for "Help with the garden and shopping" in Marrickville NSW.');
    expect(email?.text).toContain('Helen wrote: "Your profile says you love gardening. Mum would adore you."');
    expect(email?.text).toContain(`See the job and apply: ${subject.config.publicUrl}/jobs/${job.id}`);
    expect(email?.html).toContain(`href="${subject.config.publicUrl}/jobs/${job.id}"`);

    const again = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId: ivy.user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_INVITED, code: 'ALREADY_INVITED' });
    expect(await outboxOf(subject.app, ivy.user.email)).toHaveLength(1);

    const invitations = myInvitationsSchema.parse((await call('GET', '/api/my/invitations', { token: ivy.token })).json());
    expect(invitations).toEqual([
      {
        id: invitation.id,
        invitedAt: invitation.invitedAt,
        message: 'Your profile says you love gardening. Mum would adore you.',
        job: expect.objectContaining({ id: job.id, title: 'Help with the garden and shopping', hasApplied: false }),
      },
    ]);
    await apply(job.id, ivy.token);
    const afterApplying = myInvitationsSchema.parse((await call('GET', '/api/my/invitations', { token: ivy.token })).json());
    expect(afterApplying[0]?.job.hasApplied).toBe(true);
  });

  it('refuses workers who cannot be invited (404), closed jobs (409) and a bad carerId (400)', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    const inactive = await worker('Jo', { profileStatus: 'INACTIVE' });
    const careSeeker = await createUser(db());
    for (const carerId of [inactive.user.id, careSeeker.id, '6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a']) {
      const response = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WORKER_NOT_AVAILABLE);
    }
    const bad = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('carerId must be a worker id');
    await call('POST', `/api/jobs/${job.id}/close`, { token: owner.token });
    const kim = await worker('Kim');
    const closed = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId: kim.user.id } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(CANNOT_INVITE_TO_CLOSED_JOB);
    expect(await outboxOf(subject.app, kim.user.email)).toEqual([]);
    expect((await call('GET', '/api/my/invitations', { token: owner.token })).statusCode).toBe(403);
    expect((await call('GET', '/api/my/invitations')).statusCode).toBe(401);
  });

  it(`sends ${INVITATIONS_PER_HOUR} invitations an hour per account, then a 429 that says when to try again; others are not held back`, async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token, { disableWorkerNotification: true });
    const invite = (token: string, jobId: string, carerId: string) =>
      call('POST', `/api/jobs/${jobId}/invitations`, { token, payload: { carerId, message: 'Please apply.' } });
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1) {
      const invited = await createWorker(db());
      expect((await invite(owner.token, job.id, invited.id)).statusCode).toBe(201);
    }
    const last = await createWorker(db());
    const refused = await invite(owner.token, job.id, last.id);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({ message: tooManyInvitationsMessage(retryAfter), code: 'RATE_LIMITED' });
    expect(await outboxOf(subject.app, last.email)).toEqual([]);
    // Another care seeker inviting the same worker is not held back.
    const other = await signedInCareSeeker(db());
    const otherJob = await postJob(call, other.token, { disableWorkerNotification: true });
    expect((await invite(other.token, otherJob.id, last.id)).statusCode).toBe(201);
  });
});

describe('suggesting workers to invite once a job is posted (issue 31, item 5)', () => {
  /** A worker in Hobart (far from every other test's workers), with these skills and free times. */
  async function hobartWorker(firstName: string, options: { skills?: string[]; free?: Parameters<typeof week>[0]; suburb?: [string, string]; profileStatus?: 'ACTIVE' | 'INACTIVE' } = {}) {
    const [suburb, postcode] = options.suburb ?? ['Hobart', '7000'];
    const place = await locality(db(), suburb, postcode);
    const user = await createWorker(db(), {
      ...(options.profileStatus ? { profileStatus: options.profileStatus } : {}),
      user: { firstName, lastName: 'Tester' },
      profile: {
        localityId: place.id,
        latitude: place.latitude,
        longitude: place.longitude,
        skills: (options.skills ?? ['DEMENTIA']) as never,
        availability: week(options.free ?? {}),
        headline: `${firstName} helps`,
      },
    });
    return signedIn(db(), user);
  }

  const hobartJob = { location: 'Hobart TAS 7000', locationType: 'KM_25', supportType: ['DEMENTIA'], availability: week({ mon: ['morning'] }), disableWorkerNotification: true };

  it('lists the search’s best matches for the job: free at its times first, then others with the skills nearby; never the unskilled, far or inactive', async () => {
    const owner = await signedInCareSeeker(db(), 'Helen');
    const job = await postJob(call, owner.token, hobartJob);
    const ada = await hobartWorker('Ada', { free: { mon: ['morning'] } });
    const ben = await hobartWorker('Ben');
    await hobartWorker('Cal', { skills: ['COOK'], free: { mon: ['morning'] } });
    await hobartWorker('Dee', { free: { mon: ['morning'] }, suburb: ['Launceston', '7250'] });
    await hobartWorker('Eve', { free: { mon: ['morning'] }, profileStatus: 'INACTIVE' });

    const response = await call('GET', `/api/jobs/${job.id}/suggested-workers`, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const suggested = suggestedWorkersSchema.parse(response.json());
    expect(suggested.map((item) => [item.worker.firstName, item.isInvited])).toEqual([
      ['Ada', false],
      ['Ben', false],
    ]);
    expect(suggested[0]?.worker.carerId).toBe(ada.user.id);

    const invite = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId: ben.user.id } });
    expect(invite.statusCode).toBe(201);
    const after = suggestedWorkersSchema.parse((await call('GET', `/api/jobs/${job.id}/suggested-workers`, { token: owner.token })).json());
    expect(after.map((item) => [item.worker.firstName, item.isInvited])).toEqual([
      ['Ada', false],
      ['Ben', true],
    ]);

    // The worker hears about it in the product as well as by email, with a link to the job.
    const page = notificationPageSchema.parse((await call('GET', '/api/notifications', { token: ben.token })).json());
    expect(page.notifications).toEqual([
      expect.objectContaining({ kind: 'JOB_INVITATION', title: 'Helen invited you to apply for a job', link: `/jobs/${job.id}` }),
    ]);
    const [email] = await outboxOf(subject.app, ben.user.email);
    expect(email?.text).toContain(`${subject.config.publicUrl}/jobs/${job.id}`);

    // A second click sends nothing and says it was already sent.
    const again = await call('POST', `/api/jobs/${job.id}/invitations`, { token: owner.token, payload: { carerId: ben.user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_INVITED, code: 'ALREADY_INVITED' });
    expect(await outboxOf(subject.app, ben.user.email)).toHaveLength(1);
    const pageAgain = notificationPageSchema.parse((await call('GET', '/api/notifications', { token: ben.token })).json());
    expect(pageAgain.notifications).toHaveLength(1);

    // A closed job suggests nobody.
    await call('POST', `/api/jobs/${job.id}/close`, { token: owner.token });
    expect((await call('GET', `/api/jobs/${job.id}/suggested-workers`, { token: owner.token })).json()).toEqual([]);
  });

  it('asks the search for the gender the job asks for', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token, { ...hobartJob, location: 'Sandy Bay TAS 7005', gender: 'FEMALE' });
    const fay = await hobartWorker('Fay', { suburb: ['Sandy Bay', '7005'], free: { mon: ['morning'] } });
    await db().update(workerProfiles).set({ gender: 'FEMALE' }).where(eq(workerProfiles.userId, fay.user.id));
    const gus = await hobartWorker('Gus', { suburb: ['Sandy Bay', '7005'], free: { mon: ['morning'] } });
    await db().update(workerProfiles).set({ gender: 'MALE' }).where(eq(workerProfiles.userId, gus.user.id));
    const suggested = suggestedWorkersSchema.parse((await call('GET', `/api/jobs/${job.id}/suggested-workers`, { token: owner.token })).json());
    const ids = suggested.map((item) => item.worker.carerId);
    expect(ids).toContain(fay.user.id);
    expect(ids).not.toContain(gus.user.id);
  });

  it('lets the owner’s coordinator (acting for them) see and invite; refuses anonymous (401), workers, other care seekers and the coordinator’s own session (403)', async () => {
    const { aliasToken, coordinatorToken } = await coordinatorActingForClient(db(), call);
    const job = await postJob(call, aliasToken, hobartJob);
    const ida = await hobartWorker('Ida', { free: { mon: ['morning'] } });
    const suggestions = `/api/jobs/${job.id}/suggested-workers`;
    const invitations = `/api/jobs/${job.id}/invitations`;

    const seen = await call('GET', suggestions, { token: aliasToken });
    expect(seen.statusCode).toBe(200);
    expect(suggestedWorkersSchema.parse(seen.json()).map((item) => item.worker.carerId)).toContain(ida.user.id);

    const stranger = await signedInCareSeeker(db(), 'Sam');
    const otherCoordinator = await coordinatorActingForClient(db(), call);
    const refusals: [string | undefined, number][] = [
      [undefined, 401],
      [ida.token, 403],
      [stranger.token, 403],
      [coordinatorToken, 403],
      [otherCoordinator.aliasToken, 403],
    ];
    for (const [token, status] of refusals) {
      const options = token ? { token } : {};
      const list = await call('GET', suggestions, options);
      expect(list.statusCode, `GET as ${token ?? 'anonymous'}`).toBe(status);
      expect(list.body).not.toContain(ida.user.id);
      const invite = await call('POST', invitations, { ...options, payload: { carerId: ida.user.id } });
      expect(invite.statusCode, `POST as ${token ?? 'anonymous'}`).toBe(status);
    }
    expect(await outboxOf(subject.app, ida.user.email)).toEqual([]);
    expect((await call('GET', '/api/jobs/6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a/suggested-workers', { token: aliasToken })).statusCode).toBe(404);

    const invited = await call('POST', invitations, { token: aliasToken, payload: { carerId: ida.user.id } });
    expect(invited.statusCode).toBe(201);
    expect(await outboxOf(subject.app, ida.user.email)).toHaveLength(1);
  });
});
