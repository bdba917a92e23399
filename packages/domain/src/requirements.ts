import { toCodedOptions } from './coded-options';

/** Other requirements a job can ask of a worker (spec section 3: OC, HDL, WTD, WWP, WWC, WWS). */
export const requirementCodes = ['OC', 'HDL', 'WTD', 'WWP', 'WWC', 'WWS'] as const;
export type RequirementCode = (typeof requirementCodes)[number];

// The spec gives codes only; each label is our reading of the abbreviation.
const requirementLabels: Record<RequirementCode, string> = {
  OC: 'Has own car',
  HDL: "Holds a driver's licence",
  WTD: 'Willing to drive the client',
  WWP: 'Comfortable with pets',
  WWC: 'Comfortable with children',
  WWS: 'Comfortable with smokers',
};

export const requirements = toCodedOptions(requirementCodes, requirementLabels);

export function requirementLabel(code: RequirementCode): string {
  return requirementLabels[code];
}
