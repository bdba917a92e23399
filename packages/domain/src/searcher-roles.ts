import { toCodedOptions } from './coded-options';

/**
 * The professional role of someone posting a job for a client (job field `searcherRole`,
 * spec section 3). Codes are the spec's strings, spacing included.
 */
export const searcherRoleCodes = [
  'CaseWorker',
  'Support Coordinator',
  'Provider',
  'Social Worker',
  'Other',
] as const;
export type SearcherRole = (typeof searcherRoleCodes)[number];

const searcherRoleLabels: Record<SearcherRole, string> = {
  CaseWorker: 'Case worker',
  'Support Coordinator': 'Support coordinator',
  Provider: 'Provider',
  'Social Worker': 'Social worker',
  Other: 'Other',
};

export const searcherRoleOptions = toCodedOptions(searcherRoleCodes, searcherRoleLabels);

export function searcherRoleLabel(code: SearcherRole): string {
  return searcherRoleLabels[code];
}
