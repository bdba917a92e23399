import { describe, expect, it } from 'vitest';
import { genderCodes, genders, hearAboutUsCodes, hearAboutUsOptions, userStatuses, workerProfileStatuses } from './profile-options';

describe('profile options', () => {
  it('has the statuses the spec names', () => {
    expect(workerProfileStatuses).toEqual(['ACTIVE', 'INACTIVE']);
    expect(userStatuses).toEqual(['ACTIVE', 'DEACTIVATED']);
  });

  it('has genders with labels', () => {
    expect(genders).toEqual([
      { code: 'FEMALE', label: 'Female' },
      { code: 'MALE', label: 'Male' },
      { code: 'NON_BINARY', label: 'Non-binary' },
    ]);
    expect([...genderCodes]).toEqual(genders.map((gender) => gender.code));
  });

  it('has unique hear-about-us options ending with Other', () => {
    expect(new Set(hearAboutUsCodes).size).toBe(hearAboutUsCodes.length);
    expect(hearAboutUsOptions.map((option) => option.code)).toEqual([...hearAboutUsCodes]);
    expect(hearAboutUsOptions.at(-1)).toEqual({ code: 'OTHER', label: 'Other' });
  });
});
