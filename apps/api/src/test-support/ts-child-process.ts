import { spawn } from 'node:child_process';
import { apiRoot } from '../platform/paths';

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * Runs a TypeScript file of the API in a child Node.js process (through tsx, resolving our
 * packages' TypeScript source), killed with SIGKILL after `timeoutMs`: for scenarios that may
 * block the main thread for good, which would hang the test runner's process.
 */
export function runTsChild(file: string, args: readonly string[], timeoutMs: number, env: NodeJS.ProcessEnv = {}): Promise<ChildRun> {
  return runNodeChild(['--import', 'tsx', '--conditions=source', file, ...args], timeoutMs, env);
}

/** Runs a built JavaScript file (the server's bundle, buildServerBundle) in a child Node.js process, likewise. */
export function runJsChild(file: string, args: readonly string[], timeoutMs: number, env: NodeJS.ProcessEnv = {}): Promise<ChildRun> {
  return runNodeChild([file, ...args], timeoutMs, env);
}

function runNodeChild(nodeArgs: readonly string[], timeoutMs: number, env: NodeJS.ProcessEnv): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, nodeArgs, {
      cwd: apiRoot,
      env: { ...process.env, TEST_DB: 'pglite', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started }));
  });
}
