import { addDays, format, parseISO } from 'date-fns';
import { z } from 'zod';
import type { DbExecutor } from '../../platform/db/client';
import { enqueueJobOnce } from '../../platform/jobs/job-queue';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { payoutDateOf, payoutRunAt, runPayouts, type PayoutContext } from './payout-run';

/**
 * The daily payout run on the job queue (issue 15), at PAYOUT_RUN_TIME in Sydney. As with the
 * document expiry check, there is no scheduler process: the job's id is made from its day, every
 * API process asks for today's at start-up, and each run queues the next day's first.
 */
export const PAYOUT_RUN_JOB = 'payouts.run';

const payloadSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

export function schedulePayoutRun(db: DbExecutor, day: string, time: string): Promise<boolean> {
  return enqueueJobOnce(db, `${PAYOUT_RUN_JOB}:${day}`, { type: PAYOUT_RUN_JOB, payload: { day }, runAt: payoutRunAt(day, time) });
}

/** At start-up: today's run (a process that starts after the run time runs it at once). */
export function scheduleTodaysPayoutRun(db: DbExecutor, time: string, now: Date = new Date()): Promise<boolean> {
  return schedulePayoutRun(db, payoutDateOf(now), time);
}

export function payoutRunHandlers(ctx: PayoutContext): JobHandlers {
  return {
    async [PAYOUT_RUN_JOB](payload, job) {
      const { day } = payloadSchema.parse(payload);
      await schedulePayoutRun(job.db, format(addDays(parseISO(day), 1), 'yyyy-MM-dd'), ctx.config.PAYOUT_RUN_TIME);
      const outcome = await runPayouts({ ...ctx, db: job.db }, { runDate: day });
      job.logger.info({ jobId: job.jobId, day, paid: outcome.paid, held: outcome.held, totalCents: outcome.run.totalCents }, 'payout run finished');
    },
  };
}
