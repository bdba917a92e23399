import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { JOB_ALERTS_UNSUBSCRIBED_MESSAGE, type JobAlertSettings } from '@tendly/domain/api/jobs';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { LinkSigner } from '../../platform/auth/signed-links';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { jobAlertsSent, jobs } from '../../platform/db/schema/jobs';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';
import { badRequest, notFound } from '../../platform/errors';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { queueMail } from '../../platform/mail/outbox';
import { placePoint, rowPoint, withinKmOf } from '../../platform/places/place-geometry';
import { JOB_ALERTS_JOB } from './job-alert-queue';
import { jobAlertEmail, jobEmailSite } from './job-emails';
import { isUuid } from '../../platform/http/ids';

/**
 * Job alerts (workflows.md, "Jobs and hiring"): when a job is posted, every worker who could
 * take it hears about it by email, unless the poster turned that off. A worker "could take it"
 * when their profile is ACTIVE and their account active and verified, their skills include any
 * of the support types the job needs, they live within JOB_ALERT_RADIUS_KM of it, and they have
 * not turned alerts off. Each email carries a signed link that turns alerts off without
 * signing in.
 */

export const UNSUBSCRIBE_PURPOSE = 'job-alerts-unsubscribe';
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid';
export const NO_WORKER_PROFILE = 'We could not find your worker profile.';

/** Workers emailed per transaction: a crash loses at most one batch's work, which the retry redoes. */
const ALERT_BATCH_SIZE = 200;

export interface JobAlertsContext {
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl' | 'JOB_ALERT_RADIUS_KM'>;
  linkSigner: LinkSigner;
}

export async function unsubscribeUrl(ctx: JobAlertsContext, workerId: string): Promise<string> {
  const token = await ctx.linkSigner.sign(UNSUBSCRIBE_PURPOSE, workerId);
  return `${jobEmailSite(ctx.config).publicUrl}/carer/unsubscribe/nearbyjobs?token=${encodeURIComponent(token)}`;
}

const workerColumns = { latitude: sql`wp.latitude`, longitude: sql`wp.longitude`, placeCell: sql`wp.place_cell` };

const recipientSchema = z.object({ workerId: z.string(), email: z.string(), firstName: z.string(), metres: z.number() });

/** The next workers to tell about the job: matching, nearby, willing, and not told yet. */
async function nextRecipients(
  db: DbExecutor,
  job: { id: string; latitude: number; longitude: number; supportType: string[] },
  radiusKm: number,
) {
  const point = placePoint(job);
  const skills = sql`array[${sql.join(
    job.supportType.map((skill) => sql`${skill}`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute(sql`
    select wp.user_id::text as "workerId", u.email, u.first_name as "firstName",
      earth_distance(${point}, ${rowPoint(workerColumns)}) as "metres"
    from worker_profiles wp
    join users u on u.id = wp.user_id
    where wp.status = 'ACTIVE' and u.status = 'ACTIVE' and u.email_verified_at is not null
      and wp.job_alerts_opted_out_at is null
      and wp.skills && ${skills}
      and ${sql.join(withinKmOf(job, radiusKm, workerColumns), sql` and `)}
      and not exists (select 1 from job_alerts_sent s where s.job_id = ${job.id}::uuid and s.worker_id = wp.user_id)
    order by wp.user_id
    limit ${ALERT_BATCH_SIZE}`);
  return z.array(recipientSchema).parse(result.rows);
}

/**
 * The `jobs.alert` background job: emails every matching worker once. It runs at least once
 * (platform/jobs), so who was emailed is recorded with the email, in one transaction per batch,
 * and a worker recorded is never emailed about the job again. A job closed or changed to no
 * alerts before its turn came sends nothing more.
 */
export async function sendJobAlerts(db: Db, ctx: JobAlertsContext, jobId: string): Promise<number> {
  const [job] = await db
    .select({
      id: jobs.id,
      status: jobs.status,
      title: jobs.title,
      summary: jobs.summary,
      supportType: jobs.supportType,
      latitude: jobs.latitude,
      longitude: jobs.longitude,
      disableWorkerNotification: jobs.disableWorkerNotification,
      suburb: localities.suburb,
      state: localities.state,
    })
    .from(jobs)
    .innerJoin(localities, eq(localities.id, jobs.localityId))
    .where(eq(jobs.id, jobId));
  if (!job || job.status !== 'OPEN' || job.disableWorkerNotification || job.supportType.length === 0) return 0;
  const site = jobEmailSite(ctx.config);
  let sent = 0;
  for (;;) {
    const recipients = await nextRecipients(db, job, ctx.config.JOB_ALERT_RADIUS_KM);
    if (recipients.length === 0) return sent;
    const links = new Map(await Promise.all(recipients.map(async (r) => [r.workerId, await unsubscribeUrl(ctx, r.workerId)] as const)));
    await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(jobAlertsSent)
        .values(recipients.map((r) => ({ jobId, workerId: r.workerId })))
        .onConflictDoNothing()
        .returning({ workerId: jobAlertsSent.workerId });
      const isNew = new Set(recorded.map((row) => row.workerId));
      for (const recipient of recipients) {
        if (!isNew.has(recipient.workerId)) continue;
        await queueMail(tx, jobAlertEmail(site, recipient, job, recipient.metres, links.get(recipient.workerId) ?? ''));
        sent += 1;
      }
    });
    if (recipients.length < ALERT_BATCH_SIZE) return sent;
  }
}

const payloadSchema = z.object({ jobId: z.uuid() });

export function jobAlertHandlers(ctx: JobAlertsContext): JobHandlers {
  return {
    async [JOB_ALERTS_JOB](payload, job) {
      const { jobId } = payloadSchema.parse(payload);
      const sent = await sendJobAlerts(job.db, ctx, jobId);
      job.logger.info({ jobId: job.jobId, sent }, 'job alerts sent');
    },
  };
}

/** GET /api/my/job-alerts. */
export async function getJobAlertSettings(db: DbExecutor, auth: RequestAuth): Promise<JobAlertSettings> {
  const [row] = await db
    .select({ optedOutAt: workerProfiles.jobAlertsOptedOutAt })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, auth.user.id));
  if (!row) throw notFound(NO_WORKER_PROFILE);
  return { enabled: row.optedOutAt === null };
}

/** PUT /api/my/job-alerts: turning alerts off keeps the time it was first done. */
export async function setJobAlertSettings(db: DbExecutor, auth: RequestAuth, settings: JobAlertSettings): Promise<JobAlertSettings> {
  const updated = await db
    .update(workerProfiles)
    .set({ jobAlertsOptedOutAt: settings.enabled ? null : sql`coalesce(${workerProfiles.jobAlertsOptedOutAt}, now())` })
    .where(eq(workerProfiles.userId, auth.user.id))
    .returning({ optedOutAt: workerProfiles.jobAlertsOptedOutAt });
  if (updated.length === 0) throw notFound(NO_WORKER_PROFILE);
  return { enabled: settings.enabled };
}

/** POST /api/carer/unsubscribe/nearbyjobs: the signed token is the proof; no sign-in needed. Twice is fine. */
export async function unsubscribeFromJobAlerts(db: DbExecutor, linkSigner: LinkSigner, token: string): Promise<{ message: string }> {
  const workerId = await linkSigner.verify(UNSUBSCRIBE_PURPOSE, token);
  if (!workerId || !isUuid(workerId)) throw badRequest(INVALID_UNSUBSCRIBE_LINK, { token: INVALID_UNSUBSCRIBE_LINK });
  const [profile] = await db.select({ userId: workerProfiles.userId }).from(workerProfiles).where(eq(workerProfiles.userId, workerId));
  if (!profile) throw badRequest(INVALID_UNSUBSCRIBE_LINK, { token: INVALID_UNSUBSCRIBE_LINK });
  await db
    .update(workerProfiles)
    .set({ jobAlertsOptedOutAt: sql`now()` })
    .where(and(eq(workerProfiles.userId, workerId), isNull(workerProfiles.jobAlertsOptedOutAt)));
  return { message: JOB_ALERTS_UNSUBSCRIBED_MESSAGE };
}
