import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { loadFieldCipher, FieldCipherError } from './field-cipher';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const key = (byte: string) => byte.repeat(64);

describe('field cipher (AES-256-GCM)', () => {
  it('reads back what it wrote, in the versioned format, never the same text twice', async () => {
    const cipher = await loadFieldCipher({ ENCRYPTION_KEY: key('a') }, database.db);
    const first = await cipher.encrypt('123456789');
    const second = await cipher.encrypt('123456789');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('123456789');
    expect(await cipher.decrypt(first)).toBe('123456789');
    expect(await cipher.decrypt(second)).toBe('123456789');
  });

  it('refuses a value written with another key', async () => {
    const stored = await (await loadFieldCipher({ ENCRYPTION_KEY: key('a') }, database.db)).encrypt('123456789');
    await expect((await loadFieldCipher({ ENCRYPTION_KEY: key('b') }, database.db)).decrypt(stored)).rejects.toThrow(FieldCipherError);
  });

  it('refuses a value that was tampered with, and text that is not ours', async () => {
    const cipher = await loadFieldCipher({ ENCRYPTION_KEY: key('c') }, database.db);
    const [version, iv, ciphertext, tag] = (await cipher.encrypt('123456789')).split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    await expect(cipher.decrypt([version, iv, flipped.toString('base64url'), tag].join('.'))).rejects.toThrow(FieldCipherError);
    await expect(cipher.decrypt(['v2', iv, ciphertext, tag].join('.'))).rejects.toThrow(FieldCipherError);
    await expect(cipher.decrypt('123456789')).rejects.toThrow(FieldCipherError);
  });

  it('without ENCRYPTION_KEY, makes one key in the database that every process shares', async () => {
    const first = await loadFieldCipher({ ENCRYPTION_KEY: undefined }, database.db);
    const second = await loadFieldCipher({ ENCRYPTION_KEY: undefined }, database.db);
    expect(await second.decrypt(await first.encrypt('987654'))).toBe('987654');
    await expect((await loadFieldCipher({ ENCRYPTION_KEY: key('d') }, database.db)).decrypt(await first.encrypt('987654'))).rejects.toThrow(
      FieldCipherError,
    );
  });
});
