/**
 * For tests only (TEST_CLOCK, never in production): this process's clock read `startAt` at the
 * real instant `realAt` (by default now; the server passes its process's start, so that whoever
 * started it knows the offset to the millisecond) and runs on in real time, so a browser test can
 * live through the minutes either side of midnight in Sydney whatever the hour of the run.
 *
 * Only the global `Date` is replaced (`new Date()`, `Date.now()`, `Date()`); timers, `performance.now()`
 * and every elapsed-time measure keep the real clock, and so does Node's own code (an HTTP
 * response's Date header). The embedded database (PGlite) reads the time
 * through `Date.now()`, so its `now()` and `clock_timestamp()` follow too; a PostgreSQL server
 * keeps its own clock, which is why the configuration refuses TEST_CLOCK with DATABASE_URL.
 *
 * Not @sinonjs/fake-timers: its clock only moves on a timer in fixed steps, so under load it falls
 * behind real time, and the browser (whose clock does keep real time) would drift apart from it.
 */
export function installTestClock(startAt: Date, realAt: number = Date.now()): () => void {
  const RealDate = globalThis.Date;
  const offsetMs = startAt.getTime() - realAt;
  const now = () => RealDate.now() + offsetMs;

  // A function, not a subclass, so that the prototype stays Date's own: a date made before the
  // clock was installed, or by a class that extends Date (TZDate), is still `instanceof Date`.
  function TestClockDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target) as Date;
  }
  TestClockDate.prototype = RealDate.prototype;
  TestClockDate.now = now;
  TestClockDate.parse = RealDate.parse;
  TestClockDate.UTC = RealDate.UTC;

  globalThis.Date = TestClockDate as unknown as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}
