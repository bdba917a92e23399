import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Runs one full garbage collection now, and answers how long it took in milliseconds. For the end
 * of start-up: loading, migrating and warming up leave some 30 MB of garbage in the V8 heap,
 * which V8 would collect only once the process has been idle a while, so a server that had just
 * started held 320-375 MB resident, and 315-325 MB once collected (issue 33, bench:memory).
 * `gc` is exposed only to the one context made here, not to the application's.
 */
export function collectGarbage(): number {
  const started = performance.now();
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  if (typeof gc === 'function') gc();
  return Math.round(performance.now() - started);
}
