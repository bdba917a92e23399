import { describe, expect, it } from 'vitest';
import { emptyAvailability } from '@tendly/domain/days';
import { workerProfileCompleteness, type CompletenessInput } from './worker-profile-completeness';

const empty: CompletenessInput = {
  avatarUrl: null,
  bio: null,
  headline: null,
  skills: [],
  weekdayRateCents: null,
  availability: emptyAvailability(),
  localityId: null,
  latitude: null,
  longitude: null,
  policeCheckVerifiedAt: null,
  ndisScreeningVerifiedAt: null,
};

const complete: CompletenessInput = {
  avatarUrl: '/api/avatars/abc.svg',
  bio: 'I have supported older people at home for six years. '.repeat(3),
  headline: 'Patient, reliable aged care worker',
  skills: ['DEMENTIA'],
  weekdayRateCents: 4500,
  availability: { ...emptyAvailability(), mon: { morning: true, afternoon: false, evening: false } },
  localityId: 12,
  latitude: -33.9,
  longitude: 151.2,
  policeCheckVerifiedAt: new Date(),
  ndisScreeningVerifiedAt: new Date(),
};

describe('workerProfileCompleteness', () => {
  it('lists everything for a new profile, in order, at 0%', () => {
    expect(workerProfileCompleteness(empty)).toEqual({
      completenessPercent: 0,
      missing: [
        'A profile photo',
        'A bio of at least 100 characters',
        'A headline',
        'Your skills',
        'Your hourly rates',
        'When you are available',
        'Where you work',
        'A verified police check and NDIS worker screening check',
      ],
    });
  });

  it('is 100% with nothing missing for a complete profile', () => {
    expect(workerProfileCompleteness(complete)).toEqual({ completenessPercent: 100, missing: [] });
  });

  it('needs a bio of at least 100 characters, not counting surrounding spaces', () => {
    const short = workerProfileCompleteness({ ...complete, bio: `${'x'.repeat(99)}    ` });
    expect(short.missing).toEqual(['A bio of at least 100 characters']);
    expect(short.completenessPercent).toBe(88);
    expect(workerProfileCompleteness({ ...complete, bio: 'x'.repeat(100) }).missing).toEqual([]);
  });

  it('needs both checks verified', () => {
    expect(workerProfileCompleteness({ ...complete, ndisScreeningVerifiedAt: null }).missing).toEqual([
      'A verified police check and NDIS worker screening check',
    ]);
  });
});
