import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { jobStatusCodes, type ApplicationStatus, type Job, type JobSummary } from '@tendly/domain/api/jobs';
import { dayCodes } from '@tendly/domain/days';
import { payingForCareTypeCodes, supportCategoryCodes } from '@tendly/domain/job-options';
import { skillCodes } from '@tendly/domain/skills';
import { stateCodes } from '@tendly/domain/states';
import { taskCodes } from '@tendly/domain/tasks';
import type { jobs } from '../../platform/db/schema/jobs';
import { canSeeActingCoordinator, canSeeJobGoal, canSeePrivateJobFields, type JobViewer } from './job-policies';
import { knownCodesColumn } from '../../platform/db/known-codes-column';

/**
 * What of a job leaves the server, and for whom (STYLE.md: presenters decide). Private fields go
 * to the owner only; a hidden goal is blanked for everyone else.
 */

/** A job row with who posted it and where, as the repository reads it. */
export interface JobRecord {
  job: typeof jobs.$inferSelect;
  /** The owner's first name. */
  postedBy: string;
  /** The name of the support coordinator who posted it acting for the owner; null when the owner did. */
  postedByCoordinator: string | null;
  place: { suburb: string; state: (typeof stateCodes)[number]; postcode: string };
}

export interface JobExtras {
  /** The owner only. */
  applicationCount?: number;
  /** The owner only (issue 13): the award and the agreements offered for the job. */
  jobAward?: { contractId: string; workerId: string; awardedAt: string } | null;
  contracts?: { id: string; workerId: string; status: string; offeredAt: string }[];
  /** A signed-in worker only. */
  myApplication?: { id: string; status: ApplicationStatus } | null;
}

export function presentJob(record: JobRecord, viewer: JobViewer | null, extras: JobExtras = {}): Job {
  const { job } = record;
  const isOwner = canSeePrivateJobFields(viewer, job);
  const presented: Job = {
    id: job.id,
    status: job.status,
    postedAt: job.postedAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    closedAt: job.closedAt?.toISOString() ?? null,
    postedBy: record.postedBy,
    place: record.place,
    supportCategory: job.supportCategory,
    supportType: job.supportType,
    careFor: job.careFor,
    searcherRole: job.searcherRole,
    location: job.location,
    locationType: job.locationType,
    availability: job.availability,
    approxHoursPerDay: job.approxHoursPerDay,
    approxHoursPerWeek: job.approxHoursPerWeek,
    approxStartDate: job.approxStartDate,
    gender: job.gender,
    experience: job.experience,
    tasks: job.tasks,
    other_requirements: job.otherRequirements,
    languages: job.languages,
    medicationRequired: job.medicationRequired,
    behaviourOfConcern: job.behaviourOfConcern,
    restrictivePractices: job.restrictivePractices,
    goal: canSeeJobGoal(viewer, job) ? job.goal : '',
    isGoalVisible: job.isGoalVisible,
    payingForCareType: job.payingForCareType,
    hourlyRate: job.hourlyRateCents,
    ndisFundingCode: job.ndisFundingCode,
    title: job.title,
    htmlDescription: job.htmlDescription,
    summary: job.summary,
    disableWorkerNotification: job.disableWorkerNotification,
    disableJobBoardPosting: job.disableJobBoardPosting,
    referralId: job.referralId,
    isOwner,
  };
  if (isOwner) {
    Object.assign(presented, {
      clientName: job.clientName,
      invoiceDescription: job.invoiceDescription,
      addressForInvoice: job.addressForInvoice,
      medicationDetails: job.medicationDetails,
      practitionerName: job.practitionerName,
      practitionerPhone: job.practitionerPhone,
      practitionerEmail: job.practitionerEmail,
    });
    if (extras.applicationCount !== undefined) presented.applicationCount = extras.applicationCount;
    if (extras.jobAward !== undefined) presented.jobAward = extras.jobAward;
    if (extras.contracts !== undefined) presented.contracts = extras.contracts;
  }
  if (canSeeActingCoordinator(viewer, job)) presented.postedByCoordinator = record.postedByCoordinator;
  if (extras.myApplication !== undefined && viewer?.role === 'CR') presented.myApplication = extras.myApplication;
  return presented;
}

// ---------------------------------------------------------------------------------------------
// A job in a list: the board, a care seeker's posts, a worker's applications and invitations

/**
 * The columns of a job summary. Queries alias the tables `j` (jobs), `u` (the owner, users) and
 * `l` (localities); `distance` is the SQL for metres from the searched place, or null.
 */
export function jobSummaryColumns(distance: SQL = sql`null::float8`): SQL {
  return sql`
    j.id::text as "id",
    j.title as "title",
    j.summary as "summary",
    j.status::text as "status",
    l.suburb as "suburb",
    l.state::text as "state",
    l.postcode::text as "postcode",
    ${distance} as "distance",
    j.support_category as "supportCategory",
    j.support_type as "supportType",
    j.tasks as "tasks",
    j.available_days as "days",
    j.approx_hours_per_week as "approxHoursPerWeek",
    j.hourly_rate_cents as "hourlyRate",
    j.paying_for_care_type as "payingForCareType",
    j.posted_at as "postedAt",
    u.first_name as "postedBy"`;
}

export const jobSummaryRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  status: z.enum(jobStatusCodes),
  suburb: z.string(),
  state: z.enum(stateCodes),
  postcode: z.string(),
  distance: z.number().nullable(),
  supportCategory: z.enum(supportCategoryCodes),
  supportType: knownCodesColumn(skillCodes),
  tasks: knownCodesColumn(taskCodes),
  days: knownCodesColumn(dayCodes),
  approxHoursPerWeek: z.number().nullable(),
  hourlyRate: z.number().int().nullable(),
  payingForCareType: z.enum(payingForCareTypeCodes),
  postedAt: z.coerce.date(),
  postedBy: z.string(),
});
export type JobSummaryRow = z.infer<typeof jobSummaryRowSchema>;

export function toJobSummary(row: JobSummaryRow, hasApplied?: boolean): JobSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    status: row.status,
    place: { suburb: row.suburb, state: row.state, postcode: row.postcode },
    // Whole metres: the client shows kilometres.
    distance: row.distance === null ? null : Math.round(row.distance),
    supportCategory: row.supportCategory,
    supportType: row.supportType,
    tasks: row.tasks,
    days: row.days,
    approxHoursPerWeek: row.approxHoursPerWeek,
    hourlyRate: row.hourlyRate,
    payingForCareType: row.payingForCareType,
    postedAt: row.postedAt.toISOString(),
    postedBy: row.postedBy,
    ...(hasApplied === undefined ? {} : { hasApplied }),
  };
}
