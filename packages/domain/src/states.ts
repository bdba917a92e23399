import { isOneOf } from './coded-options';

/**
 * Australian states and territories. The spec's display list (section 3) omits the Northern
 * Territory; the product covers all eight (spec README). A shift is interpreted in the time zone
 * of the state where it happens (ARCHITECTURE.md).
 */
export const stateCodes = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type StateCode = (typeof stateCodes)[number];

export type State = { readonly code: StateCode; readonly name: string; readonly timeZone: string };

export const states: readonly State[] = [
  { code: 'NSW', name: 'New South Wales', timeZone: 'Australia/Sydney' },
  { code: 'VIC', name: 'Victoria', timeZone: 'Australia/Melbourne' },
  { code: 'QLD', name: 'Queensland', timeZone: 'Australia/Brisbane' },
  { code: 'WA', name: 'Western Australia', timeZone: 'Australia/Perth' },
  { code: 'SA', name: 'South Australia', timeZone: 'Australia/Adelaide' },
  { code: 'TAS', name: 'Tasmania', timeZone: 'Australia/Hobart' },
  { code: 'ACT', name: 'Australian Capital Territory', timeZone: 'Australia/Sydney' },
  { code: 'NT', name: 'Northern Territory', timeZone: 'Australia/Darwin' },
];

function stateByCode(code: StateCode): State {
  const state = states.find((candidate) => candidate.code === code);
  if (!state) throw new RangeError(`Unknown state: ${code}`);
  return state;
}

export function stateName(code: StateCode): string {
  return stateByCode(code).name;
}

export function stateTimeZone(code: StateCode): string {
  return stateByCode(code).timeZone;
}

export function isStateCode(value: unknown): value is StateCode {
  return isOneOf(stateCodes, value);
}

/**
 * Reads a state from free text (an address form, a postcode data set, a query string): the
 * abbreviation or the full name, any case, extra spaces ignored. Undefined when it is neither.
 */
export function parseStateCode(text: string): StateCode | undefined {
  const wanted = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (isStateCode(wanted)) return wanted;
  return states.find((state) => state.name.toUpperCase() === wanted)?.code;
}
