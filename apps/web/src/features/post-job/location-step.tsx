import { Stack } from '@mantine/core';
import { locationTypes } from '@tendly/domain/job-options';
import { textFieldProps } from '../../platform/form-state';
import { PlaceField } from '../../platform/place-field';
import { bindField, RadioChoice } from './choice-fields';
import type { StepFieldsProps } from './step-fields';
import classes from './post-job.module.css';

/**
 * Step 2: where the support happens (resolved to a locality by the server; the field suggests
 * places as it is typed, each one the server reads as exactly that place) and how far workers may
 * come from.
 */
export function LocationStep({ form, formId }: StepFieldsProps) {
  const { onChange: _fromEvent, ...locationField } = textFieldProps(form, formId, 'location');
  return (
    <Stack gap="xl">
      <PlaceField
        {...locationField}
        onChange={(value) => form.setValue('location', value)}
        label="Suburb or postcode"
        description="Where the support will happen, for example Parramatta NSW or 2150. We do not show your street address."
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
