import type { WorkerProfile } from '@tendly/domain/api/search';
import { formatInstantDate, formatMonthYear } from '@tendly/domain/format';

/** "Marrickville NSW", or whichever half is known, or null. */
export function workerPlace(profile: Pick<WorkerProfile, 'suburb' | 'state'>): string | null {
  const place = [profile.suburb, profile.state].filter(Boolean).join(' ');
  return place || null;
}


/** "3 March 2025" (Australian day-month order). */
export function formatDate(iso: string): string {
  return formatInstantDate(iso);
}

/** "March 2025". */
export function formatMonth(iso: string): string {
  return formatMonthYear(iso);
}

const ratingFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** 4.75 → "4.8". */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}
