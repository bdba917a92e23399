import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import { skillCodes } from '@tendly/domain/skills';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import type { SearchCriteria } from './search-filters';
import { planSearch, searchBounds, searchQuery, searchWorkers } from './search-repository';
import { summaryRowSchema } from '../../platform/workers/worker-summary';

/**
 * The bounds of best match must never change a page: for many searches over many varied
 * workers, the bounded page equals the page from scoring every match.
 */
/** Query-string parameters, as a request brings them. */
type Params = Record<string, string | string[]>;

let database: TestDatabase;
const db = () => database.db;

const marrickville = { latitude: -33.9086, longitude: 151.1549, label: 'Marrickville NSW 2204' };
/** Few of the workers live near Melbourne: the best matches there come from everywhere. */
const melbourne = { latitude: -37.75, longitude: 145.0, label: 'Melbourne VIC 3000' };
const skillList = sql.raw(`array[${skillCodes.map((code) => `'${code}'`).join(', ')}]::text[]`);

beforeAll(async () => {
  database = await createTestDatabase();
  // 2,400 workers (more than the first try of best match looks at) around Sydney, a few near
  // Melbourne or with no place, with random skills, languages, availability, checks, ratings
  // and activity, drawn from a fixed seed.
  await db().execute(sql`select setseed(0.2026)`);
  await db().execute(sql`
    create temp table generated as
    select gen_random_uuid() as id, i, random() as r1, random() as r2, random() as r3
    from generate_series(1, 2400) as i`);
  await db().execute(sql`
    insert into users (id, email, first_name, last_name, role, password_hash, status)
    select id, 'bounds.' || i || '@example.com', 'W' || i, 'Tester', 'CR', 'x',
      (case when i % 97 = 0 then 'DEACTIVATED' else 'ACTIVE' end)::user_status
    from generated`);
  await db().execute(sql`
    insert into worker_profiles (user_id, status, headline, bio, skills, languages, availability, latitude, longitude,
      police_check_verified_at, ndis_screening_verified_at, wwcc_verified_at, rating, review_count, last_active_at, joined_at)
    select g.id, (case when g.i % 41 = 0 then 'INACTIVE' else 'ACTIVE' end)::worker_profile_status,
      'Support worker ' || g.i,
      case when g.r1 < 0.3 then 'Years of dementia care and cooking.' when g.r1 < 0.6 then 'Autism support and outings.' else 'Happy to help at home.' end,
      array(select s from unnest(${skillList}) as s where random() < 0.25 + 0 * g.i),
      case when g.r2 < 0.2 then array['en', 'el'] when g.r2 < 0.35 then array['en', 'zh'] else array['en'] end,
      jsonb_build_object(
        'mon', jsonb_build_object('morning', random() < 0.5, 'afternoon', random() < 0.5, 'evening', random() < 0.3),
        'sat', jsonb_build_object('morning', random() < 0.4, 'afternoon', random() < 0.4, 'evening', random() < 0.2)),
      case when g.i % 53 = 0 then null when g.i % 29 = 0 then -37.8 + random() * 0.2 else -33.95 + random() * 0.3 end,
      case when g.i % 53 = 0 then null when g.i % 29 = 0 then 144.9 + random() * 0.2 else 151.0 + random() * 0.3 end,
      case when random() < 0.85 then now() end, case when random() < 0.7 then now() end, case when random() < 0.5 then now() end,
      case when g.r3 < 0.7 then round((3.5 + random() * 1.5)::numeric, 2) end,
      case when g.r3 < 0.7 then 1 + floor(random() * 40)::int else 0 end,
      case when g.i % 7 = 0 then null else now() - random() * interval '200 days' end,
      now() - random() * interval '900 days'
    from generated g`);
  await db().execute(sql`analyze worker_profiles`);
});

afterAll(async () => {
  await database?.dispose();
});

function criteriaOf(params: Params, options: { place?: typeof marrickville; keyword?: string } = {}): SearchCriteria {
  return {
    query: workerSearchQuerySchema.parse(params),
    place: options.place ?? null,
    keywordTsquery: options.keyword ?? null,
  };
}

/** The page from scoring every match. */
async function pageOfEveryone(criteria: SearchCriteria): Promise<string[]> {
  const result = await db().execute(searchQuery(planSearch(criteria), []));
  return result.rows.map((row) => summaryRowSchema.parse(row).carerId);
}

/** The page as the API finds it, with its probes and bounds. */
async function pageFound(criteria: SearchCriteria): Promise<string[]> {
  return (await searchWorkers(db(), criteria)).map((worker) => worker.carerId);
}

const searches: [string, Params, { place?: typeof marrickville; keyword?: string }][] = [
  ['no filters', {}, {}],
  ['a keyword', {}, { keyword: 'dementia' }],
  ['two skills', { skillType: ['DEMENTIA', 'AGEDGEN'] }, {}],
  ['one skill and a language', { skillType: ['AUTISM'], carerLanguage: ['el'] }, {}],
  ['a place, any distance', {}, { place: marrickville }],
  ['a place, 10 km and two skills', { locationType: 'KM_10', skillType: ['DEMENTIA', 'AGEDGEN'] }, { place: marrickville }],
  ['a place, 25 km, three skills and a day', { locationType: 'KM_25', skillType: ['DEMENTIA', 'AGEDGEN', 'AUTISM'], availability: ['mon'] }, { place: marrickville }],
  ['a day and a language', { availability: ['sat'], carerLanguage: ['el', 'zh'] }, {}],
  ['two days, any distance', { availability: ['mon', 'sat'] }, { place: marrickville }],
  ['a skill, any distance, where few workers live', { skillType: ['AUTISM'] }, { place: melbourne }],
  ['two skills within 50 km', { locationType: 'KM_50', skillType: ['DEMENTIA', 'AGEDGEN'] }, { place: marrickville }],
];

describe('best-match bounds', () => {
  it.each(searches)('leave the pages of %s exactly as scoring everyone gives them', async (_name, params, options) => {
    for (const [start, limit] of [
      [0, 10],
      [10, 10],
      [0, 3],
      [7, 25],
    ] as const) {
      const criteria = criteriaOf({ ...params, start: String(start), limit: String(limit) }, options);
      const everyone = await pageOfEveryone(criteria);
      expect(everyone.length).toBeGreaterThan(0);
      expect(await pageFound(criteria)).toEqual(everyone);
    }
  });

  it('do bound most searches, so that the tests above test something', async () => {
    let bounded = 0;
    for (const [, params, options] of searches) {
      const plan = planSearch(criteriaOf({ ...params, limit: '10' }, options));
      if ((await searchBounds(db(), plan)).length > 0) bounded += 1;
    }
    expect(bounded).toBeGreaterThanOrEqual(searches.length - 2);
  });
});
