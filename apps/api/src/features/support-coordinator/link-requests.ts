import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import {
  coordinatorLinkMessages as messages,
  type LinkDecision,
  type LinkTokenAnswer,
  type MyCoordinatorLink,
} from '@tendly/domain/api/coordinator-links';
import type { MessageResponse } from '@tendly/domain/api/auth';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { SUBJECT_BASE36_PATTERN, SUBJECT_ID_PATTERN, type LinkSigner } from '../../platform/auth/signed-links';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { sessions, supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { checkLimit } from '../../platform/rate-limit/rate-limiter';
import { emailLayoutOf } from '../../platform/mail/email-site';
import { subjectEmail } from '../../platform/mail/subject-email';

/**
 * Linking a support coordinator to an existing care seeker (issue 16). The coordinator asks by
 * email and always gets the same answer, whether or not the address has an account (nobody learns
 * who uses Tendly from this form). The care seeker gets an email with two signed links (accept,
 * decline) that work without signing in, expire after LINK_DAYS and work once: each names the
 * request's `requested_at`, and only a PENDING request with that time can be answered. The care
 * seeker also answers from their dashboard, and can revoke an ACTIVE link there at any time, which
 * ends the coordinator's alias sessions for them at once (session-repository also checks the link
 * on every request).
 */

export const LINK_DAYS = 14;
export const REQUESTS_PER_COORDINATOR_PER_HOUR = 10;
export const REQUESTS_PER_ADDRESS_PER_DAY = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const PURPOSE: Record<LinkDecision, string> = { accept: 'coordinator-link-accept', decline: 'coordinator-link-decline' };

export interface LinkContext {
  db: Db;
  linkSigner: LinkSigner;
  rateLimitStore: RateLimitStore;
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;
}

/** `<link id>_<requested ms>_<expiry s>.<signature>`, for one decision. */
export function signLinkAnswer(signer: LinkSigner, decision: LinkDecision, link: { id: string; requestedAt: Date; expiresAt: Date }): Promise<string> {
  const subject = [link.id, link.requestedAt.getTime().toString(36), Math.floor(link.expiresAt.getTime() / 1000).toString(36)].join('_');
  return signer.sign(PURPOSE[decision], subject);
}

async function readLinkAnswer(signer: LinkSigner, token: string, now: Date): Promise<{ decision: LinkDecision; linkId: string; requestedAtMs: number }> {
  for (const decision of ['accept', 'decline'] as const) {
    const subject = await signer.verify(PURPOSE[decision], token);
    if (!subject) continue;
    const [linkId, requested, expiry, ...rest] = subject.split('_');
    if (rest.length > 0 || !linkId || !SUBJECT_ID_PATTERN.test(linkId) || !requested || !SUBJECT_BASE36_PATTERN.test(requested) || !expiry || !SUBJECT_BASE36_PATTERN.test(expiry)) break;
    if (parseInt(expiry, 36) * 1000 <= now.getTime()) throw new AppError(410, messages.linkExpired, { code: 'LINK_EXPIRED' });
    return { decision, linkId, requestedAtMs: parseInt(requested, 36) };
  }
  throw notFound(messages.linkNotValid);
}

/** Seconds to wait when a limit is reached, or 0. Counted for every request, whatever the address. */
export async function linkRequestWait(store: RateLimitStore, coordinatorId: string, email: string): Promise<number> {
  const byCoordinator = await checkLimit(store, { key: `coordinator-link-request:user:${coordinatorId}`, limit: REQUESTS_PER_COORDINATOR_PER_HOUR, windowMs: HOUR_MS });
  if (!byCoordinator.allowed) return byCoordinator.retryAfterSeconds;
  const byAddress = await checkLimit(store, { key: `coordinator-link-request:address:${email}`, limit: REQUESTS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS });
  return byAddress.allowed ? 0 : byAddress.retryAfterSeconds;
}

/** POST /support-coordinator/link-requests: the same answer whether or not the address has an account. */
export async function requestLinking(ctx: LinkContext, auth: RequestAuth, email: string, origin: { ip: string }, now = new Date()): Promise<MessageResponse> {

  const [client] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.role, 'CS'), eq(users.status, 'ACTIVE')))
    .limit(1);
  if (!client) return { message: messages.requestSent };

  const requestedAt = now;
  const expiresAt = new Date(now.getTime() + LINK_DAYS * DAY_MS);
  const [existing] = await ctx.db
    .select({ id: supportCoordinatorLinks.id, status: supportCoordinatorLinks.status })
    .from(supportCoordinatorLinks)
    .where(and(eq(supportCoordinatorLinks.coordinatorId, auth.user.id), eq(supportCoordinatorLinks.clientId, client.id)));
  if (existing?.status === 'ACTIVE') return { message: messages.requestSent };
  const linkId = existing?.id ?? randomUUID();
  // Signed before the transaction: the signing key may be read from the database the first time.
  const accept = await signLinkAnswer(ctx.linkSigner, 'accept', { id: linkId, requestedAt, expiresAt });
  const decline = await signLinkAnswer(ctx.linkSigner, 'decline', { id: linkId, requestedAt, expiresAt });
  await ctx.db.transaction(async (tx) => {
    // A new request replaces a pending, declined or revoked one (and voids its emailed links); an active link is left alone.
    const [link] = await tx
      .insert(supportCoordinatorLinks)
      .values({ id: linkId, coordinatorId: auth.user.id, clientId: client.id, status: 'PENDING', requestedAt })
      .onConflictDoUpdate({
        target: [supportCoordinatorLinks.coordinatorId, supportCoordinatorLinks.clientId],
        set: { status: 'PENDING', requestedAt, endedAt: null, acceptedAt: null },
        setWhere: ne(supportCoordinatorLinks.status, 'ACTIVE'),
      })
      .returning({ id: supportCoordinatorLinks.id });
    // Accepted meanwhile, or made by a request at the same moment (which sends its own email).
    if (!link || link.id !== linkId) return;
    await queueMail(tx, linkRequestEmail(ctx.config, client, auth.user, { accept, decline }));
    await notify(tx, {
      userId: client.id,
      kind: 'COORDINATOR_LINK_REQUESTED',
      title: `${fullName(auth.user)} asked to link to your account`,
      body: `${fullName(auth.user)}, a support coordinator, would like to help manage your care. Accept or decline on your dashboard.`,
      link: '/dashboard',
    });
    await recordAudit(tx, { actorUserId: auth.user.id, subjectUserId: client.id, action: 'coordinator-link.requested', detail: { linkId }, ip: origin.ip });
  });
  return { message: messages.requestSent };
}

function linkRequestEmail(
  config: LinkContext['config'],
  client: { email: string; firstName: string },
  coordinator: { firstName: string; lastName: string; email: string; organisation?: string | null },
  tokens: { accept: string; decline: string },
) {
  const base = config.publicUrl.replace(/\/+$/, '');
  const who = `${fullName(coordinator)}${coordinator.organisation ? ` (${coordinator.organisation})` : ''}`;
  const subject = `${who} asks to be your support coordinator on ${config.BRAND_NAME}`;
  const acceptUrl = `${base}/coordinator-link?token=${encodeURIComponent(tokens.accept)}&answer=accept`;
  const declineUrl = `${base}/coordinator-link?token=${encodeURIComponent(tokens.decline)}&answer=decline`;
  return subjectEmail(emailLayoutOf(config), {
    to: client.email,
    category: 'CLIENT_LINKS',
    subject,
    paragraphs: [
      `Hi ${client.firstName},`,
      `${who}, ${coordinator.email}, asks to be linked to your account as your support coordinator. Once linked, they can find workers, book and manage supports for you, and act on your account on your behalf.`,
      `If you do not know them, decline: nothing changes on your account. You can also answer from your dashboard, and revoke the link at any time. These links work once and expire in ${LINK_DAYS} days.`,
      `Decline: ${declineUrl}`,
    ],
    action: { label: 'Accept the request', url: acceptUrl },
  });
}

/** GET /coordinator-links: the care seeker's coordinators, linked or asking. */
export async function listMyCoordinatorLinks(db: DbExecutor, auth: RequestAuth): Promise<MyCoordinatorLink[]> {
  const rows = await db
    .select({
      id: supportCoordinatorLinks.id,
      status: supportCoordinatorLinks.status,
      requestedAt: supportCoordinatorLinks.requestedAt,
      acceptedAt: supportCoordinatorLinks.acceptedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organisation: users.organisation,
    })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.coordinatorId))
    .where(and(eq(supportCoordinatorLinks.clientId, auth.user.id), sql`${supportCoordinatorLinks.status} in ('PENDING', 'ACTIVE')`))
    .orderBy(asc(supportCoordinatorLinks.status), asc(users.firstName), asc(supportCoordinatorLinks.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING',
    coordinator: { name: fullName(row), email: row.email, organisation: row.organisation },
    requestedAt: row.requestedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  }));
}

/** Ends every open alias session of the coordinator for the client. */
async function endAliasSessions(tx: DbExecutor, coordinatorId: string, clientId: string, now: Date): Promise<string[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.kind, 'ALIAS'), eq(sessions.userId, coordinatorId), eq(sessions.actingUserId, clientId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** Accept or decline a PENDING request; `requestedAt` pins it to one emailed request when given. */
async function decide(
  db: Db,
  input: { linkId: string; clientId?: string; requestedAtMs?: number; decision: LinkDecision },
  origin: { ip: string },
  now: Date,
): Promise<{ coordinatorId: string; clientId: string; status: 'ACTIVE' | 'DECLINED' }> {
  const status = input.decision === 'accept' ? 'ACTIVE' : 'DECLINED';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportCoordinatorLinks)
      .set(status === 'ACTIVE' ? { status, acceptedAt: now, endedAt: null } : { status, endedAt: now })
      .where(
        and(
          eq(supportCoordinatorLinks.id, input.linkId),
          eq(supportCoordinatorLinks.status, 'PENDING'),
          input.clientId ? eq(supportCoordinatorLinks.clientId, input.clientId) : undefined,
          input.requestedAtMs === undefined ? undefined : eq(supportCoordinatorLinks.requestedAt, new Date(input.requestedAtMs)),
        ),
      )
      .returning({ coordinatorId: supportCoordinatorLinks.coordinatorId, clientId: supportCoordinatorLinks.clientId });
    if (!row) throw notFound(input.requestedAtMs === undefined ? messages.notFound : messages.linkUsed);
    await recordAudit(tx, {
      actorUserId: row.clientId,
      subjectUserId: row.coordinatorId,
      action: status === 'ACTIVE' ? 'coordinator-link.accepted' : 'coordinator-link.declined',
      detail: { linkId: input.linkId, via: input.requestedAtMs === undefined ? 'dashboard' : 'email' },
      ip: origin.ip,
    });
    return { ...row, status };
  });
}

function refuseActing(auth: RequestAuth): void {
  if (auth.actor) throw forbidden(messages.notWhileActing);
}

/** POST /coordinator-links/{linkId}/accept and /decline, from the care seeker's dashboard. */
export async function answerLink(db: Db, auth: RequestAuth, linkId: string, decision: LinkDecision, origin: { ip: string }, now = new Date()): Promise<MessageResponse> {
  refuseActing(auth);
  await decide(db, { linkId, clientId: auth.user.id, decision }, origin, now);
  return { message: decision === 'accept' ? messages.accepted : messages.declined };
}

/** POST /coordinator-links/answer: the emailed link, signed out. */
export async function answerLinkByToken(ctx: LinkContext, token: string, origin: { ip: string }, now = new Date()): Promise<LinkTokenAnswer> {
  const { decision, linkId, requestedAtMs } = await readLinkAnswer(ctx.linkSigner, token, now);
  const { coordinatorId, status } = await decide(ctx.db, { linkId, requestedAtMs, decision }, origin, now);
  const [coordinator] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, coordinatorId));
  return { message: status === 'ACTIVE' ? messages.accepted : messages.declined, status, coordinatorName: coordinator ? fullName(coordinator) : '' };
}

/** POST /coordinator-links/{linkId}/revoke: ends the link and, at once, every alias session it allowed. */
export async function revokeLink(db: Db, auth: RequestAuth, linkId: string, origin: { ip: string }, now = new Date()): Promise<MessageResponse> {
  refuseActing(auth);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportCoordinatorLinks)
      .set({ status: 'REVOKED', endedAt: now })
      .where(and(eq(supportCoordinatorLinks.id, linkId), eq(supportCoordinatorLinks.clientId, auth.user.id), eq(supportCoordinatorLinks.status, 'ACTIVE')))
      .returning({ coordinatorId: supportCoordinatorLinks.coordinatorId });
    if (!row) throw notFound(messages.notFound);
    const endedAliasSessionIds = await endAliasSessions(tx, row.coordinatorId, auth.user.id, now);
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      subjectUserId: row.coordinatorId,
      action: 'coordinator-link.revoked',
      detail: { linkId, endedAliasSessionIds },
      ip: origin.ip,
    });
  });
  return { message: messages.revoked };
}
