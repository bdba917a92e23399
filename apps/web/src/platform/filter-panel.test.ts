import { describe, expect, it, vi } from 'vitest';
import { skillCodes } from '@tendly/domain/skills';
import { codesIn, filterBinding, skillPickerList } from './filter-panel';

interface TestFilters {
  readonly days: readonly string[];
  readonly keyword: string;
}

describe('search filter fields', () => {
  it('keeps the codes a control gives back in the reference list’s order, without unknown ones', () => {
    expect(codesIn(['mon', 'tue', 'wed'] as const, ['wed', 'sun', 'mon'])).toEqual(['mon', 'wed']);
    expect(codesIn(['mon', 'tue'] as const, [])).toEqual([]);
  });

  it('binds a field to one filter: it shows that filter and a change sets it, keeping the others', () => {
    const onChange = vi.fn();
    const bind = filterBinding<TestFilters>({ days: ['mon'], keyword: 'cooking' }, onChange);
    const field = bind('days');
    expect(field.value).toEqual(['mon']);
    field.onChange(['mon', 'fri']);
    expect(onChange).toHaveBeenCalledWith({ days: ['mon', 'fri'], keyword: 'cooking' });
  });

  it('offers every skill, in groups, with the page’s own words for a search that finds none', () => {
    const list = skillPickerList('No support by that name');
    expect(list.codes).toBe(skillCodes);
    expect(list.nothingFound).toBe('No support by that name');
    const offered = list.data.flatMap((entry) => (typeof entry === 'object' && 'items' in entry ? entry.items : []));
    expect(offered.map((item) => (typeof item === 'object' ? item.value : item)).sort()).toEqual([...skillCodes].sort());
  });
});
