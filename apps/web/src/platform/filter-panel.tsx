import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, MultiSelect, Stack, Title, type ComboboxData } from '@mantine/core';
import { skillCodes, skillGroups, type SkillCode } from '@tendly/domain/skills';
import classes from './search-page.module.css';

/**
 * The filter panel beside the results on wide screens; on narrow ones it folds away behind a
 * "Show filters" button that says how many filters are on.
 */
export function FilterFold({ id, activeCount, children }: { id: string; activeCount: number; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div>
      <Button
        hiddenFrom="md"
        variant="outline"
        fullWidth
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setOpen((open) => !open)}
        mb="md"
      >
        {isOpen ? 'Hide filters' : `Show filters${activeCount ? ` (${activeCount} on)` : ''}`}
      </Button>
      <div id={id} className={classes.filtersPanel} data-open={isOpen || undefined}>
        {children}
      </div>
    </div>
  );
}

/**
 * The filters of a search, applied as soon as they change (each change is a new URL, so Back
 * undoes it): the heading with "Clear all", then the search's own fields.
 */
export function FilterPanel({ canClear, onClearAll, children }: { canClear: boolean; onClearAll: () => void; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Filters
        </Title>
        <Button variant="subtle" onClick={onClearAll} disabled={!canClear}>
          Clear all
        </Button>
      </Group>
      {children}
    </Stack>
  );
}

/** Keeps the codes a control returned, in the reference list's order. */
export function codesIn<C extends string>(order: readonly C[], values: readonly string[]): C[] {
  return order.filter((code) => values.includes(code));
}

/** One option of a filter: a code from a reference list and its label. */
export interface FilterOption<C extends string> {
  readonly code: C;
  readonly label: string;
}

/**
 * A long reference list as a picker shows it: the options (maybe in groups), every code in order,
 * and what the picker says when typing finds nothing.
 */
export interface PickerList<C extends string> {
  readonly data: ComboboxData;
  readonly codes: readonly C[];
  readonly nothingFound: string;
}

/** The skills and kinds of support, in their groups, for a picker. */
export function skillPickerList(nothingFound: string): PickerList<SkillCode> {
  const data = skillGroups.map((group) => ({
    group: group.label,
    items: group.skills.map((skill) => ({ value: skill.code, label: skill.label })),
  }));
  return { data, codes: skillCodes, nothingFound };
}

/**
 * The props that bind a field to one of a search's filters: its value, and the change that sets it
 * and keeps the others.
 */
export function filterBinding<F>(filters: F, onChange: (filters: F) => void) {
  return <K extends keyof F>(name: K) => ({
    value: filters[name],
    onChange: (value: F[K]) => onChange({ ...filters, [name]: value }),
  });
}

/**
 * A filter that picks any of a long list: a searchable picker that opens on a click, on typing or
 * on the down arrow, not on focus alone, so tabbing through the panel does not pop a list open at
 * every stop. It says "Any" while nothing is picked, as text under the label rather than as a
 * placeholder (which is faint, and goes as soon as one types), and gives back the codes in the
 * list's order. The line is always there, so picking does not move the panel.
 */
export function CodeMultiSelect<C extends string>({
  id,
  label,
  list,
  value,
  onChange,
}: {
  id: string;
  label: string;
  list: PickerList<C>;
  value: readonly C[];
  onChange: (codes: C[]) => void;
}) {
  return (
    <MultiSelect
      id={id}
      label={label}
      description={value.length ? `${value.length} picked` : 'Any'}
      data={list.data}
      value={[...value]}
      onChange={(values) => onChange(codesIn(list.codes, values))}
      searchable
      openOnFocus={false}
      withScrollArea={false}
      classNames={{ options: classes.options }}
      clearable
      nothingFoundMessage={list.nothingFound}
    />
  );
}

/**
 * A filter that picks any of a short list, as checkboxes (the days, the yes/no filters). It gives
 * back the codes in the options' order. `checkboxId` names the boxes a chip's "change" link
 * focuses.
 */
export function CodeCheckboxGroup<C extends string>({
  label,
  options,
  value,
  onChange,
  checkboxId,
}: {
  label: string;
  options: readonly FilterOption<C>[];
  value: readonly C[];
  onChange: (codes: C[]) => void;
  checkboxId?: (code: C, index: number) => string | undefined;
}) {
  const codes = options.map((option) => option.code);
  return (
    <Checkbox.Group label={label} value={[...value]} onChange={(values) => onChange(codesIn(codes, values))}>
      <Stack gap={6} mt={6}>
        {options.map((option, index) => (
          <Checkbox key={option.code} id={checkboxId?.(option.code, index)} value={option.code} label={option.label} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
