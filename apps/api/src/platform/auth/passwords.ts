import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (ARCHITECTURE.md): @node-rs/argon2's defaults are argon2id,
 * 19 MiB, 2 passes, as OWASP recommends; the demo seed uses the same defaults.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** A hash of a random password nobody knows, made once per process. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Makes the dummy hash ahead of the first sign-in, so that sign-in is not slower than the rest. */
export async function warmUpPasswordHashing(): Promise<void> {
  await dummyPasswordHash();
}

/**
 * Does the work of checking a password when there is no account to check it against, so that a
 * sign-in for an unknown email takes as long as one with a wrong password and the timing does not
 * tell which emails have accounts. Always false.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  await verifyPassword(await dummyPasswordHash(), password);
  return false;
}
