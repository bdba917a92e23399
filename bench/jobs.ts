// Job board benchmark (issue 6 budget: p95 under 50 ms on PostgreSQL on this 2-core machine).
// For PGlite and for a PostgreSQL server it seeds 50,000 open jobs (and some closed and hidden
// ones) with one INSERT ... SELECT from generate_series over realistic job templates, placed on
// real localities weighted like the demo data, prints the query plan (EXPLAIN ANALYZE) of each
// typical board search, then starts the real API (apps/api/dist/server.js) on that database and
// measures GET /api/jobs/search over HTTP, signed in as a worker, from 1 client and from 16
// concurrent clients: p50, p95 and requests per second.
//
// PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/test);
// the benchmark creates its own database there and drops it afterwards. BENCH_JOBS changes the
// number of open jobs; BENCH_DRIVERS=postgres (or pglite) runs one side only.
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { htmlToPlainText, jobSearchQuerySchema, jobSearchResultsSchema, type JobFields } from '@tendly/domain/api/jobs';
import { availabilitySlots, dayCodes } from '@tendly/domain/days';
import { payingForCareTypeCodes } from '@tendly/domain/job-options';
import { createUserSession } from '../apps/api/src/platform/auth/session-repository';
import type { Database } from '../apps/api/src/platform/db/client';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { workerProfiles } from '../apps/api/src/platform/db/schema/workers';
import { loadReferenceData } from '../apps/api/src/platform/db/reference-data';
import { resolveSearchPlace } from '../apps/api/src/platform/places/place-lookup';
import { searchJobBoard } from '../apps/api/src/features/jobs/job-board-repository';
import { buildApi, groupParams, loadUrl, ms, onEachSide, runIfMain, serverVersion, startServer, type Side } from './harness';
import { cacheModes, explainStatements, insertPlaces, recordingDb } from './search';

export const JOB_BOARD_P95_BUDGET_MS = 50;
const OPEN_JOBS = Number(process.env.BENCH_JOBS ?? 50_000);
/** Besides the open jobs: closed ones and ones hidden from the board, which the board must skip cheaply. */
const closedJobsBeside = (openJobs: number) => Math.round(openJobs / 10);
const hiddenJobsBeside = (openJobs: number) => Math.round(openJobs / 20);
const CLOSED_JOBS = closedJobsBeside(OPEN_JOBS);
const HIDDEN_JOBS = hiddenJobsBeside(OPEN_JOBS);
const CONCURRENCY = 16;
const WARM_UP_REQUESTS = 64;
const MEASURED_REQUESTS = 640;
const SEQUENTIAL_REQUESTS = 100;

/** The typical board searches of issue 6, and the first page a worker sees. */
const searches = [
  { name: '(a) location + 25 km + a skill, newest', query: 'location=Marrickville&locationType=KM_25&skillType=DEMENTIA' },
  { name: '(b) keyword', query: 'keyword=dementia' },
  { name: '(c) days + who pays', query: 'availability=sat&availability=sun&payingForCareType=NDIS_SELF_MANAGED&payingForCareType=PRIVATE' },
  { name: '(d) location, nearest first', query: 'location=Parramatta&sortType=nearest' },
  { name: '    no filters (the first page)', query: '' },
  { name: '    location + 10 km, nearest, page 3', query: 'location=Newtown%20NSW&locationType=KM_10&sortType=nearest&start=50' },
] as const;

/**
 * The floor: the same load on GET /api/health (one `select 1`), which no board query can beat. On
 * a machine shared with other work it shows how much of a figure is the machine's, not the board's.
 */
const FLOOR = { name: '    GET /api/health (the floor)', path: '/api/health' } as const;

// ---------------------------------------------------------------------------------------------
// Seeding

const people = ['Mum', 'Dad', 'my son', 'my daughter', 'my sister', 'my husband', 'my wife', 'a client', 'my grandmother', 'my neighbour'];

/** What a job needs: its category, the skills, the tasks and a sentence about it. */
const needs: { category: JobFields['supportCategory']; skills: string[]; tasks: string[]; need: string; detail: string }[] = [
  { category: 'AGED_CARE', skills: ['DEMENTIA', 'AGEDGEN'], tasks: ['CTS', 'MEAL'], need: 'dementia support', detail: 'is living with dementia and is happiest with a steady routine, a walk and a chat' },
  { category: 'AGED_CARE', skills: ['AGEDGEN'], tasks: ['CTS', 'CTE'], need: 'help with shopping and appointments', detail: 'no longer drives and would like a hand with the shopping and getting to appointments' },
  { category: 'AGED_CARE', skills: ['PARKINSONS', 'AGEDGEN'], tasks: ['CTP', 'MEAL'], need: "Parkinson's support in the evenings", detail: "has Parkinson's and needs help with dinner, medication prompts and getting ready for bed" },
  { category: 'AGED_CARE', skills: ['FRAIL', 'AGEDGEN'], tasks: ['CTP', 'CTD'], need: 'personal care in the mornings', detail: 'is frail after a fall and needs help to shower, dress and start the day safely' },
  { category: 'DISABILITY', skills: ['AUTISM'], tasks: ['CA', 'SKILLDEV'], need: 'weekend outings', detail: 'is autistic, loves trains and the beach, and wants to get out and about on weekends' },
  { category: 'DISABILITY', skills: ['CP', 'CFDA'], tasks: ['CTP', 'CA'], need: 'support with daily living', detail: 'has cerebral palsy and uses a wheelchair, and needs help with personal care and outings' },
  { category: 'DISABILITY', skills: ['MS'], tasks: ['CTP', 'COOK'], need: 'afternoon support', detail: 'has multiple sclerosis and needs help in the afternoons with cooking and personal care' },
  { category: 'DISABILITY', skills: ['ABI'], tasks: ['SKILLDEV', 'CTE'], need: 'help rebuilding skills after a brain injury', detail: 'is recovering from an acquired brain injury and is relearning cooking and catching the bus' },
  { category: 'MENTAL_HEALTH', skills: ['DEPRESSION', 'ANXIETY'], tasks: ['CTS', 'CA'], need: 'companionship and getting out', detail: 'lives with anxiety and depression and would love company for walks and coffee' },
  { category: 'MENTAL_HEALTH', skills: ['PSYSOC'], tasks: ['SKILLDEV', 'CTS'], need: 'psychosocial recovery support', detail: 'is working towards living independently and needs encouragement with routines and budgeting' },
  { category: 'OTHER_CARE', skills: ['POC'], tasks: ['CTD', 'MEAL'], need: 'help at home after surgery', detail: 'is coming home from hospital after surgery and needs meals, housework and a steady hand' },
  { category: 'OTHER_CARE', skills: ['PC'], tasks: ['CTS', 'CTP'], need: 'gentle palliative care support', detail: 'is receiving palliative care at home and the family needs a kind, experienced helper' },
];

async function insertJobTemplates(tx: Database['db']): Promise<number> {
  const templates = needs.flatMap((need, i) =>
    people.map((person, j) => {
      const html =
        `<p>We are looking for ${need.need} for ${person}, who ${need.detail}.</p>` +
        `<ul><li>Reliable and patient</li><li>Happy to follow a routine</li></ul><p>Please say a little about your experience.</p>`;
      return {
        n: i * people.length + j + 1,
        category: need.category,
        skills: need.skills,
        tasks: need.tasks,
        title: `${need.need[0]?.toUpperCase()}${need.need.slice(1)} for ${person}`,
        html,
        summary: htmlToPlainText(html),
      };
    }),
  );
  await tx.execute(sql`
    create temp table bench_job_templates on commit drop as
    select * from jsonb_to_recordset(${JSON.stringify(templates)}::jsonb) as t(
      n int, category text, skills text[], tasks text[], title text, html text, summary text)`);
  await tx.execute(sql`create index on bench_job_templates (n)`);
  await tx.execute(sql`analyze bench_job_templates`);
  return templates.length;
}

export async function seedBenchJobs(database: Database, openJobs = OPEN_JOBS): Promise<number> {
  const started = performance.now();
  const closedJobs = closedJobsBeside(openJobs);
  const hiddenJobs = hiddenJobsBeside(openJobs);
  const owners = Math.max(1, Math.round(openJobs / 10));
  const randomDays = sql.raw(
    `jsonb_build_object(${dayCodes
      .map((day) => `'${day}', jsonb_build_object(${availabilitySlots.map((slot) => `'${slot}', random() < 0.25`).join(', ')})`)
      .join(', ')})`,
  );
  const paying = sql.raw(`array[${payingForCareTypeCodes.map((code) => `'${code}'`).join(', ')}]`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.6)`);
    // A bulk load: the job indexes are dropped and built again afterwards from their own
    // definitions (those behind constraints stay).
    const indexRows = await tx.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'jobs'
        and indexname not in (select conname from pg_constraint where conrelid = 'jobs'::regclass)`);
    const indexes = z.array(z.object({ name: z.string(), definition: z.string() })).parse(indexRows.rows);
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    const templateCount = await insertJobTemplates(tx);
    await insertPlaces(tx);
    await tx.execute(sql`
      insert into users (email, first_name, last_name, role, status, password_hash, email_verified_at)
      select 'bench.careseeker.' || i || '@bench.tendly.test', (array['Helen','Sam','Priya','Anh','Rosa','Graham','Fatima','Liam'])[1 + i % 8],
        'Bench', 'CS', 'ACTIVE', 'not a password hash', now()
      from generate_series(1, ${owners}::int) as i`);
    await tx.execute(sql`
      create temp table bench_owners on commit drop as
      select id, row_number() over (order by id) as n from users where email like 'bench.careseeker.%'`);
    await tx.execute(sql`create index on bench_owners (n)`);
    await tx.execute(sql`analyze bench_owners`);
    const total = openJobs + closedJobs + hiddenJobs;
    await tx.execute(sql`
      create temp table bench_job_rows on commit drop as
      select i, 1 + floor(random() * ${templateCount})::int as template, 1 + floor(random() * ${owners})::int as owner, random() as place,
        now() - random() * interval '90 days' as posted_at,
        case when i <= ${openJobs} then 'OPEN' when i <= ${openJobs + closedJobs} then 'CLOSED' else 'OPEN' end as status,
        i > ${openJobs + closedJobs} as hidden
      from generate_series(1, ${total}::int) as i`);
    await tx.execute(sql`analyze bench_job_rows`);
    await tx.execute(sql`
      insert into jobs (owner_id, posted_by_user_id, draft_id, status, support_category, support_type, care_for, location,
        locality_id, latitude, longitude, availability, approx_hours_per_week, tasks, paying_for_care_type, hourly_rate_cents,
        title, html_description, summary, disable_job_board_posting, disable_worker_notification, posted_at, updated_at, closed_at)
      select o.id, o.id, gen_random_uuid(), r.status::job_post_status, t.category, t.skills, 'Immediate Family',
        l.suburb || ' ' || l.state::text, l.id, l.latitude, l.longitude,
        case when random() < 0.3 then jsonb_set(${randomDays}, '{sat,morning}', 'true') else ${randomDays} end,
        (2 + floor(random() * 30))::float8, t.tasks, (${paying})[1 + floor(random() * ${payingForCareTypeCodes.length})::int],
        case when random() < 0.7 then 4000 + floor(random() * 40)::int * 100 end,
        t.title, t.html, t.summary, r.hidden, true, r.posted_at, r.posted_at,
        case when r.status = 'CLOSED' then r.posted_at + interval '7 days' end
      from bench_job_rows r
      join bench_job_templates t on t.n = r.template
      join bench_owners o on o.n = r.owner
      cross join lateral (select bp.id from bench_places bp where bp.cumulative >= r.place order by bp.cumulative limit 1) as p
      join localities l on l.id = p.id`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  await database.db.execute(sql`vacuum analyze users`);
  await database.db.execute(sql`vacuum analyze jobs`);
  return performance.now() - started;
}

/** A worker and a session for them, straight into the database: the board is for signed-in workers. */
export async function benchWorkerToken(database: Database): Promise<string> {
  const result = await database.db.execute(sql`
    insert into users (email, first_name, last_name, role, password_hash, email_verified_at)
    values ('bench.worker@bench.tendly.test', 'Maya', 'Bench', 'CR', 'not a password hash', now())
    returning id::text as id`);
  const [worker] = z.array(z.object({ id: z.string() })).parse(result.rows);
  if (!worker) throw new Error('The bench worker was not inserted');
  await database.db.insert(workerProfiles).values({ userId: worker.id, status: 'ACTIVE' });
  return (await createUserSession(database.db, worker.id, { ip: '127.0.0.1' }, new Date())).token;
}

// ---------------------------------------------------------------------------------------------
// Query plans

/** What the API reads from a board search's query string: the query and its place. */
export async function boardCriteriaOf(database: Database, query: string) {
  const parsed = jobSearchQuerySchema.parse(Object.fromEntries(groupParams(query)));
  return { query: parsed, place: parsed.location ? await resolveSearchPlace(database.db, parsed.location) : null };
}

/**
 * The query plans of one board search as the API runs it: the search is run once through a
 * database handle that records each statement, then each is run again under EXPLAIN ANALYZE.
 */
async function explain(database: Database, query: string): Promise<string> {
  const criteria = await boardCriteriaOf(database, query);
  await searchJobBoard(database.db, criteria); // warms the cache, as requests do
  const statements: SQL[] = [];
  const recording = recordingDb(database, statements);
  const started = performance.now();
  await searchJobBoard(recording, criteria);
  return explainStatements(database, statements, performance.now() - started);
}

// ---------------------------------------------------------------------------------------------
// The load

async function measure(baseUrl: string, token: string, query: string | null) {
  const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  try {
    const url = query === null ? `${baseUrl}${FLOOR.path}` : `${baseUrl}/api/jobs/search${query ? `?${query}` : ''}`;
    // One answer checked against the contract, so the figures are of real results.
    const checked = await request(url, { dispatcher, headers: { 'auth-token': token } });
    const body: unknown = await checked.body.json();
    const results = query === null ? 0 : jobSearchResultsSchema.parse(body).length;
    const headers = { 'auth-token': token };
    await loadUrl(url, { total: WARM_UP_REQUESTS, clients: CONCURRENCY, dispatcher, headers });
    const alone = await loadUrl(url, { total: SEQUENTIAL_REQUESTS, clients: 1, dispatcher, headers });
    const concurrent = await loadUrl(url, { total: MEASURED_REQUESTS, clients: CONCURRENCY, dispatcher, headers });
    return { alone, concurrent, results };
  } finally {
    await dispatcher.close();
  }
}


async function benchSide(side: Side): Promise<boolean> {
  let withinBudget = true;
  try {
    const database = await side.open();
    let version = '';
    let seededMs = 0;
    let token = '';
    const plans: string[] = [];
    try {
      await migrateDatabase(database);
      await loadReferenceData(database);
      seededMs = await seedBenchJobs(database);
      token = await benchWorkerToken(database);
      version = await serverVersion(database);
      for (const search of searches) plans.push(`  ${search.name.trim()}: GET /api/jobs/search?${search.query}\n${await explain(database, search.query)}`);
    } finally {
      await database.close();
    }

    const load1 = os.loadavg()[0]?.toFixed(1) ?? '?';
    process.stdout.write(
      `\njob board on ${side.label} ${version}: ${OPEN_JOBS.toLocaleString('en-AU')} open jobs, ${(CLOSED_JOBS + HIDDEN_JOBS).toLocaleString('en-AU')} closed or hidden ` +
        `(seeded in ${(seededMs / 1000).toFixed(1)} s); over HTTP, ${SEQUENTIAL_REQUESTS} requests from 1 client, then ${MEASURED_REQUESTS} ` +
        `from ${CONCURRENCY} concurrent clients (load average ${load1} on ${os.cpus().length} cores)\n`,
    );
    for (const mode of cacheModes) {
      const server = await startServer({ ...side.serverEnv, ...mode.env });
      process.stdout.write(`  ${mode.label}:\n`);
      try {
        const floor = await measure(server.baseUrl, token, null);
        process.stdout.write(
          `  ${FLOOR.name.padEnd(42)} 1 client: p50 ${ms(floor.alone.p50)} p95 ${ms(floor.alone.p95)} ${floor.alone.perSecond.toFixed(0).padStart(5)} req/s | ` +
            `${CONCURRENCY} clients: p50 ${ms(floor.concurrent.p50)} p95 ${ms(floor.concurrent.p95)} ${floor.concurrent.perSecond.toFixed(0).padStart(5)} req/s\n`,
        );
        for (const search of searches) {
          const { alone, concurrent, results } = await measure(server.baseUrl, token, search.query);
          const isTypical = search.name.startsWith('(');
          const verdict = side.hasBudget && mode.hasBudget && isTypical ? (concurrent.p95 < JOB_BOARD_P95_BUDGET_MS ? '' : '  OVER BUDGET') : '';
          if (verdict) withinBudget = false;
          process.stdout.write(
            `  ${search.name.padEnd(42)} 1 client: p50 ${ms(alone.p50)} p95 ${ms(alone.p95)} ${alone.perSecond.toFixed(0).padStart(5)} req/s | ` +
              `${CONCURRENCY} clients: p50 ${ms(concurrent.p50)} p95 ${ms(concurrent.p95)} ${concurrent.perSecond.toFixed(0).padStart(5)} req/s | ` +
              `${results} results${verdict}\n`,
          );
        }
      } finally {
        await server.stop();
      }
    }
    if (side.hasBudget) {
      process.stdout.write(`  budget: p95 under ${JOB_BOARD_P95_BUDGET_MS} ms at ${CONCURRENCY} clients for (a) to (d), as deployed: ${withinBudget ? 'within' : 'OVER'}\n`);
    }
    process.stdout.write(`\n  query plans on ${side.label} (EXPLAIN ANALYZE of the board's query):\n${plans.join('\n\n')}\n`);
  } finally {
    await side.cleanUp();
  }
  return withinBudget;
}

export async function benchJobs(options: { build?: boolean } = {}): Promise<void> {
  if (options.build ?? true) buildApi();
  await onEachSide(benchSide);
}

await runIfMain(import.meta.url, benchJobs);
