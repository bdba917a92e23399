import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { loadLinkSigner } from './signed-links';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

const subject = '6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a';

describe('signed links', () => {
  it('verifies its own token for the same purpose, and nothing else', async () => {
    const signer = await loadLinkSigner({ LINK_SIGNING_SECRET: 'k'.repeat(32) }, database.db);
    const token = await signer.sign('unsubscribe', subject);
    expect(token.startsWith(`${subject}.`)).toBe(true);
    expect(await signer.verify('unsubscribe', token)).toBe(subject);
    expect(await signer.verify('something-else', token)).toBeNull();
    const otherSubject = '0f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a';
    expect(await signer.verify('unsubscribe', `${otherSubject}${token.slice(subject.length)}`)).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [flipped, token.slice(0, -2), `${token}xx`, subject, '', '.', `.${token}`, 'not a token at all']) {
      expect(await signer.verify('unsubscribe', bad), bad).toBeNull();
    }
    const otherKey = await loadLinkSigner({ LINK_SIGNING_SECRET: 'z'.repeat(32) }, database.db);
    expect(await otherKey.verify('unsubscribe', token)).toBeNull();
  });

  it('without LINK_SIGNING_SECRET, makes one key in the database that every process shares', async () => {
    const first = await loadLinkSigner({ LINK_SIGNING_SECRET: undefined }, database.db);
    const second = await loadLinkSigner({ LINK_SIGNING_SECRET: undefined }, database.db);
    const token = await first.sign('unsubscribe', subject);
    expect(await second.verify('unsubscribe', token)).toBe(subject);
    const rows = await database.db.select().from(appSecrets);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value.length).toBeGreaterThanOrEqual(40);
    const configured = await loadLinkSigner({ LINK_SIGNING_SECRET: 'k'.repeat(32) }, database.db);
    expect(await configured.verify('unsubscribe', token)).toBeNull();
  });
});
