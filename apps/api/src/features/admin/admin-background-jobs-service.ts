import { BACKGROUND_JOB_NOT_FOUND, canDiscardJob, canRetryJob, jobActionRefusal, type BackgroundJob } from '@tendly/domain/api/background-jobs';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Db, DbTransaction } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import {
  discardBackgroundJobRow,
  findBackgroundJob,
  jobStateOf,
  lockBackgroundJob,
  requeueBackgroundJob,
  type BackgroundJobRow,
} from './admin-background-jobs-repository';

/** The audited action and the write that does it; null when the job is already as asked. */
type JobChange = (tx: DbTransaction, job: BackgroundJobRow) => { action: string; write: () => Promise<void> } | null;

/**
 * Changes one job in a transaction, with the row locked and the change in the audit log; nothing
 * when `change` says the job is already as asked (both actions are idempotent).
 */
async function changeJob(db: Db, admin: RequestAuth, jobId: string, ip: string, change: JobChange): Promise<BackgroundJob> {
  return db.transaction(async (tx) => {
    const job = await lockBackgroundJob(tx, jobId);
    if (!job) throw notFound(BACKGROUND_JOB_NOT_FOUND);
    const planned = change(tx, job);
    if (planned) {
      await planned.write();
      await recordAudit(tx, {
        actorUserId: actingPersonId(admin),
        subjectUserId: null,
        action: planned.action,
        // Never the payload or the error: they may name people.
        detail: { type: job.type, previousStatus: job.status, attempts: job.attempts },
        ip,
        targetType: 'background_job',
        targetId: job.id,
      });
    }
    const presented = await findBackgroundJob(tx, jobId);
    if (!presented) throw new Error('changeJob: the job went away');
    return presented;
  });
}

/**
 * POST /api/admin/jobs/{id}/retry: a job that failed goes back in the queue to run now, with its
 * attempts and retry window started afresh. An email that failed for good is sent again this way
 * (its delivery sends any outbox row not yet SENT). Retrying a job already queued to run now
 * changes nothing.
 */
export function retryBackgroundJob(db: Db, admin: RequestAuth, jobId: string, ip: string): Promise<BackgroundJob> {
  return changeJob(db, admin, jobId, ip, (tx, job) => {
    if (!canRetryJob(jobStateOf(job))) throw conflict(jobActionRefusal(jobStateOf(job)));
    if (job.status === 'PENDING' && job.runAt.getTime() <= Date.now()) return null;
    return { action: 'background_job.retried', write: () => requeueBackgroundJob(tx, job.id) };
  });
}

/** POST /api/admin/jobs/{id}/discard: gives up on a job that failed; it stays listed as DISCARDED. */
export function discardBackgroundJob(db: Db, admin: RequestAuth, jobId: string, ip: string): Promise<BackgroundJob> {
  return changeJob(db, admin, jobId, ip, (tx, job) => {
    if (job.status === 'DISCARDED') return null;
    if (!canDiscardJob(jobStateOf(job))) throw conflict(jobActionRefusal(jobStateOf(job)));
    return { action: 'background_job.discarded', write: () => discardBackgroundJobRow(tx, job.id) };
  });
}
