import type { WorkerProfile } from '@tendly/domain/api/search';

/** "Jane S.": the first name and last initial, all the public ever sees of a worker's name. */
export function workerDisplayName(profile: Pick<WorkerProfile, 'firstName' | 'lastInitial'>): string {
  const initial = profile.lastInitial.trim().replace(/\.$/, '');
  return initial ? `${profile.firstName} ${initial}.` : profile.firstName;
}

/** "Marrickville NSW", or whichever half is known, or null. */
export function workerPlace(profile: Pick<WorkerProfile, 'suburb' | 'state'>): string | null {
  const place = [profile.suburb, profile.state].filter(Boolean).join(' ');
  return place || null;
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric' });

/** "3 March 2025" (Australian day-month order). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "March 2025". */
export function formatMonth(iso: string): string {
  return monthFormat.format(new Date(iso));
}

const ratingFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** 4.75 → "4.8". */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}
