import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ENQUIRIES_PER_HOUR } from '@tendly/domain/constants';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor, DbTransaction } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerEnquiries } from '../../platform/db/schema/search';
import { workerProfiles } from '../../platform/db/schema/workers';
import { AppError, notFound } from '../../platform/errors';
import { emailSite } from '../../platform/mail/email-site';
import { queueMail } from '../../platform/mail/outbox';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { checkLimit } from '../../platform/rate-limit/rate-limiter';
import { enquiryEmail } from './enquiry-email';
import { isWorkerId, WORKER_NOT_FOUND } from './worker-profile-service';

/** A care seeker may contact at most ENQUIRIES_PER_HOUR workers an hour (the domain's constants say why). */
const ENQUIRY_WINDOW_MS = 60 * 60 * 1000;

export function tooManyEnquiriesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have contacted ${ENQUIRIES_PER_HOUR} workers in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another message.`;
}

/** Counts this enquiry against the care seeker's hourly allowance; a 429 with Retry-After once it is used up. */
export async function limitEnquiries(store: RateLimitStore, auth: RequestAuth, reply: FastifyReply): Promise<void> {
  const decision = await checkLimit(store, { key: `enquiries:user:${auth.user.id}`, limit: ENQUIRIES_PER_HOUR, windowMs: ENQUIRY_WINDOW_MS });
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw new AppError(429, tooManyEnquiriesMessage(decision.retryAfterSeconds), { code: 'RATE_LIMITED' });
}

/**
 * Writes an enquiry into the pair's conversation (the messages feature provides it; app.ts wires
 * it in): inside the enquiry's transaction, and `announce` once that has committed.
 */
export type DeliverEnquiry = (
  tx: DbTransaction,
  input: { careSeekerId: string; workerId: string; actedByUserId: string; coordinator: { firstName: string; lastName: string } | null; text: string },
) => Promise<{ conversationId: string; announce: () => Promise<void> }>;

export interface EnquiryContext {
  db: Db;
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;
  deliver: DeliverEnquiry;
}

/** The worker an enquiry goes to: only a listed one (an ACTIVE profile of an active account). */
async function findContactableWorker(db: DbExecutor, workerId: string) {
  const [worker] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .where(and(eq(workerProfiles.userId, workerId), eq(workerProfiles.status, 'ACTIVE'), eq(users.status, 'ACTIVE')));
  return worker ?? null;
}

/**
 * POST /api/carer/{id}/enquiries: stores the care seeker's message, delivers it into the pair's
 * conversation (created if need be; issue 13) and queues the email that brings it to the worker,
 * in one transaction, so a stored enquiry always has its message and its email. The email counts
 * as this window's unread-message email for the worker. A coordinator acting for a client sends it
 * as the client, and is recorded as who wrote it. A blocked conversation refuses it (409).
 */
export async function sendEnquiry(
  ctx: EnquiryContext,
  auth: RequestAuth,
  workerId: string,
  message: string,
): Promise<{ id: string; sentAt: string; conversationId: string }> {
  if (!isWorkerId(workerId)) throw notFound(WORKER_NOT_FOUND);
  const { announce, ...answer } = await ctx.db.transaction(async (tx) => {
    const worker = await findContactableWorker(tx, workerId);
    if (!worker) throw notFound(WORKER_NOT_FOUND);
    const [enquiry] = await tx
      .insert(workerEnquiries)
      .values({ userId: auth.user.id, sentByUserId: actingPersonId(auth), workerId, message })
      .returning({ id: workerEnquiries.id, createdAt: workerEnquiries.createdAt });
    if (!enquiry) throw new Error('sendEnquiry: the insert returned no row');
    const delivered = await ctx.deliver(tx, {
      careSeekerId: auth.user.id,
      workerId,
      actedByUserId: actingPersonId(auth),
      coordinator: auth.actor,
      text: message,
    });
    await queueMail(tx, enquiryEmail(emailSite(ctx.config), worker, { firstName: auth.user.firstName }, message, delivered.conversationId));
    return { id: enquiry.id, sentAt: enquiry.createdAt.toISOString(), conversationId: delivered.conversationId, announce: delivered.announce };
  });
  await announce();
  return answer;
}
