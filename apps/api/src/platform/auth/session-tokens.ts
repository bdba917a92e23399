import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets handed to people (session, alias and password-reset tokens): 32 random bytes, written
 * base64url. Only their SHA-256 is stored (ARCHITECTURE.md), so a copy of the database signs
 * nobody in. A fast hash is enough here: 256 random bits cannot be guessed, unlike a password.
 */
export const TOKEN_BYTES = 32;

export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** SHA-256, hex: what the database stores and looks tokens up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
