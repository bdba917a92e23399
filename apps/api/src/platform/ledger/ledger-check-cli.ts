/**
 * `npm run ledger:check`: checks that every journal of the ledger balances and that every invoice
 * reconciles with its journals (issue 15), on the database the API is configured for
 * (`DATABASE_URL`, or PGlite in `DATA_DIR`, which must not be open in a running server).
 * Prints what it checked and each problem; exits 1 when there is any.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { checkLedger } from './check-ledger';

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.dataDir });
try {
  const result = await checkLedger(database.db);
  for (const problem of result.problems) console.error(`✘ ${problem.kind} ${problem.id}: ${problem.detail}`);
  console.log(`${result.journals} journals and ${result.invoices} invoices checked: ${result.problems.length === 0 ? 'the ledger balances and every invoice reconciles' : `${result.problems.length} problems`}`);
  process.exitCode = result.problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
