import { beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { createCoordinator, createUser, createWorker, randomIp, requester, sessionFor, uniqueEmail } from './features/auth/test-factories';
import { jobDraft, postJob } from './features/jobs/test-jobs';
import { workerSignup } from './test-support/sign-up-payloads';
import { useTestApp } from './test-support/test-app';

/**
 * Issue 10: a NUL character or a lone surrogate in any text of any request reached PostgreSQL and
 * came back as a 500. Every route family is walked here: each text field of each body, query
 * string and path gets each bad character in turn, and must answer 400 with the field's message.
 */

const { subject } = useTestApp({ database: { referenceData: true } });
let careSeeker: string;
let worker: string;
let workerId: string;
let coordinator: string;
let jobId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const BAD_CHARACTERS = { NUL: '\u0000', 'a lone surrogate': '\uD800', 'a vertical tab': '\u000B' } as const;

function setPath(target: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!head) return target;
  if (rest.length === 0) return { ...target, [head]: value };
  const inner = (target[head] ?? {}) as Record<string, unknown>;
  return { ...target, [head]: setPath(inner, rest.join('.'), value) };
}

function getPath(target: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], target);
}

interface BodyCase {
  route: string;
  method: Method;
  url: () => string;
  token?: () => string;
  body: () => Record<string, unknown>;
  /** Free-text fields: refused with the unsafe-text message. */
  text: string[];
  /** Fields with a format (an email, a phone number, an id): refused with their own message. */
  formatted?: string[];
}

// The state as its code, where the sign-up tests spell it out.
const workerSignupWithStateCode = () => workerSignup({ state: 'NSW' });

const careSeekerSignup = () => ({
  role: 'CS',
  firstName: 'Priya',
  lastName: 'Shah',
  email: uniqueEmail('cs'),
  password: 'a-long-enough-password',
  phone: '02 9999 0000',
  acceptTerms: true,
});

const person = () => ({ firstName: 'Jo', lastName: 'Citizen', email: uniqueEmail('form'), phone: '0412 345 678', role: 'FAMILY_MEMBER' });

const jobFields = [
  'location',
  'medicationDetails',
  'goal',
  'clientName',
  'invoiceDescription',
  'addressForInvoice',
  'practitionerName',
  'title',
  'htmlDescription',
  'referralId',
];

const bodyCases: BodyCase[] = [
  {
    route: 'POST /api/signup (worker)',
    method: 'POST',
    url: () => '/api/signup',
    body: workerSignupWithStateCode,
    text: ['firstName', 'lastName', 'address', 'suburb'],
    formatted: ['email', 'phone', 'state', 'postcode'],
  },
  {
    route: 'POST /api/signup (support coordinator)',
    method: 'POST',
    url: () => '/api/signup',
    body: () => ({ ...careSeekerSignup(), role: 'SUPPORT', organisation: 'Bright Plan Co' }),
    text: ['firstName', 'lastName', 'organisation'],
  },
  { route: 'POST /api/signin', method: 'POST', url: () => '/api/signin', body: () => ({ email: uniqueEmail(), password: 'x' }), text: [], formatted: ['email'] },
  { route: 'POST /api/auth/forgot', method: 'POST', url: () => '/api/auth/forgot', body: () => ({ email: uniqueEmail() }), text: [], formatted: ['email'] },
  {
    route: 'POST /api/auth/reset',
    method: 'POST',
    url: () => '/api/auth/reset',
    body: () => ({ email: uniqueEmail(), password: 'a-long-enough-password', verificationToken: 'abc' }),
    text: ['verificationToken'],
  },
  {
    route: 'POST /api/forms/feedback',
    method: 'POST',
    url: () => '/api/forms/feedback',
    body: () => ({ ...person(), details: 'The worker was wonderful with Mum.' }),
    text: ['firstName', 'lastName', 'details'],
    formatted: ['email', 'phone'],
  },
  {
    route: 'POST /api/forms/feedback (anonymous)',
    method: 'POST',
    url: () => '/api/forms/feedback',
    body: () => ({ anonymous: true, role: 'WORKER', details: 'Something to tell you.' }),
    text: ['details'],
  },
  {
    route: 'POST /api/forms/complaint',
    method: 'POST',
    url: () => '/api/forms/complaint',
    body: () => ({ ...person(), details: 'The worker arrived an hour late twice.' }),
    text: ['location', 'involved', 'details', 'actionTaken', 'favourableOutcome'],
    formatted: ['dateOfIncident'],
  },
  {
    route: 'POST /api/forms/incident',
    method: 'POST',
    url: () => '/api/forms/incident',
    body: () => ({ ...person(), dateOfIncident: '2025-03-01', timeOfIncident: '14:30', location: 'Client home', details: 'A fall in the bathroom.' }),
    text: ['location', 'witnesses', 'involved', 'details', 'injuries', 'concerns', 'actionTaken', 'favourableOutcome'],
    formatted: ['dateOfIncident', 'timeOfIncident'],
  },
  {
    route: 'POST /api/forms/contact',
    method: 'POST',
    url: () => '/api/forms/contact',
    body: () => ({ name: 'Jo Citizen', email: uniqueEmail(), topic: 'PAYMENTS', message: 'How do I pay an invoice?' }),
    text: ['name', 'message'],
    formatted: ['email', 'phone'],
  },
  {
    route: 'POST /api/forms/quick-request',
    method: 'POST',
    url: () => '/api/forms/quick-request',
    body: () => ({
      name: 'Jo Citizen',
      email: uniqueEmail(),
      phone: '0412345678',
      postcode: '2026',
      careFor: 'Immediate Family',
      tasks: ['COOK'],
      when: 'ASAP',
      payingForCareType: 'NDIS_PLAN_MANAGED',
    }),
    text: ['name', 'message'],
    formatted: ['postcode'],
  },
  {
    route: 'POST /api/forms/referral',
    method: 'POST',
    url: () => '/api/forms/referral',
    body: () => ({
      referrerName: 'Ren Coordinator',
      email: uniqueEmail(),
      phone: '02 9999 0000',
      relationship: 'SUPPORT_COORDINATOR',
      participantFirstName: 'Pat',
      participantLastName: 'Lee',
      participantDateOfBirth: '1990-05-04',
      postcode: '2026',
      state: 'NSW',
      fundingManagement: 'NDIS_PLAN_MANAGED',
      supportsNeeded: ['CA'],
      consent: true,
    }),
    text: ['referrerName', 'organisation', 'participantFirstName', 'participantLastName', 'notes'],
    formatted: ['participantDateOfBirth', 'ndisNumber'],
  },
  {
    route: 'POST /api/support (newsletter)',
    method: 'POST',
    url: () => '/api/support',
    body: () => ({ email: uniqueEmail(), userType: 'careseeker' }),
    text: ['message'],
    formatted: ['email'],
  },
  {
    route: 'POST /api/search/interpret',
    method: 'POST',
    url: () => '/api/search/interpret',
    body: () => ({ text: 'A female worker in Bondi on Mondays' }),
    text: ['text', 'current.location', 'current.keyword'],
  },
  {
    route: 'POST /api/carer/{id}/enquiries',
    method: 'POST',
    url: () => `/api/carer/${workerId}/enquiries`,
    token: () => careSeeker,
    body: () => ({ message: 'Hello, are you free on Monday mornings for shopping?' }),
    text: ['message'],
  },
  {
    route: 'POST /api/shortlist',
    method: 'POST',
    url: () => '/api/shortlist',
    token: () => careSeeker,
    body: () => ({ carerId: workerId }),
    text: [],
    formatted: ['carerId'],
  },
  {
    route: 'POST /api/jobs',
    method: 'POST',
    url: () => '/api/jobs',
    token: () => careSeeker,
    body: () => jobDraft(),
    text: jobFields,
    formatted: ['draftId', 'ndisFundingCode', 'practitionerPhone', 'practitionerEmail'],
  },
  {
    route: 'PUT /api/jobs/{jobId}',
    method: 'PUT',
    url: () => `/api/jobs/${jobId}`,
    token: () => careSeeker,
    body: () => {
      const { draftId: _, ...draft } = jobDraft();
      return draft;
    },
    text: jobFields,
  },
  {
    route: 'POST /api/jobs/{jobId}/applications',
    method: 'POST',
    url: () => `/api/jobs/${jobId}/applications`,
    token: () => worker,
    body: () => ({ message: 'I have cared for my own grandmother for years.' }),
    text: ['message'],
  },
  {
    route: 'POST /api/jobs/{jobId}/invitations',
    method: 'POST',
    url: () => `/api/jobs/${jobId}/invitations`,
    token: () => careSeeker,
    body: () => ({ carerId: workerId, message: 'Please apply.' }),
    text: ['message'],
    formatted: ['carerId'],
  },
  {
    route: 'POST /api/carer/unsubscribe/nearbyjobs',
    method: 'POST',
    url: () => '/api/carer/unsubscribe/nearbyjobs',
    body: () => ({ token: 'abc.def' }),
    text: ['token'],
  },
];

interface UrlCase {
  route: string;
  method: Method;
  /** The URL with `bad` (already URL-encoded) in the place being tested. */
  url: (bad: string) => string;
  field: string;
  token?: () => string;
  payload?: () => Record<string, unknown>;
  /** The route checks the value's format first, so its own message answers. */
  formatted?: boolean;
}

const urlCases: UrlCase[] = [
  { route: 'GET /api/search?location', method: 'GET', url: (bad) => `/api/search?location=Bon${bad}di`, field: 'location' },
  { route: 'GET /api/search?keyword', method: 'GET', url: (bad) => `/api/search?keyword=demen${bad}tia`, field: 'keyword' },
  { route: 'GET /api/jobs/search?location', method: 'GET', url: (bad) => `/api/jobs/search?location=Bon${bad}di`, field: 'location', token: () => worker },
  { route: 'GET /api/jobs/search?keyword', method: 'GET', url: (bad) => `/api/jobs/search?keyword=shop${bad}ping`, field: 'keyword', token: () => worker },
  { route: 'GET /api/dev/outbox?to', method: 'GET', url: (bad) => `/api/dev/outbox?to=jo${bad}@example.com`, field: 'to', formatted: true },
  { route: 'GET /api/carer/{id}', method: 'GET', url: (bad) => `/api/carer/x${bad}`, field: 'id' },
  {
    route: 'POST /api/carer/{id}/enquiries',
    method: 'POST',
    url: (bad) => `/api/carer/x${bad}/enquiries`,
    field: 'id',
    token: () => careSeeker,
    payload: () => ({ message: 'Hello, are you free on Monday mornings for shopping?' }),
  },
  { route: 'DELETE /api/shortlist/{carerId}', method: 'DELETE', url: (bad) => `/api/shortlist/x${bad}`, field: 'carerId', token: () => careSeeker },
  { route: 'GET /api/user/{id}/my-carers', method: 'GET', url: (bad) => `/api/user/x${bad}/my-carers`, field: 'id', token: () => careSeeker },
  { route: 'GET /api/jobs/{jobId}', method: 'GET', url: (bad) => `/api/jobs/x${bad}`, field: 'jobId' },
  { route: 'POST /api/jobs/{jobId}/close', method: 'POST', url: (bad) => `/api/jobs/x${bad}/close`, field: 'jobId', token: () => careSeeker },
  { route: 'GET /api/jobs/{jobId}/applications', method: 'GET', url: (bad) => `/api/jobs/x${bad}/applications`, field: 'jobId', token: () => careSeeker },
  {
    route: 'PATCH /api/jobs/{jobId}/applications/{applicationId}',
    method: 'PATCH',
    url: (bad) => `/api/jobs/${jobId}/applications/x${bad}`,
    field: 'applicationId',
    token: () => careSeeker,
    payload: () => ({ status: 'SHORTLISTED' }),
  },
  {
    route: 'POST /api/jobs/{jobId}/applications',
    method: 'POST',
    url: (bad) => `/api/jobs/x${bad}/applications`,
    field: 'jobId',
    token: () => worker,
    payload: () => ({ message: 'I have cared for my own grandmother for years.' }),
  },
  { route: 'POST /api/forms/{kind}', method: 'POST', url: (bad) => `/api/forms/feed${bad}back`, field: 'kind', payload: () => ({}) },
  { route: 'POST /api/auth/verify/{email}/{code}', method: 'POST', url: (bad) => `/api/auth/verify/jo${bad}%40example.com/123456`, field: 'email', formatted: true },
  { route: 'POST /api/auth/resetEmailVerification/{email}', method: 'POST', url: (bad) => `/api/auth/resetEmailVerification/jo${bad}%40example.com`, field: 'email', formatted: true },
  {
    route: 'POST /api/support-coordinator/clients/{clientId}/alias',
    method: 'POST',
    url: (bad) => `/api/support-coordinator/clients/x${bad}/alias`,
    field: 'clientId',
    token: () => coordinator,
    formatted: true,
  },
];

beforeAll(async () => {
  const db = subject.database.db;
  const seeker = await createUser(db, { firstName: 'Helen' });
  careSeeker = await sessionFor(db, seeker.id);
  const activeWorker = await createWorker(db);
  workerId = activeWorker.id;
  worker = await sessionFor(db, activeWorker.id);
  coordinator = await sessionFor(db, (await createCoordinator(db)).id);
  jobId = (await postJob(requester(subject.app), careSeeker)).id;
});

function send(method: Method, url: string, options: { token?: string | undefined; payload?: Record<string, unknown> | undefined }) {
  return subject.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: options.token ? { 'auth-token': options.token } : {},
    remoteAddress: randomIp(),
  });
}

describe('text with NUL, lone surrogates or control characters in a request body', () => {
  const rows = bodyCases.flatMap((entry) =>
    Object.entries(BAD_CHARACTERS).flatMap(([name, bad]) => [
      ...entry.text.map((field) => ({ entry, name, bad, field, formatted: false })),
      // A phone number drops spaces, a vertical tab among them, so only NUL and surrogates here.
      ...(name === 'a vertical tab' ? [] : (entry.formatted ?? [])).map((field) => ({ entry, name, bad, field, formatted: true })),
    ]),
  );

  it.each(rows.map((row) => [`${row.entry.route} ${row.field} with ${row.name}`, row] as const))('%s is a 400 on the field', async (_, row) => {
    const body = row.entry.body();
    const original = getPath(body, row.field);
    // In the middle: trimming would quietly remove some control characters from either end.
    const text = typeof original === 'string' && original !== '' ? original : 'Some words';
    const value = `${text.slice(0, 1)}${row.bad}${text.slice(1)}`;
    const response = await send(row.entry.method, row.entry.url(), { token: row.entry.token?.(), payload: setPath(body, row.field, value) });
    expect(response.statusCode, response.body).toBe(400);
    const errors = (response.json() as { errors?: Record<string, string> }).errors ?? {};
    if (row.formatted) expect(errors[row.field], response.body).toEqual(expect.any(String));
    else expect(errors[row.field], response.body).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('still accepts tabs and line breaks in a multi-line field, and the same body without the bad character', async () => {
    const message = 'Hello,\r\n\tare you free on Monday mornings for shopping?';
    const enquiry = await send('POST', `/api/carer/${workerId}/enquiries`, { token: careSeeker, payload: { message } });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const name = await send('POST', '/api/signup', { payload: { ...careSeekerSignup(), firstName: 'Pri\tya' } });
    expect(name.json()).toMatchObject({ errors: { firstName: UNSAFE_TEXT_MESSAGE } });
  });
});

describe('text with NUL in a query string or a path', () => {
  it.each(urlCases.map((entry) => [entry.route, entry] as const))('%s is a 400 on the parameter', async (_, entry) => {
    const response = await send(entry.method, entry.url('%00'), { token: entry.token?.(), payload: entry.payload?.() });
    expect(response.statusCode, response.body).toBe(400);
    const errors = (response.json() as { errors?: Record<string, string> }).errors ?? {};
    if (entry.formatted) expect(errors[entry.field], response.body).toEqual(expect.any(String));
    else expect(errors[entry.field], response.body).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it.each(urlCases.map((entry) => [entry.route, entry] as const))('%s never answers 500 to a broken UTF-8 sequence', async (_, entry) => {
    const response = await send(entry.method, entry.url('%ED%A0%80'), { token: entry.token?.(), payload: entry.payload?.() });
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});
