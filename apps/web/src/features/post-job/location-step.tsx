import { Stack, TextInput } from '@mantine/core';
import { locationTypes } from '@tendly/domain/job-options';
import { textFieldProps } from '../../platform/form-state';
import { bindField, RadioChoice } from './choice-fields';
import type { StepFieldsProps } from './step-fields';
import classes from './post-job.module.css';

/** Step 2: where the support happens (resolved to a locality by the server) and how far workers may come from. */
export function LocationStep({ form, formId }: StepFieldsProps) {
  return (
    <Stack gap="xl">
      <TextInput
        {...textFieldProps(form, formId, 'location')}
        label="Suburb or postcode"
        description="Where the support will happen, for example Parramatta NSW or 2150. We do not show your street address."
        autoComplete="address-level2"
        size="md"
        maw={420}
        withAsterisk
        classNames={{ label: classes.groupLabel }}
      />
      <RadioChoice
        field={bindField(form, formId, 'locationType')}
        label="How far away can the worker live?"
        description="A shorter distance means fewer workers, but less travel for them."
        options={locationTypes}
        value={form.values.locationType}
        onChange={(code) => form.setValue('locationType', code)}
        columns={2}
      />
    </Stack>
  );
}
