import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbExecutor } from '../../platform/db/client';
import { contracts } from '../../platform/db/schema/engagements';
import { recordAudit } from '../../platform/audit/audit-log';
import { enqueueJobOnce } from '../../platform/jobs/job-queue';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { contractEmail, contractEmailSite, type ContractEmailConfig, type ContractEmailSite } from './contract-emails';
import { contractNotification } from './contract-notifications';
import { findContractById } from './contracts-repository';
import { todayIn } from './contracts-service';

/**
 * The daily end of agreements (issue 13): an ACTIVE contract whose end date has passed in its
 * client's state becomes ENDED, and both sides are told. Like the document expiry check, each day's
 * run is a job with an id made from the day, queued once at start-up and by the day before.
 * It runs at 3 am in Perth, the last zone to reach the new day, so every state's date has turned.
 */
export const CONTRACT_END_JOB = 'contracts.end-check';
const RUN_ZONE = 'Australia/Perth';
const RUN_HOUR = 3;

const payloadSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

export function contractEndRunAt(day: string): Date {
  const date = parseISO(day);
  return new Date(TZDate.tz(RUN_ZONE, date.getFullYear(), date.getMonth(), date.getDate(), RUN_HOUR).getTime());
}

export function scheduleContractEndCheck(db: DbExecutor, day: string): Promise<boolean> {
  return enqueueJobOnce(db, `${CONTRACT_END_JOB}:${day}`, { type: CONTRACT_END_JOB, payload: { day }, runAt: contractEndRunAt(day) });
}

export function scheduleTodaysContractEndCheck(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleContractEndCheck(db, format(new TZDate(now.getTime(), RUN_ZONE), 'yyyy-MM-dd'));
}

/** Ends every ACTIVE contract whose end date is before today in its client's state; returns how many. */
export async function runContractEndCheck(db: Db, site: ContractEmailSite, now: Date = new Date()): Promise<number> {
  // No Australian date is later than tomorrow's in UTC: a first cut, then each contract's own zone.
  const horizon = format(addDays(now, 1), 'yyyy-MM-dd');
  const candidates = await db
    .select({ id: contracts.id, endDate: contracts.endDate, state: contracts.clientState })
    .from(contracts)
    .where(and(eq(contracts.status, 'ACTIVE'), lt(contracts.endDate, horizon)));
  let ended = 0;
  for (const candidate of candidates) {
    if (!candidate.endDate || candidate.endDate >= todayIn(candidate.state, now)) continue;
    if (await endContract(db, site, candidate.id, candidate.endDate)) ended += 1;
  }
  return ended;
}

async function endContract(db: Db, site: ContractEmailSite, contractId: string, endDate: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(contracts)
      .set({ status: 'ENDED', closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(contracts.id, contractId), eq(contracts.status, 'ACTIVE')))
      .returning({ id: contracts.id });
    if (!moved) return false;
    const record = (await findContractById(tx, contractId))!;
    await recordAudit(tx, { actorUserId: null, subjectUserId: record.careSeeker.id, action: 'contract.ended', detail: { endDate }, targetType: 'contract', targetId: contractId });
    await queueMail(tx, contractEmail(site, record.careSeeker, record.worker, contractId, { kind: 'ended', endDate }));
    await queueMail(tx, contractEmail(site, record.worker, record.careSeeker, contractId, { kind: 'ended', endDate }));
    await notify(tx, contractNotification(record.careSeeker, record.worker, contractId, { kind: 'ended', endDate }));
    await notify(tx, contractNotification(record.worker, record.careSeeker, contractId, { kind: 'ended', endDate }));
    return true;
  });
}

export function contractEndHandlers(ctx: { config: ContractEmailConfig }): JobHandlers {
  const site = contractEmailSite(ctx.config);
  return {
    async [CONTRACT_END_JOB](payload, job) {
      const { day } = payloadSchema.parse(payload);
      await scheduleContractEndCheck(job.db, format(addDays(parseISO(day), 1), 'yyyy-MM-dd'));
      const ended = await runContractEndCheck(job.db, site);
      job.logger.info({ jobId: job.jobId, day, ended }, 'service agreements past their end date ended');
    },
  };
}
