import { describe, expect, it } from 'vitest';
import { dayCodes } from '@tendly/domain/days';
import { payingForCareTypeCodes } from '@tendly/domain/job-options';
import { languageCodes } from '@tendly/domain/languages';
import { qualificationCodes } from '@tendly/domain/qualifications';
import { skillCodes } from '@tendly/domain/skills';
import { createRandom } from '../db/seed/random';
import { codeBits } from './code-bits';
import { TopK } from './top-k';

describe('TopK', () => {
  const byValueThenId = (a: { value: number; id: number }, b: { value: number; id: number }) => b.value - a.value || a.id - b.id;

  it('keeps exactly the first items of a full sort, ties included, in order and beyond the depth kept in order', () => {
    const random = createRandom(3);
    for (const count of [0, 1, 3, 25, 499, 500, 501, 2_000]) {
      const items = Array.from({ length: 3_000 }, (_, id) => ({ value: random.int(0, 40), id }));
      const top = new TopK(count, byValueThenId);
      for (const item of random.sample(items, items.length)) top.offer(item);
      expect(top.sorted()).toEqual([...items].sort(byValueThenId).slice(0, count));
    }
  });

  it('tells the worst item kept once full, and only then', () => {
    const top = new TopK(2, byValueThenId);
    top.offer({ value: 5, id: 1 });
    expect(top.isFull).toBe(false);
    expect(top.worst).toBeUndefined();
    top.offer({ value: 7, id: 2 });
    top.offer({ value: 6, id: 3 });
    expect(top.worst).toEqual({ value: 6, id: 3 });
  });
});

describe('codeBits', () => {
  it('gives each known code its own bit and none to an unknown one', () => {
    expect(codeBits(dayCodes, ['mon', 'wed', 'holiday'])).toBe(0b101);
    expect(codeBits(languageCodes, [languageCodes[33] ?? ''], 32)).toBe(0b10);
  });

  it('fits every list the search indexes keep as bits (languages in two numbers)', () => {
    for (const codes of [skillCodes, dayCodes, qualificationCodes, payingForCareTypeCodes]) expect(codes.length).toBeLessThanOrEqual(32);
    expect(dayCodes.length * 3).toBeLessThanOrEqual(32);
    expect(languageCodes.length).toBeLessThanOrEqual(64);
  });
});
