import { describe, expect, it } from 'vitest';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { matchReasonLine, matchReasons } from './match-reasons';
import { emptyFilters, type SearchFilters } from './search-filters';
import { testWorkerSummary } from './test-search-api';

const worker: WorkerSummary = testWorkerSummary({
  carerId: 'w1',
  avatar: '/api/avatars/w1.svg',
  distance: 2345,
  headline: 'Patient and kind',
  description: 'I love Gardening and music.',
  skills: ['DEMENTIA', 'AGEDGEN'],
  qualifications: ['CERT3_INDIVIDUAL_SUPPORT', 'FIRST_AID'],
  personalCare: false,
  rating: null,
  reviewCount: 0,
  lastActiveAt: null,
});

const asked: SearchFilters = {
  ...emptyFilters,
  location: 'Marrickville',
  locationType: 'KM_10',
  carerLanguage: ['el'],
  skillType: ['DEMENTIA'],
  availability: ['mon', 'tue', 'wed', 'thu', 'fri'],
};

describe('reasons for an AI match', () => {
  it('says which asked-for filters the worker meets, in the order people ask', () => {
    expect(matchReasonLine(matchReasons(worker, asked))).toBe('Speaks Greek · Dementia experience · Free on weekdays · 2.35 km away');
  });

  it('claims nothing the worker does not show', () => {
    const reasons = matchReasons(
      { ...worker, languages: ['en'], skills: ['AGEDGEN'], availableDays: ['sat'], distance: null, personalCare: false, checks: { ...worker.checks, ndisScreening: false } },
      { ...asked, personalCare: true, hasVerifiedNDISScreening: true, gender: 'MALE', keyword: 'chess' },
    );
    expect(reasons).toEqual([]);
  });

  it('gives the distance as a reason only inside the radius searched (issue 11: 695 km away is no reason)', () => {
    expect(matchReasons({ ...worker, distance: 695_000 }, asked)).not.toContain('695 km away');
    expect(matchReasons({ ...worker, distance: 695_000 }, { ...asked, locationType: 'ANY' })).toEqual(['Speaks Greek', 'Dementia experience', 'Free on weekdays']);
    expect(matchReasons(worker, { ...asked, locationType: 'ANY' })).not.toContain('2.35 km away');
  });

  it('says when only some of the asked-for days are free', () => {
    expect(matchReasons({ ...worker, availableDays: ['mon', 'sat'] }, { ...emptyFilters, availability: ['mon', 'wed', 'fri'] })).toEqual([
      'Free on Monday (1 of the 3 days you asked for)',
    ]);
  });

  it('names gender, qualifications, checks, driving and a keyword the profile mentions', () => {
    const reasons = matchReasons(worker, {
      ...emptyFilters,
      gender: 'FEMALE',
      qualifications: ['CERT3_INDIVIDUAL_SUPPORT', 'FIRST_AID', 'CPR'],
      hasVerifiedNDISScreening: true,
      driving: true,
      keyword: 'gardening',
    });
    expect(reasons).toEqual([
      'Female worker',
      'Holds Certificate III in Individual Support and First Aid certificate',
      'NDIS screening verified',
      'Drives',
      'Mentions “gardening”',
    ]);
  });

  it('gives no distance when no place was searched', () => {
    expect(matchReasons(worker, { ...emptyFilters, carerLanguage: ['el'] })).toEqual(['Speaks Greek']);
  });
});
