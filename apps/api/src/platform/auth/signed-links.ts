import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbExecutor } from '../db/client';
import { appSecrets } from '../db/schema/platform';

/**
 * Signed links for emails that must work without signing in (the one-click unsubscribe from job
 * alerts). A token is `<subject>.<signature>`: the HMAC-SHA256 of the purpose and the subject (a
 * user id, say), so a token for one purpose or person is worth nothing for another. They do not
 * expire: an unsubscribe link must keep working in an old email.
 *
 * The key is LINK_SIGNING_SECRET when set (production requires it). Otherwise a random key is
 * made once and kept in the database, so that every API process signs and checks alike. It is read
 * when the signer is made, never on first use (a first use inside a transaction would wait for ever
 * on PGlite: see field-cipher.ts).
 */
export interface LinkSigner {
  sign(purpose: string, subject: string): Promise<string>;
  /** The subject the token was signed for, or null when it is not a token of ours for that purpose. */
  verify(purpose: string, token: string): Promise<string | null>;
}

const SECRET_NAME = 'link-signing';
const SUBJECT_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** An HMAC-SHA256 in base64url without padding: 43 characters. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The parts a feature joins into a subject and reads back once it verifies: a record's id as the
 * database gives it (a uuid in lower case), and a time or a count as `toString(36)` writes it.
 */
export const SUBJECT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SUBJECT_BASE36_PATTERN = /^[0-9a-z]{1,12}$/;

function signature(key: Buffer, purpose: string, subject: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}\n${subject}`).digest();
}

/** The key kept in the database, made by whichever process asks first. */
async function storedSecret(db: DbExecutor): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The link signing key could not be stored');
  return row.value;
}

/** The signer with its key: LINK_SIGNING_SECRET, or the key kept in the database (made now if none is). */
export async function loadLinkSigner(config: Pick<Config, 'LINK_SIGNING_SECRET'>, db: DbExecutor): Promise<LinkSigner> {
  const key = Buffer.from(config.LINK_SIGNING_SECRET ?? (await storedSecret(db)), 'utf8');
  return {
    async sign(purpose, subject) {
      if (!SUBJECT_PATTERN.test(subject)) throw new Error('A signed link subject is letters, digits, - and _ only');
      return `${subject}.${signature(key, purpose, subject).toString('base64url')}`;
    },
    async verify(purpose, token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const subject = token.slice(0, dot);
      const encoded = token.slice(dot + 1);
      // Node's base64url decoder skips characters it does not know: a signature with a NUL or a
      // space added would otherwise still verify.
      if (!SUBJECT_PATTERN.test(subject) || !SIGNATURE_PATTERN.test(encoded)) return null;
      const given = Buffer.from(encoded, 'base64url');
      const expected = signature(key, purpose, subject);
      // Constant time: how much of a forged signature was right must not show in how long it took.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return subject;
    },
  };
}
