import { Stack, Textarea } from '@mantine/core';
import { restrictivePracticesOptions } from '@tendly/domain/job-options';
import { textFieldProps } from '../../platform/form-state';
import { bindControl, RadioChoice, SwitchField, YesNoChoice } from './choice-fields';
import { PRIVATE_FIELD_NOTE } from './private-fields';
import type { StepFieldsProps } from './step-fields';
import classes from './post-job.module.css';

/**
 * Step 5: what a worker must be ready for (medication, behaviours of concern, restrictive
 * practices) and the goal of the support. Medication details are private to the poster.
 */
export function HealthStep({ form, formId }: StepFieldsProps) {
  const { values } = form;

  return (
    <Stack gap="xl">
      <YesNoChoice
        {...bindControl(form, formId, 'medicationRequired')}
        label="Is help with medication needed?"
        description="For example, reminders or help taking tablets."
      />
      {values.medicationRequired && (
        <Textarea
          {...textFieldProps(form, formId, 'medicationDetails')}
          label="What help with medication is needed?"
          description={`${PRIVATE_FIELD_NOTE} We share it with the worker you choose.`}
          rows={4}
          size="md"
          withAsterisk
          classNames={{ label: classes.groupLabel }}
        />
      )}
      <YesNoChoice
        {...bindControl(form, formId, 'behaviourOfConcern')}
        label="Are there any behaviours of concern?"
        description="Behaviours that could hurt the person or others, so the worker can be ready for them."
      />
      <RadioChoice
        {...bindControl(form, formId, 'restrictivePractices')}
        label="Are any restrictive practices in place?"
        description="Restrictive practices limit a person's rights or movement, and are part of a behaviour support plan."
        options={restrictivePracticesOptions}
        columns={3}
      />
      <Textarea
        {...textFieldProps(form, formId, 'goal')}
        label="What is the goal of the support? (optional)"
        description="For example: to keep living at home, or to get out and meet people each week."
        rows={4}
        size="md"
        classNames={{ label: classes.groupLabel }}
      />
      <SwitchField
        {...bindControl(form, formId, 'isGoalVisible')}
        label="Show the goal to workers"
        description="Turn this off to keep the goal between you and the worker you choose."
      />
    </Stack>
  );
}
