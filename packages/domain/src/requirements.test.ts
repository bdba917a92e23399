import { describe, expect, it } from 'vitest';
import { requirementCodes, requirementLabel, requirements } from './requirements';

describe('requirements', () => {
  it('has exactly the spec codes, in order', () => {
    expect(requirements.map((requirement) => requirement.code)).toEqual(['OC', 'HDL', 'WTD', 'WWP', 'WWC', 'WWS']);
    expect([...requirementCodes]).toEqual(requirements.map((requirement) => requirement.code));
  });

  it('gives each a distinct label', () => {
    const labels = requirements.map((requirement) => requirement.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(requirementLabel('HDL')).toBe("Holds a driver's licence");
  });
});
