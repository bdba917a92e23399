import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from './passwords';
import { digestsEqual, generateToken, hashToken } from './session-tokens';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hashed = await hashPassword('a good long password');
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashed, 'a good long password')).toBe(true);
    expect(await verifyPassword(hashed, 'another password')).toBe(false);
  });

  it('answers false, never throws, for a stored hash it cannot read', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('does the work of a check for an unknown account, and always says no', async () => {
    expect(await verifyAgainstDummyHash('anything')).toBe(false);
  });
});

describe('session tokens', () => {
  it('are 32 random bytes written base64url, each different', () => {
    const a = generateToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(generateToken());
  });

  it('are stored as their SHA-256', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(digestsEqual(hashToken('abc'), hashToken('abc'))).toBe(true);
    expect(digestsEqual(hashToken('abc'), hashToken('abd'))).toBe(false);
    expect(digestsEqual('', '')).toBe(false);
  });
});
