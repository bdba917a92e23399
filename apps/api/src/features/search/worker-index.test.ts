import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESULT_TOTAL_CAP } from '@tendly/domain/api/result-total';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { createRandom } from '../../platform/db/seed/random';
import { earthDistance, earthPoint } from '../../platform/places/place-geometry';
import type { SearchCriteria } from './search-filters';
import { searchWorkers } from './search-repository';
import { createSearchContext, findWorkersWithTotal } from './search-service';
import { pageOfEveryone, promoteOutsider, randomRadiusSearch, seedSearchWorkers, testSkills } from './test-search-workers';
import { createWorkerIndex, readSearchClock, searchWorkerIndex, type WorkerIndex } from './worker-index';

/**
 * Worker search from memory must give exactly what the database gives: the same workers, in the
 * same order, presented the same, and the same total, on random searches; and a change must show
 * in the next search once the index has caught up.
 */

let database: TestDatabase;
let index: WorkerIndex;
const db = () => database.db;
const silent = { warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSearchWorkers(db());
  index = createWorkerIndex(database, silent);
  await index.start();
});

afterAll(async () => {
  await index?.close();
  await database?.dispose();
});


/** Random searches from `first` on, each compared with scoring every match. */
async function compareRandomSearches(first: number, count: number) {
  let answered = 0;
  let fullPages = 0;
  let beyondCap = 0;
  for (let seed = first; seed < first + count; seed += 1) {
    const criteria = randomRadiusSearch(seed, { everyFilter: true });
    const everyone = await pageOfEveryone(db(), criteria);
    if (everyone.ids.length === criteria.query.limit) fullPages += 1;
    if (everyone.total > RESULT_TOTAL_CAP) beyondCap += 1;
    const indexed = await fromIndex(criteria);
    if (!indexed) continue;
    answered += 1;
    // Past the cap, only "more than 1,000" is told.
    const told = (total: number) => Math.min(total, RESULT_TOTAL_CAP + 1);
    expect({ seed, page: indexed.workers.map((worker) => worker.carerId), total: told(indexed.total) }).toEqual({
      seed,
      page: everyone.ids,
      total: told(everyone.total),
    });
    // Presented as the database presents them, distance included.
    expect({ seed, workers: indexed.workers }).toEqual({ seed, workers: await searchWorkers(db(), criteria, { cellWalk: false }) });
  }
  return { answered, fullPages, beyondCap };
}

async function fromIndex(criteria: SearchCriteria) {
  const { newWorkersOnly, activeWorkersOnly } = criteria.query;
  const clock = newWorkersOnly || activeWorkersOnly ? await readSearchClock(db()) : null;
  return searchWorkerIndex(index, criteria, clock);
}

describe('worker search from memory', () => {
  // Hundreds of searches each checked against a full scan: about 15 s on a quiet 2-core machine,
  // over 30 s while other work shares it.
  it('gives exactly the page and total of scoring every match, on 250 random searches', { timeout: 120_000 }, async () => {
    const { answered, fullPages, beyondCap } = await compareRandomSearches(1, 250);
    // Every search was answered (none was too close to call), most of them full pages.
    expect(answered).toBe(250);
    expect(fullPages).toBeGreaterThanOrEqual(150);
    // Enough searches match more than the total counts, where cells are read only as far as the page needs.
    expect(beyondCap).toBeGreaterThanOrEqual(20);
  });

  it('still does after many profiles change, each kept in order in its cell', { tags: ['drivers'] }, async () => {
    await db().execute(sql`select setseed(0.5)`);
    await db().execute(sql`
      update worker_profiles set
        joined_at = now() - random() * interval '900 days',
        last_active_at = case when random() < 0.3 then null else now() - random() * interval '200 days' end,
        rating = round((1 + random() * 4)::numeric, 2), review_count = 1 + floor(random() * 30)::int,
        latitude = latitude + (random() - 0.5) * 0.1
      where user_id in (select user_id from worker_profiles order by md5(user_id::text) limit 600)`);
    await index.sync();
    const { answered, beyondCap } = await compareRandomSearches(1001, 80);
    expect(answered).toBe(80);
    expect(beyondCap).toBeGreaterThanOrEqual(5);
  });

  it('reads past workers never active when their checks and rating could still make the page', { tags: ['one-driver'] }, async () => {
    // In one cell far from the others: 1,050 workers active today with one check and no reviews
    // (23 points of checks, rating and activity), then 50 never active with every check and top
    // reviews (24.9 points), read last in the cell's order. The page is the 50's.
    const perth = { latitude: -31.95, longitude: 115.86, label: 'Perth' };
    await db().execute(sql`
      with made as (
        insert into users (email, first_name, last_name, role, password_hash, status)
        select 'perth.' || i || '@example.com', 'P' || i, 'Tester', 'CR', 'x', 'ACTIVE' from generate_series(1, 1100) as i
        returning id, first_name)
      insert into worker_profiles (user_id, status, headline, skills, availability, latitude, longitude,
        police_check_verified_at, ndis_screening_verified_at, wwcc_verified_at, rating, review_count, last_active_at)
      select id, 'ACTIVE', 'Perth worker', array['DEMENTIA'], '{}'::jsonb, ${perth.latitude}, ${perth.longitude}, now(),
        case when substr(first_name, 2)::int > 1050 then now() end, case when substr(first_name, 2)::int > 1050 then now() end,
        case when substr(first_name, 2)::int > 1050 then 5 end, case when substr(first_name, 2)::int > 1050 then 100 else 0 end,
        case when substr(first_name, 2)::int <= 1050 then now() end
      from made`);
    await index.sync();
    const criteria: SearchCriteria = { query: workerSearchQuerySchema.parse({ locationType: 'KM_10', skillType: ['DEMENTIA'] }), place: perth, keywordTsquery: null };
    const page = await fromIndex(criteria);
    const everyone = await pageOfEveryone(db(), criteria);
    expect(everyone.total).toBe(1100);
    expect(page?.workers.map((worker) => worker.carerId)).toEqual(everyone.ids);
    expect(page?.workers.every((worker) => worker.lastActiveAt === null)).toBe(true);
  });

  it('answers through the search service, total included', async () => {
    const ctx = createSearchContext(db(), { index, syncIndex: true });
    const query = workerSearchQuerySchema.parse({ location: 'unused', locationType: 'KM_10', skillType: [testSkills[0]] });
    const criteria: SearchCriteria = { query, place: { latitude: -33.87, longitude: 151.0, label: 'the middle' }, keywordTsquery: null };
    const { place } = criteria;
    if (!place) throw new Error('a place');
    await ctx.places.getOrLoad('unused', () => Promise.resolve(place));
    const found = await findWorkersWithTotal(ctx, query);
    const everyone = await pageOfEveryone(db(), criteria);
    expect(found.workers.map((worker) => worker.carerId)).toEqual(everyone.ids);
    expect(found.total).toEqual({ count: Math.min(everyone.total, 1000), isCapped: everyone.total > 1000 });
  });

  it('shows a change in the next search once synced: profile, name, account, new and removed workers', { tags: ['drivers'] }, async () => {
    const place = { latitude: -33.87, longitude: 151.0, label: 'the middle' };
    const search = (sortType: string) =>
      fromIndex({ query: workerSearchQuerySchema.parse({ locationType: 'KM_10', skillType: ['DEMENTIA'], sortType, limit: '5' }), place, keywordTsquery: null });
    const before = (await search('bestMatch'))?.workers.map((worker) => worker.carerId) ?? [];
    const id = await promoteOutsider(db(), place, before);
    await index.sync();
    for (const sort of ['bestMatch', 'newest', 'lastActive']) expect((await search(sort))?.workers[0]?.carerId).toBe(id);

    await db().execute(sql`update users set first_name = 'Renamed' where id = ${id}`);
    await index.sync();
    expect((await search('newest'))?.workers[0]?.firstName).toBe('Renamed');

    await db().execute(sql`update users set status = 'DEACTIVATED' where id = ${id}`);
    await index.sync();
    expect((await search('newest'))?.workers.map((worker) => worker.carerId)).not.toContain(id);

    await db().execute(sql`update users set status = 'ACTIVE' where id = ${id}`);
    await db().execute(sql`update worker_profiles set status = 'INACTIVE' where user_id = ${id}`);
    await index.sync();
    expect((await search('newest'))?.workers.map((worker) => worker.carerId)).not.toContain(id);

    const newcomer = z.object({ id: z.string() }).parse(
      (
        await db().execute(sql`
          insert into users (email, first_name, last_name, role, password_hash, status)
          values ('newcomer@example.com', 'New', 'Comer', 'CR', 'x', 'ACTIVE') returning id::text as id`)
      ).rows[0],
    ).id;
    await db().execute(sql`
      insert into worker_profiles (user_id, status, headline, skills, availability, latitude, longitude, joined_at)
      values (${newcomer}, 'ACTIVE', 'New here', array['DEMENTIA'], '{}'::jsonb, ${place.latitude}, ${place.longitude}, now() + interval '1 minute')`);
    await index.sync();
    expect((await search('newest'))?.workers[0]?.carerId).toBe(newcomer);
    await db().execute(sql`delete from worker_profiles where user_id = ${newcomer}`);
    await index.sync();
    expect((await search('newest'))?.workers.map((worker) => worker.carerId)).not.toContain(newcomer);
  });

  it('works out distances as earthdistance does, to within a micrometre', async () => {
    const random = createRandom(7);
    const pairs = Array.from({ length: 300 }, () => ({
      a: { latitude: random.between(-44, -10), longitude: random.between(113, 154) },
      b: { latitude: random.between(-44, -10), longitude: random.between(113, 154) },
    }));
    for (const { a, b } of pairs) {
      const result = await db().execute(
        sql`select earth_distance(ll_to_earth(${a.latitude}::float8, ${a.longitude}::float8), ll_to_earth(${b.latitude}::float8, ${b.longitude}::float8)) as metres`,
      );
      const metres = z.object({ metres: z.number() }).parse(result.rows[0]).metres;
      expect(Math.abs(earthDistance(earthPoint(a.latitude, a.longitude), earthPoint(b.latitude, b.longitude)) - metres)).toBeLessThan(1e-6);
    }
  });

  it('leaves to the database what it cannot answer: a keyword, no radius, an unloaded index', async () => {
    const place = { latitude: -33.87, longitude: 151.0, label: 'the middle' };
    const criteria = (params: Record<string, string>): SearchCriteria => ({ query: workerSearchQuerySchema.parse(params), place, keywordTsquery: null });
    expect(searchWorkerIndex(index, criteria({ locationType: 'KM_10', keyword: 'cooking' }), null)).toBeNull();
    expect(searchWorkerIndex(index, criteria({ locationType: 'ANY' }), null)).toBeNull();
    expect(searchWorkerIndex(index, { ...criteria({ locationType: 'KM_10' }), place: null }, null)).toBeNull();
    expect(searchWorkerIndex(index, criteria({ locationType: 'KM_10', newWorkersOnly: 'true' }), null)).toBeNull();
    const unloaded = createWorkerIndex(database, silent);
    expect(searchWorkerIndex(unloaded, criteria({ locationType: 'KM_10' }), null)).toBeNull();
    await unloaded.close();
  });
});
