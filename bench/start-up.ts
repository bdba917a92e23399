// Start-up benchmark (issue 2 budgets: first start under 60 s, warm start under 5 s).
// Starts the built product on a fresh DATA_DIR (first start: create, migrate, load localities and
// NDIS support items, seed demo data), stops it, starts it again on the same data (warm start),
// and prints the time from spawning the process to a healthy /api/health for each, and to a
// health check that says it is warm (issue 33).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { freePort } from '../e2e/support/product-server';
import { root, stopChild } from './harness';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

const warmSchema = z.object({ warm: z.boolean().optional() });

/** Milliseconds from `started` until /api/health says warm (issue 33: after the server's own requests down its hot paths). */
async function timeToWarm(port: number, started: number): Promise<number> {
  for (;;) {
    const { warm = true } = warmSchema.parse(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json());
    if (warm) return Math.round(performance.now() - started);
    if (performance.now() - started > 180_000) throw new Error('Not warm after 180 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function timeToHealthy(dataDir: string): Promise<{ ms: number; warmMs: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error('Not healthy after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = Math.round(performance.now() - started);
  const warmMs = await timeToWarm(port, started);
  return {
    ms,
    warmMs,
    stop: () => stopChild(child),
  };
}

export async function benchStartUp(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tendly-bench-'));
  try {
    const first = await timeToHealthy(dataDir);
    await first.stop();
    const warm = await timeToHealthy(dataDir);
    await warm.stop();
    console.log(`start-up: first start ${(first.ms / 1000).toFixed(2)} s (budget 60 s), warm start ${(warm.ms / 1000).toFixed(2)} s (budget 5 s)`);
    console.log(
      `  /api/health says warm (its own requests down the hot paths run, WARM_UP_REQUESTS): first start after ${(first.warmMs / 1000).toFixed(2)} s, ` +
        `warm start after ${(warm.warmMs / 1000).toFixed(2)} s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
