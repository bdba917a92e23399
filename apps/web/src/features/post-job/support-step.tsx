import { Stack } from '@mantine/core';
import { careForOptions } from '@tendly/domain/care-for';
import { supportCategories } from '@tendly/domain/job-options';
import { searcherRoleOptions } from '@tendly/domain/searcher-roles';
import { skillGroups, type SkillCode } from '@tendly/domain/skills';
import { bindControl, CheckboxChoices, type OptionGroup, RadioChoice } from './choice-fields';
import type { StepFieldsProps } from './step-fields';

const skillOptionGroups: readonly (OptionGroup<SkillCode> & { readonly category: string })[] = skillGroups.map((group) => ({
  code: group.code,
  category: group.code,
  label: group.label,
  options: group.skills,
}));

/**
 * Step 1: the kind of support (a category, then the kinds of support within it: the skills that
 * job alerts match workers on), who it is for and, for a client, the poster's role.
 */
export function SupportStep({ form, formId }: StepFieldsProps) {
  const { values } = form;
  const chosen = skillOptionGroups.filter((group) => group.category === values.supportCategory);
  const others = skillOptionGroups.filter((group) => group.category !== values.supportCategory);

  return (
    <Stack gap="xl">
      <RadioChoice
        {...bindControl(form, formId, 'supportCategory')}
        label="What kind of support is needed?"
        options={supportCategories}
        required
        columns={2}
      />
      <CheckboxChoices
        {...bindControl(form, formId, 'supportType')}
        label="What does the support need to cover?"
        description={
          values.supportCategory === ''
            ? 'Choose the kind of support above, or open the full list. Tick all that apply.'
            : 'Tick all that apply. Workers with these skills hear about your job.'
        }
        groups={chosen}
        moreGroups={others}
        moreLabel={values.supportCategory === '' ? 'Show every kind of support' : 'Add support from other areas'}
        required
      />
      <RadioChoice
        {...bindControl(form, formId, 'careFor')}
        label="Who is the support for?"
        options={careForOptions}
        required
        columns={2}
      />
      {values.careFor === 'Client' && (
        <RadioChoice
          {...bindControl(form, formId, 'searcherRole')}
          label="What is your role?"
          description="You are posting for someone you support at work."
          options={searcherRoleOptions}
          required
          columns={2}
        />
      )}
    </Stack>
  );
}
