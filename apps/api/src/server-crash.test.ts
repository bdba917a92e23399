import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgliteDataDir, createTestDatabase } from './platform/db/test-database';
import { buildServerBundle } from './test-support/child-server';
import { runCrashCycles } from './test-support/crash-cycles';

/**
 * Issue 27: the real server killed with SIGKILL at a random moment while it approves a job report
 * and runs the payouts, on PGlite (`api`) and on PostgreSQL (`api-postgres`). Whatever the moment,
 * it starts again, no record is left part-written, nothing is paid or invoiced twice, the ledger
 * checks out, and each operation sent again by its client has taken effect once. A few cycles
 * here; `npm run bench:faults` runs 25 of all five operations of the probe on both databases.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const CYCLES = 2;

describe('the server killed mid-operation (kill -9)', { tags: ['drivers'] }, () => {
  it('starts again with every record whole and the ledger sound, and each retried operation done once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tendly-crash-'));
    // The server as `npm run build` bundles it: each of its three starts takes 4 s less CPU than through tsx.
    const [bundle, database] = await Promise.all([
      buildServerBundle(),
      // Migrated, with the reference data, from the suite's template: the server starts warm.
      onPostgres ? createTestDatabase({ referenceData: true }) : createPgliteDataDir(dataDir, 'ref').then(async (folder) => folder.close()),
    ]);
    const lines: string[] = [];
    try {
      const report = await runCrashCycles({
        target: { label: onPostgres ? 'PostgreSQL' : 'PGlite', dataDir, ...(database?.url ? { databaseUrl: database.url } : {}) },
        cycles: CYCLES,
        operations: ['approve', 'payout-run'],
        seed: 27,
        bundle: bundle.file,
        migrated: true,
        // Two starts fewer: the bench restarts the server on what each kill left before checking it.
        restartAfterKill: false,
        log: (line) => lines.push(line),
      });
      expect(report, lines.join('\n')).toMatchObject({ cycles: CYCLES, partialRecords: [], duplicates: [], ledgerFailures: [], notDone: [], serverFailures: [] });
    } finally {
      await database?.dispose();
      await bundle.remove();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
