import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from '../platform/db/test-database';
import { drainJobs } from '../platform/jobs/job-worker';
import type { PaymentProvider } from '../platform/payments/provider';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /**
   * Runs every due background job (e.g. delivers queued email into the outbox) and returns how
   * many ran. No worker polls in tests, so nothing happens behind a test's back.
   */
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh real database (PGlite, or the PostgreSQL server when
 * TEST_DB=postgres), for integration tests. Each test file gets its own.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; database?: TestDatabaseOptions; paymentProvider?: PaymentProvider } = {},
): Promise<TestApp> {
  // Tests change data between searches: no cached results unless a test asks for them.
  // Uploaded files go to a folder of this test file's own, removed when it closes.
  const dataDir = options.env?.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'tendly-test-data-')));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_CACHE_TTL_MS: '0', SEARCH_INDEX_SYNC: 'true', DATA_DIR: dataDir, ...options.env });
  const database = await createTestDatabase(options.database);
  const app = await buildApp({ config, database, logger: false, ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    drainJobs: () => drainJobs(database, app.jobHandlers),
    async close() {
      await app.close();
      await database.dispose();
      if (!options.env?.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
