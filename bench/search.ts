// Worker search benchmark (issue 5 budget: p95 under 50 ms on PostgreSQL on this 2-core machine).
// For PGlite and for a PostgreSQL server it seeds 100,000 workers (one INSERT ... SELECT from
// generate_series over realistic profile templates, on real localities weighted like the demo
// data), prints the query plan (EXPLAIN ANALYZE) of each typical search, then starts the real
// API (apps/api/dist/server.js) on that database and measures GET /api/search over HTTP with 16
// concurrent clients: p50, p95 and requests per second.
//
// PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/test).
// The benchmark creates its own database there (tendly_bench_<random>) and drops it afterwards:
// the database named in the URL is only used to connect. BENCH_WORKERS changes the number of
// workers; BENCH_DRIVERS=postgres (or pglite) runs one side only.
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { Agent } from 'undici';
import { z } from 'zod';
import { workerSearchQuerySchema, workerSearchResultsSchema } from '@tendly/domain/api/search';
import { availabilitySlots, dayCodes } from '@tendly/domain/days';
import { stateCodes, type StateCode } from '@tendly/domain/states';
import type { Database } from '../apps/api/src/platform/db/client';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { loadReferenceData } from '../apps/api/src/platform/db/reference-data';
import { buildDemoWorkers, type SeedLocality } from '../apps/api/src/platform/db/seed/demo-workers';
import { createRandom } from '../apps/api/src/platform/db/seed/random';
import { createSearchContext, findWorkers, findWorkersWithTotal } from '../apps/api/src/features/search/search-service';
import { buildApi, groupParams, loadUrl, ms, onEachSide, runIfMain, serverVersion, startServer, type Latency, type Side } from './harness';

export const SEARCH_P95_BUDGET_MS = 50;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 100_000);
const CONCURRENCY = 16;
const WARM_UP_REQUESTS = 64;
const MEASURED_REQUESTS = 640;
const SEQUENTIAL_REQUESTS = 100;
const TEMPLATES = 2_000;

/** The typical searches of issue 5, and two more that a search page makes all the time. */
const searches = [
  { name: '(a) location + 10 km + 2 skills, best match', query: 'location=Marrickville&locationType=KM_10&skillType=DEMENTIA&skillType=AGEDGEN' },
  { name: '(b) keyword', query: 'keyword=dementia' },
  { name: '(c) availability + language', query: 'availability=sat&carerLanguage=el' },
  { name: '    no filters (the first page)', query: '' },
  { name: '    location, any distance', query: 'location=Parramatta' },
] as const;

// ---------------------------------------------------------------------------------------------
// Seeding

/** Share of Australia's population by state, as the demo data uses. */
const statePopulation: Record<StateCode, number> = { NSW: 31.2, VIC: 26.2, QLD: 20.6, WA: 11.1, SA: 6.9, TAS: 2.1, ACT: 1.7, NT: 0.9 };

/** Profile templates: realistic combinations of headline, bio, skills, languages and so on, from the demo generator. */
async function insertTemplates(tx: Database['db'], places: readonly SeedLocality[]): Promise<void> {
  const now = new Date();
  const templates = buildDemoWorkers(TEMPLATES, places, createRandom(20_260_101), now).map((worker, index) => ({
    n: index + 1,
    first_name: worker.user.firstName,
    last_name: worker.user.lastName ?? '',
    headline: worker.profile.headline,
    bio: worker.profile.bio,
    gender: worker.profile.gender,
    skills: worker.profile.skills,
    tasks: worker.profile.tasks,
    languages: worker.profile.languages,
    qualifications: worker.profile.qualifications,
    availability: worker.profile.availability,
    weekday: worker.profile.weekdayRateCents,
    travel_radius_km: worker.profile.travelRadiusKm,
    has_licence: worker.profile.hasDriversLicence,
    has_car: worker.profile.hasCar,
    rating: worker.profile.rating,
    review_count: worker.profile.reviewCount,
  }));
  await tx.execute(sql`
    create temp table bench_templates on commit drop as
    select * from jsonb_to_recordset(${JSON.stringify(templates)}::jsonb) as t(
      n int, first_name text, last_name text, headline text, bio text, gender text, skills text[], tasks text[],
      languages text[], qualifications text[], availability jsonb, weekday int, travel_radius_km int,
      has_licence boolean, has_car boolean, rating numeric, review_count int)`);
  await tx.execute(sql`create index on bench_templates (n)`);
  await tx.execute(sql`analyze bench_templates`);
}

/**
 * Where the workers live: residential localities weighted by their state's population, and
 * within a state mostly cities (MMM 1), some regional towns, a few remote places.
 */
export async function insertPlaces(tx: Database['db']): Promise<void> {
  const population = sql.raw(`case state::text ${stateCodes.map((s) => `when '${s}' then ${statePopulation[s]}`).join(' ')} end`);
  await tx.execute(sql`
    create temp table bench_places on commit drop as
    with candidates as (
      select id, state, latitude, longitude,
        case when mmm_class = 1 then 72 when mmm_class = 2 then 13 when mmm_class between 3 and 5 then 10 else 5 end as band_weight,
        case when mmm_class = 1 then 1 when mmm_class = 2 then 2 when mmm_class between 3 and 5 then 3 else 4 end as band
      from localities
      where suburb !~ '\\m(DC|BC|MC|MSC|PO|GPO|LPO)$'
    ), weighted as (
      select id, latitude, longitude, ${population} * band_weight / count(*) over (partition by state, band) as weight
      from candidates
    )
    select id, latitude, longitude, (sum(weight) over (order by id) / sum(weight) over ())::float8 as cumulative
    from weighted`);
  await tx.execute(sql`create index on bench_places (cumulative)`);
  // Temporary tables are never analysed automatically: without statistics the planner would scan
  // every place for every worker.
  await tx.execute(sql`analyze bench_places`);
}

export async function seedBenchWorkers(database: Database, workers = WORKERS): Promise<number> {
  const started = performance.now();
  const placeRows = await database.db.execute(sql`
    select id, suburb, postcode, state::text as state, latitude, longitude, mmm_class as "mmmClass" from localities`);
  const places = z
    .array(z.object({ id: z.number(), suburb: z.string(), postcode: z.string(), state: z.enum(stateCodes), latitude: z.number(), longitude: z.number(), mmmClass: z.number().nullable() }))
    .parse(placeRows.rows);
  const randomDays = sql.raw(
    `jsonb_build_object(${dayCodes
      .map((day) => `'${day}', jsonb_build_object(${availabilitySlots.map((slot) => `'${slot}', random() < 0.45`).join(', ')})`)
      .join(', ')})`,
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    // A bulk load: the profile indexes are dropped and built again afterwards from their own
    // definitions, which is many times faster than updating them row by row.
    const indexRows = await tx.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'worker_profiles' and indexname <> 'worker_profiles_pkey'`);
    const indexes = z.array(z.object({ name: z.string(), definition: z.string() })).parse(indexRows.rows);
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await insertTemplates(tx, places);
    await insertPlaces(tx);
    await tx.execute(sql`
      create temp table bench_rows on commit drop as
      select i, gen_random_uuid() as id, 1 + floor(random() * ${TEMPLATES})::int as template, random() as place,
        now() - random() * interval '1095 days' as joined_at
      from generate_series(1, ${workers}::int) as i`);
    await tx.execute(sql`analyze bench_rows`);
    await tx.execute(sql`
      insert into users (id, email, first_name, last_name, role, status, password_hash, email_verified_at, created_at)
      select r.id, 'bench.worker.' || r.i || '@bench.tendly.test', t.first_name, t.last_name, 'CR',
        (case when random() < 0.005 then 'DEACTIVATED' else 'ACTIVE' end)::user_status, 'not a password hash', r.joined_at, r.joined_at
      from bench_rows r join bench_templates t on t.n = r.template`);
    // Half the workers were active in the last 30 days (never before they joined).
    await tx.execute(sql`
      insert into worker_profiles (user_id, status, headline, bio, gender, weekday_rate_cents, saturday_rate_cents,
        sunday_rate_cents, public_holiday_rate_cents, evening_rate_cents, overnight_rate_cents, sleepover_rate_cents,
        skills, tasks, languages, qualifications, availability, locality_id, latitude, longitude, travel_radius_km,
        has_drivers_licence, has_car, police_check_verified_at, ndis_screening_verified_at,
        wwcc_verified_at, avatar_url, rating, review_count, last_active_at, joined_at, created_at)
      select r.id, (case when random() < 0.08 then 'INACTIVE' else 'ACTIVE' end)::worker_profile_status,
        t.headline, t.bio, t.gender::gender, t.weekday, t.weekday * 14 / 10, t.weekday * 17 / 10, t.weekday * 22 / 10,
        t.weekday * 11 / 10, t.weekday * 115 / 100, 21000,
        t.skills, t.tasks, t.languages, t.qualifications,
        case when random() < 0.5 then t.availability else ${randomDays} end,
        p.id, p.latitude + (random() - 0.5) * 0.012, p.longitude + (random() - 0.5) * 0.012, t.travel_radius_km,
        t.has_licence, t.has_car,
        case when random() < 0.9 then r.joined_at + interval '7 days' end,
        case when random() < 0.8 then r.joined_at + interval '9 days' end,
        case when random() < 0.55 then r.joined_at + interval '12 days' end,
        '/api/avatars/bench-' || r.i || '.svg', t.rating, t.review_count,
        greatest(r.joined_at, case when random() < 0.5 then now() - random() * interval '30 days' else now() - random() * (now() - r.joined_at) end),
        r.joined_at, r.joined_at
      from bench_rows r
      join bench_templates t on t.n = r.template
      cross join lateral (select bp.id, bp.latitude, bp.longitude from bench_places bp where bp.cumulative >= r.place order by bp.cumulative limit 1) as p`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  await database.db.execute(sql`vacuum analyze users`);
  await database.db.execute(sql`vacuum analyze worker_profiles`);
  await database.db.execute(sql`vacuum analyze worker_search_words`);
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------
// Query plans

/** A handle on the database that keeps each statement run through `execute` in `statements`: what a benchmark explains. */
export function recordingDb(database: Database, statements: SQL[]): Database['db'] {
  return new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (statement: SQL) => {
          statements.push(statement);
          return target.execute(statement);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Recorded statements run again under EXPLAIN ANALYZE, with how long they took together, as printed lines. */
export async function explainStatements(database: Database, statements: readonly SQL[], tookMs: number): Promise<string> {
  const plans: string[] = [`    ${statements.length} statement${statements.length === 1 ? '' : 's'}, ${tookMs.toFixed(1)} ms in all`];
  for (const [index, statement] of statements.entries()) {
    const result = await database.db.execute(sql`explain (analyze, buffers, costs off) ${statement}`);
    const lines = z
      .array(z.object({ 'QUERY PLAN': z.string() }))
      .parse(result.rows)
      .map((row) => `      ${row['QUERY PLAN']}`);
    plans.push(`    statement ${index + 1}:`, ...lines);
  }
  return plans.join('\n');
}

/**
 * The statements the API runs for one search (its page and its total, as the route answers
 * them), recorded through a database handle that keeps each statement, and how long the search
 * took. The search is run once before, to warm the place and keyword lookups as requests do.
 */
export async function searchStatements(database: Database, query: string): Promise<{ statements: SQL[]; tookMs: number }> {
  const parsed = workerSearchQuerySchema.parse(Object.fromEntries(groupParams(query)));
  const ctx = createSearchContext(database.db, { cellWalk: database.driver === 'postgres' });
  await findWorkers(ctx, parsed);
  const statements: SQL[] = [];
  const recording = recordingDb(database, statements);
  const started = performance.now();
  await findWorkersWithTotal({ ...ctx, db: recording }, parsed);
  return { statements, tookMs: performance.now() - started };
}

/** The query plans of one search as the API runs it: each statement it runs, again under EXPLAIN ANALYZE. */
export async function explain(database: Database, query: string): Promise<string> {
  const { statements, tookMs } = await searchStatements(database, query);
  return explainStatements(database, statements, tookMs);
}

// ---------------------------------------------------------------------------------------------
// The server and the load

interface LoadResult {
  /** One client, each request after the last: the latency of the search itself. */
  alone: Latency;
  /** `CONCURRENCY` clients at once: the budget's figures. */
  concurrent: Latency;
  results: number;
}

async function measure(baseUrl: string, query: string): Promise<LoadResult> {
  const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  try {
    const url = `${baseUrl}/api/search${query ? `?${query}` : ''}`;
    await loadUrl(url, { total: WARM_UP_REQUESTS, clients: CONCURRENCY, dispatcher });
    const alone = await loadUrl(url, { total: SEQUENTIAL_REQUESTS, clients: 1, dispatcher });
    const concurrent = await loadUrl(url, { total: MEASURED_REQUESTS, clients: CONCURRENCY, dispatcher });
    // The client shares the machine's two cores with the server: it checks the shape of one
    // answer only, so that parsing answers does not slow the server it is measuring.
    return { alone, concurrent, results: workerSearchResultsSchema.parse(JSON.parse(concurrent.lastBody)).length };
  } finally {
    await dispatcher.close();
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * The API as deployed reuses a page of results for identical searches for 15 seconds
 * (SEARCH_CACHE_TTL_MS), and identical searches in flight share one query: the budget is measured
 * that way. The same load is then run with the cache off, so that every request runs its query and
 * the cost of the search itself stays visible.
 */
export const cacheModes = [
  { label: 'as deployed (identical searches share a page for 15 s)', env: {}, hasBudget: true },
  { label: 'with the results cache off (SEARCH_CACHE_TTL_MS=0): every request queries the database', env: { SEARCH_CACHE_TTL_MS: '0' }, hasBudget: false },
] as const;

async function benchSide(side: Side): Promise<boolean> {
  let withinBudget = true;
  try {
    const database = await side.open();
    let version = '';
    let seededMs = 0;
    const plans: string[] = [];
    try {
      await migrateDatabase(database);
      await loadReferenceData(database);
      seededMs = await seedBenchWorkers(database);
      version = await serverVersion(database);
      for (const search of searches) plans.push(`  ${search.name.trim()}: GET /api/search?${search.query}\n${await explain(database, search.query)}`);
    } finally {
      await database.close();
    }

    const load1 = os.loadavg()[0]?.toFixed(1) ?? '?';
    process.stdout.write(
      `\nsearch on ${side.label} ${version}: ${WORKERS.toLocaleString('en-AU')} workers (seeded in ${(seededMs / 1000).toFixed(1)} s); ` +
        `over HTTP, ${SEQUENTIAL_REQUESTS} requests from 1 client, then ${MEASURED_REQUESTS} from ${CONCURRENCY} concurrent clients ` +
        `(load average ${load1} on ${os.cpus().length} cores)\n`,
    );
    for (const mode of cacheModes) {
      const server = await startServer({ ...side.serverEnv, ...mode.env });
      process.stdout.write(`  ${mode.label}:\n`);
      try {
        for (const search of searches) {
          const { alone, concurrent, results } = await measure(server.baseUrl, search.query);
          const isTypical = search.name.startsWith('(');
          const verdict = side.hasBudget && mode.hasBudget && isTypical ? (concurrent.p95 < SEARCH_P95_BUDGET_MS ? '' : '  OVER BUDGET') : '';
          if (verdict) withinBudget = false;
          process.stdout.write(
            `  ${search.name.padEnd(46)} 1 client: p50 ${ms(alone.p50)} p95 ${ms(alone.p95)} | ` +
              `${CONCURRENCY} clients: p50 ${ms(concurrent.p50)} p95 ${ms(concurrent.p95)} ${concurrent.perSecond.toFixed(0).padStart(5)} req/s | ` +
              `${results} results${verdict}\n`,
          );
        }
      } finally {
        await server.stop();
      }
    }
    if (side.hasBudget) {
      process.stdout.write(
        `  budget: p95 under ${SEARCH_P95_BUDGET_MS} ms at ${CONCURRENCY} clients for (a), (b) and (c), as deployed: ${withinBudget ? 'within' : 'OVER'}\n`,
      );
    }
    process.stdout.write(`\n  query plans on ${side.label} (EXPLAIN ANALYZE of each statement the API runs for the search):\n${plans.join('\n\n')}\n`);
  } finally {
    await side.cleanUp();
  }
  return withinBudget;
}

export async function benchSearch(options: { build?: boolean } = {}): Promise<void> {
  if (options.build ?? true) buildApi();
  await onEachSide(benchSide);
}

await runIfMain(import.meta.url, benchSearch);
