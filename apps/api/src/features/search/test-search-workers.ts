import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import type { DayCode } from '@tendly/domain/days';
import { languageCodes } from '@tendly/domain/languages';
import { skillCodes } from '@tendly/domain/skills';
import type { Db } from '../../platform/db/client';
import { createRandom } from '../../platform/db/seed/random';
import { placePoint } from '../../platform/places/place-geometry';
import { radiusKmOf, searchConditions, type SearchCriteria } from './search-filters';
import { planSearch } from './search-repository';

/**
 * Workers for the tests that compare a fast path of radius search with scoring every match
 * (cell-walk.test.ts, worker-index.test.ts).
 */

/** Few skills, so that many workers share them and best match has real competition. */
export const testSkills = skillCodes.slice(0, 6);
/** Two of the first 32 languages and two after: the index keeps them in two sets of bits. */
export const testLanguages = ['en', 'zh', languageCodes[40] ?? 'en', languageCodes[60] ?? 'en'];
export const testQualifications = ['CERT3_INDIVIDUAL_SUPPORT', 'CERT3_AGED_CARE', 'CERT3_DISABILITY'] as const;

/**
 * 3,000 workers over about 80 by 70 km of Sydney (some 70 grid cells), crowded towards the
 * middle, with random skills, availability, checks, ratings, activity, gender, languages,
 * qualifications and driving (about as many checked and lately active as the demo data has), from
 * a fixed seed. Some share a joining time and many were never active, so that the orders have
 * ties; some are not listed (an inactive profile, a deactivated account).
 */
export async function seedSearchWorkers(db: Db): Promise<void> {
  await db.execute(sql`select setseed(0.18)`);
  await db.execute(sql`
    create temp table generated as
    select gen_random_uuid() as id, i, random() as r1, random() as r2, random() as r3, random() as r4
    from generate_series(1, 3000) as i`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, role, password_hash, status)
    select id, 'walk.' || i || '@example.com', 'W' || i, 'Tester', 'CR', 'x',
      (case when i % 89 = 0 then 'DEACTIVATED' else 'ACTIVE' end)::user_status
    from generated`);
  const list = (codes: readonly string[]) => sql.raw(`array[${codes.map((code) => `'${code}'`).join(', ')}]::text[]`);
  await db.execute(sql`
    insert into worker_profiles (user_id, status, headline, bio, skills, languages, qualifications, gender,
      has_drivers_licence, has_car, tasks, availability, latitude, longitude,
      police_check_verified_at, ndis_screening_verified_at, wwcc_verified_at, rating, review_count, last_active_at, joined_at)
    select g.id, (case when g.i % 37 = 0 then 'INACTIVE' else 'ACTIVE' end)::worker_profile_status,
      'Support worker ' || g.i, 'Happy to help at home.',
      array(select s from unnest(${list(testSkills)}) as s where random() < 0.35 + 0 * g.i),
      array(select s from unnest(${list(testLanguages)}) as s where random() < 0.3 + 0 * g.i),
      array(select s from unnest(${list(testQualifications)}) as s where random() < 0.4 + 0 * g.i),
      (array['FEMALE', 'MALE', 'NON_BINARY'])[1 + floor(random() * 3)::int]::gender,
      random() < 0.6, random() < 0.5, (case when random() < 0.5 then array['CTP'] else array[]::text[] end),
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
  await db.execute(sql`analyze worker_profiles`);
}

const radii = ['KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;
const sorts = ['bestMatch', 'newest', 'lastActive'] as const;

/**
 * A random radius search around Sydney, drawn from `seed`: radius, sort, skills, page and days;
 * with `everyFilter`, also deep pages and each of the other filters now and then.
 */
export function randomRadiusSearch(seed: number, { everyFilter = false } = {}): SearchCriteria {
  const random = createRandom(seed);
  const params: Record<string, string | string[]> = {
    locationType: random.pick(radii),
    sortType: random.pick(sorts),
    skillType: random.sample(testSkills, random.int(0, 3)),
    start: String(random.chance(0.7) ? 0 : random.int(1, everyFilter && random.chance(0.2) ? 700 : 40)),
    limit: String(random.pick(everyFilter ? [1, 5, 10, 25, 50] : [1, 5, 10, 25])),
  };
  if (random.chance(everyFilter ? 0.25 : 0.2)) params.availability = random.sample(['mon', 'sat'] satisfies DayCode[], random.int(1, 2));
  if (everyFilter) {
    if (random.chance(0.15)) params.timesOfDay = random.sample(['morning', 'afternoon', 'evening'], random.int(1, 2));
    if (random.chance(0.15)) params.gender = random.pick(['ANY', 'FEMALE', 'MALE', 'NON_BINARY']);
    if (random.chance(0.15)) params.carerLanguage = random.sample(testLanguages, random.int(1, 2));
    if (random.chance(0.15)) params.qualifications = random.sample(testQualifications, random.int(1, 2));
    for (const flag of ['hasVerifiedNDISScreening', 'driving', 'personalCare', 'newWorkersOnly', 'activeWorkersOnly']) {
      if (random.chance(0.1)) params[flag] = random.pick(['true', 'false']);
    }
  }
  return {
    query: workerSearchQuerySchema.parse(params),
    place: { latitude: -33.87 + random.between(-0.3, 0.3), longitude: 151.0 + random.between(-0.35, 0.35), label: 'somewhere in Sydney' },
    keywordTsquery: null,
  };
}

/**
 * The page from scoring and sorting every match, written plainly here: the listing rules and the
 * filters, the exact distance for the radius (no grid cells), the documented score, the order.
 * Also how many match in all.
 */
export async function pageOfEveryone(db: Db, criteria: SearchCriteria): Promise<{ ids: string[]; total: number }> {
  const plan = planSearch(criteria);
  const { query, place } = criteria;
  if (!place) throw new Error('a radius search has a place');
  const radiusKm = radiusKmOf(criteria) ?? 0;
  const order = {
    bestMatch: sql`score desc, wp.user_id`,
    newest: sql`wp.joined_at desc nulls last, wp.user_id`,
    lastActive: sql`wp.last_active_at desc nulls last, wp.user_id`,
  }[query.sortType];
  const result = await db.execute(sql`
    select wp.user_id::text as id, ${plan.score} as score, count(*) over () as total
    from worker_profiles wp
    cross join lateral (select earth_distance(${placePoint(place)}, ll_to_earth(wp.latitude, wp.longitude)) as metres) as dist
    where ${sql.join(searchConditions({ ...criteria, place: null }), sql` and `)} and dist.metres <= ${radiusKm * 1000}::float8
    order by ${order}`);
  const rows = z.array(z.object({ id: z.string(), total: z.coerce.number() })).parse(result.rows);
  return { ids: rows.slice(query.start, query.start + query.limit).map((row) => row.id), total: rows[0]?.total ?? 0 };
}

/**
 * A listed worker not among `shown`, made the first of every sort near `place`: the skill
 * DEMENTIA, every check, a top rating, active and joined just now, right at the place. Their id.
 */
export async function promoteOutsider(db: Db, place: { latitude: number; longitude: number }, shown: readonly string[]): Promise<string> {
  const outsider = await db.execute(sql`
    select wp.user_id::text as id from worker_profiles wp join users u on u.id = wp.user_id
    where wp.status = 'ACTIVE' and u.status = 'ACTIVE' and not wp.user_id::text = any(${`{${shown.join(',')}}`}::text[])
    order by wp.user_id limit 1`);
  const id = z.object({ id: z.string() }).parse(outsider.rows[0]).id;
  await db.execute(sql`
    update worker_profiles set skills = array['DEMENTIA'], latitude = ${place.latitude}, longitude = ${place.longitude},
      police_check_verified_at = now(), ndis_screening_verified_at = now(), wwcc_verified_at = now(),
      rating = 5, review_count = 200, last_active_at = now(), joined_at = now()
    where user_id = ${id}`);
  return id;
}
