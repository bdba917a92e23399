import { differenceInCalendarDays, parseISO } from 'date-fns';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { DOCUMENT_EXPIRY_WARNING_DAYS, isDocumentRequired } from '@tendly/domain/compliance';
import { addDaysToDate } from '@tendly/domain/shift-time';
import { COMPLIANCE_TIME_ZONE } from '@tendly/domain/validation/compliance-documents';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { workerProfiles } from '../../platform/db/schema/workers';
import { dailyJobHandler, dailyRunAt, scheduleDailyRun, scheduleTodaysRun, type DailySchedule } from '../../platform/jobs/daily-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { documentEmailSite, documentExpiredEmail, expiryWarningEmail, lapsedReason, type DocumentEmailSite } from './document-emails';
import { documentExpiringNotification } from './document-notifications';
import { verifiedColumnOf } from './documents-repository';

/**
 * The daily check of compliance documents (issue 12): a worker is emailed 30 and 7 days before a
 * document they must hold expires (each warning once), and when it has expired the document is
 * marked, the profile goes INACTIVE with the reason, and the worker is told how to fix it.
 *
 * There is no scheduler process: the job for a day has an id made from the day, so every API
 * process can ask for it at start-up and it is queued once; each day's run queues the next day's.
 * The day to check is the job's own (its payload), so a run that was delayed checks the day it
 * was meant for, and tests run any day they like.
 */
export const DOCUMENT_EXPIRY_JOB = 'documents.expiry-check';

/** Early in the day (Australian Eastern time), before anyone looks. */
const SCHEDULE: DailySchedule = { type: DOCUMENT_EXPIRY_JOB, zone: COMPLIANCE_TIME_ZONE, time: '02:00' };

export function expiryCheckRunAt(day: string): Date {
  return dailyRunAt(SCHEDULE, day);
}

/** Queues the check for `day` (YYYY-MM-DD) unless it is already queued (or has run). */
export function scheduleDocumentExpiryCheck(db: DbExecutor, day: string): Promise<boolean> {
  return scheduleDailyRun(db, SCHEDULE, day);
}

/** At start-up: make sure today's check is queued (a process that starts after 2 am runs it at once). */
export function scheduleTodaysDocumentExpiryCheck(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleTodaysRun(db, SCHEDULE, now);
}

export interface ExpiryCheckOutcome {
  warned: number;
  expired: number;
}

/** The check for one day: warnings first, then the documents that expired before that day. */
export async function runDocumentExpiryCheck(db: Db, site: DocumentEmailSite, day: string): Promise<ExpiryCheckOutcome> {
  const horizon = addDaysToDate(day, Math.max(...DOCUMENT_EXPIRY_WARNING_DAYS));
  const candidates = await db
    .select({
      id: workerDocuments.id,
      workerId: workerDocuments.workerId,
      kind: workerDocuments.kind,
      issuingState: workerDocuments.issuingState,
      expiresOn: workerDocuments.expiresOn,
      warned30: workerDocuments.expiryWarning30SentAt,
      warned7: workerDocuments.expiryWarning7SentAt,
      supportsMinors: workerProfiles.supportsMinors,
      email: users.email,
      firstName: users.firstName,
    })
    .from(workerDocuments)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, workerDocuments.workerId))
    .innerJoin(users, eq(users.id, workerDocuments.workerId))
    .where(
      and(
        eq(workerDocuments.status, 'APPROVED'),
        isNull(workerDocuments.supersededAt),
        isNull(workerDocuments.expiredAt),
        isNotNull(workerDocuments.expiresOn),
        lte(workerDocuments.expiresOn, horizon),
      ),
    );
  const outcome: ExpiryCheckOutcome = { warned: 0, expired: 0 };
  for (const candidate of candidates) {
    const expiresOn = candidate.expiresOn!;
    const required = isDocumentRequired(candidate.kind, candidate.supportsMinors);
    const document = { kind: candidate.kind, issuingState: candidate.issuingState, expiresOn };
    const worker = { email: candidate.email, firstName: candidate.firstName };
    if (expiresOn < day) {
      if (await expireDocument(db, site, candidate.id, candidate.workerId, required, document, worker)) outcome.expired += 1;
      continue;
    }
    if (!required) continue;
    const daysLeft = differenceInCalendarDays(parseISO(expiresOn), parseISO(day));
    const [soon, later] = [Math.min(...DOCUMENT_EXPIRY_WARNING_DAYS), Math.max(...DOCUMENT_EXPIRY_WARNING_DAYS)];
    const mark =
      daysLeft <= soon && candidate.warned7 === null ? 'soon' : daysLeft <= later && candidate.warned30 === null && candidate.warned7 === null ? 'later' : null;
    if (!mark) continue;
    const sent = await db.transaction(async (tx) => {
      const now = new Date();
      const [updated] = await tx
        .update(workerDocuments)
        .set(mark === 'soon' ? { expiryWarning7SentAt: now } : { expiryWarning30SentAt: now })
        .where(
          and(
            eq(workerDocuments.id, candidate.id),
            isNull(mark === 'soon' ? workerDocuments.expiryWarning7SentAt : workerDocuments.expiryWarning30SentAt),
          ),
        )
        .returning({ id: workerDocuments.id });
      if (!updated) return false;
      await queueMail(tx, expiryWarningEmail(site, worker, document, daysLeft));
      await notify(tx, documentExpiringNotification(candidate.workerId, document, daysLeft));
      return true;
    });
    if (sent) outcome.warned += 1;
  }
  return outcome;
}

async function expireDocument(
  db: Db,
  site: DocumentEmailSite,
  documentId: string,
  workerId: string,
  required: boolean,
  document: { kind: (typeof workerDocuments.$inferSelect)['kind']; issuingState: (typeof workerDocuments.$inferSelect)['issuingState']; expiresOn: string },
  worker: { email: string; firstName: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [marked] = await tx
      .update(workerDocuments)
      .set({ expiredAt: now })
      .where(and(eq(workerDocuments.id, documentId), isNull(workerDocuments.expiredAt)))
      .returning({ id: workerDocuments.id });
    if (!marked) return false;
    const detail: Record<string, unknown> = { kind: document.kind, expiresOn: document.expiresOn, required };
    if (required) {
      const [profile] = await tx
        .select({ status: workerProfiles.status })
        .from(workerProfiles)
        .where(eq(workerProfiles.userId, workerId))
        .for('update');
      const changes: Partial<typeof workerProfiles.$inferInsert> = {};
      const verified = verifiedColumnOf[document.kind];
      if (verified) changes[verified] = null;
      if (profile?.status === 'ACTIVE') {
        changes.status = 'INACTIVE';
        changes.inactiveReason = lapsedReason(document);
        detail.profile = { from: 'ACTIVE', to: 'INACTIVE' };
      }
      if (Object.keys(changes).length > 0) await tx.update(workerProfiles).set(changes).where(eq(workerProfiles.userId, workerId));
      await queueMail(tx, documentExpiredEmail(site, worker, document));
    }
    await recordAudit(tx, {
      actorUserId: null,
      subjectUserId: workerId,
      action: 'worker_document.expired',
      detail,
      targetType: 'worker_document',
      targetId: documentId,
    });
    return true;
  });
}

export function documentExpiryHandlers(ctx: { config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'> }): JobHandlers {
  const site = documentEmailSite(ctx.config);
  return {
    [DOCUMENT_EXPIRY_JOB]: dailyJobHandler(SCHEDULE, async (day, job) => {
      const outcome = await runDocumentExpiryCheck(job.db, site, day);
      job.logger.info({ jobId: job.jobId, day, ...outcome }, 'compliance documents checked for expiry');
    }),
  };
}
