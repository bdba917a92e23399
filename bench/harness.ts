// What every bench shares: the API bundle built once, a scratch database on the PostgreSQL server
// or a scratch PGlite folder, the API started as a child process and waited for, the drivers a
// run covers, percentiles, and running a bench file as a script. Each bench keeps only what it
// measures.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { openDatabase, type Database } from '../apps/api/src/platform/db/client';
import { users } from '../apps/api/src/platform/db/schema/accounts';
import type { contracts } from '../apps/api/src/platform/db/schema/engagements';
import type { workerTaxDetails } from '../apps/api/src/platform/db/schema/onboarding';
import { workerProfiles } from '../apps/api/src/platform/db/schema/workers';
import { createRandom } from '../apps/api/src/platform/db/seed/random';
import { resolveSearchPlace } from '../apps/api/src/platform/places/place-lookup';
import { freePort } from '../e2e/support/product-server';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The PostgreSQL server the benches make their scratch databases on. */
export function benchServerUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** Builds the API bundle only (the web app is not needed to answer the API). */
export function buildApi(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });
}

/** One statement on the server's maintenance connection (CREATE or DROP DATABASE). */
export async function serverStatement(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  /** The scratch database's connection string. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/** A new empty database on the server, named `tendly_bench_<name>_<random>`. */
export async function scratchServerDatabase(name: string, serverUrl: string = benchServerUrl()): Promise<ScratchDatabase> {
  const database = `tendly_bench_${name}_${randomBytes(4).toString('hex')}`;
  await serverStatement(serverUrl, `CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => serverStatement(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

/** A scratch database opened for the bench itself, closed and dropped together. */
export async function openScratchServerDatabase(name: string): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const scratch = await scratchServerDatabase(name);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Where a bench runs: PGlite in a scratch folder, or a scratch database on the server. */
export interface Side {
  label: 'PGlite' | 'PostgreSQL';
  open(): Promise<Database>;
  serverEnv: Record<string, string>;
  /** The budget applies to PostgreSQL only; PGlite is the single-process default for small sites. */
  hasBudget: boolean;
  cleanUp(): Promise<void>;
}

export function pgliteSide(): Side {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tendly-bench-'));
  return {
    label: 'PGlite',
    open: () => openDatabase({ dataDir }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
    hasBudget: false,
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresSide(): Promise<Side> {
  const scratch = await scratchServerDatabase('side');
  return {
    label: 'PostgreSQL',
    open: () => openDatabase({ databaseUrl: scratch.url }),
    serverEnv: { DATABASE_URL: scratch.url },
    hasBudget: true,
    cleanUp: scratch.drop,
  };
}

/**
 * Runs a bench on each side BENCH_DRIVERS names (`pglite,postgres` by default), PGlite first, and
 * says whether every side was within its budget.
 */
export async function onEachSide(run: (side: Side) => Promise<boolean>): Promise<boolean> {
  const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((driver) => driver.trim());
  let withinBudget = true;
  if (drivers.includes('pglite')) withinBudget = (await run(pgliteSide())) && withinBudget;
  if (drivers.includes('postgres')) withinBudget = (await run(await postgresSide())) && withinBudget;
  return withinBudget;
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const healthSchema = z.object({ searchIndexes: z.record(z.string(), z.object({ state: z.string() })).optional(), warm: z.boolean().optional() });

/**
 * Waits until the API in `child` answers its health check, has loaded its search indexes (it
 * answers searches from the database until then, which is not what is measured) and has run its
 * start-up warm-up (`warm`, issue 33; a server from before it has no such field), at most 2
 * minutes; else says why not, with its output.
 */
export async function waitUntilHealthy(child: ChildProcess, baseUrl: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      const { searchIndexes = {}, warm = true } = healthSchema.parse(await response.json());
      if (response.ok && warm && Object.values(searchIndexes).every((index) => index.state === 'ready')) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The API was not healthy within 120 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The environment the benches start the API with, on `port`, before their own settings. */
export function serverEnvironment(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'development', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env };
}

/** Stops a child process with SIGTERM and waits for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Keeps what a child process writes, for the error when it does not start. */
export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

/** The built API on a free port, once healthy with its indexes loaded. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')], { cwd: root, env: serverEnvironment(port, env), stdio: ['ignore', 'pipe', 'pipe'] });
  await waitUntilHealthy(child, baseUrl, collectOutput(child));
  return { baseUrl, stop: () => stopChild(child) };
}

export interface Latency {
  p50: number;
  p95: number;
  perSecond: number;
}

/** The value at percentile `p` of an ascending list. */
export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `12.3 ms`, right-aligned for the benches' tables. */
export const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(8);

/** `a=1&b=2&b=3` → [['a', '1'], ['b', ['2', '3']]], as Fastify parses repeated parameters. */
export function groupParams(query: string): [string, string | string[]][] {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(query)) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  return [...grouped].map(([key, values]) => [key, values.length === 1 ? (values[0] ?? '') : values]);
}

/** Runs `main` when the bench file is run as a script (not imported by run-all.ts). */
export async function runIfMain(moduleUrl: string, main: () => Promise<unknown>): Promise<void> {
  if (process.argv[1] === fileURLToPath(moduleUrl)) await main();
}

export interface Timed {
  query: string;
  ms: number;
}

/**
 * Each query once to `route` (`/api/search?<query>`), from `clients` clients, each sending the next
 * when its last answer arrives, optionally signed in with `token`: every answer's time, p50, p95
 * and requests a second. A query answered other than 200 stops the bench with the answer.
 */
export async function sendEach(
  target: { baseUrl: string; route: string; token?: string; headers?: Record<string, string> },
  queries: readonly string[],
  clients: number,
  dispatcher: Agent,
): Promise<Latency & { timed: Timed[] }> {
  const timed: Timed[] = [];
  let next = 0;
  const started = performance.now();
  const headers = { ...target.headers, ...(target.token ? { 'auth-token': target.token } : {}) };
  const client = async () => {
    while (next < queries.length) {
      const query = queries[next] ?? '';
      next += 1;
      const begun = performance.now();
      const response = await request(`${target.baseUrl}${target.route}?${query}`, { dispatcher, headers });
      const body = await response.body.text();
      timed.push({ query, ms: performance.now() - begun });
      if (response.statusCode !== 200) throw new Error(`${target.route}?${query} answered ${response.statusCode}: ${body}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  const perSecond = queries.length / ((performance.now() - started) / 1000);
  return { timed, p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond };
}

/**
 * Up to `count` suburbs among the localities `localityIds` selects, labelled as a person types them
 * ("Marrickville NSW 2204"), drawn from `seed` (the same on every run), that the API can read.
 */
export async function searchableSuburbs(database: Database, localityIds: SQL, count: number, seed: number): Promise<string[]> {
  const rows = await database.db.execute(sql`
    select l.suburb, l.state::text as state, l.postcode from localities l
    where l.id in (${localityIds})
    order by l.id`);
  const all = z
    .array(z.object({ suburb: z.string(), state: z.string(), postcode: z.string() }))
    .parse(rows.rows)
    .map((row) => `${row.suburb} ${row.state} ${row.postcode}`);
  const random = createRandom(seed);
  const chosen: string[] = [];
  for (const label of random.sample(all, all.length)) {
    if (chosen.length === count) break;
    try {
      await resolveSearchPlace(database.db, label);
      chosen.push(label);
    } catch {
      // an ambiguous or unreadable label: a person would pick from the suggestions instead
    }
  }
  return chosen;
}

/** Inserts `rows` a thousand at a time, so that no one statement carries too many parameters. */
export async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
}

/**
 * `count` workers (`w-N@bench.example`, each with an active profile) and `count` care seekers
 * (`c-N@bench.example`), for the money benches to give contracts and invoices to; their ids.
 */
export async function insertBenchPeople(db: Database['db'], count: number): Promise<{ workerRows: { id: string }[]; careSeekerRows: { id: string }[] }> {
  const people = (role: 'CR' | 'CS', prefix: string) =>
    Array.from({ length: count }, (_, index) => ({ email: `${prefix}-${index}@bench.example`, firstName: prefix === 'w' ? 'Worker' : 'Client', lastName: String(index), role, passwordHash: 'not-a-hash', emailVerifiedAt: new Date() }));
  const workerRows: { id: string }[] = [];
  const careSeekerRows: { id: string }[] = [];
  await insertBatches(people('CR', 'w'), async (batch) => workerRows.push(...(await db.insert(users).values(batch).returning({ id: users.id }))));
  await insertBatches(people('CS', 'c'), async (batch) => careSeekerRows.push(...(await db.insert(users).values(batch).returning({ id: users.id }))));
  await insertBatches(workerRows, (batch) => db.insert(workerProfiles).values(batch.map((worker) => ({ userId: worker.id, status: 'ACTIVE' as const }))));
  return { workerRows, careSeekerRows };
}

/**
 * What every contract the money benches seed has in common: an active agreement for personal care,
 * its start and its policies. Each bench adds the parties, the funding and the rates it measures.
 */
export const benchContractTerms = {
  status: 'ACTIVE',
  supportRequired: ['CTP'],
  travelPerKmCents: 99,
  startDate: '2025-07-01',
  cancellationPolicy: 'Seven clear days.',
  cancellationChargePercent: 100,
  terminationPolicy: 'Two weeks.',
  emergencyContacts: [],
} satisfies Partial<typeof contracts.$inferInsert>;

/**
 * What every worker's tax, super and bank details in the money benches have in common: a valid
 * ABN, one super fund and one BSB. Each bench adds GST registration and the account it pays into.
 */
export const benchTaxDetails = {
  abn: '51824753556',
  abnLegalName: 'Bench Care',
  superFundName: 'Bench Super',
  superIdentifierType: 'USI',
  superIdentifier: 'BEN0001AU',
  superMemberNumber: '1',
  bsb: '062000',
} satisfies Partial<typeof workerTaxDetails.$inferInsert>;

/**
 * The two runs of a mix bench: the budget is measured with the results cache off, so that every
 * request runs its search; the same load with the cache on, as deployed, is shown beside it.
 */
export const mixCacheModes = [
  { label: 'results cache off (SEARCH_CACHE_TTL_MS=0)', env: { SEARCH_CACHE_TTL_MS: '0' }, isBudget: true },
  { label: 'results cache on (15 s, as deployed)', env: {}, isBudget: false },
] as const;

/** The searches of one sort in a mix bench, each list drawn from its own seed so that no warm-up repeats a measured search. */
export interface SortMix<S extends string> {
  sortType: S;
  /** Sent once the server has started, before anything is measured. */
  startUp: string[];
  /** Sent just before this sort's measured run. */
  warmUp: string[];
  measured: string[];
  /** Sent one at a time, to set each beside its bare SQL. */
  compared: string[];
}

/**
 * Draws the searches of each sort of a mix bench with `draw` (the same on every run): the measured
 * ones from `seed` plus the sort's place in the list, the others from seeds 100, 200 and 300 above.
 */
export function drawSortMixes<S extends string>(
  sortTypes: readonly S[],
  counts: { startUp: number; warmUp: number; measured: number; compared: number },
  seed: number,
  draw: (sortType: S, count: number, seed: number) => string[],
): SortMix<S>[] {
  return sortTypes.map((sortType, index) => ({
    sortType,
    warmUp: draw(sortType, counts.warmUp, seed + 100 + index),
    startUp: draw(sortType, counts.startUp, seed + 300 + index),
    measured: draw(sortType, counts.measured, seed + index),
    compared: draw(sortType, counts.compared, seed + 200 + index),
  }));
}

/** A mix bench's budget, measured with the results cache off: p95 on each side, and requests a second on PostgreSQL. */
export interface MixBudget {
  p95Ms: Readonly<Record<Side['label'], number>>;
  requestsPerSecond: number;
}

/**
 * The load of a mix bench in each results-cache mode (mixCacheModes): the API started on the
 * side's database, the start-up searches of every sort, then for each sort its warm-up and its
 * measured run, printed as a row, and at the end the verdict against `budget`. With the cache off
 * (the budget's mode) it keeps the `slowestKept` slowest measured searches of each sort and each
 * compared search's time sent alone (the median of three), for the bench to explain.
 *
 * `floorRequests` adds a first row: that many requests to GET /api/health (one small query),
 * which no search can beat. `rowLoadAverage` ends each row with the machine's load average.
 */
export async function loadMixes<S extends string>(
  side: Side,
  route: { route: string; token?: string },
  mixes: readonly SortMix<S>[],
  budget: MixBudget,
  options: {
    concurrency: number;
    slowestKept: number;
    floorRequests?: number;
    rowLoadAverage?: boolean;
    /**
     * The first this many requests after each start (every sort in turn) measured as a figure of
     * their own (issue 33: a server that has just started takes real traffic). Run with
     * WARM_UP_REQUESTS=0 in the environment for the server's figure without its warm-up.
     */
    firstAfterStart?: number;
  },
): Promise<{ withinBudget: boolean; slowest: Map<S, Timed[]>; alone: Map<string, number> }> {
  const { concurrency } = options;
  const budgetMs = budget.p95Ms[side.label];
  let withinBudget = true;
  const slowest = new Map<S, Timed[]>();
  const alone = new Map<string, number>();
  for (const mode of mixCacheModes) {
    const server = await startServer({ ...side.serverEnv, ...mode.env });
    const target = { baseUrl: server.baseUrl, ...route };
    const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
    process.stdout.write(`  ${mode.label}:\n`);
    try {
      const startUp = inTurn(mixes.map((mix) => mix.startUp));
      const first = options.firstAfterStart ?? 0;
      if (first > 0) {
        const run = await sendEach(target, startUp.slice(0, first), concurrency, dispatcher);
        process.stdout.write(
          `    ${'first'.padEnd(10)} p50 ${ms(run.p50)}  p95 ${ms(run.p95)}  ${run.perSecond.toFixed(0).padStart(5)} req/s  ` +
            `(the first ${Math.min(first, startUp.length).toLocaleString('en-AU')} requests after the start, every sort in turn)\n`,
        );
      }
      await sendEach(target, startUp.slice(first), concurrency, dispatcher);
      if (options.floorRequests !== undefined) {
        // On a machine shared with other work the floor shows how much of a figure is the machine's.
        const floor = await sendEach({ ...target, route: '/api/health' }, Array.from({ length: options.floorRequests }, (_, i) => `n=${i}`), concurrency, dispatcher);
        process.stdout.write(
          `    ${'health'.padEnd(10)} p50 ${ms(floor.p50)}  p95 ${ms(floor.p95)}  ${floor.perSecond.toFixed(0).padStart(5)} req/s  (the floor: GET /api/health)\n`,
        );
      }
      for (const mix of mixes) {
        await sendEach(target, mix.warmUp, concurrency, dispatcher);
        const run = await sendEach(target, mix.measured, concurrency, dispatcher);
        const isOver = mode.isBudget && (run.p95 >= budgetMs || (side.label === 'PostgreSQL' && run.perSecond < budget.requestsPerSecond));
        if (isOver) withinBudget = false;
        process.stdout.write(
          `    ${mix.sortType.padEnd(10)} p50 ${ms(run.p50)}  p95 ${ms(run.p95)}  ${run.perSecond.toFixed(0).padStart(5)} req/s${isOver ? '  OVER BUDGET' : ''}` +
            `${options.rowLoadAverage ? `  (load average ${os.loadavg()[0]?.toFixed(1) ?? '?'})` : ''}\n`,
        );
        if (mode.isBudget) {
          slowest.set(mix.sortType, [...run.timed].sort((a, b) => b.ms - a.ms).slice(0, options.slowestKept));
          for (const query of mix.compared) alone.set(query, (await sendEach(target, [query, query, query], 1, dispatcher)).p50);
        }
      }
    } finally {
      await dispatcher.close();
      await server.stop();
    }
  }
  process.stdout.write(
    `  budget (cache off): p95 under ${budgetMs} ms${side.label === 'PostgreSQL' ? ` and ${budget.requestsPerSecond} req/s` : ''}: ${withinBudget ? 'within' : 'OVER'}\n`,
  );
  return { withinBudget, slowest, alone };
}

/** The lists' items taken one from each list in turn: [a1, b1, a2, b2, ...]. */
function inTurn<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const items: T[] = [];
  for (let at = 0; at < longest; at += 1) for (const list of lists) if (at < list.length) items.push(list[at] as T);
  return items;
}

/** A query plan with each line cut to 240 characters: lines naming every grid cell of a 50 km radius run to thousands. */
export function shortenPlanLines(plan: string): string[] {
  return plan.split('\n').map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line));
}

/** The PostgreSQL (or PGlite) version a bench ran on, for its report. */
export async function serverVersion(database: Database): Promise<string> {
  const versionRow = await database.db.execute(sql`select current_setting('server_version') as version`);
  return z.array(z.object({ version: z.string() })).parse(versionRow.rows)[0]?.version ?? '';
}

/**
 * `total` requests to one `url` from `clients` clients, each sending its next request when the
 * last answer arrives: p50, p95, requests a second, and the body of the last answer (answers are
 * not parsed here: on two cores, parsing them would take CPU from the server). An answer other
 * than 200 stops the bench with the answer.
 */
export async function loadUrl(
  url: string,
  { total, clients, dispatcher, headers = {} }: { total: number; clients: number; dispatcher: Agent; headers?: Record<string, string> },
): Promise<Latency & { lastBody: string }> {
  const latencies: number[] = [];
  let sent = 0;
  let lastBody = '';
  const started = performance.now();
  const client = async () => {
    while (sent < total) {
      sent += 1;
      const begun = performance.now();
      const response = await request(url, { dispatcher, headers });
      const body = await response.body.text();
      latencies.push(performance.now() - begun);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${body}`);
      lastBody = body;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond: total / ((performance.now() - started) / 1000), lastBody };
}
