import { openDatabase } from '../apps/api/src/platform/db/client';
import { explain } from './search';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/tendly_bench_b975d205' });
for (const q of process.argv.slice(2)) {
  const out = await explain(database, q);
  console.log(q + '\n' + out.split('\n').map((l) => (l.length > 220 ? l.slice(0, 220) + '…' : l)).join('\n'));
}
await database.close();
