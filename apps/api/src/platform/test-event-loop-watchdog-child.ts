// Run in a child process by event-loop-watchdog.test.ts, since the point is a main thread that
// never comes back.
//
//   node --import tsx --conditions=source test-event-loop-watchdog-child.ts <thresholdMs> <spin|responsive>
//
// spin: starts the watchdog, then blocks the main thread for good (as a wedged PGlite did).
// responsive: starts the watchdog, then works in short synchronous bursts for a few thresholds'
// time, yielding between them, and ends by itself.
import { setTimeout as delay } from 'node:timers/promises';
import { startEventLoopWatchdog } from './event-loop-watchdog';

const thresholdMs = Number(process.argv[2]);
const mode = process.argv[3];

function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Blocking on purpose.
  }
}

startEventLoopWatchdog({ thresholdMs });
await delay(100);
if (mode === 'spin') {
  process.stdout.write('spinning\n');
  for (;;) busyFor(1000);
} else {
  const until = Date.now() + 3 * thresholdMs;
  while (Date.now() < until) {
    busyFor(thresholdMs / 10);
    await delay(5);
  }
  process.stdout.write('finished\n');
}
