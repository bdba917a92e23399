import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w @tendly/api` diffs the schema against the committed snapshots and
 * writes the next SQL migration into ./drizzle. Migrations are committed and run at start-up.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/*.ts',
  out: './drizzle',
  strict: true,
});
