import { MultiSelect, Stack } from '@mantine/core';
import { experienceLevels, genderPreferences } from '@tendly/domain/job-options';
import { languages } from '@tendly/domain/languages';
import { requirements } from '@tendly/domain/requirements';
import { taskGroups } from '@tendly/domain/tasks';
import { bindControl, bindField, CheckboxChoices, type OptionGroup, RadioChoice } from './choice-fields';
import type { StepFieldsProps } from './step-fields';
import classes from './post-job.module.css';

const taskOptionGroups = taskGroups.map((group) => ({ code: group.code, label: group.label, options: group.tasks }));
const requirementGroup: readonly OptionGroup<(typeof requirements)[number]['code']>[] = [
  { code: 'requirements', label: 'Requirements', options: requirements },
];
const languageData = languages.map((language) => ({ value: language.code, label: language.label }));

/** Step 4: what the worker will do and what they should have: tasks, requirements, gender, experience, languages. */
export function WorkerStep({ form, formId }: StepFieldsProps) {
  const { values } = form;
  const languageField = bindField(form, formId, 'languages');

  return (
    <Stack gap="xl">
      <CheckboxChoices
        {...bindControl(form, formId, 'tasks')}
        label="What will the worker help with?"
        description="Tick all that apply."
        groups={taskOptionGroups}
      />
      <CheckboxChoices
        {...bindControl(form, formId, 'other_requirements')}
        label="Is there anything else the worker needs?"
        description="Tick any that matter to you."
        groups={requirementGroup}
      />
      <RadioChoice
        {...bindControl(form, formId, 'gender')}
        label="Would you prefer a worker of a particular gender?"
        options={genderPreferences}
        columns={2}
      />
      <RadioChoice
        {...bindControl(form, formId, 'experience')}
        label="How much experience should the worker have?"
        options={experienceLevels}
        columns={2}
      />
      <MultiSelect
        id={languageField.id}
        name={languageField.name}
        error={languageField.error}
        onFocus={languageField.onFocus}
        label="Languages the worker should speak (optional)"
        description="Type to search, then choose from the list. Leave empty if English is fine."
        data={languageData}
        value={values.languages}
        onChange={(codes) =>
          form.setValue(
            'languages',
            languages.filter((language) => codes.includes(language.code)).map((language) => language.code),
          )
        }
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Remove all languages' }}
        hidePickedOptions
        nothingFoundMessage="No language matches what you typed"
        size="md"
        maw={560}
        withScrollArea={false}
        classNames={{ label: classes.groupLabel, options: classes.options }}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
