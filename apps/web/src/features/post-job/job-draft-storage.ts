import { z } from 'zod';
import { careForCodes } from '@tendly/domain/care-for';
import { availabilitySchema } from '@tendly/domain/days';
import {
  experienceLevelCodes,
  genderPreferenceCodes,
  locationTypeCodes,
  payingForCareTypeCodes,
  restrictivePracticesCodes,
  supportCategoryCodes,
} from '@tendly/domain/job-options';
import { languageCodes } from '@tendly/domain/languages';
import { requirementCodes } from '@tendly/domain/requirements';
import { searcherRoleCodes } from '@tendly/domain/searcher-roles';
import { skillCodes } from '@tendly/domain/skills';
import { taskCodes } from '@tendly/domain/tasks';
import { JOB_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';
import { defaultJobFormValues, type JobFormValues } from './job-form-values';

/**
 * The job being written in the wizard, kept in localStorage on every change so that it survives
 * a reload, a visit to the login page and coming back later (issue 6). It carries the `draftId`
 * that makes posting it twice (a retry after a failure) post one job.
 *
 * What is read back is checked field by field: a value that no longer fits (a code removed from a
 * list, a hand-edited entry) falls back to the field's default instead of losing the whole draft.
 */

export interface StoredJobDraft {
  readonly draftId: string;
  /**
   * Whose job it is: the care seeker it would be posted for (the client, while a coordinator
   * acts for one), or null while a visitor writes it. Someone else on the same device starts
   * their own draft instead of seeing this one.
   */
  readonly ownerId: string | null;
  readonly values: JobFormValues;
}

const defaults = defaultJobFormValues();

const oneOrNone = <const C extends readonly [string, ...string[]]>(codes: C) =>
  z.union([z.enum(codes), z.literal('')]).catch('');
const oneOf = <const C extends readonly [string, ...string[]]>(codes: C, fallback: C[number]) =>
  z.enum(codes).catch(fallback);
const someOf = <const C extends readonly [string, ...string[]]>(codes: C) =>
  z.array(z.enum(codes)).catch(() => []);
const text = z.string().max(20_000).catch('');
const flag = (fallback: boolean) => z.boolean().catch(fallback);

const storedValuesSchema = z.object({
  supportCategory: oneOrNone(supportCategoryCodes),
  supportType: someOf(skillCodes),
  careFor: oneOrNone(careForCodes),
  searcherRole: oneOrNone(searcherRoleCodes),
  location: text,
  locationType: oneOf(locationTypeCodes, defaults.locationType),
  availability: availabilitySchema.catch(() => defaultJobFormValues().availability),
  approxHoursPerDay: text,
  approxHoursPerWeek: text,
  approxStartDate: text,
  gender: oneOf(genderPreferenceCodes, defaults.gender),
  experience: oneOf(experienceLevelCodes, defaults.experience),
  tasks: someOf(taskCodes),
  other_requirements: someOf(requirementCodes),
  languages: someOf(languageCodes),
  medicationRequired: flag(defaults.medicationRequired),
  medicationDetails: text,
  behaviourOfConcern: flag(defaults.behaviourOfConcern),
  restrictivePractices: oneOf(restrictivePracticesCodes, defaults.restrictivePractices),
  goal: text,
  isGoalVisible: flag(defaults.isGoalVisible),
  payingForCareType: oneOf(payingForCareTypeCodes, defaults.payingForCareType),
  hourlyRate: text,
  ndisFundingCode: text,
  clientName: text,
  invoiceDescription: text,
  addressForInvoice: text,
  practitionerName: text,
  practitionerPhone: text,
  practitionerEmail: text,
  title: text,
  htmlDescription: text,
  disableWorkerNotification: flag(defaults.disableWorkerNotification),
  disableJobBoardPosting: flag(defaults.disableJobBoardPosting),
  referralId: z.string().max(64).nullable().catch(null),
}) satisfies z.ZodType<JobFormValues>;

const storedDraftSchema = z.object({
  draftId: z.uuid(),
  ownerId: z.string().min(1).nullable().catch(null),
  // A field missing from an older draft takes its default too.
  values: z.preprocess((value) => (typeof value === 'object' && value !== null ? value : {}), storedValuesSchema),
});

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off: the draft lasts as long as the page.
    return null;
  }
}

/** The draft kept on this device, unless it belongs to someone other than `ownerId`. */
export function readJobDraftFor(ownerId: string | null): StoredJobDraft | null {
  const draft = readJobDraft();
  return draft && (draft.ownerId === null || draft.ownerId === ownerId) ? draft : null;
}

export function readJobDraft(): StoredJobDraft | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(JOB_DRAFT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: forget it below.
  }
  clearJobDraft();
  return null;
}

export function saveJobDraft(draft: StoredJobDraft): void {
  try {
    storage()?.setItem(JOB_DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Full or switched off: the draft still lives in the page.
  }
}

export function clearJobDraft(): void {
  try {
    storage()?.removeItem(JOB_DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}

/** A new draft's id: a random UUID, made once per draft. */
export function newDraftId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context (https or localhost); getRandomValues works everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether anything was filled in: a draft left as new is not worth a "we kept your job" note. */
export function hasProgress(values: JobFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(defaultJobFormValues());
}
