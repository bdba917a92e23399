import { z } from 'zod';
import { addDaysToDate, instantToLocalDate, wallClockToInstant } from '@tendly/domain/shift-time';
import type { DbExecutor } from '../db/client';
import { enqueueJobOnce } from './job-queue';
import type { JobContext, JobHandler } from './job-worker';

/**
 * A job that runs once a day at a wall-clock time in one zone: the payout run, the document expiry
 * check, the end of agreements, the wallet check, the cleanups. There is no scheduler process:
 * each day's run is a job whose id is made from its day, so every API process can ask for today's
 * at start-up and it is queued once, and each run queues the next day's before it does its work
 * (a run that keeps failing must not stop the ones after it). The day is the job's own payload,
 * so a run that was delayed works on the day it was meant for, and tests run any day they like.
 */
export interface DailySchedule {
  /** The job's type, and the start of each day's job id. */
  readonly type: string;
  /** The IANA zone whose clock and calendar the job keeps. */
  readonly zone: string;
  /** `HH:mm` on that clock. */
  readonly time: string;
}

const payloadSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** When the run of `day` (YYYY-MM-DD) starts. */
export function dailyRunAt(schedule: DailySchedule, day: string): Date {
  return wallClockToInstant(day, schedule.time, schedule.zone);
}

/** Today's date on the schedule's calendar. */
export function dailyRunDay(schedule: DailySchedule, now: Date = new Date()): string {
  return instantToLocalDate(now, schedule.zone);
}

/** The next run after `now`: today's if it is still ahead, else tomorrow's. */
export function nextDailyRunAt(schedule: DailySchedule, now: Date = new Date()): Date {
  const today = dailyRunDay(schedule, now);
  const todays = dailyRunAt(schedule, today);
  return todays > now ? todays : dailyRunAt(schedule, addDaysToDate(today, 1));
}

/** Queues the run of `day` unless it is already queued (or has run). */
export function scheduleDailyRun(db: DbExecutor, schedule: DailySchedule, day: string): Promise<boolean> {
  return enqueueJobOnce(db, `${schedule.type}:${day}`, { type: schedule.type, payload: { day }, runAt: dailyRunAt(schedule, day) });
}

/** At start-up: today's run (a process that starts after the run's time runs it at once). */
export function scheduleTodaysRun(db: DbExecutor, schedule: DailySchedule, now: Date = new Date()): Promise<boolean> {
  return scheduleDailyRun(db, schedule, dailyRunDay(schedule, now));
}

/** The handler of a daily job: queues the next day's run, then does `run` for the job's day. */
export function dailyJobHandler(schedule: DailySchedule, run: (day: string, job: JobContext) => Promise<void>): JobHandler {
  return async (payload, job) => {
    const { day } = payloadSchema.parse(payload);
    await scheduleDailyRun(job.db, schedule, addDaysToDate(day, 1));
    await run(day, job);
  };
}
