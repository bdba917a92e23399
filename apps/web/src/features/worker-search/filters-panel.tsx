import { Button, Checkbox, Group, MultiSelect, NativeSelect, Stack, Title } from '@mantine/core';
import { isOneOf } from '@tendly/domain/coded-options';
import { availabilitySlotOptions, availabilitySlots, dayCodes, days } from '@tendly/domain/days';
import { genderPreferenceCodes, genderPreferences } from '@tendly/domain/job-options';
import { languageCodes, languages } from '@tendly/domain/languages';
import { qualificationCodes, qualifications } from '@tendly/domain/qualifications';
import { skillCodes, skillGroups } from '@tendly/domain/skills';
import { flagWording } from './filter-wording';
import classes from './worker-search-page.module.css';
import { hasAnyFilter, type FlagFilter, type SearchFilters } from './search-filters';

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

const skillData = skillGroups.map((group) => ({
  group: group.label,
  items: group.skills.map((skill) => ({ value: skill.code, label: skill.label })),
}));
const languageData = languages.map((language) => ({ value: language.code, label: language.label }));
const qualificationData = qualifications.map((qualification) => ({ value: qualification.code, label: qualification.label }));

/** Keeps the codes of a list that the control returned, in the reference list's order. */
function codesIn<C extends string>(order: readonly C[], values: readonly string[]): C[] {
  return order.filter((code) => values.includes(code));
}

function withFlags(filters: SearchFilters, checked: readonly string[]): SearchFilters {
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
 * The filters beside the results, applied as soon as they change (each change is a new URL, so
 * Back undoes it). Labels come from the domain's reference lists. Long lists are searchable
 * pickers that open on a click, on typing or on the down arrow, not on focus alone, so tabbing
 * through the panel does not pop a list open at every stop; the days and the yes/no filters are
 * checkboxes.
 */
export function FiltersPanel({
  filters,
  onChange,
  onClearAll,
}: {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  onClearAll: () => void;
}) {
  const checkedFlags = flagFilters.filter((flag) => filters[flag]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Filters
        </Title>
        <Button variant="subtle" onClick={onClearAll} disabled={!hasAnyFilter(filters)}>
          Clear all
        </Button>
      </Group>

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

      <MultiSelect
        id={filterControlIds.skillType}
        label="Skills and experience"
        placeholder={filters.skillType.length ? undefined : 'Any'}
        data={skillData}
        value={[...filters.skillType]}
        onChange={(values) => onChange({ ...filters, skillType: codesIn(skillCodes, values) })}
        searchable
        openOnFocus={false}
        withScrollArea={false}
        classNames={{ options: classes.options }}
        clearable
        nothingFoundMessage="No skill by that name"
      />

      <Checkbox.Group
        label="Free on"
        value={[...filters.availability]}
        onChange={(values) => onChange({ ...filters, availability: codesIn(dayCodes, values) })}
      >
        <Stack gap={6} mt={6}>
          {days.map((day, index) => (
            <Checkbox key={day.code} value={day.code} label={day.label} {...(index === 0 ? { id: filterControlIds.availability } : {})} />
          ))}
        </Stack>
      </Checkbox.Group>

      <Checkbox.Group
        label="Free in the"
        value={[...filters.timesOfDay]}
        onChange={(values) => onChange({ ...filters, timesOfDay: codesIn(availabilitySlots, values) })}
      >
        <Stack gap={6} mt={6}>
          {availabilitySlotOptions.map((slot, index) => (
            <Checkbox key={slot.code} value={slot.code} label={slot.label} {...(index === 0 ? { id: filterControlIds.timesOfDay } : {})} />
          ))}
        </Stack>
      </Checkbox.Group>

      <MultiSelect
        id={filterControlIds.carerLanguage}
        label="Languages spoken"
        placeholder={filters.carerLanguage.length ? undefined : 'Any'}
        data={languageData}
        value={[...filters.carerLanguage]}
        onChange={(values) => onChange({ ...filters, carerLanguage: codesIn(languageCodes, values) })}
        searchable
        openOnFocus={false}
        withScrollArea={false}
        classNames={{ options: classes.options }}
        clearable
        nothingFoundMessage="No language by that name"
      />

      <MultiSelect
        id={filterControlIds.qualifications}
        label="Qualifications"
        placeholder={filters.qualifications.length ? undefined : 'Any'}
        data={qualificationData}
        value={[...filters.qualifications]}
        onChange={(values) => onChange({ ...filters, qualifications: codesIn(qualificationCodes, values) })}
        searchable
        openOnFocus={false}
        withScrollArea={false}
        classNames={{ options: classes.options }}
        clearable
        nothingFoundMessage="No qualification by that name"
      />

      <Checkbox.Group
        label="Checks and more"
        value={checkedFlags}
        onChange={(values) => onChange(withFlags(filters, values))}
      >
        <Stack gap={6} mt={6}>
          {flagFilters.map((flag) => (
            <Checkbox key={flag} id={filterControlIds[flag]} value={flag} label={flagWording[flag].control} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
