// Run in a child process by pglite-trap-guard.test.ts: without the guard, the trap below wedges
// the process for ever, which would hang the test runner's own process.
//
//   node --import tsx --conditions=source test-pglite-trap-child.ts <data directory dump (.tar)>
//
// Opens PGlite the way it was opened before issue 10 (the extensions preloaded in parallel), with
// cube held back so that pg_trgm is left half initialised, installs the guard, and runs a trigram
// query: that traps inside PostgreSQL. The guard must end the process (status 70) at once.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { failOnPgliteTrap } from './pglite-trap-guard';
import { holdBackInstantiation } from './test-hold-back-instantiation';

const dump = process.argv[2];
if (!dump) throw new Error('Give the path of a data directory dump');
const holdBack = holdBackInstantiation('cube');
const client = new PGlite({ loadDataDir: new Blob([await readFile(dump)]), extensions: { cube, earthdistance, pg_trgm } });
await client.waitReady;
failOnPgliteTrap(client);
process.stdout.write(`cube held back ${holdBack.timesHeldBack()} time(s)\n`);
const answer = await client.query(`select 'abc' % 'abd' as trigram_match`);
process.stdout.write(`first query answered ${JSON.stringify(answer.rows)}\n`);
await client.query('select 1');
process.stdout.write('second query answered: still serving\n');
