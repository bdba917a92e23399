import { stateOfCity } from '@tendly/domain/cities';
import { parseStateCode, stateCodes, type StateCode } from '@tendly/domain/states';
import { matchKey } from './match-text';

export interface LocalityName {
  suburb: string;
  state: StateCode;
  postcode: string;
  mmmClass: number | null;
}

/** One suburb name and the states that have a suburb of that name. */
export interface Place {
  name: string;
  /** By state: the most urban Modified Monash class of that name there (1 is a city). */
  states: ReadonlyMap<StateCode, number>;
}

export interface LocalityIndex {
  /** The suburb of a key (`placeKey`), if any. */
  suburb(key: string): Place | undefined;
  /** The states a postcode is in (a few postcodes cross a border). */
  postcodeStates(postcode: string): readonly StateCode[] | undefined;
  /** The longest suburb name, in words. */
  maxWords: number;
  /** Whether the index holds any locality (tests may run without the reference data). */
  isEmpty: boolean;
}

/** Short forms people write for the words suburb names spell out. */
const wordForms: Readonly<Record<string, string>> = { mt: 'mount', saint: 'st', pt: 'point', nth: 'north', sth: 'south' };

/** `matchKey` with short forms spelled as the localities spell them: "Mt Druitt" → "mount druitt". */
export function placeKey(text: string): string {
  return matchKey(text)
    .split(' ')
    .map((word) => wordForms[word] ?? word)
    .join(' ');
}

export function buildLocalityIndex(rows: readonly LocalityName[]): LocalityIndex {
  const suburbs = new Map<string, { name: string; states: Map<StateCode, number> }>();
  const postcodes = new Map<string, StateCode[]>();
  let maxWords = 1;
  for (const row of rows) {
    const key = placeKey(row.suburb);
    if (!key) continue;
    const place = suburbs.get(key) ?? { name: row.suburb, states: new Map<StateCode, number>() };
    const mmm = row.mmmClass ?? 8;
    place.states.set(row.state, Math.min(place.states.get(row.state) ?? 8, mmm));
    suburbs.set(key, place);
    maxWords = Math.max(maxWords, key.split(' ').length);
    const states = postcodes.get(row.postcode) ?? [];
    if (!states.includes(row.state)) states.push(row.state);
    postcodes.set(row.postcode, states);
  }
  return {
    suburb: (key) => suburbs.get(key),
    postcodeStates: (postcode) => postcodes.get(postcode),
    maxWords,
    isEmpty: suburbs.size === 0,
  };
}

/**
 * The state of a suburb name several states share ("Richmond" is in five): the first preferred
 * state that has it (a state written beside it, a postcode's state, a state named elsewhere in the
 * text, the state of the location chosen before), otherwise the most urban one (lowest Modified
 * Monash class), otherwise the most populous state (the order of `stateCodes`).
 */
export function chooseState(place: Place, preferred: readonly StateCode[]): StateCode {
  for (const state of preferred) if (place.states.has(state)) return state;
  let best: StateCode | undefined;
  for (const state of stateCodes) {
    const mmm = place.states.get(state);
    if (mmm === undefined) continue;
    if (best === undefined || mmm < (place.states.get(best) ?? 9)) best = state;
  }
  if (!best) throw new RangeError(`${place.name} has no state`);
  return best;
}

/** "Marrickville NSW": the form GET /api/search resolves. */
export function placeLabel(place: Place, state: StateCode): string {
  return `${place.name} ${state}`;
}

/** The state of a "Suburb STATE" location, to prefer when a later suburb name is ambiguous. */
export function stateOfLocation(location: string | undefined): StateCode | undefined {
  const match = location ? /\s([A-Za-z]{2,3})$/.exec(location.trim()) : null;
  return match?.[1] ? parseStateCode(match[1]) : undefined;
}

/**
 * Turns a location written anywhere else (a model's answer, a shared link) into the search's
 * form: "marrickville" or "Marrickville, NSW" → "Marrickville NSW"; "Carlton, Melbourne" or
 * "Springfield in Queensland" → the suburb of that name in the city's or the state's state; a
 * known postcode stays as it is. Null when the localities do not know it, or it names a state
 * that has no suburb of the name.
 */
export function resolveLocation(index: LocalityIndex, text: string, preferred: readonly StateCode[] = []): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (/^\d{4}$/.test(trimmed)) return index.postcodeStates(trimmed) ? trimmed : null;
  const match = /^(.*?)[\s,]+(\d{4})$/.exec(trimmed);
  const withoutPostcode = match ? (match[1] ?? '') : trimmed;
  const postcodeStates = match?.[2] ? (index.postcodeStates(match[2]) ?? []) : [];

  const whole = index.suburb(placeKey(withoutPostcode));
  if (whole) return placeLabel(whole, chooseState(whole, [...postcodeStates, ...preferred]));

  // A state or a city after the name, the shortest first: "Box Hill VIC", "Carlton, Melbourne".
  const words = withoutPostcode.split(/\s*,\s*|\s+/).filter(Boolean);
  for (let cut = words.length - 1; cut >= 1; cut -= 1) {
    const qualifier = words.slice(cut).join(' ');
    const writtenState = parseStateCode(qualifier);
    const state = writtenState ?? stateOfCity(qualifier);
    if (!state) continue;
    const nameWords = words.slice(0, cut);
    if (nameWords.length > 1 && nameWords.at(-1)?.toLowerCase() === 'in') nameWords.pop();
    const place = index.suburb(placeKey(nameWords.join(' ')));
    if (!place) continue;
    if (writtenState && !place.states.has(writtenState)) return null;
    return placeLabel(place, chooseState(place, [state, ...postcodeStates, ...preferred]));
  }
  return null;
}
