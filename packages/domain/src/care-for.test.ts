import { describe, expect, it } from 'vitest';
import { careForCodes, careForLabel, careForOptions } from './care-for';

describe('who the care is for', () => {
  it('uses the spec strings as codes', () => {
    expect(careForOptions.map((option) => option.code)).toEqual([
      'Me',
      'Partner/Spouse',
      'Immediate Family',
      'Extended Family',
      'Friend',
      'Client',
    ]);
    expect(new Set(careForCodes).size).toBe(careForCodes.length);
    expect(careForLabel('Partner/Spouse')).toBe('My partner or spouse');
  });
});
