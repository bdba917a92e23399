import { toCodedOptions } from './coded-options';

/**
 * Who the care is for (job field `careFor`, spec section 3). The codes are the spec's own
 * strings, kept as they are because stored jobs and links carry them.
 */
export const careForCodes = [
  'Me',
  'Partner/Spouse',
  'Immediate Family',
  'Extended Family',
  'Friend',
  'Client',
] as const;
export type CareFor = (typeof careForCodes)[number];

const careForLabels: Record<CareFor, string> = {
  Me: 'Myself',
  'Partner/Spouse': 'My partner or spouse',
  'Immediate Family': 'A member of my immediate family',
  'Extended Family': 'A member of my extended family',
  Friend: 'A friend',
  Client: 'A client I support professionally',
};

export const careForOptions = toCodedOptions(careForCodes, careForLabels);

export function careForLabel(code: CareFor): string {
  return careForLabels[code];
}
