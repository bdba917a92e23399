import type { MatchFilters } from '@tendly/domain/api/search';
import { availabilitySlots, dayCodes } from '@tendly/domain/days';
import { languageCodes } from '@tendly/domain/languages';
import { qualificationCodes } from '@tendly/domain/qualifications';
import { skillCodes } from '@tendly/domain/skills';
import { placeKey } from './locality-index';
import type { ListChange, Reading } from './read-request';

type ListFilter = 'skillType' | 'availability' | 'timesOfDay' | 'carerLanguage' | 'qualifications';

/** Each list in the order of its reference list, so filters compare and read the same way every time. */
const listOrders: { readonly [K in ListFilter]: readonly NonNullable<MatchFilters[K]>[number][] } = {
  skillType: skillCodes,
  availability: dayCodes,
  timesOfDay: availabilitySlots,
  carerLanguage: languageCodes,
  qualifications: qualificationCodes,
};

/**
 * What a list does when the text says neither "too" nor "instead": conditions and qualifications
 * pile up as the person tells more ("she has anxiety"), while days, times and languages said again
 * are a change of mind ("weekend afternoons" after "weekday mornings").
 */
const listHabits: { readonly [K in ListFilter]: 'add' | 'replace' } = {
  skillType: 'add',
  qualifications: 'add',
  availability: 'replace',
  timesOfDay: 'replace',
  carerLanguage: 'replace',
};

/**
 * Days and parts of the day a text only rules out ("not on weekends", "no mornings") mean the
 * others; a skill or language ruled out is simply dropped.
 */
const complementWhenEmptied: ReadonlySet<ListFilter> = new Set(['availability', 'timesOfDay']);

function refineList<K extends ListFilter>(filter: K, current: MatchFilters[K], change: ListChange<NonNullable<MatchFilters[K]>[number]>, mode: Reading['listMode']): MatchFilters[K] {
  type Value = NonNullable<MatchFilters[K]>[number];
  const order = listOrders[filter] as readonly Value[];
  // A text that both adds and takes out ("swap Greek for Italian") edits the list; it does not replace it.
  const isEdit = change.include.length > 0 && change.exclude.length > 0;
  const replaces = !isEdit && (mode ?? listHabits[filter]) === 'replace' && change.include.length > 0;
  let values: Value[] = change.clear || replaces ? [] : [...(current ?? [])];
  for (const value of change.include) if (!values.includes(value)) values.push(value);
  values = values.filter((value) => !change.exclude.includes(value));
  if (values.length === 0 && change.include.length === 0 && change.exclude.length > 0 && complementWhenEmptied.has(filter)) {
    values = order.filter((value) => !change.exclude.includes(value));
  }
  const sorted = order.filter((value) => values.includes(value));
  return (sorted.length > 0 ? sorted : undefined) as MatchFilters[K];
}

/** Whether "not Marrickville" names the current location ("Marrickville NSW"), state or not. */
function namesLocation(excluded: string, current: string): boolean {
  const withoutState = (location: string) => placeKey(location.replace(/\s+[A-Z]{2,3}$/, ''));
  return excluded === current || withoutState(excluded) === withoutState(current);
}

/**
 * Merges what a text said into the filters so far: lists grow or are replaced (as the text says,
 * or by each list's habit), single values are replaced, and what the text ruled out or cleared goes. Without a location, a
 * radius means nothing, so it goes with it.
 */
export function refineFilters(current: MatchFilters, reading: Reading): MatchFilters {
  const base: MatchFilters = reading.reset ? {} : current;
  const next: MatchFilters = { ...base };
  next.skillType = refineList('skillType', base.skillType, reading.skillType, reading.listMode);
  next.availability = refineList('availability', base.availability, reading.availability, reading.listMode);
  next.timesOfDay = refineList('timesOfDay', base.timesOfDay, reading.timesOfDay, reading.listMode);
  next.carerLanguage = refineList('carerLanguage', base.carerLanguage, reading.carerLanguage, reading.listMode);
  next.qualifications = refineList('qualifications', base.qualifications, reading.qualifications, reading.listMode);

  if (reading.location.value) next.location = reading.location.value;
  else if (reading.location.clear || (next.location && reading.location.excluded.some((place) => namesLocation(place, next.location ?? '')))) {
    delete next.location;
    delete next.locationType;
  }
  if (reading.locationType) next.locationType = reading.locationType;
  if (reading.gender) next.gender = reading.gender;
  if (reading.keyword) next.keyword = reading.keyword;
  else if (reading.clearKeyword) delete next.keyword;
  if (reading.careFor) next.careFor = reading.careFor;
  for (const [filter, value] of Object.entries(reading.flags) as [keyof Reading['flags'], boolean][]) {
    if (value) next[filter] = true;
    else delete next[filter];
  }
  return withoutEmpty(next);
}

/** Drops keys left undefined, so that filters compare and serialise cleanly. */
export function withoutEmpty(filters: MatchFilters): MatchFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))) as MatchFilters;
}

/**
 * Filters from elsewhere (the language model, the client) in the parser's shape: lists in
 * reference order without repeats or empties, flags only when true, the keyword trimmed.
 */
export function normaliseFilters(filters: MatchFilters): MatchFilters {
  const ordered = <K extends ListFilter>(filter: K): MatchFilters[K] => {
    const values = filters[filter] as readonly NonNullable<MatchFilters[K]>[number][] | undefined;
    const sorted = (listOrders[filter] as readonly NonNullable<MatchFilters[K]>[number][]).filter((value) => values?.includes(value));
    return (sorted.length > 0 ? sorted : undefined) as MatchFilters[K];
  };
  return withoutEmpty({
    ...filters,
    skillType: ordered('skillType'),
    availability: ordered('availability'),
    timesOfDay: ordered('timesOfDay'),
    carerLanguage: ordered('carerLanguage'),
    qualifications: ordered('qualifications'),
    location: filters.location?.trim() || undefined,
    keyword: filters.keyword?.trim() || undefined,
    driving: filters.driving || undefined,
    personalCare: filters.personalCare || undefined,
    hasVerifiedNDISScreening: filters.hasVerifiedNDISScreening || undefined,
  });
}
