import type { MatchFilters } from '@tendly/domain/api/search';
import type { CareFor } from '@tendly/domain/care-for';
import { dayCodes, dayLabel, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import { languageLabel } from '@tendly/domain/languages';
import { qualificationLabel } from '@tendly/domain/qualifications';
import { skillLabel } from '@tendly/domain/skills';
import { capitalise, joinList } from '@tendly/domain/format';

export interface UnderstoodLine {
  filter: string;
  label: string;
}

const careForLines: Readonly<Record<CareFor, string>> = {
  Me: 'For you',
  'Partner/Spouse': 'For your partner',
  'Immediate Family': 'For a family member',
  'Extended Family': 'For a relative',
  Friend: 'For a friend',
  Client: 'For your client',
};

const genderLines: Readonly<Record<NonNullable<MatchFilters['gender']>, string>> = {
  ANY: 'Any gender',
  FEMALE: 'A woman',
  MALE: 'A man',
  NON_BINARY: 'A non-binary worker',
};

/** A skill's label inside a sentence: "dementia", but "Parkinson's disease" and "Down syndrome" keep their capitals. */
function inSentence(label: string): string {
  return /^(Parkinson|Down|OCD)/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

const weekdays: readonly DayCode[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const weekend: readonly DayCode[] = ['sat', 'sun'];
const sameDays = (a: readonly DayCode[], b: readonly DayCode[]) => a.length === b.length && a.every((day) => b.includes(day));

/** Days as the first word of "… mornings": "Weekday", "Weekend", "Monday and Wednesday". */
function daysAsAdjective(days: readonly DayCode[]): string {
  if (sameDays(days, weekdays)) return 'Weekday';
  if (sameDays(days, weekend)) return 'Weekend';
  return joinList(days.map(dayLabel));
}

/** Days on their own: "Weekdays", "Every day", "Mondays and Wednesdays". */
function daysAsNoun(days: readonly DayCode[]): string {
  if (sameDays(days, dayCodes)) return 'Every day';
  if (sameDays(days, weekdays)) return 'Weekdays';
  if (sameDays(days, weekend)) return 'Weekends';
  return joinList(days.map((day) => `${dayLabel(day)}s`));
}

function slotsAsNoun(slots: readonly AvailabilitySlot[]): string {
  return joinList(slots.map((slot) => `${slot}s`));
}

function whenLine(days: readonly DayCode[] | undefined, slots: readonly AvailabilitySlot[] | undefined): string {
  if (days?.length && slots?.length) {
    if (sameDays(days, dayCodes)) return `${capitalise(slotsAsNoun(slots))}, every day`;
    return `${daysAsAdjective(days)} ${slotsAsNoun(slots)}`;
  }
  if (days?.length) return daysAsNoun(days);
  if (slots?.length) return capitalise(slotsAsNoun(slots));
  return 'Any day or time';
}

/** "Within 25 km of Parramatta NSW", "Near postcode 2204" (no radius). */
function placeLine(location: string, locationType: MatchFilters['locationType']): string {
  const place = /^\d{4}$/.test(location) ? `postcode ${location}` : location;
  const radius = locationType ? locationTypeRadiusKm(locationType) : null;
  return radius === null ? `Near ${place}` : `Within ${radius} km of ${place}`;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between two sets of filters, one plain line per filter set or removed ("Speaks
 * Greek", "Near Marrickville NSW", "Weekday mornings"). Days and parts of the day that changed
 * together read as one line, named by `availability`.
 */
export function describeChanges(before: MatchFilters, after: MatchFilters): UnderstoodLine[] {
  const lines: UnderstoodLine[] = [];
  const changed = (filter: keyof MatchFilters) => !sameValue(before[filter], after[filter]);

  if (changed('skillType')) {
    lines.push({ filter: 'skillType', label: after.skillType?.length ? `Has experience with ${joinList(after.skillType.map((code) => inSentence(skillLabel(code))))}` : 'Any experience' });
  }
  if (changed('personalCare')) lines.push({ filter: 'personalCare', label: after.personalCare ? 'Helps with personal care' : 'Personal care not needed' });
  if (changed('qualifications')) {
    const labels = (after.qualifications ?? []).map(qualificationLabel);
    lines.push({ filter: 'qualifications', label: labels.length ? `Qualified: ${joinList(labels)}` : 'Any qualifications' });
  }
  if (changed('careFor')) lines.push({ filter: 'careFor', label: after.careFor ? careForLines[after.careFor] : 'For anyone' });
  // The place and its radius read as one line ("Within 25 km of Parramatta NSW"), named by
  // whichever changed: the place first.
  if (changed('location') || (after.location && changed('locationType'))) {
    lines.push({ filter: changed('location') ? 'location' : 'locationType', label: after.location ? placeLine(after.location, after.locationType) : 'Anywhere' });
  }
  const daysChanged = changed('availability');
  const slotsChanged = changed('timesOfDay');
  if (daysChanged && slotsChanged && after.availability?.length && after.timesOfDay?.length) {
    lines.push({ filter: 'availability', label: whenLine(after.availability, after.timesOfDay) });
  } else {
    if (daysChanged) lines.push({ filter: 'availability', label: after.availability?.length ? whenLine(after.availability, undefined) : 'Any day' });
    if (slotsChanged) lines.push({ filter: 'timesOfDay', label: after.timesOfDay?.length ? whenLine(undefined, after.timesOfDay) : 'Any time of day' });
  }
  if (changed('gender')) {
    lines.push({ filter: 'gender', label: genderLines[after.gender ?? 'ANY'] });
  }
  if (changed('carerLanguage')) {
    lines.push({ filter: 'carerLanguage', label: after.carerLanguage?.length ? `Speaks ${joinList(after.carerLanguage.map(languageLabel), 'or')}` : 'Any language' });
  }
  if (changed('driving')) lines.push({ filter: 'driving', label: after.driving ? 'Can drive' : 'Driving not needed' });
  if (changed('hasVerifiedNDISScreening')) {
    lines.push({ filter: 'hasVerifiedNDISScreening', label: after.hasVerifiedNDISScreening ? 'Has a verified NDIS worker screening check' : 'NDIS screening not required' });
  }
  if (changed('keyword')) lines.push({ filter: 'keyword', label: after.keyword ? `Mentions “${after.keyword}” in their profile` : 'No keyword' });
  return lines;
}
