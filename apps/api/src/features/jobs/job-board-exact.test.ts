import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobSearchQuerySchema } from '@tendly/domain/api/jobs';
import { dayCodes } from '@tendly/domain/days';
import { locationTypeRadiusKm, payingForCareTypeCodes } from '@tendly/domain/job-options';
import type { LiveTable } from '../../platform/live-index/live-table';
import { createRandom, type Random } from '../../platform/db/seed/random';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { placePoint } from '../../platform/places/place-geometry';
import { countJobBoard, searchJobBoard, type BoardCriteria } from './job-board-repository';
import { createJobIndex, searchIndexedJobs, type IndexedJob } from './job-index';

/**
 * The board's fast paths (the nearest frontier through the GiST order, the grid cells, and the
 * total counted from `jobs_board_cell_posted_idx` with the box and without the exact distance in
 * cells wholly inside the radius) must never change a page or a total: for many random searches
 * (place, radius, skill, sort, page) over jobs spread across many grid cells, the page and the
 * total equal those of a plainly written query over every open job on the board. So must the
 * board held in memory (job-index.ts), which answers radius searches without SQL, and which must
 * follow every change to a job or its owner.
 */

let database: TestDatabase;
let index: LiveTable<IndexedJob>;
let ownerId: string;
const db = () => database.db;
/** Few skills, so that many jobs share them. */
const testSkills = ['AGEDGEN', 'DEMENTIA', 'AUTISM', 'MS'] as const;
const idsSchema = z.array(z.object({ id: z.string() }));

beforeAll(async () => {
  database = await createTestDatabase({ referenceData: true });
  // 2,500 jobs over about 120 by 110 km of Sydney (over a hundred grid cells), crowded towards the
  // middle, at random points (so that many lie near a radius's edge) or, one in five, on one of
  // a few suburbs' exact points (ties of distance, which nearest orders by newest); some posted
  // at the same moment (ties that the id breaks); some closed or hidden from the board.
  await db().execute(sql`select setseed(0.1818)`);
  const owner = await db().execute(sql`
    insert into users (email, first_name, last_name, role, password_hash) values ('exact.owner@example.com', 'Olive', 'Owner', 'CS', 'x')
    returning id::text as id`);
  ownerId = idsSchema.parse(owner.rows)[0]?.id ?? '';
  const skillList = sql.raw(`array[${testSkills.map((code) => `'${code}'`).join(', ')}]::text[]`);
  await db().execute(sql`
    create temp table generated as
    select i, random() as r1, random() as r2, random() as r3, random() < 0.2 as is_on_a_suburb, floor(random() * 6)::int as suburb
    from generate_series(1, 2500) as i`);
  await db().execute(sql`
    insert into jobs (owner_id, posted_by_user_id, draft_id, status, support_category, support_type, care_for, location, locality_id,
      latitude, longitude, availability, title, html_description, summary, disable_job_board_posting, posted_at)
    select ${ownerId}::uuid, ${ownerId}::uuid, gen_random_uuid(),
      (case when g.i % 13 = 0 then 'CLOSED' else 'OPEN' end)::job_post_status, 'AGED_CARE',
      array(select s from unnest(${skillList}) as s where random() < 0.4 + 0 * g.i), 'Immediate Family', 'Somewhere NSW',
      (select min(id) from localities),
      case when g.is_on_a_suburb then -33.8 + g.suburb * 0.031 else -33.87 + (g.r1 - 0.5) * 1.1 * g.r2 end,
      case when g.is_on_a_suburb then 151.0 + g.suburb * 0.047 else 151.0 + (g.r3 - 0.5) * 1.2 * g.r2 end,
      '{}'::jsonb, 'Job ' || g.i, '<p>A job.</p>', 'A job.', g.i % 17 = 0,
      case when g.i % 9 = 0 then timestamptz '2026-05-01 09:00+10' else now() - random() * interval '90 days' end
    from generated g`);
  // Days (each slot of each day one time in six) and funding types (four of them), for the filters.
  const day = (code: string) =>
    sql.raw(
      `'${code}', jsonb_build_object('morning', random() < 0.17, 'afternoon', random() < 0.17, 'evening', random() < 0.17 + 0 * length(id::text))`,
    );
  await db().execute(sql`
    update jobs set availability = jsonb_build_object(${sql.join(
      dayCodes.map((code) => day(code)),
      sql`, `,
    )}),
      paying_for_care_type = (array['NONE', 'PRIVATE', 'NDIS_SELF_MANAGED', 'NDIS_PLAN_MANAGED'])[1 + floor(random() * 4)::int]`);
  await db().execute(sql`analyze jobs`);
  index = createJobIndex(database, { warn: () => undefined });
  await index.start();
});

afterAll(async () => {
  await index?.close();
  await database?.dispose();
});

const radii = ['ANY', 'KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;

/** A random point in a box about 85 km across, centred on Sydney. */
const randomSydneyPlace = (random: Random) => ({ latitude: -33.87 + random.between(-0.4, 0.4), longitude: 151.0 + random.between(-0.45, 0.45), label: 'somewhere in Sydney' });

/** A random board search near Sydney, drawn from `seed`. */
function randomSearch(seed: number): BoardCriteria {
  const random = createRandom(seed);
  // The location is read into `place` by the service; the repository takes the place.
  const params: Record<string, string | string[]> = {
    location: 'Sydney',
    locationType: random.pick(radii),
    sortType: random.pick(['newest', 'nearest']),
    skillType: random.chance(0.25) ? [] : random.sample(testSkills, random.int(1, 2)),
    start: String(random.chance(0.7) ? 0 : random.int(1, 60)),
    limit: String(random.pick([1, 5, 10, 25])),
  };
  return {
    query: jobSearchQuerySchema.parse(params),
    place: randomSydneyPlace(random),
  };
}

/** The matching jobs written plainly here: the board's rule, the filters, the exact distance for the radius (no cells, no box). */
function everyMatch({ query, place }: BoardCriteria) {
  if (!place) throw new Error('every search here has a place');
  const radiusKm = locationTypeRadiusKm(query.locationType);
  return sql`
    select j.id::text as id, j.posted_at, dist.metres
    from jobs j
    cross join lateral (select earth_distance(${placePoint(place)}, ll_to_earth(j.latitude, j.longitude)) as metres) as dist
    where j.status = 'OPEN' and not j.disable_job_board_posting
      and (${query.skillType.length === 0} or j.support_type && ${`{${query.skillType.join(',')}}`}::text[])
      and (${query.availability.length === 0} or j.available_days && ${`{${query.availability.join(',')}}`}::text[])
      and (${query.payingForCareType.length === 0} or j.paying_for_care_type = any(${`{${query.payingForCareType.join(',')}}`}::text[]))
      and (${radiusKm === null} or dist.metres <= ${(radiusKm ?? 0) * 1000}::float8)`;
}

async function pageOfEveryMatch(criteria: BoardCriteria): Promise<string[]> {
  const { query } = criteria;
  const order = query.sortType === 'nearest' ? sql`metres, posted_at desc, id` : sql`posted_at desc, id`;
  const result = await db().execute(sql`
    select id from (${everyMatch(criteria)}) as found order by ${order} offset ${query.start} limit ${query.limit}`);
  return idsSchema.parse(result.rows).map((row) => row.id);
}

async function countOfEveryMatch(criteria: BoardCriteria): Promise<number> {
  const result = await db().execute(sql`select count(*)::int as count from (${everyMatch(criteria)}) as found`);
  return z.object({ count: z.number() }).parse(result.rows[0]).count;
}

describe('the job board within a radius', () => {
  // Each random search is checked against a full scan: many seconds on a quiet 2-core machine,
  // twice that while other work shares it.
  it('gives exactly the page and the total of a plain query over every job, on 150 random searches', { timeout: 120_000 }, async () => {
    let fullPages = 0;
    let cappedTotals = 0;
    for (let seed = 1; seed <= 150; seed += 1) {
      const criteria = randomSearch(seed);
      const expectedPage = await pageOfEveryMatch(criteria);
      if (expectedPage.length === criteria.query.limit && expectedPage.length > 1) fullPages += 1;
      const page = (await searchJobBoard(db(), criteria)).map((job) => job.id);
      expect({ seed, page }).toEqual({ seed, page: expectedPage });

      // The total is counted no further than a cap (1,001 in the API): caps below and above it.
      const atMost = createRandom(seed).pick([50, 400, 1001]);
      const everyCount = await countOfEveryMatch(criteria);
      if (everyCount > atMost) cappedTotals += 1;
      expect({ seed, total: await countJobBoard(db(), criteria, atMost) }).toEqual({ seed, total: Math.min(everyCount, atMost) });
    }
    // Most searches had full pages and some totals reached the cap: the comparison tests both.
    expect(fullPages).toBeGreaterThanOrEqual(80);
    expect(cappedTotals).toBeGreaterThanOrEqual(10);
  });

  it('shows a new job and drops a closed one in the next search and total: nothing is precomputed beyond the row itself', async () => {
    const place = { latitude: -33.87, longitude: 151.0, label: 'the middle' };
    const criteria = (sortType: string): BoardCriteria => ({
      query: jobSearchQuerySchema.parse({ location: 'Sydney', locationType: 'KM_10', skillType: ['MS'], sortType, limit: '5' }),
      place,
    });
    const totalBefore = await countJobBoard(db(), criteria('newest'), 100_000);
    const posted = await db().execute(sql`
      insert into jobs (owner_id, draft_id, support_category, support_type, care_for, location, locality_id, latitude, longitude,
        availability, title, html_description, summary, posted_at)
      select owner_id, gen_random_uuid(), support_category, array['MS'], care_for, location, locality_id, ${place.latitude}, ${place.longitude},
        availability, 'Brand new', html_description, summary, now()
      from jobs limit 1
      returning id::text as id`);
    const id = idsSchema.parse(posted.rows)[0]?.id ?? '';
    expect((await searchJobBoard(db(), criteria('newest')))[0]?.id).toBe(id);
    expect((await searchJobBoard(db(), criteria('nearest')))[0]?.id).toBe(id);
    expect(await countJobBoard(db(), criteria('newest'), 100_000)).toBe(totalBefore + 1);

    await db().execute(sql`update jobs set status = 'CLOSED', closed_at = now() where id = ${id}::uuid`);
    expect((await searchJobBoard(db(), criteria('newest'))).map((job) => job.id)).not.toContain(id);
    expect((await searchJobBoard(db(), criteria('nearest'))).map((job) => job.id)).not.toContain(id);
    expect(await countJobBoard(db(), criteria('newest'), 100_000)).toBe(totalBefore);
  });
});

const indexRadii = ['KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;
/** The suburbs' exact points on which one job in five lies (see `beforeAll`). */
const suburbPoint = (suburb: number) => ({ latitude: -33.8 + suburb * 0.031, longitude: 151.0 + suburb * 0.047, label: `suburb ${suburb}` });

/** A random radius search near Sydney with any of the board's filters, drawn from `seed`. */
function randomIndexSearch(seed: number): BoardCriteria {
  const random = createRandom(seed);
  const params: Record<string, string | string[]> = {
    location: 'Sydney',
    locationType: random.pick(indexRadii),
    sortType: random.pick(['newest', 'nearest']),
    skillType: random.chance(0.3) ? [] : random.sample(testSkills, random.int(1, 2)),
    availability: random.chance(0.6) ? [] : random.sample(dayCodes, random.int(1, 2)),
    payingForCareType: random.chance(0.6) ? [] : random.sample(payingForCareTypeCodes.slice(0, 5), random.int(1, 2)),
    start: String(random.chance(0.5) ? 0 : random.chance(0.7) ? random.int(1, 60) : random.int(61, 400)),
    limit: String(random.pick([1, 5, 10, 25, 100])),
  };
  const place = random.chance(0.2)
    ? suburbPoint(random.int(0, 5))
    : randomSydneyPlace(random);
  return { query: jobSearchQuerySchema.parse(params), place };
}

/** The index's answer, which must be there: these searches are all radius searches without a keyword. */
function fromIndex(criteria: BoardCriteria) {
  const answer = searchIndexedJobs(index, criteria);
  if (!answer) throw new Error(`the index did not answer ${JSON.stringify(criteria)}`);
  return answer;
}

describe('the job board held in memory', () => {
  it('gives exactly the page, the summaries and the total of a plain query over every job, on 180 random searches', { tags: ['one-driver'], timeout: 120_000 }, async () => {
    await index.sync();
    let fullPages = 0;
    let laterPages = 0;
    let nearest = 0;
    let filtered = 0;
    for (let seed = 1001; seed <= 1180; seed += 1) {
      const criteria = randomIndexSearch(seed);
      const { query } = criteria;
      const answer = fromIndex(criteria);
      const expectedPage = await pageOfEveryMatch(criteria);
      if (expectedPage.length === query.limit && expectedPage.length > 1) fullPages += 1;
      if (query.start > 0 && expectedPage.length > 0) laterPages += 1;
      if (query.sortType === 'nearest') nearest += 1;
      if (query.availability.length > 0 || query.payingForCareType.length > 0) filtered += 1;
      expect({ seed, page: answer.jobs.map((job) => job.id) }).toEqual({ seed, page: expectedPage });
      expect({ seed, total: answer.total }).toEqual({ seed, total: await countOfEveryMatch(criteria) });
      // Every field as the database presents it, the owner's name and the rounded distance too.
      expect({ seed, jobs: answer.jobs }).toEqual({ seed, jobs: await searchJobBoard(db(), criteria) });
    }
    // Most pages were full, many later than the first, and filtered by days or funding: the comparison tests them all.
    expect(fullPages).toBeGreaterThanOrEqual(60);
    expect(laterPages).toBeGreaterThanOrEqual(40);
    expect(nearest).toBeGreaterThanOrEqual(60);
    expect(filtered).toBeGreaterThanOrEqual(40);
  });

  it('leaves to the database what it cannot answer exactly: a keyword, no radius, no place', () => {
    const query = (params: Record<string, string>) => jobSearchQuerySchema.parse({ location: 'Sydney', ...params });
    const place = suburbPoint(2);
    expect(searchIndexedJobs(index, { query: query({ locationType: 'KM_10', keyword: 'job' }), place })).toBeNull();
    expect(searchIndexedJobs(index, { query: query({ locationType: 'ANY' }), place })).toBeNull();
    expect(searchIndexedJobs(index, { query: query({ locationType: 'KM_10' }), place: null })).toBeNull();
  });

  it('shows a new job, an edited one, a closed one and an owner renamed in the next search', { tags: ['drivers'] }, async () => {
    const here = suburbPoint(0);
    const there = { latitude: -34.2, longitude: 150.6, label: 'far south-west' };
    const search = (place: typeof here, skill: string): BoardCriteria => ({
      query: jobSearchQuerySchema.parse({ location: 'Sydney', locationType: 'KM_5', skillType: [skill], sortType: 'nearest', limit: '100' }),
      place,
    });
    /** The index's page, after checking it is the database's. */
    const idsFound = async (criteria: BoardCriteria) => {
      await index.sync();
      const answer = fromIndex(criteria);
      expect(answer.jobs).toEqual(await searchJobBoard(db(), criteria));
      expect(answer.total).toBe(await countOfEveryMatch(criteria));
      return answer.jobs.map((job) => job.id);
    };

    const posted = await db().execute(sql`
      insert into jobs (owner_id, draft_id, support_category, support_type, care_for, location, locality_id, latitude, longitude,
        availability, title, html_description, summary, posted_at)
      select owner_id, gen_random_uuid(), support_category, array['MS'], care_for, location, locality_id, ${here.latitude}, ${here.longitude},
        availability, 'Posted just now', html_description, summary, now()
      from jobs limit 1
      returning id::text as id`);
    const id = idsSchema.parse(posted.rows)[0]?.id ?? '';
    expect(await idsFound(search(here, 'MS'))).toContain(id);
    expect(await idsFound(search(there, 'AUTISM'))).not.toContain(id);

    // Moved to another suburb, and needing another skill.
    await db().execute(sql`
      update jobs set latitude = ${there.latitude}, longitude = ${there.longitude}, support_type = array['MS', 'AUTISM'],
        locality_id = (select max(id) from localities)
      where id = ${id}::uuid`);
    expect(await idsFound(search(here, 'MS'))).not.toContain(id);
    const moved = await idsFound(search(there, 'AUTISM'));
    expect(moved).toContain(id);

    // The owner's first name is on every summary of their jobs.
    await db().execute(sql`update users set first_name = 'Ottilie' where id = ${ownerId}::uuid`);
    await index.sync();
    expect(fromIndex(search(there, 'AUTISM')).jobs.find((job) => job.id === id)?.postedBy).toBe('Ottilie');
    expect(await idsFound(search(there, 'AUTISM'))).toEqual(moved);

    await db().execute(sql`update jobs set status = 'CLOSED', closed_at = now() where id = ${id}::uuid`);
    expect(await idsFound(search(there, 'AUTISM'))).not.toContain(id);
    expect(index.get(id)).toBeUndefined();
  });
});
