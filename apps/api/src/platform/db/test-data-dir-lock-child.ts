// Run in a child process by data-dir-lock.test.ts, to hold a data folder's lock as another
// process would (and be killed with SIGKILL, or exit without releasing it).
//
//   node --import tsx --conditions=source test-data-dir-lock-child.ts <data folder> hold|exit
//
// Takes the lock, prints "locked <pid>", then holds it until killed (hold) or exits at once
// without calling release (exit).
import { lockDataDir } from './data-dir-lock';

const [dataDir, then] = process.argv.slice(2);
if (!dataDir || (then !== 'hold' && then !== 'exit')) throw new Error('Give the data folder, then hold or exit');
lockDataDir(dataDir, (message) => process.stderr.write(`${message}\n`));
process.stdout.write(`locked ${process.pid}\n`);
if (then === 'hold') setInterval(() => undefined, 60_000);
