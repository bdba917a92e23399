import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { markdownPlugin } from './apps/web/markdown-plugin.ts';

/**
 * Unit and integration tests. The API integration tests run on an in-memory PGlite database
 * (`npm run test:unit`); when TEST_DATABASE_URL names a PostgreSQL server, the tests tagged
 * `drivers` run there too (`npm run test:postgres`, the `api-postgres` project): the tests of what
 * differs between the two (apps/api/src/test-support/README.md).
 * Browser tests have their own config in e2e/ because they need the built product.
 */
const resolve = { conditions: ['source'] };
const hasServerDatabase = Boolean(process.env.TEST_DATABASE_URL);

/** A project's test files (under `<project>/src`, as `src/...`) whose text matches `pattern`. */
function testFilesMatching(project: string, pattern: RegExp): string[] {
  const source = path.join(import.meta.dirname, project, 'src');
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name) && pattern.test(readFileSync(path.join(source, name), 'utf8')))
    .map((name) => `src/${name}`);
}

/**
 * The API test files with a test tagged `drivers`: the only ones the server run needs to load
 * (`--tags-filter drivers` picks the tests within them). Loading the other hundred-odd files only
 * to skip every test in them took about 40 s of CPU.
 */
const filesWithDriverTests = () => testFilesMatching('apps/api', /tags: \[[^\]]*'drivers'/);

/**
 * The API test files share their worker's modules instead of importing the whole app afresh
 * (about 2.5 s of CPU per file): they build their own app and database, mock no module and set
 * no global, and what the app keeps at module level are caches of pure results.
 */
const apiTestFilesShareModules = { isolate: false } as const;

/** The screen tests' shared settings; they run in two projects, below. */
const screenTests = {
  resolve,
  plugins: [markdownPlugin(), react()],
  test: {
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom' as const,
    setupFiles: ['./src/test-setup.ts'],
    // A screen test renders the whole app in jsdom: about 1 s alone, but five or more on a
    // 2-core machine that is also running the API tests, which Vitest's 5 s default failed.
    testTimeout: 20_000,
  },
};

/** The screen test files that fake timers (found by reading them, so a new one cannot be missed). */
const screenTestsFakingTimers = testFilesMatching('apps/web', /useFakeTimers/);

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    tags: [
      {
        name: 'drivers',
        description:
          'Tests what differs between PGlite and a PostgreSQL server (concurrency, locking, LISTEN/NOTIFY, the job queue across processes, migrations, the search indexes following changes): runs on both.',
      },
      {
        name: 'one-driver',
        description: 'Runs operations side by side that race on nothing (different records, one process\'s cache): PGlite alone proves it.',
      },
    ],
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
          // Pure functions and data: nothing for a file to leave behind for the next.
          isolate: false,
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
                include: filesWithDriverTests(),
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
        ...screenTests,
        test: {
          ...screenTests.test,
          name: 'web',
          exclude: [...configDefaults.exclude, ...screenTestsFakingTimers],
          // The files of a worker share its modules and jsdom window, as the API files do, instead
          // of loading React, Mantine and the app afresh for each: that halved this project's CPU
          // time (11 min 13 s against 4 min 50 s). What they share is reset after each test
          // (test-setup.ts: the DOM, the session, storage); what else the app keeps at module level
          // is caches of loaded code and pure results, and the sign-out marker, which matches one
          // router location object only. test-setup.ts fails a file that starts with a fake
          // setTimeout left by another.
          isolate: false,
        },
      },
      {
        ...screenTests,
        test: {
          ...screenTests.test,
          // Files that fake timers get a fresh jsdom and module graph each: a module first loaded
          // while timers are fake keeps the fake ones (React's scheduler takes setImmediate when it
          // loads), and a spy left on a fake timer once hung the next file that shared the worker.
          name: 'web-fake-timers',
          include: screenTestsFakingTimers,
        },
      },
    ],
  },
});
