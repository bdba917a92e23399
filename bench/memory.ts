// Memory benchmark (issue 33 goal: the default embedded start at most 350 MB resident). Starts
// the built product as `npm start` does by default (PGlite in a fresh DATA_DIR, demo data
// seeded on its first start), waits until /api/health says it is warm, and prints its resident
// memory and V8 heap; then sends 1,000 different worker searches (suburbs with workers, radius
// 10/25/50 km, every sort, 1 or 2 skills, 16 clients) and prints them again. It does so for the
// first start (which created and seeded the database) and for a restart on the same data (how a
// server usually starts). Memory outside the V8 heap (`external`) counts PGlite's WebAssembly
// memory: the embedded PostgreSQL's heap and its shared buffers.
//
// Then, on the PostgreSQL server (BENCH_DATABASE_URL, as bench:search), the same at 10,000, 50,000
// and 100,000 bench workers and what each 1,000 workers add: BENCH_MEMORY_WORKERS sets the counts
// (`none` skips it).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Agent } from 'undici';
import { sortTypeCodes } from '@tendly/domain/job-options';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { freePort } from '../e2e/support/product-server';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { loadReferenceData } from '../apps/api/src/platform/db/reference-data';
import { buildApi, collectOutput, openScratchServerDatabase, root, runIfMain, searchableSuburbs, sendEach, stopChild, waitUntilHealthy } from './harness';
import { seedBenchWorkers } from './search';
import { searchMix } from './search-mix';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

export const EMBEDDED_RESIDENT_BUDGET_MB = 350;
const SEARCHES = 1_000;
const CONCURRENCY = 16;
const SUBURBS = 200;
const SEED = 33_2026;

type MemoryUsage = NodeJS.MemoryUsage;

interface Server {
  baseUrl: string;
  child: ChildProcess;
}

/**
 * The built API with the probe loaded, once warm: as `npm start` runs it (PGlite in `dataDir`), or
 * on a PostgreSQL database when `env` names one.
 */
async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = fork(path.join(root, 'apps/api/dist/server.js'), [], {
    cwd: root,
    execArgv: [...SERVER_NODE_FLAGS, '--import', path.join(root, 'bench/memory-probe.mjs')],
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  await waitUntilHealthy(child, baseUrl, collectOutput(child));
  return { baseUrl, child };
}

function memoryOf(child: ChildProcess): Promise<MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The API did not report its memory within 10 s')), 10_000);
    child.once('message', (usage) => {
      clearTimeout(timer);
      resolve(usage as MemoryUsage);
    });
    child.send('memory');
  });
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0).padStart(5)} MB`;

function printMemory(label: string, usage: MemoryUsage): void {
  process.stdout.write(
    `  ${label.padEnd(34)} resident ${mb(usage.rss)}  V8 heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}  ` +
      `outside the V8 heap ${mb(usage.external)} (with PGlite, its WebAssembly memory counts here; array buffers ${mb(usage.arrayBuffers)})\n`,
  );
}

/** Prints the memory after start and after the searches; returns the resident memory after them. */
async function measure(label: string, dataDir: string, searches: readonly string[], env: Record<string, string> = {}): Promise<number> {
  const server = await startServer(dataDir, env);
  const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  try {
    printMemory(`${label}, warm:`, await memoryOf(server.child));
    // As a browser asks: the answers come compressed, and compressing takes memory of its own.
    const run = await sendEach({ baseUrl: server.baseUrl, route: '/api/search', headers: { 'accept-encoding': 'br, gzip' } }, searches, CONCURRENCY, dispatcher);
    const after = await memoryOf(server.child);
    printMemory(`after ${searches.length.toLocaleString('en-AU')} searches:`, after);
    process.stdout.write(`  (the searches: p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, ${run.perSecond.toFixed(0)} a second)\n`);
    return after.rss;
  } finally {
    await dispatcher.close();
    await stopChild(server.child);
  }
}

/** Suburbs where the demo workers live, read with the server stopped (PGlite takes one process at a time). */
async function demoSuburbs(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return await searchableSuburbs(database, sql`select locality_id from worker_profiles where status = 'ACTIVE'`, SUBURBS, SEED);
  } finally {
    await database.close();
  }
}

/** The searches of the mix, over every sort, from `suburbs`. */
function searchesIn(suburbs: readonly string[]): string[] {
  const perSort = Math.ceil(SEARCHES / sortTypeCodes.length);
  return sortTypeCodes.flatMap((sortType, at) => searchMix(suburbs, sortType, perSort, SEED + at)).slice(0, SEARCHES);
}

/**
 * How memory grows with the workers (issue 33): for each count, a scratch database on the
 * PostgreSQL server seeded with that many bench workers, the API started on it (demo data off),
 * its memory when warm and after the searches; then what each 1,000 workers add, from the
 * smallest count to the largest. Most of it is the search index, which holds every listed worker.
 */
async function growthOnPostgres(counts: readonly number[]): Promise<void> {
  process.stdout.write(`
memory by number of workers, on PostgreSQL (load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}):\n`);
  const resident: { workers: number; rss: number }[] = [];
  for (const workers of counts) {
    const scratch = await openScratchServerDatabase('memory');
    try {
      await migrateDatabase(scratch.database);
      await loadReferenceData(scratch.database);
      const seededMs = await seedBenchWorkers(scratch.database, workers);
      const suburbs = await searchableSuburbs(scratch.database, sql`select locality_id from worker_profiles where status = 'ACTIVE'`, SUBURBS, SEED);
      process.stdout.write(`  ${workers.toLocaleString('en-AU')} workers (seeded in ${(seededMs / 1000).toFixed(0)} s):\n`);
      const rss = await measure(`${workers.toLocaleString('en-AU')} workers`, os.tmpdir(), searchesIn(suburbs), { DATABASE_URL: scratch.url, SEED_DEMO_DATA: 'false' });
      resident.push({ workers, rss });
    } finally {
      await scratch.drop();
    }
  }
  const first = resident[0];
  const last = resident.at(-1);
  if (first && last && last.workers > first.workers) {
    const perThousand = ((last.rss - first.rss) / (last.workers - first.workers)) * 1_000;
    process.stdout.write(`  each 1,000 workers add about ${(perThousand / 1_048_576).toFixed(1)} MB resident (from ${first.workers.toLocaleString('en-AU')} to ${last.workers.toLocaleString('en-AU')})\n`);
  }
}

export async function benchMemory(options: { build?: boolean } = {}): Promise<boolean> {
  if (options.build ?? true) buildApi();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tendly-bench-memory-'));
  try {
    process.stdout.write(`\nmemory of the default embedded start (PGlite, demo data; load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${os.cpus().length} cores):\n`);
    // The first start creates and seeds the database; the searches need its suburbs, read after.
    const first = await startServer(dataDir);
    printMemory('first start (seeded), warm:', await memoryOf(first.child));
    await stopChild(first.child);
    const suburbs = await demoSuburbs(dataDir);
    const resident = await measure('restart on the same data', dataDir, searchesIn(suburbs));
    const isWithin = resident <= EMBEDDED_RESIDENT_BUDGET_MB * 1_048_576;
    process.stdout.write(`  budget: at most ${EMBEDDED_RESIDENT_BUDGET_MB} MB resident after the searches: ${isWithin ? 'within' : 'OVER'}\n`);
    const growth = process.env.BENCH_MEMORY_WORKERS ?? '10000,50000,100000';
    if (growth !== 'none') await growthOnPostgres(growth.split(',').map((count) => Number(count.trim())));
    return isWithin;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, benchMemory);
