import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import type { DayCode } from '@tendly/domain/days';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { createRandom } from '../../platform/db/seed/random';
import { earthDistance, earthPoint } from '../../platform/places/place-geometry';
import type { SearchCriteria } from './search-filters';
import { searchWorkers } from './search-repository';
import { createSearchContext, findWorkersWithTotal } from './search-service';
import { pageOfEveryone, seedSearchWorkers, testLanguages, testQualifications, testSkills } from './test-search-workers';
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

const radii = ['KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;
const sorts = ['bestMatch', 'newest', 'lastActive'] as const;

/** A random radius search with any of the filters, drawn from `seed`. */
function randomSearch(seed: number): SearchCriteria {
  const random = createRandom(seed);
  const params: Record<string, string | string[]> = {
    locationType: random.pick(radii),
    sortType: random.pick(sorts),
    skillType: random.sample(testSkills, random.int(0, 3)),
    start: String(random.chance(0.7) ? 0 : random.int(1, random.chance(0.2) ? 700 : 40)),
    limit: String(random.pick([1, 5, 10, 25, 50])),
  };
  if (random.chance(0.25)) params.availability = random.sample(['mon', 'sat'] satisfies DayCode[], random.int(1, 2));
  if (random.chance(0.15)) params.timesOfDay = random.sample(['morning', 'afternoon', 'evening'], random.int(1, 2));
  if (random.chance(0.15)) params.gender = random.pick(['ANY', 'FEMALE', 'MALE', 'NON_BINARY']);
  if (random.chance(0.15)) params.carerLanguage = random.sample(testLanguages, random.int(1, 2));
  if (random.chance(0.15)) params.qualifications = random.sample(testQualifications, random.int(1, 2));
  for (const flag of ['hasVerifiedNDISScreening', 'driving', 'personalCare', 'newWorkersOnly', 'activeWorkersOnly']) {
    if (random.chance(0.1)) params[flag] = random.pick(['true', 'false']);
  }
  return {
    query: workerSearchQuerySchema.parse(params),
    place: { latitude: -33.87 + random.between(-0.3, 0.3), longitude: 151.0 + random.between(-0.35, 0.35), label: 'somewhere in Sydney' },
    keywordTsquery: null,
  };
}

async function fromIndex(criteria: SearchCriteria) {
  const { newWorkersOnly, activeWorkersOnly } = criteria.query;
  const clock = newWorkersOnly || activeWorkersOnly ? await readSearchClock(db()) : null;
  return searchWorkerIndex(index, criteria, clock);
}

describe('worker search from memory', () => {
  it('gives exactly the page and total of scoring every match, on 250 random searches', async () => {
    let answered = 0;
    let fullPages = 0;
    for (let seed = 1; seed <= 250; seed += 1) {
      const criteria = randomSearch(seed);
      const everyone = await pageOfEveryone(db(), criteria);
      if (everyone.ids.length === criteria.query.limit) fullPages += 1;
      const indexed = await fromIndex(criteria);
      if (!indexed) continue;
      answered += 1;
      expect({ seed, page: indexed.workers.map((worker) => worker.carerId), total: indexed.total }).toEqual({
        seed,
        page: everyone.ids,
        total: everyone.total,
      });
      // Presented as the database presents them, distance included.
      expect({ seed, workers: indexed.workers }).toEqual({ seed, workers: await searchWorkers(db(), criteria, { cellWalk: false }) });
    }
    // Every search was answered (none was too close to call), most of them full pages.
    expect(answered).toBe(250);
    expect(fullPages).toBeGreaterThanOrEqual(150);
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

  it('shows a change in the next search once synced: profile, name, account, new and removed workers', async () => {
    const place = { latitude: -33.87, longitude: 151.0, label: 'the middle' };
    const search = (sortType: string) =>
      fromIndex({ query: workerSearchQuerySchema.parse({ locationType: 'KM_10', skillType: ['DEMENTIA'], sortType, limit: '5' }), place, keywordTsquery: null });
    const before = (await search('bestMatch'))?.workers.map((worker) => worker.carerId) ?? [];
    const outsider = await db().execute(sql`
      select wp.user_id::text as id from worker_profiles wp join users u on u.id = wp.user_id
      where wp.status = 'ACTIVE' and u.status = 'ACTIVE' and not wp.user_id::text = any(${`{${before.join(',')}}`}::text[])
      order by wp.user_id limit 1`);
    const id = z.object({ id: z.string() }).parse(outsider.rows[0]).id;
    await db().execute(sql`
      update worker_profiles set skills = array['DEMENTIA'], latitude = ${place.latitude}, longitude = ${place.longitude},
        police_check_verified_at = now(), ndis_screening_verified_at = now(), wwcc_verified_at = now(),
        rating = 5, review_count = 200, last_active_at = now(), joined_at = now()
      where user_id = ${id}`);
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
