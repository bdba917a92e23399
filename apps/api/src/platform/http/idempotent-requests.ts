import { createHash } from 'node:crypto';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_IN_USE_CODE, IDEMPOTENCY_KEY_IN_USE_MESSAGE, IDEMPOTENCY_KEY_REUSED_CODE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@tendly/domain/api/payments';
import type { Db } from '../db/client';
import { idempotentRequests } from '../db/schema/payments';
import { AppError } from '../errors';

/**
 * Requests sent with an `Idempotency-Key` header (issue 27): a retry gets the first answer.
 *
 * The key is claimed (a row with no answer yet) before any work starts, and the answer is kept on
 * it when the work ends. A retry of the same request then gets the kept answer; the same key with
 * a different request is refused with a 422; and a retry that comes while the first is still being
 * processed gets a 409 to send again in a moment. That is what Stripe answers, and what the IETF
 * draft "The Idempotency-Key HTTP Header Field" prescribes, rather than making the retry wait: a
 * wait would hold a connection (and on PGlite the one database connection's turn) for as long as
 * the card processor takes, and a client that gave up on the first request would give up on the
 * second the same way. A claim left by a process that stopped is taken over once its lease has run
 * out, so a key never stays stuck.
 */

/** A claim on a key with no answer after this long was left by a process that stopped. */
export const IDEMPOTENT_CLAIM_LEASE_MS = 2 * 60_000;

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** The route and what it acts on, e.g. `POST /api/invoices/:id/pay <invoice id>`. */
  route: string;
  /** The parsed request body: a retry must send the same. */
  body: unknown;
}

export interface KeptAnswer {
  status: number;
  body: unknown;
}

/** JSON with the keys of every object sorted, so that the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * Claims the key for this request, or answers what a retry gets: the first answer when there is
 * one; 422 when the key was used for another request; 409 while the first is in progress.
 */
async function claimKey(db: Db, request: IdempotentRequest, now: Date): Promise<KeptAnswer | null> {
  const requestHash = requestHashOf(request.body);
  const mine = and(eq(idempotentRequests.userId, request.userId), eq(idempotentRequests.key, request.key));
  // Twice at most: a claim given up (released) between the insert and the read is claimed again.
  for (let round = 0; round < 2; round++) {
    const claimed = await db
      .insert(idempotentRequests)
      .values({ userId: request.userId, key: request.key, route: request.route, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (claimed.length > 0) return null;
    const [kept] = await db.select().from(idempotentRequests).where(mine);
    if (!kept) continue;
    // Rows kept before the body was recorded are told apart by their route alone.
    if (kept.route !== request.route || (kept.requestHash !== null && kept.requestHash !== requestHash)) {
      throw new AppError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, { code: IDEMPOTENCY_KEY_REUSED_CODE });
    }
    if (kept.statusCode !== null) return { status: kept.statusCode, body: kept.body };
    const taken = await db
      .update(idempotentRequests)
      .set({ createdAt: now })
      .where(and(mine, isNull(idempotentRequests.statusCode), lte(idempotentRequests.createdAt, new Date(now.getTime() - IDEMPOTENT_CLAIM_LEASE_MS))))
      .returning({ key: idempotentRequests.key });
    if (taken.length > 0) return null;
    throw new AppError(409, IDEMPOTENCY_KEY_IN_USE_MESSAGE, { code: IDEMPOTENCY_KEY_IN_USE_CODE });
  }
  throw new AppError(409, IDEMPOTENCY_KEY_IN_USE_MESSAGE, { code: IDEMPOTENCY_KEY_IN_USE_CODE });
}

/**
 * Runs `work` once per key: it answers what is kept for the key (a result, or an error worth
 * repeating, as a status and body), or throws an error that is not kept (the request may be put
 * right and sent again with the same key: the claim is given up).
 */
export async function answerOnce(db: Db, request: IdempotentRequest, work: () => Promise<KeptAnswer>, now: Date = new Date()): Promise<KeptAnswer> {
  const kept = await claimKey(db, request, now);
  if (kept) return kept;
  const mine = and(eq(idempotentRequests.userId, request.userId), eq(idempotentRequests.key, request.key), isNull(idempotentRequests.statusCode));
  let answer: KeptAnswer;
  try {
    answer = await work();
  } catch (error) {
    await db.delete(idempotentRequests).where(mine);
    throw error;
  }
  // A claim taken over meanwhile (this request outlived its lease) keeps whichever answer came first.
  const [stored] = await db.update(idempotentRequests).set({ statusCode: answer.status, body: answer.body }).where(mine).returning({ key: idempotentRequests.key });
  if (stored) return answer;
  const [first] = await db.select().from(idempotentRequests).where(and(eq(idempotentRequests.userId, request.userId), eq(idempotentRequests.key, request.key)));
  return first?.statusCode != null ? { status: first.statusCode, body: first.body } : answer;
}
