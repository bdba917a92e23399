/**
 * `npm run ledger:check`: checks that every journal of the ledger balances, that every invoice
 * reconciles with its journals and its receivable with what is outstanding on it, that every payout
 * matches its journal and every bank file (read back from the file store) its payouts (issues 15
 * and 28), on the database the API is configured for
 * (`DATABASE_URL`, or PGlite in `DATA_DIR`, which must not be open in a running server: the
 * folder's lock refuses it then, naming the server's process).
 * Prints what it checked and each problem; exits 1 when there is any.
 */
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirDamagedError } from '../db/data-dir-check';
import { DataDirLockedError } from '../db/data-dir-lock';
import { createFileStore } from '../files/file-store';
import { checkLedger } from './check-ledger';

const config = loadConfig();
let database: Database;
try {
  database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.dataDir });
} catch (error) {
  if (!(error instanceof DataDirLockedError || error instanceof DataDirDamagedError)) throw error;
  console.error(`ledger:check cannot read the database: ${error.message}`);
  process.exit(1);
}
try {
  const result = await checkLedger(database.db, { fileStore: createFileStore(config) });
  for (const problem of result.problems) console.error(`✘ ${problem.kind} ${problem.id}: ${problem.detail}`);
  console.log(
    `${result.journals} journals, ${result.invoices} invoices, ${result.payouts} payouts and ${result.bankFiles} bank files checked: ${result.problems.length === 0 ? 'the ledger balances and every record matches it' : `${result.problems.length} problems`}`,
  );
  process.exitCode = result.problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
