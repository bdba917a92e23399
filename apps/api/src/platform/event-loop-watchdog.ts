import { Worker } from 'node:worker_threads';

/**
 * The watchdog's own thread. The main thread adds 1 to a shared counter on every turn of its
 * event loop timer; this thread checks the counter and, when it has not moved for longer than
 * the threshold, says why on stderr and kills the process with SIGKILL (the main thread is stuck,
 * so it would never run a SIGTERM handler; process.exit in a worker only ends the worker).
 *
 * It is inline source rather than a file of its own so that it works unchanged from the
 * TypeScript source (tsx, tests) and from the bundled dist/server.js.
 */
const watchdogSource = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { beats, thresholdMs, checkEveryMs } = workerData;
let lastBeat = Atomics.load(beats, 0);
let lastBeatAt = Date.now();
let killing = false;
setInterval(() => {
  const beat = Atomics.load(beats, 0);
  const now = Date.now();
  if (beat !== lastBeat) {
    lastBeat = beat;
    lastBeatAt = now;
    return;
  }
  if (killing || now - lastBeatAt <= thresholdMs) return;
  killing = true;
  const message = JSON.stringify({
    level: 60,
    time: now,
    pid: process.pid,
    msg: 'The event loop has been blocked for ' + (now - lastBeatAt) + ' ms, more than EVENT_LOOP_WATCHDOG_MS (' + thresholdMs +
      ' ms): no request can be answered. Killing the process so that its supervisor restarts it.',
  }) + '\\n';
  const kill = () => process.kill(process.pid, 'SIGKILL');
  // The kill must not wait on the write: stderr may be a full pipe nobody reads.
  setTimeout(kill, 200);
  fs.write(2, message, kill);
}, checkEveryMs);
`;

export interface EventLoopWatchdog {
  stop(): Promise<void>;
}

/**
 * Kills the process when its event loop has been blocked for more than `thresholdMs`, so that a
 * supervisor restarts it.
 *
 * Why (issue 10, section 1): a corrupted embedded database once left the main thread spinning at
 * 100% CPU inside one query: every request, /api/health and SIGTERM hung for ever. A timer on the
 * main thread cannot notice that, since it never runs again; a worker thread can. Nothing is
 * kept alive by the watchdog: its timer and thread are unref'd.
 */
export function startEventLoopWatchdog(options: { thresholdMs: number }): EventLoopWatchdog {
  const { thresholdMs } = options;
  const beats = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  // A beat several times per threshold, and at least every second, so a short pause never trips it.
  const beatEveryMs = Math.max(10, Math.min(1000, Math.floor(thresholdMs / 4)));
  const heartbeat = setInterval(() => Atomics.add(beats, 0, 1), beatEveryMs);
  heartbeat.unref();
  const worker = new Worker(watchdogSource, { eval: true, workerData: { beats, thresholdMs, checkEveryMs: beatEveryMs } });
  worker.unref();
  return {
    async stop() {
      clearInterval(heartbeat);
      await worker.terminate();
    },
  };
}
