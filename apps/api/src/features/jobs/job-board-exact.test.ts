import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobSearchQuerySchema } from '@tendly/domain/api/jobs';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import { createRandom } from '../../platform/db/seed/random';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { placePoint } from '../../platform/places/place-geometry';
import { countJobBoard, searchJobBoard, type BoardCriteria } from './job-board-repository';

/**
 * The board's fast paths (the nearest frontier through the GiST order, the grid cells, and the
 * total counted from `jobs_board_cell_posted_idx` with the box and without the exact distance in
 * cells wholly inside the radius) must never change a page or a total: for many random searches
 * (place, radius, skill, sort, page) over jobs spread across many grid cells, the page and the
 * total equal those of a plainly written query over every open job on the board.
 */

let database: TestDatabase;
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
  const ownerId = idsSchema.parse(owner.rows)[0]?.id ?? '';
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
  await db().execute(sql`analyze jobs`);
});

afterAll(async () => {
  await database?.dispose();
});

const radii = ['ANY', 'KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;

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
    place: { latitude: -33.87 + random.between(-0.4, 0.4), longitude: 151.0 + random.between(-0.45, 0.45), label: 'somewhere in Sydney' },
  };
}

/** The matching jobs written plainly here: the board's rule, the skills, the exact distance for the radius (no cells, no box). */
function everyMatch({ query, place }: BoardCriteria) {
  if (!place) throw new Error('every search here has a place');
  const radiusKm = locationTypeRadiusKm(query.locationType);
  return sql`
    select j.id::text as id, j.posted_at, dist.metres
    from jobs j
    cross join lateral (select earth_distance(${placePoint(place)}, ll_to_earth(j.latitude, j.longitude)) as metres) as dist
    where j.status = 'OPEN' and not j.disable_job_board_posting
      and (${query.skillType.length === 0} or j.support_type && ${`{${query.skillType.join(',')}}`}::text[])
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
  it('gives exactly the page and the total of a plain query over every job, on 150 random searches', async () => {
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
