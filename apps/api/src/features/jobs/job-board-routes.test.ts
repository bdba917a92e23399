import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobSearchResultsSchema, type JobSummary } from '@tendly/domain/api/jobs';
import { SEARCH_PAGE_SIZE } from '@tendly/domain/constants';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { jobs } from '../../platform/db/schema/jobs';
import { useTestApp } from '../../test-support/test-app';
import { createWorker, sessionFor } from '../auth/test-factories';
import { week } from '../../test-support/test-availability';
import { postJob, signedInCareSeeker } from './test-jobs';

const { call, db } = useTestApp({ database: { referenceData: true } });
let workerToken: string;
let careSeekerToken: string;
const ids: Record<string, string> = {};

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function job(name: string, hoursOld: number, overrides: Record<string, unknown>, token = careSeekerToken) {
  const posted = await postJob(call, token, { title: `${name}: a job on the board`, disableWorkerNotification: true, ...overrides });
  await db().update(jobs).set({ postedAt: hoursAgo(hoursOld) }).where(eq(jobs.id, posted.id));
  ids[name] = posted.id;
}

beforeAll(async () => {
  careSeekerToken = (await signedInCareSeeker(db(), 'Helen')).token;
  const worker = await createWorker(db());
  workerToken = await sessionFor(db(), worker.id);

  await job('Marrickville', 1, {
    location: 'Marrickville NSW',
    supportType: ['AGEDGEN', 'DEMENTIA'],
    availability: week({ mon: ['morning'], thu: ['afternoon'] }),
    htmlDescription: '<p>Dad is living with dementia and would enjoy a walk and a chat most mornings.</p>',
  });
  await job('Newtown', 2, {
    location: 'Newtown 2042',
    supportCategory: 'DISABILITY',
    supportType: ['AUTISM'],
    availability: week({ sat: ['morning', 'afternoon'] }),
    payingForCareType: 'PRIVATE',
    htmlDescription: '<p>Weekend outings for my teenage son, who is autistic and loves cooking and trains.</p>',
  });
  await job('Parramatta', 3, {
    location: 'Parramatta',
    supportType: ['DEMENTIA'],
    availability: week({ tue: ['evening'] }),
    payingForCareType: 'NDIS_PLAN_MANAGED',
    htmlDescription: '<p>Evening company and help with dinner for a gentleman with early dementia.</p>',
  });
  await job('Fitzroy', 4, {
    location: 'Fitzroy VIC',
    supportType: ['AGEDGEN'],
    availability: week({ mon: ['afternoon'] }),
    payingForCareType: 'HOME_CARE_PACKAGE',
    htmlDescription: '<p>Help with shopping and housework for an independent lady in her nineties.</p>',
  });
  await job('Hidden', 0, { location: 'Marrickville', disableJobBoardPosting: true });
  await job('Closed', 0, { location: 'Newtown NSW' });
  expect((await call('POST', `/api/jobs/${ids.Closed}/close`, { token: careSeekerToken })).statusCode).toBe(200);
});

async function board(query: string, token = workerToken): Promise<JobSummary[]> {
  const response = await call('GET', `/api/jobs/search${query ? `?${query}` : ''}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return jobSearchResultsSchema.parse(response.json());
}

const names = (results: readonly JobSummary[]) => results.map((result) => Object.keys(ids).find((name) => ids[name] === result.id));

describe('GET /api/jobs/search', () => {
  it('lists open jobs that are not hidden, newest first, without distances when no place is given', async () => {
    const results = await board('');
    expect(names(results)).toEqual(['Marrickville', 'Newtown', 'Parramatta', 'Fitzroy']);
    expect(results.every((result) => result.distance === null && result.hasApplied === false && result.status === 'OPEN')).toBe(true);
    expect(results[1]).toMatchObject({
      title: 'Newtown: a job on the board',
      summary: 'Weekend outings for my teenage son, who is autistic and loves cooking and trains.',
      place: { suburb: 'Newtown', state: 'NSW', postcode: '2042' },
      supportCategory: 'DISABILITY',
      supportType: ['AUTISM'],
      days: ['sat'],
      payingForCareType: 'PRIVATE',
      postedBy: 'Helen',
    });
    expect(results[0]).not.toHaveProperty('clientName');
  });

  it('finds jobs within a radius of a place, with their distance in metres', async () => {
    const near = await board('location=Marrickville&locationType=KM_10');
    expect(names(near)).toEqual(['Marrickville', 'Newtown']);
    expect(near[0]?.distance).toBe(0);
    expect(near[1]?.distance).toBeGreaterThan(1_000);
    expect(near[1]?.distance).toBeLessThan(5_000);
    const wider = await board('location=Marrickville&locationType=25');
    expect(names(wider)).toEqual(['Marrickville', 'Newtown', 'Parramatta']);
    expect(wider[2]?.distance).toBeGreaterThan(10_000);
    // Any distance: every job, with its distance.
    const anywhere = await board('location=2204');
    expect(names(anywhere)).toEqual(['Marrickville', 'Newtown', 'Parramatta', 'Fitzroy']);
    expect(anywhere[3]?.distance).toBeGreaterThan(600_000);
  });

  it('says how many jobs match in all, whatever the page, in X-Total-Count', async () => {
    const total = async (query: string) => {
      const response = await call('GET', `/api/jobs/search?${query}`, { token: workerToken });
      expect(response.statusCode, response.body).toBe(200);
      return { count: response.headers['x-total-count'], capped: response.headers['x-total-count-capped'] };
    };
    expect(await total('')).toEqual({ count: '4', capped: undefined });
    expect(await total('limit=1')).toEqual({ count: '4', capped: undefined });
    expect(await total('limit=2&start=2&sortType=nearest&location=Parramatta')).toEqual({ count: '4', capped: undefined });
    expect(await total('location=Marrickville&locationType=KM_10')).toEqual({ count: '2', capped: undefined });
    expect(await total('keyword=zzzzzz')).toEqual({ count: '0', capped: undefined });
    expect(await total('start=10')).toEqual({ count: '4', capped: undefined });
  });

  it('sorts nearest first, then newest', async () => {
    expect(names(await board('location=Parramatta&sortType=nearest'))).toEqual(['Parramatta', 'Marrickville', 'Newtown', 'Fitzroy']);
    expect(names(await board('location=Fitzroy%20VIC&sortType=nearest&locationType=KM_50'))).toEqual(['Fitzroy']);
  });

  it('filters by skills, days and who pays (any of the values), and by keyword', async () => {
    expect(names(await board('skillType=DEMENTIA'))).toEqual(['Marrickville', 'Parramatta']);
    expect(names(await board('skillType=AUTISM&skillType=AGEDGEN'))).toEqual(['Marrickville', 'Newtown', 'Fitzroy']);
    expect(names(await board('availability=sat'))).toEqual(['Newtown']);
    expect(names(await board('availability=tue&availability=mon'))).toEqual(['Marrickville', 'Parramatta', 'Fitzroy']);
    expect(names(await board('payingForCareType=PRIVATE&payingForCareType=HOME_CARE_PACKAGE'))).toEqual(['Newtown', 'Fitzroy']);
    // Full text with stemming: "cook" finds "cooking"; every word must match.
    expect(names(await board('keyword=cook'))).toEqual(['Newtown']);
    expect(names(await board('keyword=dementia%20walk'))).toEqual(['Marrickville']);
    expect(names(await board('keyword=Fitzroy'))).toEqual(['Fitzroy']);
    expect(names(await board('keyword=%22evening%20company%22%20or%20trains'))).toEqual(['Newtown', 'Parramatta']);
    expect(await board('keyword=swimming')).toEqual([]);
    expect(names(await board('location=Marrickville&locationType=KM_25&skillType=DEMENTIA'))).toEqual(['Marrickville', 'Parramatta']);
  });

  it('pages with start and limit; fewer than limit means the end', async () => {
    expect(names(await board('limit=2'))).toEqual(['Marrickville', 'Newtown']);
    expect(names(await board('limit=2&start=2'))).toEqual(['Parramatta', 'Fitzroy']);
    expect(await board('limit=2&start=4')).toEqual([]);
  });

  it("tells a worker which jobs they applied for", async () => {
    const worker = await createWorker(db());
    const token = await sessionFor(db(), worker.id);
    const applied = await call('POST', `/api/jobs/${ids.Parramatta}/applications`, {
      token,
      payload: { message: 'I have cared for people living with dementia for six years.' },
    });
    expect(applied.statusCode).toBe(201);
    const results = await board('', token);
    expect(results.map((result) => [names([result])[0], result.hasApplied])).toEqual([
      ['Marrickville', false],
      ['Newtown', false],
      ['Parramatta', true],
      ['Fitzroy', false],
    ]);
    expect((await board('')).every((result) => !result.hasApplied)).toBe(true);
  });

  it('refuses searches it cannot answer with a 400 that says why', async () => {
    const cases: [query: string, field: string, message: string][] = [
      ['sortType=nearest', 'sortType', 'Choose a location to sort by distance'],
      ['locationType=KM_10', 'locationType', 'Choose a location to search within a distance'],
      ['location=Qwxzy', 'location', 'We could not find "Qwxzy". Try a suburb name or a postcode.'],
      ['skillType=JUGGLING', 'skillType.0', 'skillType is not a known skill'],
      ['availability=someday', 'availability.0', 'availability must be a day: mon, tue, wed, thu, fri, sat or sun'],
      ['sortType=oldest', 'sortType', 'sortType must be newest or nearest'],
      ['limit=0', 'limit', 'limit must be a whole number between 1 and 100'],
    ];
    for (const [query, field, message] of cases) {
      const response = await call('GET', `/api/jobs/search?${query}`, { token: workerToken });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors?.[field], query).toBe(message);
    }
  });

  it('is for workers: 401 for visitors, 403 for care seekers', async () => {
    const anonymous = await call('GET', '/api/jobs/search');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    const refused = await call('GET', '/api/jobs/search', { token: careSeekerToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_AUTHORIZED);
  });

  it(`comes in pages of ${SEARCH_PAGE_SIZE} by default`, async () => {
    // Each from a care seeker of their own: one account may post only JOB_POSTS_PER_DAY a day.
    for (let n = 0; n < SEARCH_PAGE_SIZE; n++) {
      const owner = await signedInCareSeeker(db(), 'Helen');
      await job(`Hobart ${n}`, 10 + n, { location: 'Hobart TAS', supportType: ['PC'] }, owner.token);
    }
    const first = await board('');
    expect(first).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await board(`start=${SEARCH_PAGE_SIZE}`);
    expect(second.length).toBeLessThan(SEARCH_PAGE_SIZE);
    expect(new Set([...first, ...second].map((result) => result.id)).size).toBe(SEARCH_PAGE_SIZE + 4);

    // Nearest first, many jobs share one distance (one suburb): they come newest first, and
    // pages meet exactly, whatever the page size.
    const all = await board('location=Hobart%20TAS&sortType=nearest&limit=100');
    expect(all).toHaveLength(SEARCH_PAGE_SIZE + 4);
    const hobart = all.slice(0, SEARCH_PAGE_SIZE);
    expect(hobart.every((result) => result.place.suburb === 'Hobart' && result.distance === 0)).toBe(true);
    expect(hobart.map((result) => result.postedAt)).toEqual(hobart.map((result) => result.postedAt).sort().reverse());
    const paged = [];
    for (let start = 0; start < all.length; start += 7) paged.push(...(await board(`location=Hobart%20TAS&sortType=nearest&limit=7&start=${start}`)));
    expect(paged.map((result) => result.id)).toEqual(all.map((result) => result.id));
    const nearHobart = await board('location=Hobart%20TAS&sortType=nearest&locationType=KM_10&limit=10&start=20');
    expect(nearHobart.map((result) => result.id)).toEqual(hobart.slice(20).map((result) => result.id));
  });
});
