import type { WorkerSummary } from '@tendly/domain/api/search';
import { formatDistance } from '@tendly/domain/format';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import { qualificationLabel } from '@tendly/domain/qualifications';
import { skillLabel } from '@tendly/domain/skills';
import { describeDays, describeGender, describeLanguage, flagWording, joinList } from './filter-wording';
import type { SearchFilters } from './search-filters';

/**
 * Why a worker came up in an AI match, in plain words: the filters the worker meets, read from
 * the worker's own summary, so a reason is never claimed that the worker does not show ("Speaks
 * Greek · Dementia experience · Free on weekdays · 2.35 km away"). A filter the worker does not
 * meet is left out. The parts of the day asked for are not claimed: the search applies them, but
 * a summary says which days a worker is free, not at what time, and the profile shows the hours.
 * The distance counts only inside the radius searched.
 */
export function matchReasons(worker: WorkerSummary, filters: SearchFilters): string[] {
  const reasons: string[] = [];

  for (const code of filters.carerLanguage) {
    if (worker.languages.includes(code)) reasons.push(describeLanguage(code));
  }
  for (const code of filters.skillType) {
    if (worker.skills.includes(code)) reasons.push(`${skillLabel(code)} experience`);
  }

  const freeDays = filters.availability.filter((day) => worker.availableDays.includes(day));
  if (freeDays.length > 0 && freeDays.length === filters.availability.length) {
    reasons.push(`Free ${describeDays(freeDays)}`);
  } else if (freeDays.length > 0) {
    reasons.push(`Free ${describeDays(freeDays)} (${freeDays.length} of the ${filters.availability.length} days you asked for)`);
  }

  // Distance is a reason only inside the radius searched: with any distance, 695 km is no reason.
  const radiusKm = locationTypeRadiusKm(filters.locationType);
  if (filters.location.trim() && worker.distance !== null && radiusKm !== null && worker.distance <= radiusKm * 1000) {
    reasons.push(`${formatDistance(worker.distance)} away`);
  }
  if (filters.gender !== 'ANY' && worker.gender === filters.gender) reasons.push(describeGender(filters.gender));

  const heldQualifications = filters.qualifications.filter((code) => worker.qualifications.includes(code));
  if (heldQualifications.length) reasons.push(`Holds ${joinList(heldQualifications.map(qualificationLabel))}`);

  if (filters.hasVerifiedNDISScreening && worker.checks.ndisScreening) reasons.push(flagWording.hasVerifiedNDISScreening.chip);
  if (filters.driving && worker.driving) reasons.push(flagWording.driving.chip);
  if (filters.personalCare && worker.personalCare) reasons.push(flagWording.personalCare.chip);

  const keyword = filters.keyword.trim();
  if (keyword && mentions(worker, keyword)) reasons.push(`Mentions “${keyword}”`);

  return reasons;
}

/** Whether the worker's headline or bio has the keyword as written (the search also forgives typos). */
function mentions(worker: WorkerSummary, keyword: string): boolean {
  const text = `${worker.headline ?? ''} ${worker.description}`.toLocaleLowerCase('en-AU');
  return text.includes(keyword.toLocaleLowerCase('en-AU'));
}

/** The reasons as one line. */
export function matchReasonLine(reasons: readonly string[]): string {
  return reasons.join(' · ');
}
