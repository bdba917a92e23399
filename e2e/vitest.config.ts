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
    // One browser per file, two files at a time (issue 10: the suite stays under 12 minutes). They
    // share the one product server; each file signs in its own accounts and makes its own data.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
  },
});
