import type { ReactNode } from 'react';
import { Checkbox, Radio, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { CodedOption } from '@tendly/domain/coded-options';
import { fieldId, type FormState } from '../../platform/form-state';
import type { JobFormField, JobFormValues } from './job-form-values';
import classes from './post-job.module.css';

/**
 * The wizard's choice controls, made for people who find small targets hard: every option is a
 * bordered tile whose whole label can be clicked, grouped under a label that screen readers
 * announce with the group (role radiogroup or group, labelled and described by Mantine). The
 * first option carries the field's id, so the error summary's link lands on the group, and the
 * field's error clears when any of its options gets focus (spec section 5).
 */

/** What every control of a field needs from the form besides its value: id, name, error, clearing. */
export interface FieldBinding {
  readonly id: string;
  readonly name: string;
  readonly error: string | undefined;
  readonly onFocus: () => void;
}

export function bindField(form: FormState<JobFormValues>, formId: string, name: JobFormField): FieldBinding {
  return { id: fieldId(formId, name), name, error: form.errors[name], onFocus: () => form.clearError(name) };
}

/** A control's whole hold on one field of the job form: the binding, the value and its change. */
export function bindControl<K extends JobFormField>(form: FormState<JobFormValues>, formId: string, name: K) {
  return { field: bindField(form, formId, name), value: form.values[name], onChange: (value: JobFormValues[K]) => form.setValue(name, value) };
}

/** What each choice control takes: its field's binding, its label and description, the value and its change. */
interface ChoiceProps<V, Chosen = V> {
  field: FieldBinding;
  label: string;
  description?: ReactNode;
  value: V;
  onChange: (value: Chosen) => void;
}

/** How a group of option tiles is laid out, and whether an answer is required. */
interface TileGroupProps {
  required?: boolean;
  columns?: 1 | 2 | 3;
}

const optionClassNames = {
  root: classes.option,
  body: classes.optionBody,
  labelWrapper: classes.optionLabelWrapper,
  label: classes.optionLabel,
};

/** One answer from a list of coded options. */
export function RadioChoice<C extends string>({
  field,
  label,
  description,
  options,
  value,
  onChange,
  required = false,
  columns = 1,
}: ChoiceProps<C | '', C> & TileGroupProps & { options: readonly CodedOption<C>[] }) {
  function choose(code: string) {
    const option = options.find((candidate) => candidate.code === code);
    if (option) onChange(option.code);
  }
  return (
    <Radio.Group
      name={field.name}
      label={label}
      description={description}
      error={field.error}
      withAsterisk={required}
      size="md"
      value={value}
      onChange={choose}
      classNames={{ label: classes.groupLabel }}
    >
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="xs" mt="xs">
        {options.map((option, index) => (
          <Radio
            key={option.code}
            value={option.code}
            label={option.label}
            size="md"
            classNames={optionClassNames}
            onFocus={field.onFocus}
            {...(index === 0 ? { id: field.id } : {})}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

const yesNoOptions: readonly CodedOption<'yes' | 'no'>[] = [
  { code: 'yes', label: 'Yes' },
  { code: 'no', label: 'No' },
];

/** A yes or no question held as true or false. */
export function YesNoChoice({
  field,
  label,
  description,
  value,
  onChange,
}: ChoiceProps<boolean>) {
  return (
    <RadioChoice
      field={field}
      label={label}
      description={description}
      options={yesNoOptions}
      value={value ? 'yes' : 'no'}
      onChange={(code) => onChange(code === 'yes')}
      columns={2}
    />
  );
}

export interface OptionGroup<C extends string> {
  readonly code: string;
  readonly label: string;
  readonly options: readonly CodedOption<C>[];
}

/** Any number of answers; grouped lists show each group under its own label. */
export function CheckboxChoices<C extends string>({
  field,
  label,
  description,
  groups,
  moreGroups = [],
  moreLabel = 'More options',
  value,
  onChange,
  required = false,
  columns = 2,
}: ChoiceProps<readonly C[], C[]> &
  TileGroupProps & {
    groups: readonly OptionGroup<C>[];
    /** Groups that fewer people need, folded away under `moreLabel` until opened. */
    moreGroups?: readonly OptionGroup<C>[];
    moreLabel?: string;
  }) {
  const allOptions = [...groups, ...moreGroups].flatMap((group) => group.options);
  const firstCode = groups[0]?.options[0]?.code;
  const hasMoreSelected = moreGroups.some((group) => group.options.some((option) => value.includes(option.code)));

  function change(codes: string[]) {
    // Kept in the lists' order, whatever order the boxes were ticked in.
    onChange(allOptions.filter((option) => codes.includes(option.code)).map((option) => option.code));
  }

  const boxes = (options: readonly CodedOption<C>[]) => (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="xs">
      {options.map((option) => (
        <Checkbox
          key={option.code}
          value={option.code}
          label={option.label}
          size="md"
          classNames={optionClassNames}
          onFocus={field.onFocus}
          {...(option.code === firstCode ? { id: field.id } : {})}
        />
      ))}
    </SimpleGrid>
  );

  const subgroup = (group: OptionGroup<C>) => {
    const labelId = `${field.id}-${group.code}`;
    return (
      <div key={group.code} role="group" aria-labelledby={labelId}>
        <p id={labelId} className={classes.subgroupLabel}>
          {group.label}
        </p>
        {boxes(group.options)}
      </div>
    );
  };

  return (
    <Checkbox.Group
      label={label}
      description={description}
      error={field.error}
      withAsterisk={required}
      size="md"
      value={[...value]}
      onChange={change}
      classNames={{ label: classes.groupLabel }}
    >
      <Stack gap="md" mt="xs">
        {groups.length === 1 && moreGroups.length === 0 ? boxes(groups[0]?.options ?? []) : groups.map(subgroup)}
        {moreGroups.length > 0 && (
          <details className={classes.more} open={hasMoreSelected}>
            <summary className={classes.moreSummary} {...(firstCode === undefined ? { id: field.id } : {})}>
              {moreLabel}
            </summary>
            <Stack gap="md" mt="sm">
              {moreGroups.map(subgroup)}
            </Stack>
          </details>
        )}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * An on/off switch. `inverted` shows a "disable…" field the positive way round ("Email nearby
 * workers", on by default), which reads more easily than a double negative.
 */
export function SwitchField({
  field,
  label,
  description,
  value,
  onChange,
  inverted = false,
}: ChoiceProps<boolean> & { inverted?: boolean }) {
  return (
    <Switch
      id={field.id}
      name={field.name}
      // Mantine's label element also holds the description; name the switch by its label alone.
      aria-labelledby={`${field.id}-label`}
      label={<span id={`${field.id}-label`}>{label}</span>}
      description={description}
      size="lg"
      checked={inverted ? !value : value}
      onChange={(event) => onChange(inverted ? !event.currentTarget.checked : event.currentTarget.checked)}
      classNames={{ label: classes.switchLabel }}
    />
  );
}
