import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from './schema/platform';
import { QueryOutsideTransactionError } from './pglite-transaction-guard';
import { createTestDatabase, type TestDatabase } from './test-database';

// The guard is PGlite's: a server's pool gives the outer query a connection of its own.
describe.skipIf(process.env.TEST_DB === 'postgres')('on PGlite, a query outside the open transaction, issued inside it', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  /** Drizzle hands on what the client threw as its error's cause. */
  function guardErrorOf(failure: unknown): QueryOutsideTransactionError {
    const error = failure instanceof QueryOutsideTransactionError ? failure : (failure as { cause?: unknown } | null)?.cause;
    if (!(error instanceof QueryOutsideTransactionError)) throw new Error(`not the guard's error: ${String(failure)}`);
    return error;
  }

  async function lookUpKeyOutside() {
    return db().select().from(appSecrets).where(sql`${appSecrets.name} = 'field-encryption'`);
  }

  it('fails at once, naming the statement and the code that issued it, and the transaction rolls back', async () => {
    const started = Date.now();
    const attempt = db().transaction(async (tx) => {
      await tx.insert(appSecrets).values({ name: 'guard-test', value: 'written inside' });
      // What a lazily loaded key did: read through the database the cipher was made with.
      await lookUpKeyOutside();
    });
    const error = guardErrorOf(
      await attempt.then(
        () => null,
        (failure: unknown) => failure,
      ),
    );
    expect(error.message).toMatch(
      /^A query on the embedded database was issued inside an open transaction but outside it: PGlite has one connection, so it would wait for ever for the transaction \(opened in .*pglite-transaction-guard\.test\.ts:\d+:\d+\), which waits for it\./,
    );
    expect(error.message).toContain('Statement: select "name", "value", "created_at" from "app_secrets"');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await db().select().from(appSecrets).where(sql`${appSecrets.name} = 'guard-test'`)).toEqual([]);
  });

  it('refuses a second transaction and a raw statement the same way', async () => {
    const nested = await db()
      .transaction(async () => db().transaction(async () => undefined))
      .catch((failure: unknown) => failure);
    expect(guardErrorOf(nested).message).toMatch(/^A transaction on the embedded database .* Statement: BEGIN$/);
    const raw = await db()
      .transaction(async () => {
        await db().execute(sql`select 1`);
      })
      .catch((failure: unknown) => failure);
    expect(guardErrorOf(raw).message).toMatch(/^A query on the embedded database .* Statement: select 1$/);
  });

  it('lets queries from elsewhere wait their turn, and work the transaction started query once it has ended', async () => {
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let afterCommit: Promise<unknown> | undefined;
    const transaction = db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Left running past the transaction's end: it is not inside the transaction any more then.
      afterCommit = held.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => lookUpKeyOutside());
      await held;
    });
    // Another request, outside the transaction: waits for it rather than failing.
    const elsewhere = lookUpKeyOutside();
    releaseTransaction();
    await transaction;
    await expect(elsewhere).resolves.toEqual(expect.any(Array));
    await expect(afterCommit).resolves.toEqual(expect.any(Array));
  });
});
