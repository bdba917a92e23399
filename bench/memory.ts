// Memory benchmark (issue 33 goal: the default embedded start at most 350 MB resident). Starts
// the built product as `npm start` does by default (PGlite in a fresh DATA_DIR, demo data
// seeded on its first start), waits until /api/health says it is warm, and prints its resident
// memory and V8 heap; then sends 1,000 different worker searches (suburbs with workers, radius
// 10/25/50 km, every sort, 1 or 2 skills, 16 clients) and prints them again. It does so for the
// first start (which created and seeded the database) and for a restart on the same data (how a
// server usually starts). Memory outside the V8 heap (`external`) counts PGlite's WebAssembly
// memory: the embedded PostgreSQL's heap and its shared buffers.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Agent } from 'undici';
import { sortTypeCodes } from '@tendly/domain/job-options';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { freePort } from '../e2e/support/product-server';
import { buildApi, collectOutput, root, runIfMain, searchableSuburbs, sendEach, stopChild, waitUntilHealthy } from './harness';
import { searchMix } from './search-mix';

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

/** The built API with the probe loaded, as `npm start` runs it, once warm. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = fork(path.join(root, 'apps/api/dist/server.js'), [], {
    cwd: root,
    execArgv: ['--enable-source-maps', '--import', path.join(root, 'bench/memory-probe.mjs')],
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
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
      `outside the V8 heap ${mb(usage.external)} (PGlite's WebAssembly memory is counted here; array buffers ${mb(usage.arrayBuffers)})\n`,
  );
}

/** Prints the memory after start and after the searches; returns the resident memory after them. */
async function measure(label: string, dataDir: string, searches: readonly string[]): Promise<number> {
  const server = await startServer(dataDir);
  const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  try {
    printMemory(`${label}, warm:`, await memoryOf(server.child));
    const run = await sendEach({ baseUrl: server.baseUrl, route: '/api/search' }, searches, CONCURRENCY, dispatcher);
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
    const perSort = Math.ceil(SEARCHES / sortTypeCodes.length);
    const searches = sortTypeCodes.flatMap((sortType, at) => searchMix(suburbs, sortType, perSort, SEED + at)).slice(0, SEARCHES);
    const resident = await measure('restart on the same data', dataDir, searches);
    const isWithin = resident <= EMBEDDED_RESIDENT_BUDGET_MB * 1_048_576;
    process.stdout.write(`  budget: at most ${EMBEDDED_RESIDENT_BUDGET_MB} MB resident after the searches: ${isWithin ? 'within' : 'OVER'}\n`);
    return isWithin;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, benchMemory);
