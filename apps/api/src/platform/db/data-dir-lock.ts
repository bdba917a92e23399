import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { systemErrorCode } from '../system-error-code';

/**
 * One process at a time on an embedded (PGlite) data folder (issue 27, section 2).
 *
 * PGlite is PostgreSQL in the process itself, with no server to share the files: two processes
 * on one folder each keep their own copy of the pages in memory, so each sees only its own edits
 * and the last to write a page wins. So whatever opens the folder first writes `pglite.lock`
 * beside the database, with its process id, and every other process refuses to open it.
 *
 * Why not `proper-lockfile` (the usual npm choice): it tells a live lock from a stale one by the
 * lock's age, refreshed on a timer, so (a) after a kill -9 the next start is refused until the
 * lock grows old (10 s by default), (b) a main thread busy for longer than that (PGlite's first
 * start runs initdb on it) lets a second process take a live lock, and (c) it records no process
 * id to name in the refusal. On one machine the process id says at once whether the holder still
 * runs; process ids are reused, so the lock also records when its process started (and the boot),
 * read from /proc on Linux: a live process with the same id but another start time is not the
 * holder.
 *
 * The lock file is written in full under a private name and then linked into place: `link` is
 * atomic and fails when the name exists (like O_EXCL), and no one can read a half-written lock.
 */

export const LOCK_FILE_NAME = 'pglite.lock';

const lockContent = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  /** /proc/sys/kernel/random/boot_id: another value means the machine restarted since. */
  bootId: z.string().optional(),
  /** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot. */
  processStart: z.string().optional(),
  /** The script the process runs (server.js, ledger-check-cli.ts). */
  command: z.string(),
  /** When it took the lock (ISO 8601). */
  startedAt: z.string(),
  token: z.string(),
});
type LockContent = z.infer<typeof lockContent>;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    const where = holder.hostname === os.hostname() ? 'on this machine' : `on the machine "${holder.hostname}"`;
    const thisProcess = holder.pid === process.pid ? ' (this very process: it already has the folder open)' : '';
    super(
      `The data folder ${dataDir} is in use by process ${holder.pid}${thisProcess} ${where} (${holder.command}, since ${holder.startedAt}). ` +
        'The embedded database can be open in only one process at a time: stop that process first (or give this one another DATA_DIR). ' +
        `If no such process runs any more, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock file, if it is still this process's; harmless to call twice. */
  release(): void;
}

/** Tokens of the locks this process holds: a lock with this process's id and another token was left by an earlier process. */
const heldTokens = new Set<string>();

/**
 * Takes the lock on `dataDir` for this process, or throws DataDirLockedError naming the process
 * that holds it. A lock left by a process that no longer runs is taken over, and `log` says so.
 * The lock is released by `release()` and, failing that, when the process exits; a process
 * killed outright (kill -9) leaves its lock behind, for the next start to take over.
 */
export function lockDataDir(dataDir: string, log: (message: string) => void): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const mine: LockContent = {
    pid: process.pid,
    hostname: os.hostname(),
    ...optional('bootId', bootId()),
    ...optional('processStart', processStartTicks(process.pid)),
    // The script's name, enough to tell the server from ledger:check (arguments may hold secrets).
    command: process.argv[1] ? path.basename(process.argv[1]) : process.argv0,
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  // Two takeovers racing each other may each undo the other once; a third try settles it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(lockPath, mine)) return holdLock(lockPath, mine.token);
    const found = readLock(lockPath);
    if (found === 'missing') continue;
    let stale = 'it cannot be read';
    if (found !== 'unreadable') {
      const why = whyStale(found);
      if (why === undefined) throw new DataDirLockedError(dataDir, found);
      stale = why;
    }
    if (takeOver(lockPath, found === 'unreadable' ? undefined : found.token)) {
      log(`Took over the lock on the data folder ${dataDir} (${LOCK_FILE_NAME}): ${stale}.`);
    }
  }
  const holder = readLock(lockPath);
  if (typeof holder === 'object') throw new DataDirLockedError(dataDir, holder);
  throw new Error(`Could not take the lock on the data folder ${dataDir} (${lockPath}): other processes keep changing it.`);
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function tryCreate(lockPath: string, content: LockContent): boolean {
  const draft = `${lockPath}.${content.token}`;
  writeFileSync(draft, `${JSON.stringify(content)}\n`);
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (systemErrorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readLock(lockPath: string): LockContent | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = lockContent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Why the lock's holder is gone, or undefined when it may still be running. */
function whyStale(lock: LockContent): string | undefined {
  // On another machine (a shared or copied folder) there is no telling whether it runs.
  if (lock.hostname !== os.hostname()) return undefined;
  const bootNow = bootId();
  if (lock.bootId && bootNow && lock.bootId !== bootNow) return `its process ${lock.pid} ran before the machine restarted`;
  if (lock.pid === process.pid) {
    // This process's id: the lock is this process's own, or an earlier process had the same id
    // (as in a container restarted, where the server is pid 1 every time).
    if (heldTokens.has(lock.token)) return undefined;
    return `its process ${lock.pid} no longer runs (this process has the same id)`;
  }
  if (!isRunning(lock.pid)) return `its process ${lock.pid} no longer runs`;
  const startNow = processStartTicks(lock.pid);
  if (lock.processStart && startNow && lock.processStart !== startNow) {
    return `its process ${lock.pid} no longer runs (that id now belongs to another process)`;
  }
  return undefined;
}

/**
 * Removes the stale lock `token` names, unless another process has replaced it meanwhile: the
 * lock is first moved to a private name (atomic, so only one process gets it) and checked
 * there; a lock that turns out not to be the stale one is put back.
 */
function takeOver(lockPath: string, token: string | undefined): boolean {
  const moved = `${lockPath}.stale.${randomBytes(8).toString('hex')}`;
  try {
    renameSync(lockPath, moved);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return false;
    throw error;
  }
  const found = readLock(moved);
  const isTheStaleOne = token === undefined ? found === 'unreadable' : typeof found === 'object' && found.token === token;
  if (!isTheStaleOne) {
    try {
      linkSync(moved, lockPath);
    } catch (error) {
      if (systemErrorCode(error) !== 'EEXIST') throw error;
    }
  }
  unlinkSync(moved);
  return isTheStaleOne;
}

function holdLock(lockPath: string, token: string): DataDirLock {
  heldTokens.add(token);
  const release = () => {
    if (!heldTokens.delete(token)) return;
    process.removeListener('exit', release);
    const found = readLock(lockPath);
    // Only this process's own lock: one taken over meanwhile is another process's now.
    if (typeof found === 'object' && found.token === token) {
      try {
        unlinkSync(lockPath);
      } catch (error) {
        if (systemErrorCode(error) !== 'ENOENT') throw error;
      }
    }
  };
  process.on('exit', release);
  return { release };
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return systemErrorCode(error) === 'EPERM';
  }
}

/** The boot's id on Linux; undefined elsewhere. */
function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in clock ticks since boot (Linux); undefined elsewhere or when it does not run. */
export function processStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
