// `npm run bench`: builds what is out of date, then runs every benchmark and prints its figures.
// It exits non-zero when a benchmark that enforces its budget (live messages, the payout run, the
// home page's JavaScript) misses it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBilling } from './billing';
import { benchHomePage, HOME_PAGE_JS_BUDGET_KB } from './home-page';
import { benchJobs } from './jobs';
import { benchJobsMix } from './jobs-mix';
import { benchMemory } from './memory';
import { benchPayouts } from './payouts';
import { benchSearch } from './search';
import { benchSearchMix } from './search-mix';
import { benchSseMessages } from './sse-messages';
import { benchStartUp } from './start-up';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
await benchStartUp();
if ((await benchHomePage({ build: false })).gzipKb > HOME_PAGE_JS_BUDGET_KB) process.exitCode = 1;
await benchSearch({ build: false });
await benchSearchMix({ build: false });
await benchJobs({ build: false });
await benchJobsMix({ build: false });
await benchMemory({ build: false });
await benchBilling();
if (!(await benchPayouts())) process.exitCode = 1;
if (!(await benchSseMessages({ build: false }))) process.exitCode = 1;
