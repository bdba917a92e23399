import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runTsChild } from '../../test-support/ts-child-process';
import { failOnPgliteTrap, PgliteCorruptedError } from './pglite-trap-guard';
import { createTestDatabase, type TestDatabase } from './test-database';

/** PGlite's marker on the exception that unwinds an ordinary PostgreSQL error. */
const LONGJMP = 100;

function fakePglite(step: () => void) {
  return { mod: { _PostgresMainLoopOnce: step }, POSTGRES_MAIN_LONGJMP: LONGJMP } as unknown as PGlite & {
    mod: { _PostgresMainLoopOnce: () => void };
  };
}

describe('failOnPgliteTrap', () => {
  it('reports a WebAssembly trap inside PostgreSQL as corruption, before PGlite can swallow it', () => {
    // What a WebAssembly trap throws: a WebAssembly.RuntimeError, with no PGlite status on it.
    const trap = Object.assign(new Error('null function or function signature mismatch'), { name: 'RuntimeError' });
    const client = fakePglite(() => {
      throw trap;
    });
    const onCorrupted = vi.fn();
    failOnPgliteTrap(client, onCorrupted);
    expect(() => client.mod._PostgresMainLoopOnce()).toThrow(trap);
    expect(onCorrupted).toHaveBeenCalledOnce();
    const [error] = onCorrupted.mock.calls[0] as [PgliteCorruptedError];
    expect(error).toBeInstanceOf(PgliteCorruptedError);
    expect(error.message).toMatch(/^The embedded database \(PGlite\) failed inside PostgreSQL \(RuntimeError: null function or function signature mismatch\)/);
  });

  it('leaves an ordinary PostgreSQL error (its longjmp) to PGlite', () => {
    const longjmp = Object.assign(new Error('longjmp'), { status: LONGJMP });
    const client = fakePglite(() => {
      throw longjmp;
    });
    const onCorrupted = vi.fn();
    failOnPgliteTrap(client, onCorrupted);
    expect(() => client.mod._PostgresMainLoopOnce()).toThrow(longjmp);
    expect(onCorrupted).not.toHaveBeenCalled();
  });

  it('refuses to start on a PGlite without the internals it watches', () => {
    expect(() => failOnPgliteTrap({} as PGlite)).toThrow(/no longer has the internals the corruption guard watches/);
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('failOnPgliteTrap on a real PGlite', () => {
  let database: TestDatabase;
  let dump: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dump = path.join(os.tmpdir(), `tendly-trap-guard-${process.pid}.tar`);
    if (!(database.client instanceof PGlite)) throw new Error('expected PGlite');
    await writeFile(dump, Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer()));
  });

  afterAll(async () => {
    await database?.dispose();
    if (dump) await rm(dump, { force: true });
  });

  it('lets ordinary errors through: the query fails and the database goes on answering', async () => {
    // Drizzle wraps the database's error as the cause of its own "Failed query".
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    await expect(database.db.execute(sql`select nothing_here()`)).rejects.toMatchObject({
      cause: { message: 'function nothing_here() does not exist' },
    });
    const result = await database.db.execute<{ answer: number }>(sql`select 42 as answer`);
    expect(result.rows).toEqual([{ answer: 42 }]);
  });

  it('ends the process with status 70 and says why when a half-loaded extension traps, instead of hanging', async () => {
    const run = await runTsChild(path.join(import.meta.dirname, 'test-pglite-trap-child.ts'), [dump], 180_000);
    expect(run.signal, `the child process hung until killed\n${run.stdout}${run.stderr}`).toBeNull();
    expect(run.stdout).toMatch(/cube held back 1 time/);
    expect(run.stdout).not.toMatch(/still serving/);
    expect(run.stderr).toMatch(/The embedded database \(PGlite\) failed inside PostgreSQL \(RuntimeError: null function or function signature mismatch\)/);
    expect(run.code).toBe(70);
  }, 190_000);
});
