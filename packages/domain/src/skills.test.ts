import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { skillCodes, skillGroups, skillLabel } from './skills';

describe('skills', () => {
  it('lists the spec section 3 codes by group, in order', () => {
    expect(skillGroups.map((group) => [group.code, group.skills.map((skill) => skill.code)])).toEqual([
      ['AGED_CARE', ['AGEDGEN', 'DEMENTIA', 'PARKINSONS', 'FRAIL']],
      ['DISABILITY', ['CFDA', 'CFDC', 'CP', 'MND', 'ABI', 'MS', 'AUTISM', 'DS', 'ID', 'SCI', 'VI', 'DISABILITY_OTHER']],
      ['OTHER_CARE', ['POC', 'PC', 'CHCR']],
      ['MENTAL_HEALTH', ['DEPRESSION', 'ANXIETY', 'PSYSOC', 'SCHIZO', 'BIPOLAR', 'OCD', 'MENTOTHER']],
    ]);
  });

  it('has skillCodes equal to the grouped codes, each once', () => {
    const grouped = skillGroups.flatMap((group) => group.skills.map((skill) => skill.code));
    expect([...skillCodes]).toEqual(grouped);
    expect(new Set(skillCodes).size).toBe(skillCodes.length);
  });

  it('gives every skill and group a distinct, non-empty label', () => {
    const labels = skillGroups.flatMap((group) => group.skills.map((skill) => skill.label));
    expect(labels.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
    expect(skillGroups.map((group) => group.label)).toEqual(['Aged care', 'Disability', 'Other care', 'Mental health']);
  });

  it('labels a code', () => {
    expect(skillLabel('MND')).toBe('Motor neurone disease');
  });

  it('works as a zod enum', () => {
    const schema = z.enum(skillCodes);
    expect(schema.parse('DEMENTIA')).toBe('DEMENTIA');
    expect(schema.safeParse('dementia').success).toBe(false);
  });
});
