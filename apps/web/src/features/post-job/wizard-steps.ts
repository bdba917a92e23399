import { jobStepSchema, jobWizardSteps, type JobWizardStep } from '@tendly/domain/api/jobs';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { routePath } from '@tendly/domain/routes';
import { toJobFields, type JobFormValues } from './job-form-values';

/**
 * The wizard's steps (`jobWizardSteps` of the contract), numbered from 1 as the URL numbers them
 * (`/careseeker/post-a-job/step-3`), then the review, where the poster sees the whole job as it
 * will be published and posts it (issue 11). A visitor has one more: the account step, where they
 * create their care seeker account before the job is posted.
 */
export const JOB_STEP_COUNT = jobWizardSteps.length;
export const REVIEW_STEP = JOB_STEP_COUNT + 1;
export const REVIEW_STEP_TITLE = 'Check your job';
export const ACCOUNT_STEP = REVIEW_STEP + 1;
export const ACCOUNT_STEP_TITLE = 'Your account';

/** Under each step's heading: what the step is about, in a sentence. */
export const stepIntroductions: Readonly<Record<JobWizardStep['id'], string>> = {
  support: 'Tell us what kind of support is needed and who it is for.',
  location: 'Tell us where the support will happen, so we can find workers who live nearby.',
  schedule: 'Tick the days and times when help is needed. Rough hours are fine.',
  worker: 'Tell us what the worker will help with and anything you would like them to have. All of this is optional.',
  health: 'This helps workers know whether they have the right skills. Answer what you can.',
  funding: 'Tell us how the support will be paid for and what you would like to pay.',
  post: 'Give your job a title and describe the support in your own words.',
};

export function jobStep(number: number): JobWizardStep {
  const step = jobWizardSteps[number - 1];
  if (!step) throw new RangeError(`The wizard has steps 1 to ${JOB_STEP_COUNT}, not ${number}`);
  return step;
}

/** The step a URL's `step-N` segment names, or null when it names none. */
export function stepNumberFromParam(param: string | undefined, lastStep: number): number | null {
  const match = /^step-(\d{1,2})$/.exec(param ?? '');
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 && number <= lastStep ? number : null;
}

export function stepPath(number: number): string {
  return routePath('postJobStep', { step: `step-${number}` });
}

/**
 * Each step's fields in the order the step shows them, for its error summary: the contract's
 * order, except that the worker step asks about tasks before preferences.
 */
export function stepFieldOrder(number: number): readonly string[] {
  const step = jobStep(number);
  if (step.id === 'worker') return ['tasks', 'other_requirements', 'gender', 'experience', 'languages'];
  return step.fields;
}

// Built once: the wizard checks the steps before the current one on every render.
const stepSchemas = jobWizardSteps.map((step) => jobStepSchema(step));

/** The errors of one step's fields (empty when the step is valid), checked by the contract's schema. */
export function stepErrors(values: JobFormValues, number: number): Record<string, string> {
  const schema = stepSchemas[number - 1];
  if (!schema) throw new RangeError(`The wizard has steps 1 to ${JOB_STEP_COUNT}, not ${number}`);
  const result = schema.safeParse(toJobFields(values));
  return result.success ? {} : fieldErrors(result.error);
}

/** The first job step before `beforeStep` that is not valid yet, or null when all are. */
export function firstInvalidStep(values: JobFormValues, beforeStep = JOB_STEP_COUNT + 1): number | null {
  for (let number = 1; number < Math.min(beforeStep, JOB_STEP_COUNT + 1); number += 1) {
    if (Object.keys(stepErrors(values, number)).length > 0) return number;
  }
  return null;
}

/** The step a field is on, to take the user there when the server finds a problem with it. */
export function stepOfField(field: string): number | null {
  const index = jobWizardSteps.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index === -1 ? null : index + 1;
}
