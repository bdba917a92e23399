import { describe, expect, it } from 'vitest';
import { searcherRoleCodes, searcherRoleLabel, searcherRoleOptions } from './searcher-roles';

describe('searcher roles', () => {
  it('uses the spec strings as codes', () => {
    expect(searcherRoleOptions.map((option) => option.code)).toEqual([
      'CaseWorker',
      'Support Coordinator',
      'Provider',
      'Social Worker',
      'Other',
    ]);
    expect(new Set(searcherRoleCodes).size).toBe(searcherRoleCodes.length);
    expect(searcherRoleLabel('CaseWorker')).toBe('Case worker');
  });
});
