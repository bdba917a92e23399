import type { JobFieldsInput } from '@tendly/domain/api/jobs';
import type { CareFor } from '@tendly/domain/care-for';
import {
  DEFAULT_IS_GOAL_VISIBLE,
  DEFAULT_LOCATION_TYPE,
  DEFAULT_PAYING_FOR_CARE_TYPE,
  DEFAULT_RESTRICTIVE_PRACTICES,
} from '@tendly/domain/constants';
import { availabilitySchema, emptyAvailability, type Availability } from '@tendly/domain/days';
import { isOneOf } from '@tendly/domain/coded-options';
import {
  isNdisFunded,
  locationTypeCodes,
  type ExperienceLevel,
  type GenderPreference,
  type LocationType,
  type PayingForCareType,
  type RestrictivePractices,
  type SupportCategory,
} from '@tendly/domain/job-options';
import type { LanguageCode } from '@tendly/domain/languages';
import type { RequirementCode } from '@tendly/domain/requirements';
import type { SearcherRole } from '@tendly/domain/searcher-roles';
import type { SkillCode } from '@tendly/domain/skills';
import type { TaskCode } from '@tendly/domain/tasks';

/**
 * A job as the wizard's controls hold it: the fields of the contract (`jobFieldsSchema`), except
 * that what people type as numbers stays text until it is checked (hours, the start date, the
 * hourly rate in dollars), and a choice not made yet is ''. `toJobFields` turns it into the
 * contract's input; the domain's schemas then decide what is valid, with their own messages.
 */
export interface JobFormValues extends Record<string, unknown> {
  supportCategory: SupportCategory | '';
  supportType: SkillCode[];
  careFor: CareFor | '';
  searcherRole: SearcherRole | '';
  location: string;
  locationType: LocationType;
  availability: Availability;
  approxHoursPerDay: string;
  approxHoursPerWeek: string;
  /** YYYY-MM-DD, as a date input gives it, or ''. */
  approxStartDate: string;
  gender: GenderPreference;
  experience: ExperienceLevel;
  tasks: TaskCode[];
  other_requirements: RequirementCode[];
  languages: LanguageCode[];
  medicationRequired: boolean;
  medicationDetails: string;
  behaviourOfConcern: boolean;
  restrictivePractices: RestrictivePractices;
  goal: string;
  isGoalVisible: boolean;
  payingForCareType: PayingForCareType;
  /** Dollars per hour as typed ("35" or "35.50"), or '' for open to offers. */
  hourlyRate: string;
  ndisFundingCode: string;
  clientName: string;
  invoiceDescription: string;
  addressForInvoice: string;
  practitionerName: string;
  practitionerPhone: string;
  practitionerEmail: string;
  title: string;
  htmlDescription: string;
  disableWorkerNotification: boolean;
  disableJobBoardPosting: boolean;
  referralId: string | null;
}

export type JobFormField = keyof JobFormValues & string;

/** A new job: nothing chosen yet, and the defaults of spec section 9. */
export function defaultJobFormValues(): JobFormValues {
  return {
    supportCategory: '',
    supportType: [],
    careFor: '',
    searcherRole: '',
    location: '',
    locationType: DEFAULT_LOCATION_TYPE,
    availability: emptyAvailability(),
    approxHoursPerDay: '',
    approxHoursPerWeek: '',
    approxStartDate: '',
    gender: 'ANY',
    experience: 'ANY',
    tasks: [],
    other_requirements: [],
    languages: [],
    medicationRequired: false,
    medicationDetails: '',
    behaviourOfConcern: false,
    restrictivePractices: DEFAULT_RESTRICTIVE_PRACTICES,
    goal: '',
    isGoalVisible: DEFAULT_IS_GOAL_VISIBLE,
    payingForCareType: DEFAULT_PAYING_FOR_CARE_TYPE,
    hourlyRate: '',
    ndisFundingCode: '',
    clientName: '',
    invoiceDescription: '',
    addressForInvoice: '',
    practitionerName: '',
    practitionerPhone: '',
    practitionerEmail: '',
    title: '',
    htmlDescription: '',
    disableWorkerNotification: false,
    disableJobBoardPosting: false,
    referralId: null,
  };
}

/**
 * Dollars as typed ("$35", "35.5", "1,050.00") to whole cents, without floating-point
 * rounding; '' is null (open to offers) and anything else NaN, which the schema reports as "Enter
 * the hourly rate as a number".
 */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[\s$,]/g, '');
  if (cleaned === '') return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return Number.NaN;
  const [, dollars = '0', cents = ''] = match;
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/** Cents to the dollars a person types: 3500 → "35", 3550 → "35.50". */
export function centsToDollars(cents: number | null): string {
  if (cents === null) return '';
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, '0')}`;
}

/** A number typed into a field ('' is null, anything unreadable NaN). */
function parseDecimal(text: string): number | null {
  const cleaned = text.trim();
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * What the controls hold, in the shape of the contract's input, for the domain's schemas to judge:
 * a choice not made yet is undefined, which the schema reports with the field's own message.
 */
export type JobFieldsCandidate = Omit<JobFieldsInput, 'supportCategory' | 'careFor'> & {
  supportCategory: SupportCategory | undefined;
  careFor: CareFor | undefined;
};

/**
 * The contract's input for what the controls hold. Fields that only apply to some answers are
 * sent empty otherwise, so a value left behind by an earlier answer (a role for a client, private
 * medication details, an NDIS item) is never posted by mistake.
 */
export function toJobFields(values: JobFormValues): JobFieldsCandidate {
  const isForClient = values.careFor === 'Client';
  const payingForCareType = values.payingForCareType;
  return {
    ...values,
    supportCategory: values.supportCategory === '' ? undefined : values.supportCategory,
    careFor: values.careFor === '' ? undefined : values.careFor,
    searcherRole: isForClient && values.searcherRole !== '' ? values.searcherRole : null,
    approxHoursPerDay: parseDecimal(values.approxHoursPerDay),
    approxHoursPerWeek: parseDecimal(values.approxHoursPerWeek),
    approxStartDate: values.approxStartDate.trim() === '' ? null : values.approxStartDate.trim(),
    medicationDetails: values.medicationRequired ? values.medicationDetails : '',
    hourlyRate: dollarsToCents(values.hourlyRate),
    ndisFundingCode: isNdisFunded(payingForCareType) ? values.ndisFundingCode : '',
  };
}

/** The controls' values for a posted job's draft (`jobToDraft`), to edit it. */
export function fromJobFields(draft: JobFieldsInput): JobFormValues {
  const defaults = defaultJobFormValues();
  return {
    ...defaults,
    supportCategory: draft.supportCategory ?? '',
    supportType: [...(draft.supportType ?? [])],
    careFor: draft.careFor ?? '',
    searcherRole: draft.searcherRole ?? '',
    location: draft.location ?? '',
    locationType: isOneOf(locationTypeCodes, draft.locationType) ? draft.locationType : defaults.locationType,
    availability: availabilitySchema.safeParse(draft.availability ?? {}).data ?? defaults.availability,
    approxHoursPerDay: draft.approxHoursPerDay == null ? '' : String(draft.approxHoursPerDay),
    approxHoursPerWeek: draft.approxHoursPerWeek == null ? '' : String(draft.approxHoursPerWeek),
    approxStartDate: draft.approxStartDate ?? '',
    gender: draft.gender ?? defaults.gender,
    experience: draft.experience ?? defaults.experience,
    tasks: [...(draft.tasks ?? [])],
    other_requirements: [...(draft.other_requirements ?? [])],
    languages: [...(draft.languages ?? [])],
    medicationRequired: draft.medicationRequired ?? false,
    medicationDetails: draft.medicationDetails ?? '',
    behaviourOfConcern: draft.behaviourOfConcern ?? false,
    restrictivePractices: draft.restrictivePractices ?? defaults.restrictivePractices,
    goal: draft.goal ?? '',
    isGoalVisible: draft.isGoalVisible ?? defaults.isGoalVisible,
    payingForCareType: draft.payingForCareType ?? defaults.payingForCareType,
    hourlyRate: centsToDollars(draft.hourlyRate ?? null),
    ndisFundingCode: draft.ndisFundingCode ?? '',
    clientName: draft.clientName ?? '',
    invoiceDescription: draft.invoiceDescription ?? '',
    addressForInvoice: draft.addressForInvoice ?? '',
    practitionerName: draft.practitionerName ?? '',
    practitionerPhone: draft.practitionerPhone ?? '',
    practitionerEmail: draft.practitionerEmail ?? '',
    title: draft.title ?? '',
    htmlDescription: draft.htmlDescription ?? '',
    disableWorkerNotification: draft.disableWorkerNotification ?? false,
    disableJobBoardPosting: draft.disableJobBoardPosting ?? false,
    referralId: draft.referralId ?? null,
  };
}
