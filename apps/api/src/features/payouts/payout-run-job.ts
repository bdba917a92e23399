import type { DbExecutor } from '../../platform/db/client';
import { dailyJobHandler, scheduleDailyRun, scheduleTodaysRun } from '../../platform/jobs/daily-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { PAYOUT_RUN_JOB, payoutSchedule, runPayouts, type PayoutContext } from './payout-run';

/**
 * The daily payout run on the job queue (issue 15), at PAYOUT_RUN_TIME in Sydney: a daily job
 * (platform/jobs/daily-job.ts), so every API process asks for today's at start-up, it is queued
 * once, and each run queues the next day's first.
 */
export { PAYOUT_RUN_JOB };

export function schedulePayoutRun(db: DbExecutor, day: string, time: string): Promise<boolean> {
  return scheduleDailyRun(db, payoutSchedule(time), day);
}

/** At start-up: today's run (a process that starts after the run time runs it at once). */
export function scheduleTodaysPayoutRun(db: DbExecutor, time: string, now: Date = new Date()): Promise<boolean> {
  return scheduleTodaysRun(db, payoutSchedule(time), now);
}

export function payoutRunHandlers(ctx: PayoutContext): JobHandlers {
  return {
    [PAYOUT_RUN_JOB]: dailyJobHandler(payoutSchedule(ctx.config.PAYOUT_RUN_TIME), async (day, job) => {
      const outcome = await runPayouts({ ...ctx, db: job.db }, { runDate: day });
      job.logger.info({ jobId: job.jobId, day, paid: outcome.paid, held: outcome.held, totalCents: outcome.run.totalCents }, 'payout run finished');
    }),
  };
}
