import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createWorkerIndex, type WorkerIndex } from '../../features/search/worker-index';

/**
 * A live table follows the database: every committed change, in order, and after losing its
 * LISTEN connection, everything again, changes made meanwhile included.
 */

let database: TestDatabase;
let index: WorkerIndex;
const warnings: string[] = [];
const db = () => database.db;

async function addWorker(firstName: string, latitude: number): Promise<string> {
  const id = z.object({ id: z.string() }).parse(
    (
      await db().execute(sql`
        insert into users (email, first_name, last_name, role, password_hash, status)
        values (${`${firstName.toLowerCase()}@example.com`}, ${firstName}, 'Tester', 'CR', 'x', 'ACTIVE') returning id::text as id`)
    ).rows[0],
  ).id;
  await db().execute(sql`
    insert into worker_profiles (user_id, status, headline, skills, availability, latitude, longitude)
    values (${id}, 'ACTIVE', 'Support worker', array['DEMENTIA'], '{}'::jsonb, ${latitude}, 151.0)`);
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  index = createWorkerIndex(database, { warn: (_object, message) => void warnings.push(message) });
});

afterAll(async () => {
  await index?.close();
  await database?.dispose();
});

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a live table', { tags: ['drivers'] }, () => {
  it('loads what is there, then follows inserts, updates and deletes in commit order', async () => {
    const first = await addWorker('Ada', -33.87);
    await index.start();
    expect(index.isReady).toBe(true);
    expect(index.get(first)?.summary.firstName).toBe('Ada');

    const second = await addWorker('Bea', -33.88);
    // Two changes of one row in one transaction, and one in the next: the last one wins.
    await db().transaction(async (tx) => {
      await tx.execute(sql`update users set first_name = 'Bee' where id = ${second}`);
      await tx.execute(sql`update users set first_name = 'Bec' where id = ${second}`);
    });
    await db().execute(sql`update worker_profiles set latitude = -33.9 where user_id = ${second}`);
    await index.sync();
    expect(index.get(second)?.summary.firstName).toBe('Bec');
    expect(index.bucket(index.get(second)?.cell ?? 0)).toContain(index.get(second));

    await db().execute(sql`delete from worker_profiles where user_id = ${first}`);
    await index.sync();
    expect(index.get(first)).toBeUndefined();
    expect(index.size).toBe(1);
  });

  it('leaves out a change that was rolled back', async () => {
    const id = await addWorker('Cal', -33.86);
    await index.sync();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`update users set first_name = 'Never' where id = ${id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await index.sync();
    expect(index.get(id)?.summary.firstName).toBe('Cal');
  });

  it.runIf(process.env.TEST_DB === 'postgres')('loads everything again after losing its LISTEN connection, changes made meanwhile included', async () => {
    const id = await addWorker('Dot', -33.85);
    await index.sync();
    const killed = await db().execute(sql`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
    expect(killed.rows.length).toBeGreaterThan(0);
    // While it cannot listen: a change it is not told of.
    await db().execute(sql`update users set first_name = 'Dorothy' where id = ${id}`);
    await until(() => !index.isReady || index.get(id)?.summary.firstName === 'Dorothy');
    await until(() => index.isReady);
    await index.sync();
    expect(index.get(id)?.summary.firstName).toBe('Dorothy');
    expect(warnings.some((warning) => warning.includes('lost its LISTEN connection'))).toBe(true);
  });
});
