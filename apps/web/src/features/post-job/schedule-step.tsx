import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { textFieldProps } from '../../platform/form-state';
import { AvailabilityGrid } from './availability-grid';
import { bindField } from './choice-fields';
import type { StepFieldsProps } from './step-fields';

/** Today in the browser's calendar (YYYY-MM-DD), the earliest start date offered. */
function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Step 3: the days and times help is needed, rough hours, and when it should start. */
export function ScheduleStep({ form, formId }: StepFieldsProps) {
  return (
    <Stack gap="xl">
      <AvailabilityGrid
        field={bindField(form, formId, 'availability')}
        legend="When is help needed?"
        description="Tick at least one. Morning is until midday, afternoon until 5 pm, evening after that."
        value={form.values.availability}
        onChange={(next) => form.setValue('availability', next)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
        <TextInput
          {...textFieldProps(form, formId, 'approxHoursPerDay')}
          label="Hours each day (optional)"
          description="A rough number is fine, for example 3"
          inputMode="decimal"
          size="md"
        />
        <TextInput
          {...textFieldProps(form, formId, 'approxHoursPerWeek')}
          label="Hours each week (optional)"
          description="For example 10"
          inputMode="decimal"
          size="md"
        />
      </SimpleGrid>
      <TextInput
        {...textFieldProps(form, formId, 'approxStartDate')}
        type="date"
        min={today()}
        label="When should support start? (optional)"
        description="Leave this empty if you are flexible."
        size="md"
        maw={280}
      />
    </Stack>
  );
}
