import { defineConfig } from 'vitest/config';
import SlowFilesFirst from './support/slow-files-first';

/**
 * Browser tests of the whole product. globalSetup starts the built product once on a free port
 * with a fresh DATA_DIR; each test file drives it with Chromium through playwright-core.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    reporters: ['default', '../scripts/summary-reporter.ts'],
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file, three files at a time. They share the one product server; each file
    // signs in its own accounts and makes its own data. On the 2-core CI machine a page spends much
    // of its time waiting on the product and the product on its database: three files at a time
    // took 5 min 37 s alone (1.7 cores busy) against 6 min 18 s for two in npm test; four, 5 min 36 s.
    fileParallelism: true,
    maxWorkers: 3,
    sequence: { sequencer: SlowFilesFirst },
  },
});
