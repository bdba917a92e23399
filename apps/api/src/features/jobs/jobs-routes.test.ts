import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  jobPrivateFieldNames,
  jobSchema,
  jobSearchResultsSchema,
  myJobPostsSchema,
  tooManyJobPostsMessage,
  type Job,
} from '@tendly/domain/api/jobs';
import { JOB_POSTS_PER_DAY } from '@tendly/domain/constants';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { jobs } from '../../platform/db/schema/jobs';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createWorker, sessionFor } from '../auth/test-factories';
import { JOB_ALERTS_JOB } from './job-alert-queue';
import { JOB_NOT_FOUND } from './jobs-service';
import { coordinatorActingForClient, jobDraft, postJob, signedInCareSeeker } from './test-jobs';

const { call, db } = useTestApp({ database: { referenceData: true } });

async function getJob(jobId: string, token?: string): Promise<Job> {
  const response = await call('GET', `/api/jobs/${jobId}`, token ? { token } : {});
  expect(response.statusCode, response.body).toBe(200);
  return jobSchema.parse(response.json());
}

const privateFields = {
  clientName: 'Margaret Smith',
  invoiceDescription: 'Support for Margaret Smith, NDIS 4301234567',
  addressForInvoice: '12 Church Street, Parramatta NSW 2150',
  medicationRequired: true,
  medicationDetails: 'Reminders for blood pressure tablets at 8 am',
  practitionerName: 'Dr Anh Nguyen',
  practitionerPhone: '0298765432',
  practitionerEmail: 'anh.nguyen@example.com',
};

describe('POST /api/jobs: what a job needs', () => {
  const required: [field: string, message: string][] = [
    ['draftId', 'draftId must be a UUID'],
    ['supportCategory', 'Choose the kind of support needed'],
    ['supportType', 'Choose at least one type of support'],
    ['careFor', 'Tell us who the support is for'],
    ['location', 'Enter the suburb or postcode where support is needed'],
    ['availability', 'Choose at least one day and time'],
    ['title', 'Give your job a title'],
    ['htmlDescription', 'Describe the support needed'],
  ];

  it.each(required)('refuses a job without %s: 400 with "%s" on that field', async (field, message) => {
    const { token } = await signedInCareSeeker(db());
    const payload = jobDraft();
    delete payload[field];
    const response = await call('POST', '/api/jobs', { token, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION', errors: { [field]: message } });
  });

  const invalid: [what: string, overrides: Record<string, unknown>, field: string, message: string][] = [
    ['an empty list of support types', { supportType: [] }, 'supportType', 'Choose at least one type of support'],
    ['no time of any day', { availability: {} }, 'availability', 'Choose at least one day and time'],
    ['a blank location', { location: '   ' }, 'location', 'Enter the suburb or postcode where support is needed'],
    ['a short title', { title: 'Help' }, 'title', 'Title must be at least 10 characters'],
    ['a description of a few words', { htmlDescription: '<p>Help please</p>' }, 'htmlDescription', 'Describe the support needed in at least 30 characters'],
    ['a job for a client without the poster’s role', { careFor: 'Client' }, 'searcherRole', 'Tell us your role'],
    ['medication help without details', { medicationRequired: true }, 'medicationDetails', 'Tell the worker what help with medication is needed'],
    ['a rate under $20', { hourlyRate: 1500 }, 'hourlyRate', 'Enter an hourly rate between $20 and $300'],
    ['a made-up NDIS item', { ndisFundingCode: '123' }, 'ndisFundingCode', 'Enter an NDIS support item number, such as 01_011_0107_1_1'],
  ];

  it.each(invalid)('refuses %s', async (_what, overrides, field, message) => {
    const { token } = await signedInCareSeeker(db());
    const response = await call('POST', '/api/jobs', { token, payload: jobDraft(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[field]).toBe(message);
  });

  it('refuses a description that is too short once its markup is cleaned away', async () => {
    const { token } = await signedInCareSeeker(db());
    const htmlDescription = '<p>Short</p><script>var padding = "enough characters to pass the length check";</script>';
    const response = await call('POST', '/api/jobs', { token, payload: jobDraft({ htmlDescription }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ htmlDescription: 'Describe the support needed in at least 30 characters' });
  });

  it('refuses a place it cannot find, with the message on location (and a suggestion when one is close)', async () => {
    const { token } = await signedInCareSeeker(db());
    const response = await call('POST', '/api/jobs', { token, payload: jobDraft({ location: 'Marickville' }) });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors.location).toBe(body.message);
    expect(body.message).toMatch(/^We could not find "Marickville"\. Did you mean Marrickville NSW 2204\?/);
    expect(body.places).toEqual([{ suburb: 'Marrickville', state: 'NSW', postcode: '2204' }]);
    const nowhere = await call('POST', '/api/jobs', { token, payload: jobDraft({ location: 'Qwxzy' }) });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors.location).toBe('We could not find "Qwxzy". Try a suburb name or a postcode.');
  });

  it('asks which place is meant when several share the name, and posts in the one chosen', async () => {
    const { token } = await signedInCareSeeker(db());
    const response = await call('POST', '/api/jobs', { token, payload: jobDraft({ location: 'Springfield' }) });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('AMBIGUOUS_PLACE');
    expect(body.errors.location).toMatch(/^There are 9 places called Springfield\. Which one do you mean\?/);
    expect(body.places).toContainEqual({ suburb: 'Springfield', state: 'QLD', postcode: '4300' });
    const chosen = await call('POST', '/api/jobs', { token, payload: jobDraft({ location: 'Springfield QLD 4300' }) });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().place).toEqual({ suburb: 'Springfield', state: 'QLD', postcode: '4300' });
  });
});

describe('POST /api/jobs: posting', () => {
  it('posts with the defaults of spec section 9, in the place the text names, for the signed-in care seeker', async () => {
    const { user, token } = await signedInCareSeeker(db(), 'Helen');
    const response = await call('POST', '/api/jobs', { token, payload: jobDraft() });
    expect(response.statusCode).toBe(201);
    const job = jobSchema.parse(response.json());
    expect(job).toMatchObject({
      status: 'OPEN',
      closedAt: null,
      postedBy: 'Helen',
      place: { suburb: 'Marrickville', state: 'NSW', postcode: '2204' },
      location: 'Marrickville',
      locationType: 'ANY',
      restrictivePractices: 'UNSURE',
      payingForCareType: 'NONE',
      isGoalVisible: true,
      gender: 'ANY',
      experience: 'ANY',
      tasks: [],
      other_requirements: [],
      languages: [],
      medicationRequired: false,
      behaviourOfConcern: false,
      hourlyRate: null,
      approxStartDate: null,
      searcherRole: null,
      disableWorkerNotification: false,
      disableJobBoardPosting: false,
      isOwner: true,
      applicationCount: 0,
      summary: 'Mum is 84 and lives on her own. She would love help with the shopping, some cooking and a good chat.',
    });
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ ownerId: user.id, postedByUserId: user.id, status: 'OPEN' });
    expect(row?.availableDays).toEqual(['mon', 'thu']);
  });

  it('keeps every field it was given, and reads a postcode or "suburb STATE" as a place', async () => {
    const { token } = await signedInCareSeeker(db());
    const everyField = {
      location: '2150',
      careFor: 'Client',
      searcherRole: 'Support Coordinator',
      locationType: 'KM_10',
      approxHoursPerDay: 3,
      approxHoursPerWeek: 12,
      approxStartDate: '2027-02-01',
      gender: 'FEMALE',
      experience: 'YEARS_3',
      tasks: ['COOK', 'CTS'],
      other_requirements: ['HDL'],
      languages: ['el'],
      behaviourOfConcern: true,
      restrictivePractices: 'NO',
      goal: 'Get back to the Thursday bowls club',
      isGoalVisible: false,
      payingForCareType: 'NDIS_PLAN_MANAGED',
      hourlyRate: 6500,
      ndisFundingCode: '01_011_0107_1_1',
      disableJobBoardPosting: true,
      referralId: 'ref-42',
      ...privateFields,
    };
    const job = await postJob(call, token, everyField);
    expect(job).toMatchObject({ place: { suburb: 'Parramatta', state: 'NSW', postcode: '2150' }, ...everyField });
    const fitzroy = await postJob(call, token, { location: 'fitzroy vic' });
    expect(fitzroy.place).toEqual({ suburb: 'Fitzroy', state: 'VIC', postcode: '3065' });
  });

  it('posts a retried draft once: the same draftId again answers 200 with the same job and queues no second alert', { tags: ['drivers'] }, async () => {
    const { user, token } = await signedInCareSeeker(db());
    const payload = jobDraft();
    const first = await call('POST', '/api/jobs', { token, payload });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/jobs', { token, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    // Even a changed retry of the same draft is the job already posted.
    const changed = await call('POST', '/api/jobs', { token, payload: { ...payload, title: 'Another title for the same draft' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: first.json().id, title: payload.title });
    // Two at once still make one job.
    const racing = jobDraft();
    const [a, b] = await Promise.all([call('POST', '/api/jobs', { token, payload: racing }), call('POST', '/api/jobs', { token, payload: racing })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.ownerId, user.id))).toHaveLength(2);
    const alerts = await db().select().from(backgroundJobs).where(eq(backgroundJobs.type, JOB_ALERTS_JOB));
    const forFirst = alerts.filter((job) => (job.payload as { jobId: string }).jobId === first.json().id);
    expect(forFirst).toHaveLength(1);
    // The same draftId from someone else is their own job.
    const other = await signedInCareSeeker(db());
    const theirs = await call('POST', '/api/jobs', { token: other.token, payload });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it('queues no alert when the poster turned worker notifications off', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token, { disableWorkerNotification: true });
    const alerts = await db().select().from(backgroundJobs).where(eq(backgroundJobs.type, JOB_ALERTS_JOB));
    expect(alerts.some((row) => (row.payload as { jobId: string }).jobId === job.id)).toBe(false);
  });

  it("lets a coordinator acting for a client post for the client, recording who really posted", async () => {
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    const job = await postJob(call, aliasToken, { careFor: 'Client', searcherRole: 'Support Coordinator', ...privateFields });
    expect(job).toMatchObject({ postedBy: 'Clara', isOwner: true, clientName: privateFields.clientName });
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ ownerId: client.id, postedByUserId: coordinator.id });
    const clientToken = await sessionFor(db(), client.id);
    expect(await getJob(job.id, clientToken)).toMatchObject({ isOwner: true, clientName: privateFields.clientName });
    const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token: clientToken })).json());
    expect(posts.map((post) => post.id)).toEqual([job.id]);
  });

  it('is for care seekers: 401 for visitors, 403 for workers and for coordinators not acting for a client', async () => {
    const anonymous = await call('POST', '/api/jobs', { payload: jobDraft() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    const worker = await createWorker(db());
    const coordinator = await createCoordinator(db());
    for (const token of [await sessionFor(db(), worker.id), await sessionFor(db(), coordinator.id)]) {
      const refused = await call('POST', '/api/jobs', { token, payload: jobDraft() });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(NOT_AUTHORIZED);
    }
  });
});

describe('POST /api/jobs: the daily limit', () => {
  it(`posts ${JOB_POSTS_PER_DAY} new jobs a day per account, then a 429 that says when to try again; retries and others are not held back`, async () => {
    const owner = await signedInCareSeeker(db());
    const drafts = Array.from({ length: JOB_POSTS_PER_DAY }, () => jobDraft({ disableWorkerNotification: true }));
    for (const draft of drafts) expect((await call('POST', '/api/jobs', { token: owner.token, payload: draft })).statusCode).toBe(201);
    const refused = await call('POST', '/api/jobs', { token: owner.token, payload: jobDraft() });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(refused.json()).toEqual({ message: tooManyJobPostsMessage(retryAfter), code: 'RATE_LIMITED' });
    expect(await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.ownerId, owner.user.id))).toHaveLength(JOB_POSTS_PER_DAY);
    // A retry of a draft already posted still answers its job: it posts nothing and emails nobody.
    const retried = await call('POST', '/api/jobs', { token: owner.token, payload: drafts[0] });
    expect(retried.statusCode).toBe(200);
    // Another care seeker is not held back.
    const other = await signedInCareSeeker(db());
    expect((await call('POST', '/api/jobs', { token: other.token, payload: jobDraft() })).statusCode).toBe(201);
  });
});

describe('the description is cleaned on the server', () => {
  const words = '<p>We need a kind and patient support worker for weekday mornings.</p>';
  /** Script-injection payloads: tags, event handlers, dangerous URLs, and encoded variants of them. */
  const payloads: [name: string, html: string][] = [
    ['a script tag', '<script>alert(document.cookie)</script>'],
    ['a script tag in odd case with attributes', '<ScRiPt type="text/javascript" src="https://evil.example/x.js"></ScRiPt>'],
    ['an image with onerror', '<img src="x" onerror="alert(1)">'],
    ['svg with onload', '<svg onload="alert(1)"><circle r="10"></circle></svg>'],
    ['svg with a script inside', '<svg><script>alert(1)</script></svg>'],
    ['an iframe of a javascript: URL', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an iframe of a data: URL', '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>'],
    ['a javascript: link', '<a href="javascript:alert(1)">Read more</a>'],
    ['a JavaScript: link in mixed case with spaces', '<a href="  JaVaScRiPt:alert(1)">Read more</a>'],
    ['an entity-encoded javascript: link', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">Read more</a>'],
    ['a hex-encoded javascript: link with a tab', '<a href="java&#x09;script:alert(1)">Read more</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">Open</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">Open</a>'],
    ['an onclick on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">Hover me</p>'],
    ['a style expression', '<p style="width: expression(alert(1)); background: url(javascript:alert(1))">Styled</p>'],
    ['a style element', '<style>body { background: url("javascript:alert(1)") }</style>'],
    ['an object and an embed', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
    ['a form with a javascript: action', '<form action="javascript:alert(1)"><button>Go</button></form>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['a body onload', '<body onload="alert(1)">'],
    ['a broken-up script tag', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
    ['a protocol-relative link', '<a href="//evil.example/">Evil</a>'],
  ];

  function expectSafe(html: string) {
    expect(html).not.toMatch(/<\s*(script|iframe|svg|img|style|object|embed|form|meta|body|button)\b/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:|expression\(/i);
    expect(html).not.toMatch(/style=/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
  }

  it.each(payloads)('removes %s', async (_name, payload) => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token, { htmlDescription: `${words}${payload}` });
    expectSafe(job.htmlDescription);
    expect(job.htmlDescription.startsWith(words)).toBe(true);
    expect(job.summary).not.toMatch(/<\s*script|javascript:|document\.cookie/i);
    expectSafe((await getJob(job.id)).htmlDescription);
  });

  it('keeps basic formatting and safe links, and marks links noopener noreferrer nofollow', async () => {
    const { token } = await signedInCareSeeker(db());
    const htmlDescription =
      '<h2>About Mum</h2><p>She loves <b>gardening</b> and <i>old films</i>.<br>Call first.</p>' +
      '<ul><li>Shopping</li><li>Cooking</li></ul><ol><li>One</li></ol><h4>More</h4>' +
      '<p><a href="https://www.example.com/care-plan" target="_blank" rel="opener">Care plan</a> or <a href="mailto:helen@example.com">email me</a>.</p>';
    const job = await postJob(call, token, { htmlDescription });
    expect(job.htmlDescription).toBe(
      '<h3>About Mum</h3><p>She loves <strong>gardening</strong> and <em>old films</em>.<br />Call first.</p>' +
        '<ul><li>Shopping</li><li>Cooking</li></ul><ol><li>One</li></ol><h4>More</h4>' +
        '<p><a href="https://www.example.com/care-plan" rel="noopener noreferrer nofollow">Care plan</a> or ' +
        '<a href="mailto:helen@example.com" rel="noopener noreferrer nofollow">email me</a>.</p>',
    );
    // The summary keeps a line per block, so list items do not run together.
    expect(job.summary).toBe('About Mum\nShe loves gardening and old films.\nCall first.\nShopping\nCooking\nOne\nMore\nCare plan or email me.');
  });

  it('keeps text that only looks like markup as text', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token, { htmlDescription: `${words}<p>&lt;script&gt;alert(1)&lt;/script&gt; 5 &lt; 6 &amp; 7 &gt; 2</p>` });
    expect(job.htmlDescription).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 5 &lt; 6 &amp; 7 &gt; 2');
    expect(job.htmlDescription).not.toMatch(/<script/i);
  });

  it('cleans a changed description too', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token);
    const response = await call('PUT', `/api/jobs/${job.id}`, {
      token,
      payload: { ...jobDraft(), htmlDescription: `${words}<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>` },
    });
    expect(response.statusCode).toBe(200);
    expectSafe(jobSchema.parse(response.json()).htmlDescription);
  });
});

describe('GET /api/jobs/{jobId}', () => {
  it('shows the private fields and a hidden goal to the owner only', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token, { ...privateFields, goal: 'Walk to the park again', isGoalVisible: false });
    const mine = await getJob(job.id, owner.token);
    expect(mine).toMatchObject({ ...privateFields, goal: 'Walk to the park again', isOwner: true, applicationCount: 0 });

    const other = await signedInCareSeeker(db());
    const worker = await createWorker(db());
    const coordinator = await createCoordinator(db());
    const viewers = [undefined, other.token, await sessionFor(db(), worker.id), await sessionFor(db(), coordinator.id)];
    for (const token of viewers) {
      const response = await call('GET', `/api/jobs/${job.id}`, token ? { token } : {});
      expect(response.statusCode).toBe(200);
      const body = response.json();
      for (const field of [...jobPrivateFieldNames, 'applicationCount']) expect(body, `${field} for ${token ?? 'a visitor'}`).not.toHaveProperty(field);
      expect(body).toMatchObject({ isOwner: false, goal: '', isGoalVisible: false, medicationRequired: true, title: job.title });
      expect(response.body).not.toContain('Margaret Smith');
      expect(response.body).not.toContain('blood pressure');
    }
    // A visible goal is for everyone.
    const visible = await postJob(call, owner.token, { goal: 'Make new friends', isGoalVisible: true });
    expect((await getJob(visible.id)).goal).toBe('Make new friends');
  });

  it('says who really posted a job a coordinator posted for a client to the client and that coordinator, and to no one else', async () => {
    const { coordinator, client, coordinatorToken, aliasToken } = await coordinatorActingForClient(db(), call);
    const job = await postJob(call, aliasToken, { careFor: 'Client', searcherRole: 'Support Coordinator' });
    const clientToken = await sessionFor(db(), client.id);
    const byCoordinator = { postedBy: 'Clara', postedByCoordinator: 'Cora Coordinator' };

    // The client (owner) and the coordinator, acting for them or in their own session.
    expect(job).toMatchObject(byCoordinator);
    for (const token of [clientToken, aliasToken, coordinatorToken]) expect(await getJob(job.id, token)).toMatchObject(byCoordinator);
    for (const token of [clientToken, aliasToken]) {
      const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token })).json());
      expect(posts.map((post) => [post.postedBy, post.postedByCoordinator])).toEqual([['Clara', 'Cora Coordinator']]);
    }

    // Workers, the public, other care seekers and other coordinators see the client's name only.
    const worker = await createWorker(db());
    const workerToken = await sessionFor(db(), worker.id);
    const others = [undefined, workerToken, (await signedInCareSeeker(db())).token, await sessionFor(db(), (await createCoordinator(db(), { firstName: 'Olive' })).id)];
    for (const token of others) {
      const response = await call('GET', `/api/jobs/${job.id}`, token ? { token } : {});
      expect(response.statusCode).toBe(200);
      expect(response.json(), token ?? 'a visitor').not.toHaveProperty('postedByCoordinator');
      expect(response.json().postedBy).toBe('Clara');
      expect(response.body).not.toContain(coordinator.firstName);
    }
    const board = await call('GET', '/api/jobs/search?location=Marrickville', { token: workerToken });
    expect(board.statusCode).toBe(200);
    expect(jobSearchResultsSchema.parse(board.json()).find((summary) => summary.id === job.id)?.postedBy).toBe('Clara');
    expect(board.body).not.toContain(coordinator.firstName);
  });

  it('names no coordinator on a job its owner posted themself', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    expect(job.postedByCoordinator).toBeNull();
    const posts = myJobPostsSchema.parse((await call('GET', '/api/my/job-posts', { token: owner.token })).json());
    expect(posts[0]?.postedByCoordinator).toBeNull();
    expect(await getJob(job.id)).not.toHaveProperty('postedByCoordinator');
  });

  it('gives a signed-in worker their application (null before applying)', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    const worker = await createWorker(db());
    const token = await sessionFor(db(), worker.id);
    expect((await getJob(job.id, token)).myApplication).toBeNull();
    expect((await getJob(job.id)).myApplication).toBeUndefined();
  });

  it('answers 404 for a job that does not exist', async () => {
    for (const id of ['6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', 'not-an-id']) {
      const response = await call('GET', `/api/jobs/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(JOB_NOT_FOUND);
    }
  });
});

describe('PUT /api/jobs/{jobId} and POST /api/jobs/{jobId}/close', () => {
  it('lets the owner change the job, then close it; a closed job can be neither changed nor closed again (409)', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token);
    const changes = jobDraft({ title: 'Cheerful help for Mum on Mondays', location: 'Newtown NSW', payingForCareType: 'PRIVATE', hourlyRate: 5200 });
    delete changes.draftId;
    const updated = await call('PUT', `/api/jobs/${job.id}`, { token, payload: changes });
    expect(updated.statusCode).toBe(200);
    const after = jobSchema.parse(updated.json());
    expect(after).toMatchObject({
      id: job.id,
      title: 'Cheerful help for Mum on Mondays',
      place: { suburb: 'Newtown', state: 'NSW', postcode: '2042' },
      payingForCareType: 'PRIVATE',
      hourlyRate: 5200,
      postedAt: job.postedAt,
    });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(job.updatedAt).getTime());

    const closed = await call('POST', `/api/jobs/${job.id}/close`, { token });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'CLOSED' });
    expect(closed.json().closedAt).toEqual(expect.any(String));
    const again = await call('POST', `/api/jobs/${job.id}/close`, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This job is already closed.', code: 'CONFLICT' });
    const change = await call('PUT', `/api/jobs/${job.id}`, { token, payload: changes });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('This job is closed, so it can no longer be changed.');
  });

  it('validates a change like a new job', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token);
    const response = await call('PUT', `/api/jobs/${job.id}`, { token, payload: jobDraft({ title: '' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ title: 'Give your job a title' });
    const unknown = await call('PUT', `/api/jobs/${job.id}`, { token, payload: jobDraft({ location: 'Qwxzy' }) });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['location']);
  });

  it('is for the owner only: 403 for another care seeker, a worker or a coordinator not acting for the owner; 401 for visitors', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    const other = await signedInCareSeeker(db());
    const worker = await createWorker(db());
    const { aliasToken } = await coordinatorActingForClient(db(), call);
    const coordinator = await createCoordinator(db());
    const calls = [
      ['PUT', `/api/jobs/${job.id}`, jobDraft()],
      ['POST', `/api/jobs/${job.id}/close`, undefined],
      ['POST', `/api/jobs/${job.id}/reopen`, undefined],
      ['GET', `/api/jobs/${job.id}/applications`, undefined],
      ['POST', `/api/jobs/${job.id}/invitations`, { carerId: worker.id }],
      ['PATCH', `/api/jobs/${job.id}/applications/6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a`, { status: 'SHORTLISTED' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, { payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const token of [other.token, await sessionFor(db(), worker.id), aliasToken, await sessionFor(db(), coordinator.id)]) {
        const refused = await call(method, url, { token, payload });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json().message).toBe(NOT_AUTHORIZED);
      }
    }
    expect((await getJob(job.id, owner.token)).status).toBe('OPEN');
    const missing = await call('POST', '/api/jobs/6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a/close', { token: owner.token });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/jobs/{jobId}/reopen', () => {
  const alertsFor = async (jobId: string) =>
    (await db().select().from(backgroundJobs).where(eq(backgroundJobs.type, JOB_ALERTS_JOB))).filter(
      (row) => (row.payload as { jobId: string }).jobId === jobId,
    );
  const onBoard = async (jobId: string, workerToken: string) => {
    const response = await call('GET', '/api/jobs/search?location=Marrickville', { token: workerToken });
    expect(response.statusCode, response.body).toBe(200);
    return jobSearchResultsSchema.parse(response.json()).some((job) => job.id === jobId);
  };

  it('puts a closed job back on the board, taking applications, with its alerts queued again as when it was posted', async () => {
    const { token } = await signedInCareSeeker(db());
    const worker = await createWorker(db());
    const workerToken = await sessionFor(db(), worker.id);
    const job = await postJob(call, token);
    expect(await alertsFor(job.id)).toHaveLength(1);
    expect((await call('POST', `/api/jobs/${job.id}/close`, { token })).statusCode).toBe(200);
    expect(await onBoard(job.id, workerToken)).toBe(false);

    const reopened = await call('POST', `/api/jobs/${job.id}/reopen`, { token });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const after = jobSchema.parse(reopened.json());
    expect(after).toMatchObject({ id: job.id, status: 'OPEN', closedAt: null, postedAt: job.postedAt, isOwner: true });
    expect(await onBoard(job.id, workerToken)).toBe(true);
    expect(await alertsFor(job.id)).toHaveLength(2);
    const applied = await call('POST', `/api/jobs/${job.id}/applications`, {
      token: workerToken,
      payload: { message: 'I would be glad to help your mum with shopping and cooking.' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await getJob(job.id, token)).status).toBe('OPEN');
  });

  it('queues no alert for a job whose poster turned worker notifications off', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token, { disableWorkerNotification: true });
    await call('POST', `/api/jobs/${job.id}/close`, { token });
    expect((await call('POST', `/api/jobs/${job.id}/reopen`, { token })).statusCode).toBe(200);
    expect(await alertsFor(job.id)).toEqual([]);
  });

  it('refuses an open job and a filled one (409), and a job that does not exist (404)', async () => {
    const { token } = await signedInCareSeeker(db());
    const job = await postJob(call, token);
    const open = await call('POST', `/api/jobs/${job.id}/reopen`, { token });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ message: 'This job is already open.', code: 'CONFLICT' });
    await db().update(jobs).set({ status: 'FILLED' }).where(eq(jobs.id, job.id));
    const filled = await call('POST', `/api/jobs/${job.id}/reopen`, { token });
    expect(filled.statusCode).toBe(409);
    expect(filled.json().message).toBe('This job has been filled, so it cannot be reopened.');
    expect((await call('POST', '/api/jobs/6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a/reopen', { token })).statusCode).toBe(404);
    expect((await call('POST', '/api/jobs/not-a-job/reopen', { token })).statusCode).toBe(404);
  });

  it('lets a coordinator acting for the client reopen the client’s job', async () => {
    const { client, aliasToken } = await coordinatorActingForClient(db(), call);
    const job = await postJob(call, aliasToken);
    const clientToken = await sessionFor(db(), client.id);
    expect((await call('POST', `/api/jobs/${job.id}/close`, { token: clientToken })).statusCode).toBe(200);
    const reopened = await call('POST', `/api/jobs/${job.id}/reopen`, { token: aliasToken });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await getJob(job.id, clientToken)).status).toBe('OPEN');
  });

  it('is for the owner only: 401 anonymous, 403 for a worker, a coordinator, or another care seeker; the job stays closed', async () => {
    const owner = await signedInCareSeeker(db());
    const job = await postJob(call, owner.token);
    await call('POST', `/api/jobs/${job.id}/close`, { token: owner.token });
    const anonymous = await call('POST', `/api/jobs/${job.id}/reopen`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    const worker = await createWorker(db());
    const coordinator = await createCoordinator(db());
    const other = await signedInCareSeeker(db());
    const { aliasToken } = await coordinatorActingForClient(db(), call);
    for (const token of [await sessionFor(db(), worker.id), await sessionFor(db(), coordinator.id), other.token, aliasToken]) {
      const refused = await call('POST', `/api/jobs/${job.id}/reopen`, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: NOT_AUTHORIZED, code: 'FORBIDDEN' });
    }
    expect((await getJob(job.id, owner.token)).status).toBe('CLOSED');
  });
});

describe('GET /api/my/job-posts', () => {
  it("lists the care seeker's own jobs, newest first, open or closed, with applicant counts", async () => {
    const { token } = await signedInCareSeeker(db());
    const first = await postJob(call, token, { title: 'The first job of this care seeker' });
    const second = await postJob(call, token, { title: 'The second job of this care seeker', disableJobBoardPosting: true });
    await call('POST', `/api/jobs/${first.id}/close`, { token });
    await postJob(call, (await signedInCareSeeker(db())).token, { title: 'Somebody else’s job entirely' });
    const response = await call('GET', '/api/my/job-posts', { token });
    expect(response.statusCode).toBe(200);
    const posts = myJobPostsSchema.parse(response.json());
    expect(posts.map((post) => [post.title, post.status, post.applicationCount, post.pendingCount, post.disableJobBoardPosting])).toEqual([
      ['The second job of this care seeker', 'OPEN', 0, 0, true],
      ['The first job of this care seeker', 'CLOSED', 0, 0, false],
    ]);
    expect(posts[0]).toMatchObject({ id: second.id, distance: null, place: { suburb: 'Marrickville' }, days: ['mon', 'thu'] });
    const worker = await createWorker(db());
    expect((await call('GET', '/api/my/job-posts', { token: await sessionFor(db(), worker.id) })).statusCode).toBe(403);
    expect((await call('GET', '/api/my/job-posts')).statusCode).toBe(401);
  });
});
