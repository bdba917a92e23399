import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTsChild } from '../test-support/ts-child-process';

const child = path.join(import.meta.dirname, 'test-event-loop-watchdog-child.ts');
const CHILD_TIMEOUT_MS = 60_000;

describe('startEventLoopWatchdog', () => {
  it('kills the process, saying why, when its main thread is blocked for longer than the threshold', async () => {
    const run = await runTsChild(child, ['500', 'spin'], CHILD_TIMEOUT_MS);
    expect(run.stdout).toBe('spinning\n');
    expect(run.durationMs, 'the child was only stopped by the test timeout').toBeLessThan(CHILD_TIMEOUT_MS - 1000);
    expect(run.signal).toBe('SIGKILL');
    const [line] = run.stderr.trim().split('\n');
    expect(JSON.parse(line ?? '')).toMatchObject({
      level: 60,
      msg: expect.stringMatching(/^The event loop has been blocked for \d+ ms, more than EVENT_LOOP_WATCHDOG_MS \(500 ms\): no request can be answered\. Killing the process so that its supervisor restarts it\.$/),
    });
  }, CHILD_TIMEOUT_MS + 5000);

  it('leaves a busy but responsive process alone, and does not keep it alive', async () => {
    const run = await runTsChild(child, ['1000', 'responsive'], CHILD_TIMEOUT_MS);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('finished\n');
    expect(run).toMatchObject({ code: 0, signal: null });
  }, CHILD_TIMEOUT_MS + 5000);
});
