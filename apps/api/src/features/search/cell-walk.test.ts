import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import type { DayCode } from '@tendly/domain/days';
import { skillCodes } from '@tendly/domain/skills';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { createRandom } from '../../platform/db/seed/random';
import { placePoint } from '../../platform/places/place-geometry';
import { walkCells } from './cell-walk';
import { radiusKmOf, searchConditions, type SearchCriteria } from './search-filters';
import { countWorkers, planSearch, searchWorkers } from './search-repository';

/**
 * Reading a radius search cell by cell must never change a page: for many random searches
 * (place, radius, skills, days, sort, page) over workers spread across many grid cells, the page
 * equals the page from scoring and sorting every match.
 */

let database: TestDatabase;
const db = () => database.db;
/** Few skills, so that many workers share them and best match has real competition. */
const testSkills = skillCodes.slice(0, 6);

beforeAll(async () => {
  database = await createTestDatabase();
  // 3,000 workers over about 80 by 70 km of Sydney (some 70 grid cells), crowded towards the
  // middle, with random skills, availability, checks, ratings and activity (about as many checked and
  // lately active as the demo data has) from a fixed seed.
  // Some share a joining time and many were never active, so that the orders have ties.
  await db().execute(sql`select setseed(0.18)`);
  await db().execute(sql`
    create temp table generated as
    select gen_random_uuid() as id, i, random() as r1, random() as r2, random() as r3, random() as r4
    from generate_series(1, 3000) as i`);
  await db().execute(sql`
    insert into users (id, email, first_name, last_name, role, password_hash, status)
    select id, 'walk.' || i || '@example.com', 'W' || i, 'Tester', 'CR', 'x',
      (case when i % 89 = 0 then 'DEACTIVATED' else 'ACTIVE' end)::user_status
    from generated`);
  const skillList = sql.raw(`array[${testSkills.map((code) => `'${code}'`).join(', ')}]::text[]`);
  await db().execute(sql`
    insert into worker_profiles (user_id, status, headline, bio, skills, availability, latitude, longitude,
      police_check_verified_at, ndis_screening_verified_at, wwcc_verified_at, rating, review_count, last_active_at, joined_at)
    select g.id, (case when g.i % 37 = 0 then 'INACTIVE' else 'ACTIVE' end)::worker_profile_status,
      'Support worker ' || g.i, 'Happy to help at home.',
      array(select s from unnest(${skillList}) as s where random() < 0.35 + 0 * g.i),
      jsonb_build_object(
        'mon', jsonb_build_object('morning', random() < 0.5, 'afternoon', random() < 0.5, 'evening', random() < 0.3),
        'sat', jsonb_build_object('morning', random() < 0.4, 'afternoon', random() < 0.4, 'evening', random() < 0.2)),
      -33.87 + (g.r1 - 0.5) * 0.7 * g.r2, 151.0 + (g.r3 - 0.5) * 0.8 * g.r2,
      case when random() < 0.9 then now() end, case when random() < 0.8 then now() end, case when random() < 0.55 then now() end,
      case when g.r4 < 0.7 then round((3.5 + random() * 1.5)::numeric, 2) end,
      case when g.r4 < 0.7 then 1 + floor(random() * 40)::int else 0 end,
      case when g.i % 5 = 0 then null when random() < 0.6 then now() - random() * interval '30 days' else now() - random() * interval '400 days' end,
      case when g.i % 11 = 0 then timestamptz '2025-06-01 09:00+10' else now() - random() * interval '900 days' end
    from generated g`);
  await db().execute(sql`analyze worker_profiles`);
});

afterAll(async () => {
  await database?.dispose();
});

const radii = ['KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;
const sorts = ['bestMatch', 'newest', 'lastActive'] as const;

/** A random radius search, drawn from `seed`. */
function randomSearch(seed: number): SearchCriteria {
  const random = createRandom(seed);
  const params: Record<string, string | string[]> = {
    locationType: random.pick(radii),
    sortType: random.pick(sorts),
    skillType: random.sample(testSkills, random.int(0, 3)),
    start: String(random.chance(0.7) ? 0 : random.int(1, 40)),
    limit: String(random.pick([1, 5, 10, 25])),
  };
  if (random.chance(0.2)) params.availability = random.sample(['mon', 'sat'] satisfies DayCode[], random.int(1, 2));
  return {
    query: workerSearchQuerySchema.parse(params),
    place: { latitude: -33.87 + random.between(-0.3, 0.3), longitude: 151.0 + random.between(-0.35, 0.35), label: 'somewhere in Sydney' },
    keywordTsquery: null,
  };
}

/**
 * The page from scoring and sorting every match, written plainly here: the listing rules and the
 * filters, the exact distance for the radius (no grid cells), the documented score, the order.
 */
async function pageOfEveryone(criteria: SearchCriteria): Promise<string[]> {
  const plan = planSearch(criteria);
  const { query, place } = criteria;
  if (!place) throw new Error('a radius search has a place');
  const radiusKm = radiusKmOf(criteria) ?? 0;
  const order = {
    bestMatch: sql`score desc, wp.user_id`,
    newest: sql`wp.joined_at desc nulls last, wp.user_id`,
    lastActive: sql`wp.last_active_at desc nulls last, wp.user_id`,
  }[query.sortType];
  const result = await db().execute(sql`
    select wp.user_id::text as id, ${plan.score} as score
    from worker_profiles wp
    cross join lateral (select earth_distance(${placePoint(place)}, ll_to_earth(wp.latitude, wp.longitude)) as metres) as dist
    where ${sql.join(searchConditions({ ...criteria, place: null }), sql` and `)} and dist.metres <= ${radiusKm * 1000}::float8
    order by ${order}
    offset ${query.start} limit ${query.limit}`);
  return result.rows.map((row) => z.object({ id: z.string() }).parse(row).id);
}

describe('a radius search read cell by cell', () => {
  it('gives exactly the page of scoring every match, on 150 random searches', async () => {
    let walked = 0;
    let fullPages = 0;
    for (let seed = 1; seed <= 150; seed += 1) {
      const criteria = randomSearch(seed);
      const everyone = await pageOfEveryone(criteria);
      if (everyone.length === criteria.query.limit) fullPages += 1;
      if (await walkCells(db(), planSearch(criteria))) walked += 1;
      const found = (await searchWorkers(db(), criteria)).map((worker) => worker.carerId);
      expect({ seed, page: found }).toEqual({ seed, page: everyone });
    }
    // The walk served nearly every search, most of them full pages: the comparison tests it.
    expect(walked).toBeGreaterThanOrEqual(140);
    expect(fullPages).toBeGreaterThanOrEqual(100);
  });

  it('shows a profile change in the next search: nothing is precomputed beyond the row itself', async () => {
    const place = { latitude: -33.87, longitude: 151.0, label: 'the middle' };
    const search = (sortType: string) =>
      searchWorkers(db(), { query: workerSearchQuerySchema.parse({ locationType: 'KM_10', skillType: ['DEMENTIA'], sortType, limit: '5' }), place, keywordTsquery: null });
    const before = (await search('bestMatch')).map((worker) => worker.carerId);
    const outsider = await db().execute(sql`
      select wp.user_id::text as id from worker_profiles wp join users u on u.id = wp.user_id
      where wp.status = 'ACTIVE' and u.status = 'ACTIVE' and not wp.user_id::text = any(${`{${before.join(',')}}`}::text[])
      order by wp.user_id limit 1`);
    const id = z.object({ id: z.string() }).parse(outsider.rows[0]).id;
    // Every check, a top rating, active today, the skill, and right at the place: the best match.
    await db().execute(sql`
      update worker_profiles set skills = array['DEMENTIA'], latitude = ${place.latitude}, longitude = ${place.longitude},
        police_check_verified_at = now(), ndis_screening_verified_at = now(), wwcc_verified_at = now(),
        rating = 5, review_count = 200, last_active_at = now(), joined_at = now()
      where user_id = ${id}`);
    expect((await search('bestMatch'))[0]?.carerId).toBe(id);
    expect((await search('newest'))[0]?.carerId).toBe(id);
    expect((await search('lastActive'))[0]?.carerId).toBe(id);
  });

  it('reads fewer workers than the radius holds', async () => {
    // A best match over 25 km of the crowded middle: the page is found among far fewer workers.
    const criteria: SearchCriteria = {
      query: workerSearchQuerySchema.parse({ locationType: 'KM_25', skillType: ['DEMENTIA'], limit: '25' }),
      place: { latitude: -33.87, longitude: 151.0, label: 'the middle' },
      keywordTsquery: null,
    };
    const walked = await walkCells(db(), planSearch(criteria));
    const inRadius = await countWorkers(db(), criteria, 100_000);
    expect(inRadius).toBeGreaterThan(500);
    expect(walked).not.toBeNull();
    expect(walked?.rowsRead).toBeLessThan(inRadius / 2);
  });
});
