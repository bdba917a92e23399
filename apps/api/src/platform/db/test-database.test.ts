import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEFTOVER_TEST_DATABASE_AGE_MS,
  TEMPLATE_PREFIX,
  copyTemplate,
  createTestDatabase,
  dropLeftoverTestDatabases,
  templateName,
  testDatabaseCreatedAt,
  testDatabaseName,
  type TestDatabase,
} from './test-database';

async function tableNames(database: TestDatabase): Promise<string[]> {
  const { rows } = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  return rows.map((row) => row.table_name);
}

async function count(database: TestDatabase, table: string): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return rows[0]?.n ?? -1;
}

// The first caller of a shape builds its snapshot or template: far slower than a copy on a busy machine.
describe('createTestDatabase', { timeout: 180_000 }, () => {
  const opened: TestDatabase[] = [];
  async function open(options?: Parameters<typeof createTestDatabase>[0]): Promise<TestDatabase> {
    const database = await createTestDatabase(options);
    opened.push(database);
    return database;
  }
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.dispose()));
  });

  it('hands each caller its own migrated database: rows written in one are not in the next', async () => {
    const first = await open();
    expect(await tableNames(first)).toContain('users');
    await first.db.execute(sql`insert into users (email, password_hash, first_name, last_name, role)
      values ('only-here@example.com', 'x', 'Only', 'Here', 'CS')`);
    const second = await open();
    expect(await count(first, 'users')).toBe(1);
    expect(await count(second, 'users')).toBe(0);
  });

  it('loads the reference data only when asked', { tags: ['one-driver'] }, async () => {
    const [bare, withReferenceData] = await Promise.all([open(), open({ referenceData: true })]);
    expect(await count(bare, 'localities')).toBe(0);
    expect(await count(withReferenceData, 'localities')).toBeGreaterThan(18_000);
  });

  it('gives an empty database, with no migration run, when asked for one', async () => {
    const empty = await open({ migrated: false });
    expect(await tableNames(empty)).toEqual([]);
  });
});

// PGlite test databases are handed back by dispose() and lent to the next caller of the same shape.
describe.skipIf(process.env.TEST_DB === 'postgres')('reused PGlite test databases', { timeout: 180_000 }, () => {
  async function columnNames(database: TestDatabase, table: string): Promise<string[]> {
    const { rows } = await database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
    );
    return rows.map((row) => row.column_name);
  }

  it('come back as the snapshot left them: no rows, sequences from the start, no settings or temporary tables', async () => {
    const first = await createTestDatabase({ referenceData: true });
    const localities = await count(first, 'localities');
    const { rows: started } = await first.db.execute<{ value: string }>(sql`select nextval('invoice_payment_reference_seq')::text as value`);
    await first.db.execute(sql`insert into users (email, password_hash, first_name, last_name, role)
      values ('left-behind@example.com', 'x', 'Left', 'Behind', 'CS')`);
    await first.db.execute(sql`set statement_timeout = '7s'`);
    await first.db.execute(sql`create temp table scratch (id int)`);
    await first.dispose();

    const second = await createTestDatabase({ referenceData: true });
    try {
      expect(second.client).toBe(first.client);
      expect(await count(second, 'users')).toBe(0);
      expect(await count(second, 'localities')).toBe(localities);
      const { rows } = await second.db.execute<{ value: string; timeout: string; scratch: string | null }>(
        sql`select nextval('invoice_payment_reference_seq')::text as value, current_setting('statement_timeout') as timeout,
          to_regclass('pg_temp.scratch')::text as scratch`,
      );
      expect(rows[0]).toEqual({ value: started[0]?.value, timeout: '0', scratch: null });
    } finally {
      await second.dispose();
    }
  });

  it('are not lent again once a test changed their schema or reference data, or closed them', async () => {
    const altered = await createTestDatabase();
    await altered.db.execute(sql`alter table users add column left_behind int`);
    await altered.dispose();
    const afterAlter = await createTestDatabase();
    expect(afterAlter.client).not.toBe(altered.client);
    expect(await columnNames(afterAlter, 'users')).not.toContain('left_behind');
    await afterAlter.dispose();

    const edited = await createTestDatabase({ referenceData: true });
    const localities = await count(edited, 'localities');
    await edited.db.execute(sql`delete from localities where id = (select min(id) from localities)`);
    await edited.dispose();
    const afterEdit = await createTestDatabase({ referenceData: true });
    expect(afterEdit.client).not.toBe(edited.client);
    expect(await count(afterEdit, 'localities')).toBe(localities);
    await afterEdit.dispose();

    const closed = await createTestDatabase();
    await closed.close();
    await closed.dispose();
    const afterClose = await createTestDatabase();
    try {
      expect(afterClose.client).not.toBe(closed.client);
      expect(await count(afterClose, 'users')).toBe(0);
    } finally {
      await afterClose.dispose();
    }
  });
});

describe('test database names', () => {
  it('say when the database was made, to the second', () => {
    const now = Date.UTC(2025, 5, 1, 12, 30, 15);
    const name = testDatabaseName(now);
    expect(name).toMatch(/^tendly_test_[0-9a-z]+_[0-9a-f]{8}$/);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(testDatabaseCreatedAt(name)).toBe(now);
  });

  it('are told apart from other databases', () => {
    expect(testDatabaseCreatedAt('tendly_test_0a1b2c3d4e5f')).toBeUndefined();
    expect(testDatabaseCreatedAt('tendly')).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('test databases on a PostgreSQL server', { tags: ['drivers'], timeout: 180_000 }, () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
  });

  async function databaseRow(name: string) {
    const { rows } = await admin.query<{ datistemplate: boolean; datallowconn: boolean }>(
      'select datistemplate, datallowconn from pg_database where datname = $1',
      [name],
    );
    return rows[0];
  }

  async function dropTemplate(name: string): Promise<void> {
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  it('copies each test database from a migrated template that nobody may connect to', async () => {
    const database = await createTestDatabase();
    try {
      expect(await tableNames(database)).toContain('users');
    } finally {
      await database.dispose();
    }
    // A connection to the template would make every later copy of it fail.
    expect(await databaseRow(await templateName('bare'))).toEqual({ datistemplate: true, datallowconn: false });
  });

  it('builds a missing template once when several workers ask for it at the same time', async () => {
    const template = `${TEMPLATE_PREFIX}t${randomBytes(4).toString('hex')}_bare`;
    const names = [Date.now(), Date.now(), Date.now()].map(testDatabaseName);
    try {
      await Promise.all(names.map((name) => copyTemplate(serverUrl, name, template)));
      expect(await databaseRow(template)).toEqual({ datistemplate: true, datallowconn: false });
      expect(await databaseRow(`${template}_building`)).toBeUndefined();
      for (const name of names) expect(await databaseRow(name)).toEqual({ datistemplate: false, datallowconn: true });
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropTemplate(template);
    }
  });

  it('drops test databases left by killed runs, and only those older than the leftover age', async () => {
    const now = Date.now();
    const leftover = testDatabaseName(now - LEFTOVER_TEST_DATABASE_AGE_MS - 60_000);
    const recent = testDatabaseName(now - LEFTOVER_TEST_DATABASE_AGE_MS + 60_000);
    await admin.query(`CREATE DATABASE ${leftover}`);
    await admin.query(`CREATE DATABASE ${recent}`);
    try {
      await dropLeftoverTestDatabases(admin, now);
      expect(await databaseRow(leftover)).toBeUndefined();
      expect(await databaseRow(recent)).toBeDefined();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${leftover}`);
      await admin.query(`DROP DATABASE IF EXISTS ${recent}`);
    }
  });
});
