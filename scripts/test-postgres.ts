import { spawnSync } from 'node:child_process';

/**
 * `npm run test:postgres`: the API integration tests tagged `drivers`, on the PostgreSQL server
 * named by TEST_DATABASE_URL (every API test file has run on PGlite in `npm run test:unit`). Without
 * a server it says so and passes: PGlite is what `npm start` runs on.
 */
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('TEST_DATABASE_URL is not set: the driver-sensitive API tests ran on PGlite only.\n');
  process.exit(0);
}
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api-postgres', '--tags-filter', 'drivers'], { stdio: 'inherit' });
process.exit(vitest.status ?? 1);
