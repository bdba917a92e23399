import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTsChild } from '../../test-support/ts-child-process';
import { apiRoot } from '../paths';
import { DataDirLockedError, isRunning, LOCK_FILE_NAME, lockDataDir, processStartTicks, type DataDirLock } from './data-dir-lock';

/** Issue 27, section 2: one process at a time on an embedded data folder. */
const child = path.join(import.meta.dirname, 'test-data-dir-lock-child.ts');

let dataDir: string;
let lockPath: string;
const held: DataDirLock[] = [];
const logged: string[] = [];
const lock = () => {
  const taken = lockDataDir(dataDir, (message) => logged.push(message));
  held.push(taken);
  return taken;
};

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tendly-lock-'));
  lockPath = path.join(dataDir, LOCK_FILE_NAME);
  logged.length = 0;
});

afterEach(() => {
  for (const taken of held.splice(0)) taken.release();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A child process holding the lock on `dataDir` until it is killed. */
async function childHoldingTheLock(): Promise<{ pid: number; kill(): Promise<void> }> {
  const process_ = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', child, dataDir, 'hold'], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => process_.on('exit', () => resolve()));
  const pid = await new Promise<number>((resolve, reject) => {
    let out = '';
    process_.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /locked (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    process_.on('exit', (code) => reject(new Error(`the child exited with ${code} before taking the lock: ${out}`)));
  });
  return {
    pid,
    kill: async () => {
      process_.kill('SIGKILL');
      await exited;
    },
  };
}

// Nothing here touches a database: the PostgreSQL pass of the API tests would only repeat it.
describe.skipIf(process.env.TEST_DB === 'postgres')('lockDataDir', () => {
  it('refuses a second opening in the same process, naming the folder and the process', () => {
    lock();
    expect(() => lock()).toThrow(DataDirLockedError);
    expect(() => lock()).toThrow(`The data folder ${dataDir} is in use by process ${process.pid} (this very process: it already has the folder open) on this machine`);
  });

  it('refuses while another process holds the folder, and takes over the lock that process leaves when killed with kill -9', async () => {
    const holder = await childHoldingTheLock();
    try {
      expect(() => lock()).toThrow(`The data folder ${dataDir} is in use by process ${holder.pid} on this machine (test-data-dir-lock-child.ts, since`);
      expect(() => lock()).toThrow(/stop that process first/);
    } finally {
      await holder.kill();
    }
    expect(existsSync(lockPath)).toBe(true);
    lock();
    expect(logged).toEqual([`Took over the lock on the data folder ${dataDir} (${LOCK_FILE_NAME}): its process ${holder.pid} no longer runs.`]);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid, hostname: os.hostname() });
  });

  it('is released by release(), and at the exit of a process that never released it', async () => {
    lock().release();
    expect(existsSync(lockPath)).toBe(false);
    const run = await runTsChild(child, [dataDir, 'exit'], 60_000);
    expect(run.stdout).toMatch(/^locked \d+/);
    expect(run.code).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
    lock();
    expect(logged).toEqual([]);
  });

  it.runIf(processStartTicks(process.pid) !== undefined)('takes over a lock whose process id now belongs to another process', () => {
    // The parent of this process runs, but started at another time than the lock says.
    const pid = process.ppid;
    expect(isRunning(pid)).toBe(true);
    writeFileSync(lockPath, JSON.stringify({ pid, hostname: os.hostname(), processStart: '1', command: 'server.js', startedAt: '2026-01-01T00:00:00.000Z', token: 'old' }));
    lock();
    expect(logged).toEqual([`Took over the lock on the data folder ${dataDir} (${LOCK_FILE_NAME}): its process ${pid} no longer runs (that id now belongs to another process).`]);
  });

  it('takes over a lock left by an earlier process that had this process id (a restarted container)', () => {
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, hostname: os.hostname(), command: 'server.js', startedAt: '2026-01-01T00:00:00.000Z', token: 'old' }));
    lock();
    expect(logged[0]).toMatch(/its process \d+ no longer runs \(this process has the same id\)/);
  });

  it('refuses a lock taken on another machine, where it cannot tell whether the process runs', () => {
    writeFileSync(lockPath, JSON.stringify({ pid: 4242, hostname: 'elsewhere', command: 'server.js', startedAt: '2026-01-01T00:00:00.000Z', token: 'other' }));
    expect(() => lock()).toThrow(`is in use by process 4242 on the machine "elsewhere" (server.js, since 2026-01-01T00:00:00.000Z)`);
    expect(() => lock()).toThrow(`If no such process runs any more, delete ${lockPath}.`);
  });

  it('leaves alone a lock another process took over meanwhile', () => {
    const taken = lock();
    writeFileSync(lockPath, JSON.stringify({ pid: 4242, hostname: 'elsewhere', command: 'server.js', startedAt: '2026-01-01T00:00:00.000Z', token: 'other' }));
    taken.release();
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ token: 'other' });
  });
});
