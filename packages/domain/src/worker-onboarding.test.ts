import { describe, expect, it } from 'vitest';
import { completeOnboardingFacts as complete, emptyOnboardingFacts as empty } from './testing/onboarding-facts';
import { workerOnboardingChecklist } from './worker-onboarding';

describe('workerOnboardingChecklist', () => {
  it('lists every required item as missing for a new worker, at 0%, and cannot be submitted', () => {
    const checklist = workerOnboardingChecklist(empty);
    expect(checklist.progressPercent).toBe(0);
    expect(checklist.canSubmitForReview).toBe(false);
    expect(checklist.missing).toEqual([
      'A headline and a bio of 50 to 2,000 characters',
      'The support you offer and your skills',
      'A profile photo',
      'Your rates',
      'When you are available',
      'Your home suburb and how far you travel',
      'Your required compliance documents',
      '2 referees',
      'Your tax, super and bank details',
      'The platform induction in the learning hub',
    ]);
    expect(checklist.items.map((item) => [item.id, item.isRequired, item.href])).toContainEqual(['documents', true, '/care-worker/documents']);
    expect(checklist.items.find((item) => item.id === 'languages')).toMatchObject({ isRequired: false, isDone: false });
  });

  it('may be submitted once every required item is done, whatever the optional ones', () => {
    const checklist = workerOnboardingChecklist(complete);
    expect(checklist).toMatchObject({ progressPercent: 100, missing: [], canSubmitForReview: true });
    expect(checklist.items.filter((item) => !item.isDone).map((item) => item.id)).toEqual(['experience', 'languages']);
  });

  it('needs a bio of 50 to 2,000 characters, not counting spaces around it', () => {
    const about = (bio: string) => workerOnboardingChecklist({ ...complete, bio }).items.find((item) => item.id === 'about')?.isDone;
    expect(about(`${'x'.repeat(49)}     `)).toBe(false);
    expect(about('x'.repeat(50))).toBe(true);
    expect(about('x'.repeat(2000))).toBe(true);
    expect(about('x'.repeat(2001))).toBe(false);
    expect(workerOnboardingChecklist({ ...complete, bio: 'short' }).progressPercent).toBe(90);
  });

  it('needs a working-with-children check only from a worker who supports people under 18', () => {
    expect(workerOnboardingChecklist({ ...complete, supportsMinors: true }).missing).toEqual(['Your required compliance documents']);
    expect(
      workerOnboardingChecklist({ ...complete, supportsMinors: true, currentDocumentKinds: [...complete.currentDocumentKinds, 'WORKING_WITH_CHILDREN'] })
        .canSubmitForReview,
    ).toBe(true);
    expect(workerOnboardingChecklist({ ...complete, currentDocumentKinds: ['POLICE_CHECK', 'FIRST_AID'] }).missing).toEqual([
      'Your required compliance documents',
    ]);
  });

  it('needs both referees, every rate but the overnight ones, and the induction passed', () => {
    expect(workerOnboardingChecklist({ ...complete, refereeCount: 1 }).missing).toEqual(['2 referees']);
    expect(workerOnboardingChecklist({ ...complete, publicHolidayRateCents: null }).missing).toEqual(['Your rates']);
    expect(workerOnboardingChecklist({ ...complete, hasPassedInduction: false }).missing).toEqual(['The platform induction in the learning hub']);
    expect(workerOnboardingChecklist({ ...complete, travelRadiusKm: null }).missing).toEqual(['Your home suburb and how far you travel']);
  });
});
