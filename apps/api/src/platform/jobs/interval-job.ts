import { z } from 'zod';
import type { DbExecutor } from '../db/client';
import { enqueueJobOnce } from './job-queue';
import type { JobContext, JobHandler } from './job-worker';

/**
 * A job that runs every so many minutes: the shift reminders, the automatic approvals. As with a
 * daily job (daily-job.ts), there is no scheduler process: each run is a job whose id is made from
 * its slot (the start of its interval), so every API process can ask for the current one at
 * start-up and it is queued once, and each run queues the next before it does its work.
 */
export interface IntervalSchedule {
  /** The job's type, and the start of each run's job id. */
  readonly type: string;
  readonly intervalMs: number;
}

const payloadSchema = z.object({ slot: z.iso.datetime() });

function slotOf(schedule: IntervalSchedule, time: Date): Date {
  return new Date(Math.floor(time.getTime() / schedule.intervalMs) * schedule.intervalMs);
}

/** Queues the run of the slot that `time` falls in, unless it is already queued (or has run). */
export function scheduleIntervalRun(db: DbExecutor, schedule: IntervalSchedule, time: Date): Promise<boolean> {
  const iso = slotOf(schedule, time).toISOString();
  return enqueueJobOnce(db, `${schedule.type}:${iso}`, { type: schedule.type, payload: { slot: iso }, runAt: new Date(iso) });
}

/** The handler of an interval job: queues the next slot's run, then does `run` for the job's slot. */
export function intervalJobHandler(schedule: IntervalSchedule, run: (slot: string, job: JobContext) => Promise<void>): JobHandler {
  return async (payload, job) => {
    const { slot } = payloadSchema.parse(payload);
    // The next run first: a run that keeps failing must not stop the ones after it. A run that
    // was late (the server was down) schedules from now, not from a slot long past.
    const next = Math.max(new Date(slot).getTime() + schedule.intervalMs, slotOf(schedule, new Date()).getTime() + schedule.intervalMs);
    await scheduleIntervalRun(job.db, schedule, new Date(next));
    await run(slot, job);
  };
}
