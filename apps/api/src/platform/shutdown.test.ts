import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createShutdown, type ShutdownOptions } from './shutdown';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function fakes(overrides: Partial<ShutdownOptions> = {}) {
  const calls: string[] = [];
  const exits: number[] = [];
  const options: ShutdownOptions = {
    server: { closeAllConnections: () => calls.push('cut connections') },
    closeApp: async () => void calls.push('close app'),
    stopJobs: async () => void calls.push('stop jobs'),
    closeDatabase: async () => void calls.push('close database'),
    graceMs: 10_000,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    exit: (code) => void exits.push(code),
    ...overrides,
  };
  return { options, calls, exits };
}

describe('createShutdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops the jobs and the app together, then closes the database and exits with 0', async () => {
    const { options, calls, exits } = fakes();
    await createShutdown(options)('SIGTERM');
    expect(calls).toEqual(['stop jobs', 'close app', 'close database']);
    expect(exits).toEqual([0]);
  });

  it('lets jobs in hand and requests in progress finish side by side within the grace period', async () => {
    const jobs = deferred();
    const requests = deferred();
    const { options, calls, exits } = fakes({ stopJobs: () => jobs.promise, closeApp: () => requests.promise });
    const done = createShutdown(options)('SIGTERM');
    await vi.advanceTimersByTimeAsync(9_000);
    jobs.resolve();
    requests.resolve();
    await done;
    expect(calls).toEqual(['close database']);
    expect(exits).toEqual([0]);
    // The grace period's timer was cleared: nothing is cut later.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(exits).toEqual([0]);
  });

  it('cuts the open connections and exits with 1 when the grace period ends first', async () => {
    const { options, calls, exits } = fakes({ closeApp: () => new Promise(() => undefined), graceMs: 1_000 });
    void createShutdown(options)('SIGTERM');
    await vi.advanceTimersByTimeAsync(999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['stop jobs', 'cut connections']);
    expect(exits).toEqual([1]);
  });

  it('also ends when a job in hand never finishes (an email to a stalled SMTP server)', async () => {
    const { options, exits } = fakes({ stopJobs: () => new Promise(() => undefined), graceMs: 2_000 });
    void createShutdown(options)('SIGINT');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(exits).toEqual([1]);
  });

  it('exits at once with 1 on a second signal', async () => {
    const { options, exits } = fakes({ closeApp: () => new Promise(() => undefined) });
    const shutdown = createShutdown(options);
    void shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(100);
    await shutdown('SIGINT');
    expect(exits).toEqual([1]);
    // Only once, even when the grace period then ends.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(exits).toEqual([1]);
  });

  it('exits with 1 when the database does not close, instead of waiting for it', async () => {
    const { options, exits } = fakes({ closeDatabase: () => new Promise(() => undefined) });
    const done = createShutdown(options)('SIGTERM');
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(exits).toEqual([1]);
  });
});
