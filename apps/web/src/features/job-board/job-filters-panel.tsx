import { days } from '@tendly/domain/days';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { CodeCheckboxGroup, CodeMultiSelect, filterBinding, FilterPanel, skillPickerList } from '../../platform/filter-panel';
import { emptyJobFilters, hasAnyJobFilter, type JobFilters } from './job-filters';

export const SUPPORT_TYPES_INPUT_ID = 'job-filter-support-types';

const supportList = skillPickerList('No support by that name');

/**
 * The board's filters beside the results: the kinds of support (a searchable picker: the list is
 * long), the days the job needs someone, and who pays. "Clear all" starts the board afresh.
 */
export function JobFiltersPanel({ filters, onChange }: { filters: JobFilters; onChange: (filters: JobFilters) => void }) {
  const bind = filterBinding(filters, onChange);
  return (
    <FilterPanel canClear={hasAnyJobFilter(filters)} onClearAll={() => onChange({ ...emptyJobFilters })}>
      <CodeMultiSelect id={SUPPORT_TYPES_INPUT_ID} label="Type of support" list={supportList} {...bind('skillType')} />
      <CodeCheckboxGroup label="Days needed" options={days} {...bind('availability')} />
      <CodeCheckboxGroup label="Paid by" options={payingForCareTypes} {...bind('payingForCareType')} />
    </FilterPanel>
  );
}
