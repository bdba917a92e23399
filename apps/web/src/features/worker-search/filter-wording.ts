import { careForLabel, type CareFor } from '@tendly/domain/care-for';
import { ACTIVE_WORKER_DAYS, NEW_WORKER_DAYS } from '@tendly/domain/constants';
import { availabilitySlotOptions, dayCodes, dayLabel, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import { genderPreferences, locationTypeRadiusKm, type GenderPreference, type LocationType } from '@tendly/domain/job-options';
import { languageLabel, type LanguageCode } from '@tendly/domain/languages';
import type { FlagFilter } from './search-filters';

/**
 * How filters read in plain words, shared by the filter chips, the empty state and the reasons
 * beside AI matches, so one filter is named the same way everywhere on the page.
 */

const listFormat = new Intl.ListFormat('en-AU', { style: 'long', type: 'conjunction' });

/** "Greek, Italian and Arabic". */
export function joinList(items: readonly string[]): string {
  return listFormat.format(items);
}

const weekdays: readonly DayCode[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const weekend: readonly DayCode[] = ['sat', 'sun'];

function sameDays(a: readonly DayCode[], b: readonly DayCode[]): boolean {
  return a.length === b.length && b.every((day) => a.includes(day));
}

/** "every day", "on weekdays", "on weekends", or "on Monday and Friday" (in week order). */
export function describeDays(days: readonly DayCode[]): string {
  const ordered = dayCodes.filter((day) => days.includes(day));
  if (ordered.length === dayCodes.length) return 'every day';
  if (sameDays(ordered, weekdays)) return 'on weekdays';
  if (sameDays(ordered, weekend)) return 'on weekends';
  return `on ${joinList(ordered.map(dayLabel))}`;
}

/** "Mornings", "Mornings and evenings". */
export function describeTimesOfDay(slots: readonly AvailabilitySlot[]): string {
  const labels = availabilitySlotOptions.filter((option) => slots.includes(option.code)).map((option) => `${option.label.toLowerCase()}s`);
  const text = joinList(labels);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Near Marrickville" or "Within 10 km of Marrickville". */
export function describeLocation(location: string, locationType: LocationType): string {
  const radius = locationTypeRadiusKm(locationType);
  return radius === null ? `Near ${location}` : `Within ${radius} km of ${location}`;
}

export function describeGender(gender: Exclude<GenderPreference, 'ANY'>): string {
  const label = genderPreferences.find((option) => option.code === gender)?.label ?? gender;
  return `${label} worker`;
}

export function describeLanguage(code: LanguageCode): string {
  return `Speaks ${languageLabel(code)}`;
}

/** "For my partner or spouse", from the domain's who-the-care-is-for labels. */
export function describeCareFor(code: CareFor): string {
  const label = careForLabel(code);
  return `For ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** The yes/no filters: the checkbox label in the filter panel, and the short form on a chip. */
export const flagWording: Readonly<Record<FlagFilter, { readonly control: string; readonly chip: string }>> = {
  hasVerifiedNDISScreening: { control: 'NDIS Worker Screening Check verified', chip: 'NDIS screening verified' },
  driving: { control: 'Drives and can take you out', chip: 'Drives' },
  personalCare: { control: 'Offers personal care', chip: 'Offers personal care' },
  newWorkersOnly: { control: `New workers only (joined in the last ${NEW_WORKER_DAYS} days)`, chip: 'New workers only' },
  activeWorkersOnly: { control: `Active in the last ${ACTIVE_WORKER_DAYS} days`, chip: `Active in the last ${ACTIVE_WORKER_DAYS} days` },
};
