import { z } from 'zod';
import { careForCodes } from '../care-for';
import { INVITATIONS_PER_HOUR, JOB_POSTS_PER_DAY } from '../constants';
import { availabilitySchema, dayCodes, type Availability } from '../days';
import { formatWait } from '../format';
import {
  experienceLevelCodes,
  genderPreferenceCodes,
  locationTypeCodes,
  payingForCareTypeCodes,
  restrictivePracticesCodes,
  supportCategoryCodes,
} from '../job-options';
import { languageCodes } from '../languages';
import { requirementCodes } from '../requirements';
import { searcherRoleCodes } from '../searcher-roles';
import { skillCodes } from '../skills';
import { stateCodes } from '../states';
import { taskCodes } from '../tasks';
import { emailSchema } from '../validation/account';
import { optionalPhoneSchema, optionalText, requiredText } from '../validation/forms';
import { safeText } from '../validation/safe-text';
import { repeatedParameter, startParameter } from './query-params';
import {
  availabilityParamSchema,
  keywordParamSchema,
  locationParamSchema,
  locationTypeParamSchema,
  searchLimitParameter,
  skillTypeParamSchema,
  workerSummarySchema,
} from './search';

/**
 * The contract of jobs (spec sections 3, 4 and 9; issue 6): posting and editing a job, the job
 * board, applications, invitations and job alerts. The API validates requests and serialises
 * responses with these; the wizard validates each step with the same fields.
 *
 * Choices made here (the spec says "not shown"):
 * - `supportType` is the kinds of support within the category: skill codes, at least one. Job
 *   alerts match them against workers' skills.
 * - `hourlyRate` is in cents, optional (blank means "open to offers").
 * - `htmlDescription` is rich text; the server sanitises it and keeps a plain-text copy for lists
 *   (`summary`), which the client cuts to 350 characters.
 * - Private fields (client name, invoice description and address, medication details and the
 *   practitioner's details) only ever go to the job's owner.
 * - `retryJobPost`: every draft carries a `draftId`; posting the same draft again (a retry after
 *   a failure) returns the job already posted instead of posting a second one.
 */

// ---------------------------------------------------------------------------------------------
// Limits

export const JOB_TITLE_MIN = 10;
export const JOB_TITLE_MAX = 100;
export const JOB_DESCRIPTION_MIN_TEXT = 30;
export const JOB_DESCRIPTION_MAX_HTML = 10_000;
export const JOB_HOURLY_RATE_MIN_CENTS = 2_000;
export const JOB_HOURLY_RATE_MAX_CENTS = 30_000;
export const APPLICATION_MESSAGE_MIN = 20;
export const APPLICATION_MESSAGE_MAX = 2_000;
export const INVITATION_MESSAGE_MAX = 1_000;

/** An NDIS support item number, e.g. `01_011_0107_1_1` (ndis-support-items.json). */
export const NDIS_SUPPORT_ITEM_PATTERN = /^\d{2}_\d{3}_\d{4}_\d_\d(_T)?$/;

/**
 * The text of some HTML, for length checks and summaries: tags dropped, entities decoded, and a
 * line break where a block (paragraph, list item, heading) or a `<br>` ends, so that list items
 * read as lines in a summary instead of running together. Whitespace inside the HTML source is
 * only a space, as a browser treats it.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/\s+/g, ' ')
    .replace(/<(br\s*\/?|\/(p|li|h[1-6]|div|ul|ol|blockquote)\s*)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

function hasAnySlot(availability: Availability): boolean {
  return dayCodes.some((day) => availability[day].morning || availability[day].afternoon || availability[day].evening);
}

const uniqueList = <T extends z.ZodType>(item: T, message: string, max: number) =>
  z
    .array(item, { error: message })
    .max(max, { error: message })
    .refine((list) => new Set(list).size === list.length, { error: 'Choose each option once' })
    .default([]);

/** A YYYY-MM-DD date that exists on the calendar. */
const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, { error: message });

// ---------------------------------------------------------------------------------------------
// The job's fields, as the wizard and POST/PUT /api/jobs send them

/**
 * Every field of a job draft (spec section 3), without the rules that tie fields together (see
 * `jobRules`), so that each wizard step can pick its own fields.
 */
export const jobFieldsSchema = z.object({
  // Step 1: the support
  supportCategory: z.enum(supportCategoryCodes, { error: 'Choose the kind of support needed' }),
  supportType: z
    .array(z.enum(skillCodes, { error: 'Choose from the list' }), { error: 'Choose at least one type of support' })
    .min(1, { error: 'Choose at least one type of support' })
    .max(skillCodes.length, { error: 'Choose from the list' })
    .refine((list) => new Set(list).size === list.length, { error: 'Choose each option once' }),
  careFor: z.enum(careForCodes, { error: 'Tell us who the support is for' }),
  /** Who is posting, when it is for a client (careFor Client). */
  searcherRole: z.enum(searcherRoleCodes, { error: 'Tell us your role' }).nullable().default(null),

  // Step 2: where
  /** A suburb, "suburb STATE" or a postcode; the server resolves it to a locality. */
  location: requiredText('Enter the suburb or postcode where support is needed', 100, 'Location'),
  locationType: locationTypeParamSchema.default('ANY'),

  // Step 3: when
  availability: z
    .preprocess((value) => value ?? {}, availabilitySchema)
    .refine(hasAnySlot, { error: 'Choose at least one day and time' }),
  approxHoursPerDay: z
    .number({ error: 'Enter the hours per day as a number' })
    .min(0.5, { error: 'Hours per day must be between 0.5 and 24' })
    .max(24, { error: 'Hours per day must be between 0.5 and 24' })
    .nullable()
    .default(null),
  approxHoursPerWeek: z
    .number({ error: 'Enter the hours per week as a number' })
    .min(0.5, { error: 'Hours per week must be between 0.5 and 168' })
    .max(168, { error: 'Hours per week must be between 0.5 and 168' })
    .nullable()
    .default(null),
  /** YYYY-MM-DD. */
  approxStartDate: calendarDate('Enter the start date as a date').nullable().default(null),

  // Step 4: the worker
  gender: z.enum(genderPreferenceCodes, { error: 'Choose a gender preference' }).default('ANY'),
  experience: z.enum(experienceLevelCodes, { error: 'Choose the experience needed' }).default('ANY'),
  tasks: uniqueList(z.enum(taskCodes, { error: 'Choose from the list' }), 'Choose from the list', taskCodes.length),
  /** Spelt as spec section 3 spells it. */
  other_requirements: uniqueList(z.enum(requirementCodes, { error: 'Choose from the list' }), 'Choose from the list', requirementCodes.length),
  languages: uniqueList(z.enum(languageCodes, { error: 'Choose from the list' }), 'Choose from the list', languageCodes.length),

  // Step 5: health and safety
  medicationRequired: z.boolean({ error: 'Tell us whether help with medication is needed' }).default(false),
  /** Private: only the owner sees it. Required when medication is needed. */
  medicationDetails: optionalText(2000, 'Medication details', 'multi'),
  behaviourOfConcern: z.boolean({ error: 'Tell us whether there are behaviours of concern' }).default(false),
  restrictivePractices: z.enum(restrictivePracticesCodes, { error: 'Choose yes, no or not sure' }).default('UNSURE'),
  goal: optionalText(1000, 'Goal', 'multi'),
  isGoalVisible: z.boolean().default(true),

  // Step 6: funding
  payingForCareType: z.enum(payingForCareTypeCodes, { error: 'Tell us how the support will be paid for' }).default('NONE'),
  /** Cents per hour; null: open to offers. */
  hourlyRate: z
    .number({ error: 'Enter the hourly rate as a number' })
    .int({ error: 'Enter the hourly rate in whole cents' })
    .min(JOB_HOURLY_RATE_MIN_CENTS, { error: 'Enter an hourly rate between $20 and $300' })
    .max(JOB_HOURLY_RATE_MAX_CENTS, { error: 'Enter an hourly rate between $20 and $300' })
    .nullable()
    .default(null),
  ndisFundingCode: z
    .string({ error: 'Enter an NDIS support item number, such as 01_011_0107_1_1' })
    .trim()
    .default('')
    .refine((value) => value === '' || NDIS_SUPPORT_ITEM_PATTERN.test(value), {
      error: 'Enter an NDIS support item number, such as 01_011_0107_1_1',
    }),
  /** Private. */
  clientName: optionalText(100, 'Client name'),
  /** Private. */
  invoiceDescription: optionalText(500, 'Invoice description', 'multi'),
  /** Private. */
  addressForInvoice: optionalText(300, 'Invoice address', 'multi'),
  /** Private: a health or allied health practitioner the worker may need to speak to. */
  practitionerName: optionalText(100, "Practitioner's name"),
  practitionerPhone: optionalPhoneSchema,
  practitionerEmail: z
    .string()
    .trim()
    .default('')
    .transform((value) => (value === '' ? undefined : value))
    .pipe(emailSchema.optional())
    .transform((value) => value ?? ''),

  // Step 7: the post
  title: requiredText('Give your job a title', JOB_TITLE_MAX, 'Title').min(JOB_TITLE_MIN, {
    error: `Title must be at least ${JOB_TITLE_MIN} characters`,
  }),
  /** Rich text (HTML). Sanitised on the server; never trust it before that. */
  htmlDescription: z
    .string({ error: 'Describe the support needed' })
    .check(safeText('multi'))
    .max(JOB_DESCRIPTION_MAX_HTML, { error: 'The description is too long' })
    .refine((html) => htmlToPlainText(html).length >= JOB_DESCRIPTION_MIN_TEXT, {
      error: `Describe the support needed in at least ${JOB_DESCRIPTION_MIN_TEXT} characters`,
    }),
  disableWorkerNotification: z.boolean().default(false),
  disableJobBoardPosting: z.boolean().default(false),
  /** The referral this job came from, when it came from one. */
  referralId: z.string().trim().check(safeText()).max(64).nullable().default(null),
});
export type JobFields = z.infer<typeof jobFieldsSchema>;
export type JobFieldsInput = z.input<typeof jobFieldsSchema>;
export type JobFieldName = keyof JobFields;

/** The rules that tie fields together; they check only the fields present, so steps can use them. */
function jobRules(value: Partial<JobFields>, ctx: z.RefinementCtx): void {
  if (value.careFor === 'Client' && 'searcherRole' in value && !value.searcherRole) {
    ctx.addIssue({ code: 'custom', path: ['searcherRole'], message: 'Tell us your role' });
  }
  if (value.medicationRequired && 'medicationDetails' in value && !value.medicationDetails) {
    ctx.addIssue({ code: 'custom', path: ['medicationDetails'], message: 'Tell the worker what help with medication is needed' });
  }
}

/** A whole job: every field and the rules between them (PUT /api/jobs/{jobId}). */
export const jobDraftSchema = jobFieldsSchema.superRefine(jobRules);
export type JobDraft = z.infer<typeof jobDraftSchema>;

/** The 429 answer to a new job beyond JOB_POSTS_PER_DAY. */
export function tooManyJobPostsMessage(retryAfterSeconds: number): string {
  return `You can post up to ${JOB_POSTS_PER_DAY} new jobs a day. Please try again in ${formatWait(retryAfterSeconds)}, or contact us if you need to post more.`;
}

/** POST /api/jobs: a draft, with the id the wizard gave it so a retry never posts twice. */
export const createJobRequestSchema = jobFieldsSchema
  .extend({ draftId: z.uuid({ error: 'draftId must be a UUID' }) })
  .superRefine(jobRules);
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;

/** The wizard's steps, in order (URL `/careseeker/post-a-job/step-{n}`), and the fields each validates. */
export const jobWizardSteps = [
  { id: 'support', title: 'The support needed', fields: ['supportCategory', 'supportType', 'careFor', 'searcherRole'] },
  { id: 'location', title: 'Where', fields: ['location', 'locationType'] },
  { id: 'schedule', title: 'When', fields: ['availability', 'approxHoursPerDay', 'approxHoursPerWeek', 'approxStartDate'] },
  { id: 'worker', title: 'The worker', fields: ['gender', 'experience', 'tasks', 'other_requirements', 'languages'] },
  {
    id: 'health',
    title: 'Health and safety',
    fields: ['medicationRequired', 'medicationDetails', 'behaviourOfConcern', 'restrictivePractices', 'goal', 'isGoalVisible'],
  },
  {
    id: 'funding',
    title: 'Funding and rate',
    fields: [
      'payingForCareType',
      'hourlyRate',
      'ndisFundingCode',
      'clientName',
      'invoiceDescription',
      'addressForInvoice',
      'practitionerName',
      'practitionerPhone',
      'practitionerEmail',
    ],
  },
  { id: 'post', title: 'Your job post', fields: ['title', 'htmlDescription', 'disableWorkerNotification', 'disableJobBoardPosting'] },
] as const satisfies readonly { id: string; title: string; fields: readonly JobFieldName[] }[];
export type JobWizardStep = (typeof jobWizardSteps)[number];

/** The schema of one wizard step: its fields and the rules among them. */
export function jobStepSchema(step: JobWizardStep) {
  const mask = Object.fromEntries(step.fields.map((field) => [field, true])) as { [K in JobWizardStep['fields'][number]]: true };
  return jobFieldsSchema.pick(mask).superRefine(jobRules);
}

// ---------------------------------------------------------------------------------------------
// A posted job, as GET /api/jobs/{jobId} and POST/PUT answer

export const jobStatusCodes = ['OPEN', 'CLOSED', 'FILLED'] as const;
export type JobStatus = (typeof jobStatusCodes)[number];
export const jobStatusLabels: Readonly<Record<JobStatus, string>> = { OPEN: 'Open', CLOSED: 'Closed', FILLED: 'Filled' };

/**
 * The moves a job's status may make (STYLE.md rule 6; the server runs them). Its owner closes an
 * open job and may reopen a closed one, which puts it back on the board; a filled job has its
 * worker, and stays filled.
 */
export const jobStatusTransitions: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  OPEN: ['CLOSED', 'FILLED'],
  CLOSED: ['OPEN'],
  FILLED: [],
};

export function canMoveJob(from: JobStatus, to: JobStatus): boolean {
  return jobStatusTransitions[from].includes(to);
}

export const applicationStatusCodes = ['PENDING', 'SHORTLISTED', 'DECLINED'] as const;
export type ApplicationStatus = (typeof applicationStatusCodes)[number];
export const applicationStatusLabels: Readonly<Record<ApplicationStatus, string>> = {
  PENDING: 'Waiting for a reply',
  SHORTLISTED: 'Shortlisted',
  DECLINED: 'Not going ahead',
};

/**
 * What is stored with an application: whether the job's owner declined it. Shortlisted is not
 * stored with it: there is one shortlist per care seeker, shared by My workers, worker profiles and
 * applicants (issue 11), so an application is SHORTLISTED while its worker is on the owner's
 * shortlist and it is not declined, whichever screen put them there.
 */
export const applicationDecisionCodes = ['PENDING', 'DECLINED'] as const satisfies readonly ApplicationStatus[];

/**
 * The moves an application may make, by its owner's decision (PATCH .../applications/{id}, or
 * the shortlist itself: taking the worker off it makes a shortlisted application PENDING again).
 * Declining is final: the worker has been told, kindly, that it is not going ahead. Asking for
 * the status it already has changes nothing (and sends no second email).
 */
export const applicationTransitions: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  PENDING: ['SHORTLISTED', 'DECLINED'],
  SHORTLISTED: ['PENDING', 'DECLINED'],
  DECLINED: [],
};

export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return applicationTransitions[from].includes(to);
}

const jobPlaceSchema = z.object({ suburb: z.string(), state: z.enum(stateCodes), postcode: z.string() });

/** The fields only the owner sees. */
export const jobPrivateFieldNames = [
  'clientName',
  'invoiceDescription',
  'addressForInvoice',
  'medicationDetails',
  'practitionerName',
  'practitionerPhone',
  'practitionerEmail',
] as const satisfies readonly JobFieldName[];

export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(jobStatusCodes),
  postedAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The first name of the job's owner: the care seeker, or the client a coordinator posted it for. */
  postedBy: z.string(),
  /**
   * The job's owner and the support coordinator who posted it only: that coordinator's name, when
   * one posted the job acting for its owner ("Posted by {coordinator} for {client}"); null when the
   * owner posted it themself. Never sent to anyone else.
   */
  postedByCoordinator: z.string().nullable().optional(),
  place: jobPlaceSchema,
  supportCategory: z.enum(supportCategoryCodes),
  supportType: z.array(z.enum(skillCodes)),
  careFor: z.enum(careForCodes),
  searcherRole: z.enum(searcherRoleCodes).nullable(),
  location: z.string(),
  locationType: z.enum(locationTypeCodes),
  availability: availabilitySchema,
  approxHoursPerDay: z.number().nullable(),
  approxHoursPerWeek: z.number().nullable(),
  approxStartDate: z.string().nullable(),
  gender: z.enum(genderPreferenceCodes),
  experience: z.enum(experienceLevelCodes),
  tasks: z.array(z.enum(taskCodes)),
  other_requirements: z.array(z.enum(requirementCodes)),
  languages: z.array(z.enum(languageCodes)),
  medicationRequired: z.boolean(),
  behaviourOfConcern: z.boolean(),
  restrictivePractices: z.enum(restrictivePracticesCodes),
  /** Empty for others when the owner hid it. */
  goal: z.string(),
  isGoalVisible: z.boolean(),
  payingForCareType: z.enum(payingForCareTypeCodes),
  hourlyRate: z.number().int().nullable(),
  ndisFundingCode: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  htmlDescription: z.string(),
  /** The description as plain text. */
  summary: z.string(),
  disableWorkerNotification: z.boolean(),
  disableJobBoardPosting: z.boolean(),
  referralId: z.string().nullable(),
  /** Whether the person asking owns the job (and so sees the private fields). */
  isOwner: z.boolean(),
  /** The owner only: how many workers applied. */
  applicationCount: z.number().int().optional(),
  /** A signed-in worker only: their application to this job, if any. */
  myApplication: z.object({ id: z.string(), status: z.enum(applicationStatusCodes) }).nullable().optional(),
  // The owner only:
  clientName: z.string().optional(),
  invoiceDescription: z.string().optional(),
  addressForInvoice: z.string().optional(),
  medicationDetails: z.string().optional(),
  practitionerName: z.string().optional(),
  practitionerPhone: z.string().optional(),
  practitionerEmail: z.string().optional(),
  /** The owner only (spec section 3 jobAward, issue 13): the service agreement that filled the job, once accepted. */
  jobAward: z.object({ contractId: z.string(), workerId: z.string(), awardedAt: z.string() }).nullable().optional(),
  /** The owner only (spec section 3 contracts): the service agreements offered for this job, newest first. */
  contracts: z.array(z.object({ id: z.string(), workerId: z.string(), status: z.string(), offeredAt: z.string() })).optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** The draft a posted job was made from, to edit it (the wizard's fields, filled in). */
export function jobToDraft(job: Job): JobFieldsInput {
  return {
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
    other_requirements: job.other_requirements,
    languages: job.languages,
    medicationRequired: job.medicationRequired,
    medicationDetails: job.medicationDetails ?? '',
    behaviourOfConcern: job.behaviourOfConcern,
    restrictivePractices: job.restrictivePractices,
    goal: job.goal,
    isGoalVisible: job.isGoalVisible,
    payingForCareType: job.payingForCareType,
    hourlyRate: job.hourlyRate,
    ndisFundingCode: job.ndisFundingCode,
    clientName: job.clientName ?? '',
    invoiceDescription: job.invoiceDescription ?? '',
    addressForInvoice: job.addressForInvoice ?? '',
    practitionerName: job.practitionerName ?? '',
    practitionerPhone: job.practitionerPhone ?? '',
    practitionerEmail: job.practitionerEmail ?? '',
    title: job.title,
    htmlDescription: job.htmlDescription,
    disableWorkerNotification: job.disableWorkerNotification,
    disableJobBoardPosting: job.disableJobBoardPosting,
    referralId: job.referralId,
  };
}

// ---------------------------------------------------------------------------------------------
// Lists of jobs: the board, a care seeker's posts, a worker's applications

export const jobSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The description as plain text, in full; lists cut it to 350 characters. */
  summary: z.string(),
  status: z.enum(jobStatusCodes),
  place: jobPlaceSchema,
  /** Metres from the searched location; null without one. */
  distance: z.number().nullable(),
  supportCategory: z.enum(supportCategoryCodes),
  supportType: z.array(z.enum(skillCodes)),
  tasks: z.array(z.enum(taskCodes)),
  /** Days with any time needed, mon to sun. */
  days: z.array(z.enum(dayCodes)),
  approxHoursPerWeek: z.number().nullable(),
  hourlyRate: z.number().int().nullable(),
  payingForCareType: z.enum(payingForCareTypeCodes),
  postedAt: z.string(),
  postedBy: z.string(),
  /** A signed-in worker only: whether they applied. */
  hasApplied: z.boolean().optional(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobSortCodes = ['newest', 'nearest'] as const;
export type JobSort = (typeof jobSortCodes)[number];

/** GET /api/jobs/search: the job board (open jobs, not hidden from the board). */
export const jobSearchQuerySchema = z
  .object({
    location: locationParamSchema,
    locationType: locationTypeParamSchema.default('ANY'),
    skillType: skillTypeParamSchema,
    /** Days the job needs someone: mon to sun. */
    availability: availabilityParamSchema,
    payingForCareType: repeatedParameter(z.enum(payingForCareTypeCodes, { error: 'payingForCareType is not a known funding type' })),
    keyword: keywordParamSchema,
    sortType: z.enum(jobSortCodes, { error: 'sortType must be newest or nearest' }).default('newest'),
    start: startParameter(100_000),
    limit: searchLimitParameter(),
  })
  .refine((query) => query.sortType !== 'nearest' || Boolean(query.location), {
    path: ['sortType'],
    error: 'Choose a location to sort by distance',
  })
  .refine((query) => query.locationType === 'ANY' || Boolean(query.location), {
    path: ['locationType'],
    error: 'Choose a location to search within a distance',
  });
export type JobSearchQuery = z.infer<typeof jobSearchQuerySchema>;
export type JobSearchParams = z.input<typeof jobSearchQuerySchema>;

/** GET /api/jobs/search → 200: at most `limit` jobs; fewer means the end. */
export const jobSearchResultsSchema = z.array(jobSummarySchema);

/** GET /api/my/job-posts (CS): the care seeker's jobs, newest first, with applicant counts. */
export const myJobPostSchema = jobSummarySchema.extend({
  /** The name of the support coordinator who posted it acting for the care seeker; null when they posted it themself. */
  postedByCoordinator: z.string().nullable(),
  applicationCount: z.number().int(),
  /** Applications not yet shortlisted or declined. */
  pendingCount: z.number().int(),
  disableJobBoardPosting: z.boolean(),
});
export type MyJobPost = z.infer<typeof myJobPostSchema>;
export const myJobPostsSchema = z.array(myJobPostSchema);

// ---------------------------------------------------------------------------------------------
// Applications

/** POST /api/jobs/{jobId}/applications (an active worker, once per job: again → 409). */
export const jobApplicationRequestSchema = z.object({
  message: requiredText('Write a short message about why you are a good fit', APPLICATION_MESSAGE_MAX, 'Your message', 'multi').min(
    APPLICATION_MESSAGE_MIN,
    { error: `Write at least ${APPLICATION_MESSAGE_MIN} characters about why you are a good fit` },
  ),
});

/** An application as both its sides see it; each side adds the other party. */
const applicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatusCodes),
  message: z.string(),
  appliedAt: z.string(),
});

/** One applicant, as the job's owner sees them (GET /api/jobs/{jobId}/applications). */
export const applicantSchema = applicationSchema.extend({
  updatedAt: z.string(),
  worker: workerSummarySchema,
});
export type Applicant = z.infer<typeof applicantSchema>;
export const applicantsSchema = z.array(applicantSchema);

/** PATCH /api/jobs/{jobId}/applications/{applicationId} (owner): shortlist or decline. Declining emails the worker. */
export const applicationDecisionSchema = z.object({
  status: z.enum(['SHORTLISTED', 'DECLINED'], { error: 'status must be SHORTLISTED or DECLINED' }),
});

/** A worker's own application (POST answers it; GET /api/my/applications lists them, newest first). */
export const myApplicationSchema = applicationSchema.extend({
  job: jobSummarySchema,
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationsSchema = z.array(myApplicationSchema);

// ---------------------------------------------------------------------------------------------
// Invitations: a care seeker invites a worker found in search to apply

/**
 * POST /api/jobs/{jobId}/invitations (owner) → 201; the worker is emailed and notified. Again →
 * 409 with the code ALREADY_INVITED, and nothing is sent twice.
 */
export const jobInvitationRequestSchema = z.object({
  carerId: z.uuid({ error: 'carerId must be a worker id' }),
  message: optionalText(INVITATION_MESSAGE_MAX, 'Your message', 'multi'),
});
export const jobInvitationSchema = z.object({ id: z.string(), carerId: z.string(), invitedAt: z.string() });
export const ALREADY_INVITED_CODE = 'ALREADY_INVITED';
export type JobInvitation = z.infer<typeof jobInvitationSchema>;

/** How many workers the confirmation after posting suggests (GET /api/jobs/{jobId}/suggested-workers). */
export const SUGGESTED_WORKERS_SHOWN = 6;

/**
 * GET /api/jobs/{jobId}/suggested-workers (owner): the workers the worker search ranks best for
 * the job (its place, support types and days), and whether each was already invited.
 */
export const suggestedWorkerSchema = z.object({ worker: workerSummarySchema, isInvited: z.boolean() });
export type SuggestedWorker = z.infer<typeof suggestedWorkerSchema>;
export const suggestedWorkersSchema = z.array(suggestedWorkerSchema);

/** The 429 answer to an invitation beyond INVITATIONS_PER_HOUR. */
export function tooManyInvitationsMessage(retryAfterSeconds: number): string {
  return `You can invite up to ${INVITATIONS_PER_HOUR} workers an hour. Please try again in ${formatWait(retryAfterSeconds)}.`;
}

/** GET /api/my/invitations (CR): jobs the worker was invited to apply for, newest first. */
export const myInvitationSchema = z.object({
  id: z.string(),
  invitedAt: z.string(),
  message: z.string(),
  job: jobSummarySchema,
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsSchema = z.array(myInvitationSchema);

// ---------------------------------------------------------------------------------------------
// Job alerts

/** POST /api/carer/unsubscribe/nearbyjobs: the signed token from a job alert email; no sign-in needed. */
export const unsubscribeJobAlertsRequestSchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid' })
    .trim()
    .min(1, { error: 'This unsubscribe link is not valid' })
    .check(safeText())
    .max(500),
});

/** GET and PUT /api/my/job-alerts (CR): whether the worker gets emails about new jobs nearby. */
export const jobAlertSettingsSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type JobAlertSettings = z.infer<typeof jobAlertSettingsSchema>;

export const JOB_ALERTS_UNSUBSCRIBED_MESSAGE = 'You will no longer get emails about new jobs near you.';
