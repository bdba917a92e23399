import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Unit and integration tests. The API integration tests run on an in-memory PGlite database,
 * and a second time on the PostgreSQL server named by TEST_DATABASE_URL when it is set.
 * Browser tests have their own config in e2e/ because they need the built product.
 */
const resolve = { conditions: ['source'] };
const hasServerDatabase = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The API test files share their worker's modules instead of importing the whole app afresh
 * (about 2.5 s of CPU per file): they build their own app and database, mock no module and set
 * no global, and what the app keeps at module level are caches of pure results.
 */
const apiTestFilesShareModules = { isolate: false } as const;

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest's default, one fewer than the cores, is one worker on a 2-core machine. The files
    // wait on the database server and the disk often enough that one per core keeps both busy.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve,
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          root: 'scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          ...apiTestFilesShareModules,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasServerDatabase
        ? [
            {
              resolve,
              test: {
                name: 'api-postgres',
                root: 'apps/api',
                include: ['src/**/*.test.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                ...apiTestFilesShareModules,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        resolve,
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // A screen test renders the whole app in jsdom: about 1 s alone, but five or more on a
          // 2-core machine that is also running the API tests, which Vitest's 5 s default failed.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
