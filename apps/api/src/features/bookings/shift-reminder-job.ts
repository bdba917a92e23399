import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import { SHIFT_REMINDER_HOURS } from '@tendly/domain/api/bookings';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { shifts } from '../../platform/db/schema/engagements';
import { intervalJobHandler, scheduleIntervalRun, type IntervalSchedule } from '../../platform/jobs/interval-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { queueMail } from '../../platform/mail/outbox';
import { bookingEmailSite, shiftReminderEmail, type BookingEmailSite } from './booking-emails';
import { findShiftRows, toShift } from '../../platform/bookings/shifts-repository';

/**
 * Reminders (issue 13): the worker and the care seeker are each emailed once, about 24 hours
 * before a CONFIRMED shift. The check runs every 15 minutes: each run's id is made from its time
 * slot, so every API process may ask for it and it is queued once, and each run queues the next.
 * A shift is marked reminded by a conditional update in the transaction that queues its emails,
 * so two processes never send the same reminder twice.
 */
export const SHIFT_REMINDER_JOB = 'shifts.reminders';
export const REMINDER_INTERVAL_MS = 15 * 60 * 1000;
const SCHEDULE: IntervalSchedule = { type: SHIFT_REMINDER_JOB, intervalMs: REMINDER_INTERVAL_MS };

export function scheduleShiftReminders(db: DbExecutor, slot: Date): Promise<boolean> {
  return scheduleIntervalRun(db, SCHEDULE, slot);
}

/** At start-up: make sure the current slot's run is queued. */
export function scheduleCurrentShiftReminders(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleShiftReminders(db, now);
}

/** Sends the reminders due at `now`: confirmed shifts starting within the next 24 hours not yet reminded. */
export async function sendShiftReminders(db: Db, site: BookingEmailSite, now: Date = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + SHIFT_REMINDER_HOURS * 60 * 60 * 1000);
  const due = await findShiftRows(db, and(eq(shifts.status, 'CONFIRMED'), isNull(shifts.reminderSentAt), gt(shifts.startsAt, now), lte(shifts.startsAt, horizon)));
  let sent = 0;
  for (const row of due) {
    const reminded = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(shifts)
        .set({ reminderSentAt: now })
        .where(and(eq(shifts.id, row.shift.id), eq(shifts.status, 'CONFIRMED'), isNull(shifts.reminderSentAt)))
        .returning({ id: shifts.id });
      if (!marked) return false;
      const shift = toShift(row);
      // Either side may have turned shift reminders off (issues 16 and 17): queueMail asks.
      await queueMail(tx, shiftReminderEmail(site, row.worker, row.clientName, shift));
      await queueMail(tx, shiftReminderEmail(site, row.careSeeker, fullName(row.worker), shift));
      return true;
    });
    if (reminded) sent += 1;
  }
  return sent;
}

export function shiftReminderHandlers(ctx: { config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'> }): JobHandlers {
  const site = bookingEmailSite(ctx.config);
  return {
    [SHIFT_REMINDER_JOB]: intervalJobHandler(SCHEDULE, async (slot, job) => {
      const sent = await sendShiftReminders(job.db, site);
      job.logger.info({ jobId: job.jobId, slot, sent }, 'shift reminders sent');
    }),
  };
}
