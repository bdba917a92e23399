import { addDays, format } from 'date-fns';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../platform/db/client';
import { contracts } from '../../platform/db/schema/engagements';
import { recordAudit } from '../../platform/audit/audit-log';
import { dailyJobHandler, scheduleTodaysRun, type DailySchedule } from '../../platform/jobs/daily-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { contractEmail, contractEmailSite, type ContractEmailConfig, type ContractEmailSite } from './contract-emails';
import { contractNotification } from './contract-notifications';
import { findContractById } from './contracts-repository';
import { todayIn } from './contracts-service';

/**
 * The daily end of agreements (issue 13): an ACTIVE contract whose end date has passed in its
 * client's state becomes ENDED, and both sides are told. A daily job (platform/jobs/daily-job.ts)
 * at 3 am in Perth, the last zone to reach the new day, so every state's date has turned.
 */
export const CONTRACT_END_JOB = 'contracts.end-check';
const SCHEDULE: DailySchedule = { type: CONTRACT_END_JOB, zone: 'Australia/Perth', time: '03:00' };

export function scheduleTodaysContractEndCheck(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleTodaysRun(db, SCHEDULE, now);
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
    [CONTRACT_END_JOB]: dailyJobHandler(SCHEDULE, async (day, job) => {
      const ended = await runContractEndCheck(job.db, site);
      job.logger.info({ jobId: job.jobId, day, ended }, 'service agreements past their end date ended');
    }),
  };
}
