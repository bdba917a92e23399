import { NativeSelect } from '@mantine/core';
import { isOneOf } from '@tendly/domain/coded-options';
import { availabilitySlotOptions, days } from '@tendly/domain/days';
import { genderPreferenceCodes, genderPreferences } from '@tendly/domain/job-options';
import { languageCodes, languages, type LanguageCode } from '@tendly/domain/languages';
import { qualificationCodes, qualifications, type QualificationCode } from '@tendly/domain/qualifications';
import { CodeCheckboxGroup, CodeMultiSelect, filterBinding, FilterPanel, skillPickerList, type PickerList } from '../../platform/filter-panel';
import { flagWording } from './filter-wording';
import { emptyFilters, hasAnyFilter, type FlagFilter, type SearchFilters } from './search-filters';

/** Ids of the controls, so a chip can send the user to the one that edits it. */
export const filterControlIds = {
  gender: 'filter-gender',
  skillType: 'filter-skills',
  availability: 'filter-days',
  timesOfDay: 'filter-times-of-day',
  carerLanguage: 'filter-languages',
  qualifications: 'filter-qualifications',
  hasVerifiedNDISScreening: 'filter-hasVerifiedNDISScreening',
  driving: 'filter-driving',
  personalCare: 'filter-personalCare',
  newWorkersOnly: 'filter-newWorkersOnly',
  activeWorkersOnly: 'filter-activeWorkersOnly',
} as const;

const flagFilters: readonly FlagFilter[] = ['hasVerifiedNDISScreening', 'driving', 'personalCare', 'newWorkersOnly', 'activeWorkersOnly'];
const flagOptions = flagFilters.map((flag) => ({ code: flag, label: flagWording[flag].control }));

const skillList = skillPickerList('No skill by that name');
const languageList: PickerList<LanguageCode> = {
  data: languages.map((language) => ({ value: language.code, label: language.label })),
  codes: languageCodes,
  nothingFound: 'No language by that name',
};
const qualificationList: PickerList<QualificationCode> = {
  data: qualifications.map((qualification) => ({ value: qualification.code, label: qualification.label })),
  codes: qualificationCodes,
  nothingFound: 'No qualification by that name',
};

/** The first box of a group carries the id a chip's "change" link focuses. */
function firstBox(id: string): (code: string, index: number) => string | undefined {
  return (_, index) => (index === 0 ? id : undefined);
}

function withFlags(filters: SearchFilters, checked: readonly FlagFilter[]): SearchFilters {
  return {
    ...filters,
    hasVerifiedNDISScreening: checked.includes('hasVerifiedNDISScreening'),
    driving: checked.includes('driving'),
    personalCare: checked.includes('personalCare'),
    newWorkersOnly: checked.includes('newWorkersOnly'),
    activeWorkersOnly: checked.includes('activeWorkersOnly'),
  };
}

/**
 * The worker search's filters beside the results (or in the AI worker match's drawer). Labels come
 * from the domain's reference lists. Long lists are searchable pickers; the days, the parts of the
 * day and the yes/no filters are checkboxes. "Clear all" keeps the sort order.
 */
export function FiltersPanel({ filters, onChange }: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  const bind = filterBinding(filters, onChange);
  return (
    <FilterPanel canClear={hasAnyFilter(filters)} onClearAll={() => onChange({ ...emptyFilters, sortType: filters.sortType })}>
      <NativeSelect
        id={filterControlIds.gender}
        label="Worker’s gender"
        data={genderPreferences.map((option) => ({ value: option.code, label: option.label }))}
        value={filters.gender}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isOneOf(genderPreferenceCodes, value)) onChange({ ...filters, gender: value });
        }}
      />
      <CodeMultiSelect id={filterControlIds.skillType} label="Skills and experience" list={skillList} {...bind('skillType')} />
      <CodeCheckboxGroup label="Free on" options={days} checkboxId={firstBox(filterControlIds.availability)} {...bind('availability')} />
      <CodeCheckboxGroup label="Free in the" options={availabilitySlotOptions} checkboxId={firstBox(filterControlIds.timesOfDay)} {...bind('timesOfDay')} />
      <CodeMultiSelect id={filterControlIds.carerLanguage} label="Languages spoken" list={languageList} {...bind('carerLanguage')} />
      <CodeMultiSelect id={filterControlIds.qualifications} label="Qualifications" list={qualificationList} {...bind('qualifications')} />
      <CodeCheckboxGroup
        label="Checks and more"
        options={flagOptions}
        value={flagFilters.filter((flag) => filters[flag])}
        onChange={(checked) => onChange(withFlags(filters, checked))}
        checkboxId={(flag) => filterControlIds[flag]}
      />
    </FilterPanel>
  );
}
