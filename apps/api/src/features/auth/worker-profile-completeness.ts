import { availableDayCodes, type Availability } from '@tendly/domain/days';

/** A bio shorter than this does not tell a care seeker enough (issue 3). */
export const MIN_BIO_LENGTH = 100;

/** What a worker profile is checked for, and what we tell the worker when it is missing. */
export interface CompletenessInput {
  avatarUrl: string | null;
  bio: string | null;
  headline: string | null;
  skills: readonly string[];
  weekdayRateCents: number | null;
  availability: Availability;
  localityId: number | null;
  latitude: number | null;
  longitude: number | null;
  policeCheckVerifiedAt: Date | null;
  ndisScreeningVerifiedAt: Date | null;
}

const items: readonly { label: string; isDone: (p: CompletenessInput) => boolean }[] = [
  { label: 'A profile photo', isDone: (p) => Boolean(p.avatarUrl?.trim()) },
  { label: `A bio of at least ${MIN_BIO_LENGTH} characters`, isDone: (p) => (p.bio?.trim().length ?? 0) >= MIN_BIO_LENGTH },
  { label: 'A headline', isDone: (p) => Boolean(p.headline?.trim()) },
  { label: 'Your skills', isDone: (p) => p.skills.length > 0 },
  { label: 'Your hourly rates', isDone: (p) => p.weekdayRateCents !== null },
  { label: 'When you are available', isDone: (p) => availableDayCodes(p.availability).length > 0 },
  { label: 'Where you work', isDone: (p) => p.localityId !== null || (p.latitude !== null && p.longitude !== null) },
  {
    label: 'A verified police check and NDIS worker screening check',
    isDone: (p) => p.policeCheckVerifiedAt !== null && p.ndisScreeningVerifiedAt !== null,
  },
];

/** How complete a worker's profile is, in whole percent, and what is still missing, in order. */
export function workerProfileCompleteness(profile: CompletenessInput): { completenessPercent: number; missing: string[] } {
  const missing = items.filter((item) => !item.isDone(profile)).map((item) => item.label);
  return {
    completenessPercent: Math.round(((items.length - missing.length) / items.length) * 100),
    missing,
  };
}
