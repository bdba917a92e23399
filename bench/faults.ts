// Crash benchmark (issue 27, "Tests and evidence"): the kill -9 cycles of the outside reliability
// probe, on PGlite and on PostgreSQL. Each cycle writes fresh fixtures, starts the real server
// (the built bundle, apps/api/dist/server.js), sends five operations at once (approve a job report,
// pay an invoice by card with an Idempotency-Key, credit an invoice, cancel a shift at short notice
// so that it becomes a cancellation job report, run the payouts), and kills the server with
// SIGKILL at a random moment among them (seeded; drawn from how long the same operations took on
// that server just before). Each kill's leftovers are checked before anything retries (PGlite:
// after the server has started on them once and stopped); then the server starts again and every
// client sends its request again. At the end the whole database is checked again, and every
// operation of every cycle must have taken effect exactly once. The checks and the cycle itself:
// apps/api/src/test-support/crash-cycles.ts.
//
// It prints a line a cycle and a table: cycles, kills that landed mid-operation (a request in the
// server's hands), records left part-written, duplicates (money moved, a record written or an
// email sent twice), ledger failures, operations not done after their retry, and servers that did
// not start or stop cleanly. Exits non-zero on any of the last five.
//
// BENCH_FAULT_CYCLES (default 25 a database), BENCH_FAULT_SEED (default 27), BENCH_FAULT_DATABASES
// (`pglite,postgres`, the default, or one of them). PostgreSQL: BENCH_DATABASE_URL names the server
// (default postgres://postgres@127.0.0.1:5432/test, or TEST_DATABASE_URL when set); the benchmark
// creates a database of its own there and drops it afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CRASH_OPERATIONS, crashDefects, runCrashCycles, type CrashCyclesReport, type CrashTarget } from '../apps/api/src/test-support/crash-cycles';
import { buildApi, root, runIfMain, scratchServerDatabase } from './harness';

const CYCLES = Number(process.env.BENCH_FAULT_CYCLES ?? 25);
const SEED = Number(process.env.BENCH_FAULT_SEED ?? 27);
const DATABASES = (process.env.BENCH_FAULT_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());

/** One database's cycles: PGlite in a fresh folder, or a fresh database on the PostgreSQL server. */
async function runOn(kind: string, bundle: string): Promise<CrashCyclesReport> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tendly-bench-faults-'));
  let target: CrashTarget = { label: 'PGlite', dataDir };
  let drop: () => Promise<void> = async () => undefined;
  if (kind === 'postgres') {
    const scratch = await scratchServerDatabase('faults');
    drop = scratch.drop;
    target = { label: 'PostgreSQL', dataDir, databaseUrl: scratch.url };
  } else if (kind !== 'pglite') {
    throw new Error(`BENCH_FAULT_DATABASES: ${kind} is neither pglite nor postgres`);
  }
  process.stdout.write(`\n${target.label}: ${CYCLES} kill -9 cycles of ${CRASH_OPERATIONS.join(', ')} (seed ${SEED}); the first start migrates and loads the reference data\n`);
  const started = performance.now();
  try {
    const report = await runCrashCycles({ target, cycles: CYCLES, operations: CRASH_OPERATIONS, seed: SEED, bundle, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`${target.label}: ${report.cycles} cycles in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    return report;
  } finally {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function table(reports: CrashCyclesReport[]): string {
  const header = ['database', 'cycles', 'kills mid-operation', 'partial records', 'duplicates', 'ledger failures', 'not done after retry', 'server failures'];
  const rows = reports.map((report) => [
    report.target,
    String(report.cycles),
    String(report.killsMidOperation),
    String(report.partialRecords.length),
    String(report.duplicates.length),
    String(report.ledgerFailures.length),
    String(report.notDone.length),
    String(report.serverFailures.length),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

export async function benchFaults(options: { build?: boolean } = {}): Promise<boolean> {
  // The API bundle only: the cycles need no web app.
  if (options.build ?? true) buildApi();
  const bundle = path.join(root, 'apps/api/dist/server.js');
  const reports: CrashCyclesReport[] = [];
  for (const kind of DATABASES) reports.push(await runOn(kind, bundle));
  process.stdout.write(`\nkill -9 cycles (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)\n${table(reports)}\n`);
  for (const report of reports) {
    for (const [what, list] of [
      ['partial record', report.partialRecords],
      ['duplicate', report.duplicates],
      ['ledger failure', report.ledgerFailures],
      ['not done after retry', report.notDone],
      ['server failure', report.serverFailures],
    ] as const) {
      for (const item of list) process.stdout.write(`  ${report.target} ${what}: ${item}\n`);
    }
  }
  return reports.every((report) => crashDefects(report) === 0 && report.cycles === CYCLES);
}

await runIfMain(import.meta.url, async () => {
  if (!(await benchFaults())) process.exitCode = 1;
});
