import { describe, expect, it } from 'vitest';
import { isOneOf, toCodedOptions } from './coded-options';

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
