import { describe, expect, it } from 'vitest';
import { isOneOf, knownCodes, toCodedOptions } from './coded-options';

describe('toCodedOptions', () => {
  it('keeps the order of the codes and pairs each with its label', () => {
    expect(toCodedOptions(['B', 'A'], { A: 'Alpha', B: 'Bravo' })).toEqual([
      { code: 'B', label: 'Bravo' },
      { code: 'A', label: 'Alpha' },
    ]);
  });
});

describe('isOneOf', () => {
  it('accepts only exact members', () => {
    expect(isOneOf(['A', 'B'], 'A')).toBe(true);
    expect(isOneOf(['A', 'B'], 'a')).toBe(false);
    expect(isOneOf(['A', 'B'], 1)).toBe(false);
    expect(isOneOf(['A', 'B'], undefined)).toBe(false);
  });
});

describe('knownCodes', () => {
  it('keeps the list’s codes that were given, once each and in the list’s order, and drops the rest', () => {
    expect(knownCodes(['A', 'B', 'C'], ['C', 'x', 'A', 'C', 'a'])).toEqual(['A', 'C']);
    expect(knownCodes(['A', 'B'], [])).toEqual([]);
  });
});
