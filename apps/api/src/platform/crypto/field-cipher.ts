import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { encryptionKeyBytes, type Config } from '../config';
import type { DbExecutor } from '../db/client';
import { appSecrets } from '../db/schema/platform';

/**
 * Encryption at rest of single values the product must keep but never show again, such as bank
 * account numbers (issue 12): AES-256-GCM with a random 12-byte IV per value, so the same number
 * encrypts differently each time, and an authentication tag, so a changed ciphertext (or the wrong
 * key) is an error rather than a wrong number.
 *
 * The stored text is versioned, `v1.<iv>.<ciphertext>.<tag>` in base64url, so that a later key or
 * algorithm can be told from this one. The key is ENCRYPTION_KEY when set (production requires
 * it); otherwise a random key is made once and kept in the database (app_secrets), so that every
 * API process reads what another wrote.
 *
 * The key is read when the cipher is made, never on first use: a first use inside a transaction
 * would read it through another connection, which on PGlite (one connection) waits for ever for
 * the transaction that waits for it (issue 27: the second payout run of a day hung the server).
 */
export interface FieldCipher {
  encrypt(plaintext: string): Promise<string>;
  /** Throws FieldCipherError when the text is not ours, was changed, or was written with another key. */
  decrypt(stored: string): Promise<string>;
}

export class FieldCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldCipherError';
  }
}

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SECRET_NAME = 'field-encryption';

async function storedKey(db: DbExecutor): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  const key = row ? encryptionKeyBytes(row.value) : null;
  if (!key) throw new Error('The encryption key could not be stored');
  return key;
}

/** The cipher with its key: ENCRYPTION_KEY, or the key kept in the database (made now if none is). */
export async function loadFieldCipher(config: Pick<Config, 'ENCRYPTION_KEY'>, db: DbExecutor): Promise<FieldCipher> {
  const configured = config.ENCRYPTION_KEY ? encryptionKeyBytes(config.ENCRYPTION_KEY) : null;
  return fieldCipherWithKey(configured ?? (await storedKey(db)));
}

function fieldCipherWithKey(key: Buffer): FieldCipher {
  return {
    async encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    async decrypt(stored) {
      const [version, iv, ciphertext, tag, ...rest] = stored.split('.');
      if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length > 0) {
        throw new FieldCipherError('Not an encrypted value of a version this API reads');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new FieldCipherError('A damaged encrypted value');
      const decipher = createDecipheriv(ALGORITHM, key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tagBytes);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new FieldCipherError('The encrypted value was changed, or was written with another key');
      }
    },
  };
}
