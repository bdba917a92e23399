import { defineConfig } from 'vitest/config';

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
    // One browser per file; files in parallel would fight over two cores.
    fileParallelism: false,
  },
});
