import { toCodedOptions, type CodedOption } from './coded-options';

/**
 * Task codes of spec section 3. The spec gives codes only; labels are ours. "CT" reads as
 * "care task": CTD domestic, CTP personal, CTS social, CTE excursions. These cover the help
 * that spec section 1 lists (domestic assistance, personal care, companionship, getting out).
 */
const householdTaskCodes = ['CTD', 'CTDL', 'COOK', 'MEAL', 'ADM', 'CAIS'] as const;
const personalTaskCodes = ['CTP', 'CTS', 'AUSLAN', 'HAM', 'TS', 'CM', 'PEG', 'HAT'] as const;
const communityTaskCodes = ['CTE', 'CA', 'FIT', 'ART', 'MT', 'SKILLDEV'] as const;

export const taskCodes = [...householdTaskCodes, ...personalTaskCodes, ...communityTaskCodes] as const;
export type TaskCode = (typeof taskCodes)[number];

export const taskGroupCodes = ['HOUSEHOLD', 'PERSONAL', 'COMMUNITY'] as const;
export type TaskGroupCode = (typeof taskGroupCodes)[number];

const taskLabels: Record<TaskCode, string> = {
  CTD: 'Domestic assistance and cleaning',
  // Inferred: the "L" of CTDL as laundry, the other everyday domestic task.
  CTDL: 'Laundry and ironing',
  COOK: 'Cooking',
  MEAL: 'Meal preparation',
  ADM: 'Household admin and paperwork',
  // Inferred: spec section 1's "maintaining an independent life".
  CAIS: 'Support to live independently',
  CTP: 'Personal care and daily routines',
  CTS: 'Social support and companionship',
  AUSLAN: 'Communicating in Auslan',
  // Inferred: the last five are the complex-care tasks NDIS jobs ask for.
  HAM: 'Help with medication',
  TS: 'Tracheostomy support',
  CM: 'Catheter and continence management',
  PEG: 'PEG (tube) feeding',
  HAT: 'Hoist and manual transfers',
  CTE: 'Transport and escort to appointments',
  CA: 'Community access and getting out and about',
  FIT: 'Exercise and fitness',
  ART: 'Arts and crafts',
  MT: 'Music activities',
  SKILLDEV: 'Life skills development',
};

export type TaskGroup = {
  readonly code: TaskGroupCode;
  readonly label: string;
  readonly tasks: readonly CodedOption<TaskCode>[];
};

export const taskGroups: readonly TaskGroup[] = [
  { code: 'HOUSEHOLD', label: 'Household', tasks: toCodedOptions(householdTaskCodes, taskLabels) },
  { code: 'PERSONAL', label: 'Personal', tasks: toCodedOptions(personalTaskCodes, taskLabels) },
  { code: 'COMMUNITY', label: 'Community', tasks: toCodedOptions(communityTaskCodes, taskLabels) },
];

/**
 * The service that makes a worker one who "offers personal care" (showering, dressing, toileting,
 * grooming): the search filter, the profile's line and the AI match's reading of "showering" all
 * follow whether a worker lists it, so what they pick in onboarding or the editor is what search finds.
 */
export const PERSONAL_CARE_TASK = 'CTP' satisfies TaskCode;

export function offersPersonalCare(tasks: readonly string[]): boolean {
  return tasks.includes(PERSONAL_CARE_TASK);
}

export function taskLabel(code: TaskCode): string {
  return taskLabels[code];
}
