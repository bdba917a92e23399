import type { JobSummary } from '@tendly/domain/api/jobs';
import { dayLabel, type DayCode } from '@tendly/domain/days';
import { formatCents, formatInstantDate } from '@tendly/domain/format';
import { payingForCareTypes, type PayingForCareType } from '@tendly/domain/job-options';
import { routePath } from '@tendly/domain/routes';
import { stateTimeZone, type StateCode } from '@tendly/domain/states';

/**
 * How a job's facts read wherever a job is shown: the board, the job's page, a worker's
 * applications and invitations, a care seeker's posts. One wording, so a job reads the same
 * on every screen.
 */

/** /jobs/{jobId}. */
export function jobPath(jobId: string): string {
  return routePath('jobDetails', { jobId });
}

/** /edit-job/{jobId}. */
export function editJobPath(jobId: string): string {
  return routePath('editJob', { jobId });
}

/**
 * Who posted a job, after "Posted by": the owner's first name, or, for the owner and the support
 * coordinator who posted it for them (the API sends `postedByCoordinator` to them alone), "Priya
 * Sharma for Clara".
 */
export function formatJobPoster(job: { readonly postedBy: string; readonly postedByCoordinator?: string | null }): string {
  return job.postedByCoordinator ? `${job.postedByCoordinator} for ${job.postedBy}` : job.postedBy;
}

/** "Marrickville NSW". */
export function formatJobPlace(place: JobSummary['place']): string {
  return [place.suburb, place.state].filter(Boolean).join(' ');
}

const dayList = new Intl.ListFormat('en-AU', { style: 'long', type: 'conjunction' });

/** "Monday, Wednesday and Friday"; "Every day" for all seven; "Days to be agreed" for none. */
export function formatJobDays(days: readonly DayCode[]): string {
  if (days.length === 0) return 'Days to be agreed';
  if (days.length === 7) return 'Every day';
  return dayList.format(days.map(dayLabel));
}

const hoursFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** "About 12 hours a week", or that the hours are still to be agreed. */
export function formatHoursPerWeek(hours: number | null): string {
  if (hours === null) return 'Hours to be agreed';
  return `About ${hoursFormat.format(hours)} ${hours === 1 ? 'hour' : 'hours'} a week`;
}

/** "About 3 hours a day", or null when not given. */
export function formatHoursPerDay(hours: number | null): string | null {
  if (hours === null) return null;
  return `About ${hoursFormat.format(hours)} ${hours === 1 ? 'hour' : 'hours'} a day`;
}

/** "$45.00 an hour", or "Open to offers" when the poster left the rate blank. */
export function formatJobRate(cents: number | null): string {
  return cents === null ? 'Open to offers' : `${formatCents(cents)} an hour`;
}

const payingLabels = new Map(payingForCareTypes.map((option) => [option.code, option.label]));

/** Who pays, in words: "NDIS (plan-managed)", "Paying privately", "Not sure yet". */
export function payingForCareLabel(code: PayingForCareType): string {
  return payingLabels.get(code) ?? code;
}

/**
 * "12 March 2025": a date of the job, as a calendar day where the job is (the state's time zone),
 * so a job posted late on a Sydney evening does not read as posted the day before in Perth.
 */
export function formatJobDate(iso: string, state: StateCode): string {
  return formatInstantDate(iso, { timeZone: stateTimeZone(state) });
}
