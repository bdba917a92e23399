import { z } from 'zod';
import type { PayingForCareType } from './job-options';
import { isRealDate } from './validation/real-date';
import { safeText } from './validation/safe-text';

/**
 * A care seeker's compliance details (issue 16; spec section 3 "Compliance data", section 4
 * "Check-ins"): the ten records an Australian care provider keeps for a participant. Each section
 * is a form described here once — its fields, which are required, how often it is reviewed and
 * whether the participant's workers may read it — and the API and the web form both use the zod
 * schema built from that description (STYLE.md rule 3).
 *
 * Choices made here (the spec names the sections only):
 * - The fields follow what NDIS providers' and aged care providers' forms commonly hold (NDIS
 *   Practice Standards: service agreements, support plans, emergency and disaster management,
 *   medication management, incident management, consent to share information).
 * - Which sections are required depends on how the participant's care is funded; see
 *   `requiredSectionsFor`.
 * - A section is reviewed every `reviewMonths` months after it was last saved, or sooner when the
 *   form has a review date of its own and that date is earlier. It shows as due for review from
 *   `REVIEW_NOTICE_DAYS` days before.
 * - Workers with an ACTIVE agreement with the participant may read the sections they need to give
 *   support safely: the support plan, both medication forms and the emergency and disaster plan.
 */

export const complianceSectionKeys = [
  'serviceAgreement',
  'seekRelease',
  'emergencyDisasterPlan',
  'ohsAssessment',
  'supportPlan',
  'medicationIndemnity',
  'medicationAdministration',
  'incidentReports',
  'checkIns',
  'scheduleOfSupports',
] as const;
export type ComplianceSectionKey = (typeof complianceSectionKeys)[number];

export function isComplianceSectionKey(value: unknown): value is ComplianceSectionKey {
  return typeof value === 'string' && (complianceSectionKeys as readonly string[]).includes(value);
}

export const REVIEW_NOTICE_DAYS = 30;
export const COMPLIANCE_TEXT_MAX = 200;
export const COMPLIANCE_LONG_TEXT_MAX = 5000;
export const COMPLIANCE_LIST_MAX = 30;
export const COMPLIANCE_ENTRIES_MAX = 200;

/** The kinds of field a section's form has. */
export type ComplianceFieldKind = 'text' | 'longText' | 'date' | 'yesNo' | 'list' | 'number';

export interface ComplianceField {
  readonly name: string;
  readonly label: string;
  readonly kind: ComplianceFieldKind;
  readonly required: boolean;
  /** A hint under the field. */
  readonly hint?: string;
  /** The message when a required field is empty, when "Enter the …" does not read well. */
  readonly requiredMessage?: string;
  /** For `number`: the smallest and largest whole number. */
  readonly min?: number;
  readonly max?: number;
}

export interface ComplianceSectionRule {
  readonly key: ComplianceSectionKey;
  readonly label: string;
  readonly description: string;
  /** How often it is reviewed, in months after it was saved; null: never (a register). */
  readonly reviewMonths: number | null;
  /** Whether workers with an ACTIVE agreement with the participant may read it. */
  readonly workerReadable: boolean;
  /** The form's fields; for a list section, each entry's fields. */
  readonly fields: readonly ComplianceField[];
  /** A list section keeps entries (incident reports, check-ins) under `entries`. */
  readonly isList: boolean;
  /** The field whose date, when given and earlier, brings the review forward. */
  readonly reviewDateField?: string;
}

const text = (name: string, label: string, required = false, hint?: string): ComplianceField => ({ name, label, kind: 'text', required, ...(hint ? { hint } : {}) });
const longText = (name: string, label: string, required = false, hint?: string): ComplianceField => ({ name, label, kind: 'longText', required, ...(hint ? { hint } : {}) });
const date = (name: string, label: string, required = false, hint?: string): ComplianceField => ({ name, label, kind: 'date', required, ...(hint ? { hint } : {}) });
const yesNo = (name: string, label: string, required = false, hint?: string): ComplianceField => ({ name, label, kind: 'yesNo', required, ...(hint ? { hint } : {}) });
const list = (name: string, label: string, required = false, hint?: string): ComplianceField => ({ name, label, kind: 'list', required, ...(hint ? { hint } : {}) });

export const complianceSectionRules: readonly ComplianceSectionRule[] = [
  {
    key: 'serviceAgreement',
    label: 'Service agreement',
    description: 'What supports are given, by whom, at what cost, and how either side can end the agreement.',
    reviewMonths: 12,
    workerReadable: false,
    isList: false,
    reviewDateField: 'endDate',
    fields: [
      text('participantName', 'Participant’s full name', true),
      text('providerName', 'Provider or worker’s name', true),
      date('startDate', 'Start date', true),
      date('endDate', 'End date', false, 'Leave empty if the agreement has no end date.'),
      longText('supportsProvided', 'Supports provided', true),
      longText('costs', 'Costs and how they are paid', true),
      longText('participantResponsibilities', 'Participant’s responsibilities'),
      longText('providerResponsibilities', 'Provider’s responsibilities'),
      text('cancellationNotice', 'Notice needed to cancel a shift', true, 'For example: 7 days.'),
      text('endingNotice', 'Notice needed to end the agreement', true, 'For example: 14 days.'),
      yesNo('participantSigned', 'Signed by the participant or their representative', true),
      date('signedOn', 'Date signed'),
    ],
  },
  {
    key: 'seekRelease',
    label: 'Consent to share information',
    description: 'Who the participant allows us to share their information with, and for what.',
    reviewMonths: 12,
    workerReadable: false,
    isList: false,
    reviewDateField: 'expiresOn',
    fields: [
      text('participantName', 'Participant’s full name', true),
      list('sharedWith', 'People and organisations information may be shared with', true, 'One per line, such as a GP, a plan manager or a family member.'),
      longText('purpose', 'What the information is shared for', true),
      longText('informationTypes', 'What information may be shared', true),
      yesNo('consentGiven', 'The participant gives consent', true),
      text('signedBy', 'Signed by', true, 'The participant or their legal representative.'),
      date('signedOn', 'Date signed', true),
      date('expiresOn', 'Consent ends on', false, 'Leave empty for 12 months from signing.'),
    ],
  },
  {
    key: 'emergencyDisasterPlan',
    label: 'Emergency and disaster plan',
    description: 'How the participant is kept safe in a fire, flood, heatwave, power outage or other emergency.',
    reviewMonths: 12,
    workerReadable: true,
    isList: false,
    fields: [
      text('emergencyContactName', 'Emergency contact’s name', true),
      text('emergencyContactPhone', 'Emergency contact’s phone', true),
      text('emergencyContactRelationship', 'Relationship to the participant'),
      longText('evacuationPlan', 'How the participant leaves home in an emergency', true),
      text('meetingPoint', 'Meeting point', true),
      longText('communicationNeeds', 'Communication needs in an emergency'),
      longText('mobilityNeeds', 'Mobility and equipment needs'),
      longText('medicalNeeds', 'Medical needs, such as power for equipment or medicines to take'),
      yesNo('registeredWithEnergyProvider', 'Registered as life support with the energy provider'),
      longText('continuityOfSupports', 'How supports continue if workers cannot attend', true),
    ],
  },
  {
    key: 'ohsAssessment',
    label: 'Home safety assessment',
    description: 'The work health and safety check of the home where support is given.',
    reviewMonths: 12,
    workerReadable: false,
    isList: false,
    fields: [
      date('assessedOn', 'Date assessed', true),
      text('assessedBy', 'Assessed by', true),
      text('address', 'Address assessed', true),
      yesNo('clearAccess', 'Clear and safe access to the home', true),
      yesNo('smokeAlarmsWorking', 'Working smoke alarms', true),
      yesNo('petsSecured', 'Pets can be secured during visits', true),
      yesNo('smokeFreeDuringVisits', 'Smoke-free during visits', true),
      yesNo('manualHandlingEquipment', 'Manual handling equipment needed'),
      longText('hazards', 'Hazards found'),
      longText('controls', 'How the hazards are controlled'),
    ],
  },
  {
    key: 'supportPlan',
    label: 'Support plan',
    description: 'The participant’s goals and how they want to be supported each day.',
    reviewMonths: 12,
    workerReadable: true,
    isList: false,
    reviewDateField: 'reviewOn',
    fields: [
      text('participantName', 'Participant’s full name', true),
      text('preferredName', 'Preferred name'),
      list('goals', 'Goals', true, 'One per line.'),
      longText('dailyRoutine', 'Daily routine and supports needed', true),
      longText('communication', 'How the participant communicates', true),
      longText('likes', 'Likes and interests'),
      longText('dislikes', 'Dislikes and triggers'),
      longText('healthNeeds', 'Health needs and allergies'),
      yesNo('behaviourSupportPlan', 'Has a behaviour support plan', true),
      yesNo('restrictivePractices', 'Restrictive practices are authorised', true),
      date('reviewOn', 'Next review', false, 'Leave empty for 12 months from saving.'),
    ],
  },
  {
    key: 'medicationIndemnity',
    label: 'Medication indemnity',
    description: 'The participant’s consent for workers to help with medication, and its limits.',
    reviewMonths: 12,
    workerReadable: true,
    isList: false,
    fields: [
      text('participantName', 'Participant’s full name', true),
      text('prescriberName', 'Doctor or prescriber', true),
      text('pharmacy', 'Pharmacy'),
      longText('assistanceLevel', 'Help workers may give', true, 'For example: prompting only, or opening a Webster-pak.'),
      yesNo('selfAdministers', 'The participant takes their own medication', true),
      yesNo('indemnityAgreed', 'The participant or their representative accepts the indemnity', true),
      text('signedBy', 'Signed by', true),
      date('signedOn', 'Date signed', true),
    ],
  },
  {
    key: 'medicationAdministration',
    label: 'Medication administration',
    description: 'The medicines workers help with: dose, time and how they are given.',
    reviewMonths: 6,
    workerReadable: true,
    isList: false,
    fields: [
      list('medications', 'Medicines, dose and time', true, 'One per line, such as: Metformin 500 mg, 8am with breakfast.'),
      text('packaging', 'How medicines are packed', true, 'For example: Webster-pak from the pharmacy.'),
      longText('instructions', 'How to give them', true),
      longText('allergies', 'Allergies and reactions'),
      longText('missedDose', 'What to do if a dose is missed or refused', true),
      text('authorisedBy', 'Authorised by (doctor or pharmacist)', true),
      date('authorisedOn', 'Date authorised', true),
    ],
  },
  {
    key: 'incidentReports',
    label: 'Incident reports',
    description: 'The register of incidents during support and what was done about them.',
    reviewMonths: null,
    workerReadable: false,
    isList: true,
    fields: [
      date('occurredOn', 'Date of the incident', true),
      text('location', 'Where it happened', true),
      { ...longText('description', 'What happened', true), requiredMessage: 'Say what happened' },
      text('peopleInvolved', 'People involved'),
      longText('injuries', 'Injuries'),
      longText('actionTaken', 'Action taken', true),
      yesNo('reportableToCommission', 'Reportable to the NDIS Quality and Safeguards Commission', true),
      text('reportedBy', 'Reported by', true),
    ],
  },
  {
    key: 'checkIns',
    label: 'Check-ins',
    description: 'Regular check-ins with the participant about how their supports are going.',
    reviewMonths: 3,
    workerReadable: false,
    isList: true,
    fields: [
      { name: 'checkInNumber', label: 'Check-in number', kind: 'number', required: true, min: 1, max: 12, hint: 'The check-in of the year: 1 to 12.' },
      { name: 'checkInYear', label: 'Year', kind: 'number', required: true, min: 2000, max: 2100 },
      date('heldOn', 'Date held', true),
      text('heldBy', 'Held by', true),
      longText('howSupportsAreGoing', 'How supports are going', true),
      longText('goalsProgress', 'Progress towards goals'),
      longText('concerns', 'Concerns raised'),
      longText('actions', 'Actions agreed'),
    ],
  },
  {
    key: 'scheduleOfSupports',
    label: 'Schedule of supports',
    description: 'The supports booked under the plan: what, how often and at what price.',
    reviewMonths: 12,
    workerReadable: false,
    isList: false,
    reviewDateField: 'planEndDate',
    fields: [
      date('planStartDate', 'Plan start date', true),
      date('planEndDate', 'Plan end date', true),
      list('supports', 'Supports, frequency and price', true, 'One per line, such as: Assistance with self-care, 3 hours a week, $70.23 an hour.'),
      text('fundingManagement', 'Who manages the funding', true, 'For example: the NDIA, a plan manager, or self-managed.'),
      longText('notes', 'Notes'),
    ],
  },
];

export function complianceSectionRule(key: ComplianceSectionKey): ComplianceSectionRule {
  const rule = complianceSectionRules.find((candidate) => candidate.key === key);
  if (!rule) throw new Error(`Unknown compliance section ${key}`);
  return rule;
}

/** The sections a worker with an ACTIVE agreement may read. */
export const workerReadableSections: readonly ComplianceSectionKey[] = complianceSectionRules.filter((rule) => rule.workerReadable).map((rule) => rule.key);

// ----- which sections are required -----------------------------------------------------------

const allSections = complianceSectionKeys;
const ndisOtherSections: readonly ComplianceSectionKey[] = ['serviceAgreement', 'seekRelease', 'emergencyDisasterPlan', 'ohsAssessment', 'supportPlan', 'scheduleOfSupports'];
const agedCareSections: readonly ComplianceSectionKey[] = ['serviceAgreement', 'seekRelease', 'emergencyDisasterPlan', 'ohsAssessment', 'supportPlan'];

/**
 * The sections required for one kind of funding:
 * - NDIS agency-managed: all ten (the NDIA pays registered providers only, who must keep them
 *   under the NDIS Practice Standards).
 * - NDIS plan- or self-managed: the agreement, the schedule of supports, consent to share, the
 *   emergency plan, the home safety check and the support plan — what any NDIS provider needs to
 *   support someone safely. Medication forms, the incident register and check-ins are recommended
 *   (medication forms whenever workers help with medicines) but not required: unregistered
 *   providers may be used, and the participant decides.
 * - Home Care Package or Support at Home: the agreement, consent to share, the emergency plan, the
 *   home safety check and the care (support) plan, which the Aged Care Quality Standards expect;
 *   the provider holds the budget, so no schedule of supports here.
 * - Paying privately: the service agreement only.
 * - Not sure yet: none.
 */
export function requiredSectionsForFunding(type: PayingForCareType): readonly ComplianceSectionKey[] {
  switch (type) {
    case 'NDIS_AGENCY_MANAGED':
      return allSections;
    case 'NDIS_PLAN_MANAGED':
    case 'NDIS_SELF_MANAGED':
      return ndisOtherSections;
    case 'HOME_CARE_PACKAGE':
    case 'SUPPORT_AT_HOME':
      return agedCareSections;
    case 'PRIVATE':
      return ['serviceAgreement'];
    case 'NONE':
      return [];
  }
}

/** A participant funded several ways needs what each of them needs. */
export function requiredSectionsFor(types: readonly PayingForCareType[]): Set<ComplianceSectionKey> {
  return new Set(types.flatMap((type) => requiredSectionsForFunding(type)));
}

// ----- review dates -------------------------------------------------------------------------

function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

function addDays(isoDate: string, days: number): string {
  const at = new Date(`${isoDate}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * When a saved section is next reviewed (YYYY-MM-DD), or null for a register that never is: its
 * review interval after the day it was saved, or its own review (or end) date when that is earlier.
 */
export function reviewDueOn(key: ComplianceSectionKey, savedOn: string, data: Record<string, unknown>): string | null {
  const rule = complianceSectionRule(key);
  if (rule.reviewMonths === null) return null;
  const byInterval = addMonths(savedOn, rule.reviewMonths);
  const own = rule.reviewDateField ? data[rule.reviewDateField] : undefined;
  return typeof own === 'string' && own !== '' && own < byInterval ? own : byInterval;
}

/** Whether a review date is close (within REVIEW_NOTICE_DAYS) or past. */
export function isDueForReview(dueOn: string | null, today: string): boolean {
  return dueOn !== null && dueOn <= addDays(today, REVIEW_NOTICE_DAYS);
}

// ----- schemas ------------------------------------------------------------------------------

/** A real date (see `isRealDate`) up to the end of the year 2200, the range a compliance record's dates may take. */
function isRealRecordDate(value: string): boolean {
  return isRealDate(value) && value <= '2200-12-31';
}

function lowerFirst(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function fieldSchema(field: ComplianceField): z.ZodType {
  const label = field.label;
  const requiredMessage = field.requiredMessage ?? `Enter the ${lowerFirst(label)}`;
  switch (field.kind) {
    case 'text':
    case 'longText': {
      const lines = field.kind === 'text' ? 'single' : 'multi';
      const max = field.kind === 'text' ? COMPLIANCE_TEXT_MAX : COMPLIANCE_LONG_TEXT_MAX;
      const base = z
        .string({ error: `${label} must be text` })
        .trim()
        .check(safeText(lines))
        .max(max, { error: `${label} must be ${max} characters or fewer` });
      return field.required
        ? z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage, abort: true }).pipe(base)
        : base.default('');
    }
    case 'date': {
      const base = z
        .string({ error: 'Enter a real date, such as 2026-03-27' })
        .trim()
        .refine((value) => value === '' || isRealRecordDate(value), { error: 'Enter a real date, such as 2026-03-27' });
      return field.required
        ? z.string({ error: `Enter the ${lowerFirst(label)}` }).trim().min(1, { error: `Enter the ${lowerFirst(label)}`, abort: true }).pipe(base)
        : base.default('');
    }
    case 'yesNo':
      return field.required
        ? z.boolean({ error: `Answer yes or no: ${lowerFirst(label)}` })
        : z.boolean({ error: `Answer yes or no: ${lowerFirst(label)}` }).nullable().default(null);
    case 'list': {
      const item = z
        .string({ error: `Each line of ${lowerFirst(label)} must be text` })
        .trim()
        .check(safeText('single'))
        .max(COMPLIANCE_TEXT_MAX, { error: `Each line of ${lowerFirst(label)} must be ${COMPLIANCE_TEXT_MAX} characters or fewer` });
      const items = z
        .array(item, { error: `${label} must be a list` })
        .transform((values) => values.filter((value) => value !== ''))
        .refine((values) => values.length <= COMPLIANCE_LIST_MAX, { error: `${label} can have up to ${COMPLIANCE_LIST_MAX} lines` });
      return field.required ? items.refine((values) => values.length > 0, { error: `Add at least one line to ${lowerFirst(label)}` }) : items.default([]);
    }
    case 'number': {
      const min = field.min ?? 0;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      return z
        .number({ error: `Enter the ${lowerFirst(label)}` })
        .int({ error: `${label} must be a whole number` })
        .min(min, { error: `${label} must be from ${min} to ${max}` })
        .max(max, { error: `${label} must be from ${min} to ${max}` });
    }
  }
}

function objectSchemaOf(fields: readonly ComplianceField[]) {
  return z.strictObject(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])), { error: 'Send the form’s fields only' });
}

function withDateOrder(schema: z.ZodType, key: ComplianceSectionKey): z.ZodType {
  const order: Partial<Record<ComplianceSectionKey, [string, string, string]>> = {
    serviceAgreement: ['startDate', 'endDate', 'The end date must be after the start date'],
    scheduleOfSupports: ['planStartDate', 'planEndDate', 'The plan end date must be after the plan start date'],
  };
  const pair = order[key];
  if (!pair) return schema;
  const [from, to, message] = pair;
  return schema.superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    const start = record[from];
    const end = record[to];
    if (typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && end <= start) {
      ctx.addIssue({ code: 'custom', path: [to], message });
    }
  });
}

/** One entry of a list section (an incident report or a check-in). */
export function complianceEntrySchema(key: ComplianceSectionKey): z.ZodType<Record<string, unknown>> {
  return objectSchemaOf(complianceSectionRule(key).fields) as unknown as z.ZodType<Record<string, unknown>>;
}

function entriesSchema(key: ComplianceSectionKey) {
  const entries = z
    .array(complianceEntrySchema(key), { error: 'Send the entries as a list' })
    .max(COMPLIANCE_ENTRIES_MAX, { error: `A section can hold up to ${COMPLIANCE_ENTRIES_MAX} entries` });
  const checked =
    key === 'checkIns'
      ? entries.superRefine((values, ctx) => {
          const seen = new Set<string>();
          values.forEach((entry, index) => {
            const id = `${String(entry.checkInNumber)}/${String(entry.checkInYear)}`;
            if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index, 'checkInNumber'], message: 'There is already a check-in with this number and year' });
            seen.add(id);
          });
        })
      : entries;
  return z.strictObject({ entries: checked }, { error: 'Send the entries as a list' });
}

/** The body of saving a whole section (PUT), and what a saved version holds. */
export function complianceSectionSchema(key: ComplianceSectionKey): z.ZodType<Record<string, unknown>> {
  const rule = complianceSectionRule(key);
  const schema = rule.isList ? entriesSchema(key) : withDateOrder(objectSchemaOf(rule.fields), key);
  return schema as unknown as z.ZodType<Record<string, unknown>>;
}

/**
 * A check-in added or updated (spec section 4): the entry with the same checkInNumber and
 * checkInYear is replaced, otherwise the entry is added; the list stays ordered by year and number.
 */
export function upsertCheckIn(entries: readonly Record<string, unknown>[], entry: Record<string, unknown>): Record<string, unknown>[] {
  const same = (candidate: Record<string, unknown>) => candidate.checkInNumber === entry.checkInNumber && candidate.checkInYear === entry.checkInYear;
  const next = entries.some(same) ? entries.map((candidate) => (same(candidate) ? entry : candidate)) : [...entries, entry];
  return next.sort((a, b) => Number(a.checkInYear) - Number(b.checkInYear) || Number(a.checkInNumber) - Number(b.checkInNumber));
}

/** An empty form for a section, as the web form starts it. */
export function emptyComplianceData(key: ComplianceSectionKey): Record<string, unknown> {
  const rule = complianceSectionRule(key);
  if (rule.isList) return { entries: [] };
  return Object.fromEntries(rule.fields.map((field) => [field.name, emptyFieldValue(field)]));
}

export function emptyFieldValue(field: ComplianceField): unknown {
  switch (field.kind) {
    case 'yesNo':
      return null;
    case 'list':
      return [];
    case 'number':
      return null;
    default:
      return '';
  }
}

// ----- API shapes ---------------------------------------------------------------------------

export const complianceSectionKeySchema = z.enum(complianceSectionKeys, { error: 'There is no such compliance section' });

export const complianceOverviewItemSchema = z.object({
  key: complianceSectionKeySchema,
  label: z.string(),
  description: z.string(),
  complete: z.boolean(),
  required: z.boolean(),
  reviewDueOn: z.string().nullable(),
  dueForReview: z.boolean(),
  updatedAt: z.string().nullable(),
  version: z.number().int().nullable(),
  workerReadable: z.boolean(),
});
export type ComplianceOverviewItem = z.infer<typeof complianceOverviewItemSchema>;

export const complianceOverviewSchema = z.object({
  fundingTypes: z.array(z.string()),
  sections: z.array(complianceOverviewItemSchema),
});
export type ComplianceOverview = z.infer<typeof complianceOverviewSchema>;

export const complianceSectionResponseSchema = z.object({
  key: complianceSectionKeySchema,
  version: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  required: z.boolean(),
  reviewDueOn: z.string().nullable(),
  dueForReview: z.boolean(),
  readOnly: z.boolean(),
});
export type ComplianceSectionResponse = z.infer<typeof complianceSectionResponseSchema>;

export const complianceVersionSchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedByName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export const complianceHistorySchema = z.object({ key: complianceSectionKeySchema, versions: z.array(complianceVersionSchema) });
export type ComplianceHistory = z.infer<typeof complianceHistorySchema>;

/** A worker's view of a client's readable sections. */
export const clientComplianceSchema = z.object({
  clientName: z.string(),
  sections: z.array(complianceOverviewItemSchema),
});
export type ClientCompliance = z.infer<typeof clientComplianceSchema>;
