import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { taskCodes, taskGroups, taskLabel } from './tasks';

describe('tasks', () => {
  it('lists the spec section 3 codes by group, in order', () => {
    expect(taskGroups.map((group) => [group.code, group.tasks.map((task) => task.code)])).toEqual([
      ['HOUSEHOLD', ['CTD', 'CTDL', 'COOK', 'MEAL', 'ADM', 'CAIS']],
      ['PERSONAL', ['CTP', 'CTS', 'AUSLAN', 'HAM', 'TS', 'CM', 'PEG', 'HAT']],
      ['COMMUNITY', ['CTE', 'CA', 'FIT', 'ART', 'MT', 'SKILLDEV']],
    ]);
  });

  it('has taskCodes equal to the grouped codes, each once', () => {
    expect([...taskCodes]).toEqual(taskGroups.flatMap((group) => group.tasks.map((task) => task.code)));
    expect(new Set(taskCodes).size).toBe(taskCodes.length);
  });

  it('gives every task a distinct label', () => {
    const labels = taskCodes.map(taskLabel);
    expect(labels.every((label) => label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('works as a zod enum', () => {
    expect(z.enum(taskCodes).safeParse('COOK').success).toBe(true);
    expect(z.enum(taskCodes).safeParse('BAKE').success).toBe(false);
  });
});
