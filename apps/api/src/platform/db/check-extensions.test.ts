import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExtensions, ExtensionCheckError } from './check-extensions';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

/** Runs `work` in a transaction that is always rolled back, so a test can break things for a moment. */
async function inRolledBackTransaction(work: Parameters<TestDatabase['db']['transaction']>[0]): Promise<void> {
  const rollback = new Error('rollback');
  await expect(
    database.db.transaction(async (tx) => {
      await work(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

describe('checkExtensions', () => {
  it('passes when cube, earthdistance and pg_trgm give the known answers', async () => {
    await expect(checkExtensions(database.db)).resolves.toBeUndefined();
  });

  it('names a wrong answer', async () => {
    await inRolledBackTransaction(async (tx) => {
      // A stricter trigram threshold makes 'abc' % 'abd' (similarity 1/3) false.
      await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.5`);
      const failure = checkExtensions(tx);
      await expect(failure).rejects.toBeInstanceOf(ExtensionCheckError);
      await expect(failure).rejects.toThrow("pg_trgm: 'abc' % 'abd' gave false, expected true");
      // What /api/health tells anyone who asks: the extension, not the database's words.
      await expect(failure).rejects.toMatchObject({ summary: 'Wrong answers from the database extension pg_trgm.' });
    });
  });

  it('says so clearly when an extension is missing', async () => {
    await inRolledBackTransaction(async (tx) => {
      // Cascade: the radius search indexes use ll_to_earth. The transaction puts everything back.
      await tx.execute(sql`drop extension earthdistance cascade`);
      const failure = checkExtensions(tx);
      await expect(failure).rejects.toBeInstanceOf(ExtensionCheckError);
      await expect(failure).rejects.toThrow(/^The database extensions do not answer correctly[\s\S]*the check query failed: .*ll_to_earth/);
      await expect(failure).rejects.toMatchObject({ summary: 'The database failed the check query.' });
    });
  });
});
