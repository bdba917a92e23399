import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiRoot } from '../platform/paths';

/**
 * The real server in a child process, for tests and benchmarks that stop it (SIGTERM, SIGINT) or
 * kill it (SIGKILL) as an operator or a crash would. It runs the source through tsx, or a bundle
 * built as `npm run build` builds it (apps/api/dist/server.js), which starts on about 40% less CPU
 * (5.5 s against 9.4 s on PGlite here): for tests and benchmarks that start it many times.
 */

export interface ChildServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when it exited. */
  at: number;
}

export interface ChildServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** The last 20,000 characters it wrote to standard output and error. */
  output(): string;
  exited: Promise<ChildServerExit>;
  /** Resolves once it exited and everything it wrote has been read. */
  closed: Promise<void>;
  /** Sends the signal (SIGTERM by default) and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<ChildServerExit>;
}

export interface ChildServerOptions {
  /** Environment over the defaults below: DATA_DIR, and DATABASE_URL for a PostgreSQL server. */
  env: Record<string, string>;
  /** A bundle of the server to run (buildServerBundle, or apps/api/dist/server.js); absent: src/server.ts through tsx. */
  bundle?: string | undefined;
  startTimeoutMs?: number;
  /** Called with each chunk it writes to standard output and error (JSON log lines). */
  onOutput?: (chunk: string) => void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerBundle {
  file: string;
  remove(): Promise<void>;
}

/** Bundles the server from the source as it is now (apps/api/build.mjs), into a folder of its own under apps/api/dist. */
export async function buildServerBundle(): Promise<ServerBundle> {
  const folder = path.join(apiRoot, 'dist', `child-server-${process.pid}-${randomBytes(4).toString('hex')}`);
  const file = path.join(folder, 'server.js');
  await promisify(execFile)(process.execPath, ['build.mjs', `--outfile=${file}`], { cwd: apiRoot });
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Starts the server and resolves once it logged that it is ready (migrations, reference data and listening done). */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort();
  const startTimeoutMs = options.startTimeoutMs ?? 150_000;
  const args = options.bundle ? [options.bundle] : ['--import', 'tsx', '--conditions=source', path.join(apiRoot, 'src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-20_000);
    options.onOutput?.(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<ChildServerExit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const deadline = Date.now() + startTimeoutMs;
  while (!log.includes('is ready at')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`The server was not ready within ${startTimeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => log, exited, closed, stop };
}
