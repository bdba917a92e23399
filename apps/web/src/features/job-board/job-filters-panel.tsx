import { Button, Checkbox, Group, MultiSelect, Stack, Title } from '@mantine/core';
import { dayCodes, days } from '@tendly/domain/days';
import { payingForCareTypeCodes, payingForCareTypes } from '@tendly/domain/job-options';
import { skillCodes, skillGroups } from '@tendly/domain/skills';
import { hasAnyJobFilter, type JobFilters } from './job-filters';
import classes from './job-board-page.module.css';

export const SUPPORT_TYPES_INPUT_ID = 'job-filter-support-types';

const skillData = skillGroups.map((group) => ({
  group: group.label,
  items: group.skills.map((skill) => ({ value: skill.code, label: skill.label })),
}));

/** Keeps the codes a control returned, in the reference list's order. */
function codesIn<C extends string>(order: readonly C[], values: readonly string[]): C[] {
  return order.filter((code) => values.includes(code));
}

/**
 * The filters beside the results, applied as soon as they change (each change is a new URL, so
 * Back undoes it): the kinds of support, the days the job needs someone, and who pays. The long
 * list of support is a searchable picker that opens on a click, typing or the down arrow, not on
 * focus alone, so tabbing through the panel does not pop it open.
 */
export function JobFiltersPanel({
  filters,
  onChange,
  onClearAll,
}: {
  filters: JobFilters;
  onChange: (filters: JobFilters) => void;
  onClearAll: () => void;
}) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Filters
        </Title>
        <Button variant="subtle" onClick={onClearAll} disabled={!hasAnyJobFilter(filters)}>
          Clear all
        </Button>
      </Group>

      <MultiSelect
        id={SUPPORT_TYPES_INPUT_ID}
        label="Type of support"
        placeholder={filters.skillType.length ? undefined : 'Any'}
        data={skillData}
        value={[...filters.skillType]}
        onChange={(values) => onChange({ ...filters, skillType: codesIn(skillCodes, values) })}
        searchable
        openOnFocus={false}
        withScrollArea={false}
        classNames={{ options: classes.options }}
        clearable
        nothingFoundMessage="No support by that name"
      />

      <Checkbox.Group
        label="Days needed"
        value={[...filters.availability]}
        onChange={(values) => onChange({ ...filters, availability: codesIn(dayCodes, values) })}
      >
        <Stack gap={6} mt={6}>
          {days.map((day) => (
            <Checkbox key={day.code} value={day.code} label={day.label} />
          ))}
        </Stack>
      </Checkbox.Group>

      <Checkbox.Group
        label="Paid by"
        value={[...filters.payingForCareType]}
        onChange={(values) => onChange({ ...filters, payingForCareType: codesIn(payingForCareTypeCodes, values) })}
      >
        <Stack gap={6} mt={6}>
          {payingForCareTypes.map((option) => (
            <Checkbox key={option.code} value={option.code} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
