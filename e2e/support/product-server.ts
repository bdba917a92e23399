import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProductServer {
  baseUrl: string;
  dataDir: string;
  /** How far the product's clock is ahead of this machine's: TEST_CLOCK is what it read when the process started. */
  clockOffsetMs: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') {
        const { port } = address;
        server.close(() => resolve(port));
      } else {
        reject(new Error('No port'));
      }
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product was not healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the built product (apps/api/dist/server.js) on a free port with a fresh DATA_DIR; `env`
 * adds settings (e.g. TEST_CLOCK, whose offset from this machine's clock `clockOffsetMs` says).
 */
export async function startProduct(env: Record<string, string> = {}): Promise<ProductServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tendly-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const spawnedAt = Date.now();
  // As npm start runs it (scripts/server-node-flags.mjs).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // The browser sessions say which address they stand for (session.ts).
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  await waitForHealth(baseUrl, child, () => log, 120_000);
  return {
    baseUrl,
    dataDir,
    clockOffsetMs: env.TEST_CLOCK ? Date.parse(env.TEST_CLOCK) - spawnedAt : 0,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
