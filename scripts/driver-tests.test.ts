import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { untaggedDriverTests, untaggedInRepository } from './driver-tests';

const scan = (text: string) => untaggedDriverTests('example.test.ts', text).map(({ line, reason }) => `${line}: ${reason}`);

describe('driver-sensitive API tests (apps/api/src/test-support/README.md)', () => {
  // It parses every API test file: about 2 s on a quiet machine, more beside the rest of the suite.
  it('are all tagged: drivers (run on PGlite and PostgreSQL) or one-driver (PGlite proves it)', { timeout: 30_000 }, () => {
    const untagged = untaggedInRepository(path.resolve(import.meta.dirname, '..'));
    expect(untagged.map(({ file, line, title, reason }) => `${file}:${line} "${title}": ${reason}`)).toEqual([]);
  });

  it('flags two operations run side by side, a lock, LISTEN/NOTIFY, the migrations and a search index following changes', () => {
    expect(
      scan(`
it('two confirms', async () => {
  const [a, b] = await Promise.all([confirm(token), confirm(token)]);
});
it('claims', async () => { await db.execute(sql\`select 1 for update skip locked\`); });
it('hears', async () => { await client.query('LISTEN changes'); });
it('migrates', async () => { await migrateDatabase(db); });
it('follows', async () => { await index.sync(); });
it('pays once when 20 runs start at the same time', async () => {});
`),
    ).toEqual([
      '2: runs operations side by side (Promise.all)',
      '5: takes a lock',
      '6: uses LISTEN/NOTIFY',
      '7: runs the migrations',
      '8: waits for a search index to follow the database',
      '9: its title says things happen side by side',
    ]);
  });

  it('leaves set-up run side by side, and tests tagged on themselves or on a describe around them', () => {
    expect(
      scan(`
it('sets up', async () => { const users = await Promise.all([createUser(db()), createUser(db())]); });
it('races', { tags: ['drivers'] }, async () => { await Promise.all([pay(), pay()]); });
describe('races', { tags: ['drivers'], timeout: 5 }, () => {
  it('inside', async () => { await Promise.all([pay(), pay()]); });
});
it('reads two lists', { tags: ['one-driver'] }, async () => { await Promise.all([list(a), list(b)]); });
`),
    ).toEqual([]);
  });

  it('leaves tests that run only on PGlite, and flags one that runs only on PostgreSQL without the tag, which would run nowhere', () => {
    expect(
      scan(`
describe.skipIf(process.env.TEST_DB === 'postgres')('on PGlite', () => {
  it('races alone', async () => { await Promise.all([pay(), pay()]); });
});
describe.runIf(process.env.TEST_DB === 'postgres')('on a server', () => {
  it('copies a template', async () => {});
});
it.runIf(process.env.TEST_DB === 'postgres')('reconnects', { tags: ['drivers'] }, async () => {});
`),
    ).toEqual(['6: runs only on PostgreSQL, where only tests tagged drivers run']);
  });
});
