import { and, asc, eq } from 'drizzle-orm';
import {
  REFERENCE_EXPIRED_MESSAGE,
  REFERENCE_NOT_FOUND_MESSAGE,
  REFERENCE_USED_MESSAGE,
  referenceAnswersViewSchema,
  referenceQuestions,
  type AdminWorkerReferees,
  type ReferenceRequest,
  type WorkerReferees,
} from '@tendly/domain/api/worker-onboarding';
import {
  OWN_EMAIL_REFEREE_MESSAGE,
  REFERENCE_LINK_DAYS,
  type ReferenceAnswers,
  type Referees,
} from '@tendly/domain/validation/referees';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { generateToken, hashToken } from '../../platform/auth/session-tokens';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerReferees } from '../../platform/db/schema/onboarding';
import { workerProfiles } from '../../platform/db/schema/workers';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { emailSite } from '../../platform/mail/email-site';
import { queueMail } from '../../platform/mail/outbox';
import { isUuid } from '../../platform/http/ids';
import { referenceRequestEmail } from './referee-emails';

export interface RefereesContext {
  db: Db;
  config: Config;
}

type RefereeRow = typeof workerReferees.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
export const NO_REFEREE_MESSAGE = 'There is no referee in that place yet. Add your referees first.';
export const REFEREE_ALREADY_ANSWERED_MESSAGE = 'This referee has already given their reference: there is nothing to resend.';
export const WORKER_NOT_FOUND_MESSAGE = 'We could not find that worker.';

function viewOf(row: RefereeRow) {
  return {
    position: row.position,
    name: row.name,
    relationship: row.relationship,
    email: row.email,
    phone: row.phone,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    linkExpiresAt: row.linkExpiresAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

async function refereesOf(db: DbExecutor, workerId: string): Promise<RefereeRow[]> {
  return db.select().from(workerReferees).where(eq(workerReferees.workerId, workerId)).orderBy(asc(workerReferees.position));
}

/** A fresh link for a referee: a new token (only its hash kept), valid for 14 days, and the email with it. */
async function invite(tx: DbExecutor, ctx: RefereesContext, worker: { firstName: string; lastName: string }, row: RefereeRow, now: Date) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + REFERENCE_LINK_DAYS * DAY_MS);
  await tx
    .update(workerReferees)
    .set({ tokenHash: hashToken(token), invitedAt: now, linkExpiresAt: expiresAt, answeredAt: null, answers: null })
    .where(eq(workerReferees.id, row.id));
  await queueMail(tx, referenceRequestEmail(emailSite(ctx.config), row, worker, token, expiresAt));
}

/** GET /worker/referees: the worker's referees and whether each has answered (never the answers). */
export async function getWorkerReferees(ctx: RefereesContext, auth: RequestAuth): Promise<WorkerReferees> {
  return { referees: (await refereesOf(ctx.db, auth.user.id)).map(viewOf) };
}

/**
 * PUT /worker/referees: exactly two. A new referee, or one whose email changed, is emailed a new
 * link (and any earlier answer from that place is cleared: it was someone else's). A worker may
 * not name themself.
 */
export async function saveWorkerReferees(ctx: RefereesContext, auth: RequestAuth, input: Referees): Promise<WorkerReferees> {
  const workerId = auth.user.id;
  const ownEmail = auth.user.email.toLowerCase();
  const own = input.referees.findIndex((referee) => referee.email === ownEmail);
  if (own >= 0) throw badRequest(OWN_EMAIL_REFEREE_MESSAGE, { [`referees.${own}.email`]: OWN_EMAIL_REFEREE_MESSAGE });
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const existing = await refereesOf(tx, workerId);
    const invited: number[] = [];
    for (const [index, referee] of input.referees.entries()) {
      const position = index + 1;
      const before = existing.find((row) => row.position === position);
      const [row] = await tx
        .insert(workerReferees)
        .values({ workerId, position, ...referee })
        .onConflictDoUpdate({ target: [workerReferees.workerId, workerReferees.position], set: { ...referee } })
        .returning();
      if (!row) throw new Error('saveWorkerReferees: no row');
      if (!before || before.email !== referee.email) {
        await invite(tx, ctx, auth.user, row, now);
        invited.push(position);
      }
    }
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: workerId, action: 'worker_referees.saved', detail: { invited } });
  });
  return getWorkerReferees(ctx, auth);
}

/** POST /worker/referees/:position/resend: a new link (the old one stops working) to a referee who has not answered. */
export async function resendRefereeLink(ctx: RefereesContext, auth: RequestAuth, position: number): Promise<WorkerReferees> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(workerReferees)
      .where(and(eq(workerReferees.workerId, auth.user.id), eq(workerReferees.position, position)))
      .for('update');
    if (!row) throw notFound(NO_REFEREE_MESSAGE);
    if (row.answeredAt) throw conflict(REFEREE_ALREADY_ANSWERED_MESSAGE);
    await invite(tx, ctx, auth.user, row, new Date());
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: auth.user.id, action: 'worker_referees.link_resent', detail: { position } });
  });
  return getWorkerReferees(ctx, auth);
}

/** The referee a link is for, with the worker's name: 404 for a token that is not ours, 410 once used or expired. */
async function openReference(db: DbExecutor, token: string, now: Date) {
  const [found] = await db
    .select({ referee: workerReferees, workerFirstName: users.firstName })
    .from(workerReferees)
    .innerJoin(users, eq(users.id, workerReferees.workerId))
    .where(eq(workerReferees.tokenHash, hashToken(token)))
    .limit(1);
  if (!found) throw notFound(REFERENCE_NOT_FOUND_MESSAGE);
  if (found.referee.answeredAt) throw new AppError(410, REFERENCE_USED_MESSAGE, { code: 'REFERENCE_USED' });
  if (!found.referee.linkExpiresAt || found.referee.linkExpiresAt <= now) {
    throw new AppError(410, REFERENCE_EXPIRED_MESSAGE, { code: 'REFERENCE_EXPIRED' });
  }
  return found;
}

/** GET /references/:token: the worker's first name and the questions. */
export async function getReferenceRequest(ctx: RefereesContext, token: string): Promise<ReferenceRequest> {
  const { referee, workerFirstName } = await openReference(ctx.db, token, new Date());
  return { workerFirstName, refereeName: referee.name, questions: referenceQuestions(workerFirstName) };
}

/** POST /references/:token: records the answers; the link then stops working. */
export async function answerReference(ctx: RefereesContext, token: string, answers: ReferenceAnswers, ip: string): Promise<void> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const { referee } = await openReference(tx, token, now);
    const updated = await tx
      .update(workerReferees)
      .set({ answeredAt: now, answers })
      .where(and(eq(workerReferees.id, referee.id), eq(workerReferees.tokenHash, hashToken(token))))
      .returning({ id: workerReferees.id });
    if (updated.length === 0) throw new AppError(410, REFERENCE_USED_MESSAGE, { code: 'REFERENCE_USED' });
    await recordAudit(tx, {
      actorUserId: null,
      subjectUserId: referee.workerId,
      action: 'worker_referees.answered',
      detail: { position: referee.position },
      ip,
    });
  });
}

/** GET /admin/workers/:workerId/referees: the referees with their answers. */
export async function getAdminWorkerReferees(ctx: RefereesContext, workerId: string): Promise<AdminWorkerReferees> {
  if (!isUuid(workerId)) throw notFound(WORKER_NOT_FOUND_MESSAGE);
  const [profile] = await ctx.db
    .select({ userId: workerProfiles.userId })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, workerId))
    .limit(1);
  if (!profile) throw notFound(WORKER_NOT_FOUND_MESSAGE);
  const rows = await refereesOf(ctx.db, workerId);
  return {
    referees: rows.map((row) => {
      const answers = row.answers ? referenceAnswersViewSchema.safeParse(row.answers) : null;
      return { ...viewOf(row), answers: answers?.success ? answers.data : null };
    }),
  };
}
