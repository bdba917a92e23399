import { Checkbox, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { bookingRepeatCodes, bookingRepeatLabels, formatShortDate, planSummary, SERIES_MAX_SHIFTS, type BookingRepeat, type ShiftPlanInput } from '@tendly/domain/api/bookings';
import { addDaysToDate, isLocalDateTime } from '@tendly/domain/shift-time';
import { fieldId, type FieldErrors } from '../../platform/form-state';
import classes from './contracts.module.css';

/**
 * The planned shifts of an offer (issue 31 item 3): once, weekly or fortnightly, from a first date
 * at a start and end time, for a number of shifts or until a date. They are booked, confirmed, as
 * one series when the worker accepts the agreement.
 */
export type ShiftPlanValues = {
  planShifts: boolean;
  planDate: string;
  planStartTime: string;
  planEndTime: string;
  planRepeat: BookingRepeat;
  planEnds: 'COUNT' | 'DATE';
  planCount: string;
  planUntil: string;
};

export const emptyShiftPlan: ShiftPlanValues = {
  planShifts: false,
  planDate: '',
  planStartTime: '09:00',
  planEndTime: '12:00',
  planRepeat: 'WEEKLY',
  planEnds: 'COUNT',
  planCount: '8',
  planUntil: '',
};

/** The plan as the API takes it (null when none is planned); an end at or before the start ends the next day. */
export function toShiftPlanRequest(values: ShiftPlanValues): ShiftPlanInput | null {
  if (!values.planShifts) return null;
  const overnight = values.planEndTime !== '' && values.planEndTime <= values.planStartTime;
  const endDate = overnight && values.planDate ? addDaysToDate(values.planDate, 1) : values.planDate;
  const repeats = values.planRepeat !== 'NONE';
  const count = values.planCount.trim();
  return {
    start: `${values.planDate}T${values.planStartTime}`,
    end: `${endDate}T${values.planEndTime}`,
    repeat: values.planRepeat,
    repeatUntil: repeats && values.planEnds === 'DATE' ? values.planUntil || null : null,
    // A blank or unreadable count is left for the schema to name.
    occurrences: repeats && values.planEnds === 'COUNT' ? (/^\d+$/.test(count) ? Number(count) : Number.NaN) : null,
  };
}

/** The error keys of the plan, in the order the fields appear (for the error summary). */
export const shiftPlanFieldNames = ['shiftPlan.start', 'shiftPlan.end', 'shiftPlan.repeat', 'shiftPlan.occurrences', 'shiftPlan.repeatUntil'];

function preview(values: ShiftPlanValues, state: string): string | null {
  const plan = toShiftPlanRequest(values);
  if (!plan || !isLocalDateTime(plan.start) || !isLocalDateTime(plan.end ?? '')) return null;
  const occurrences = plan.occurrences ?? null;
  if (plan.repeat !== 'NONE' && (occurrences === null || Number.isNaN(occurrences) || occurrences < 2 || occurrences > SERIES_MAX_SHIFTS) && !plan.repeatUntil) return null;
  const summary = planSummary({ start: plan.start, end: plan.end ?? '', repeat: plan.repeat ?? 'NONE', repeatUntil: plan.repeatUntil ?? null, occurrences: Number.isNaN(occurrences) ? null : occurrences }, state);
  const shown = summary.dates.slice(0, 6).map(formatShortDate).join(', ');
  const more = summary.dates.length > 6 ? ` and ${summary.dates.length - 6} more` : '';
  return `${summary.text.charAt(0).toUpperCase()}${summary.text.slice(1)}: ${shown}${more}.`;
}

export function ShiftPlanFields({
  formId,
  values,
  errors,
  state,
  workerFirstName,
  minDate,
  onChange,
  clearError,
}: {
  formId: string;
  values: ShiftPlanValues;
  errors: FieldErrors;
  /** The client's state: times are read in its zone. */
  state: string;
  workerFirstName: string;
  minDate: string;
  onChange: (next: Partial<ShiftPlanValues>) => void;
  clearError: (name: string) => void;
}) {
  const zone = `${state} time`;
  const summary = values.planShifts ? preview(values, state) : null;
  const field = (name: string) => ({
    id: fieldId(formId, name),
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    onFocus: () => clearError(name),
  });
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>Planned shifts</legend>
      <Checkbox
        label="Plan the shifts now"
        description={`${workerFirstName}’s acceptance books them all, confirmed. You can also book shifts later on My bookings.`}
        checked={values.planShifts}
        onChange={(event) => onChange({ planShifts: event.currentTarget.checked })}
      />
      {values.planShifts && (
        <Stack gap="md" mt="md">
          <div className={classes.rateGrid}>
            <TextInput {...field('shiftPlan.start')} type="date" label="First shift" required min={minDate} value={values.planDate} onChange={(event) => onChange({ planDate: event.currentTarget.value })} />
            <TextInput
              id={fieldId(formId, 'shiftPlan.startTime')}
              type="time"
              label={`Starts (${zone})`}
              required
              value={values.planStartTime}
              onChange={(event) => onChange({ planStartTime: event.currentTarget.value })}
            />
            <TextInput
              {...field('shiftPlan.end')}
              type="time"
              label={`Ends (${zone})`}
              description="Before the start time: ends the next day."
              required
              value={values.planEndTime}
              onChange={(event) => onChange({ planEndTime: event.currentTarget.value })}
            />
          </div>
          <NativeSelect
            {...field('shiftPlan.repeat')}
            label="Repeats"
            value={values.planRepeat}
            data={bookingRepeatCodes.map((code) => ({ value: code, label: bookingRepeatLabels[code] }))}
            onChange={(event) => onChange({ planRepeat: event.currentTarget.value as BookingRepeat })}
          />
          {values.planRepeat !== 'NONE' && (
            <>
              <Radio.Group label="Ends" value={values.planEnds} onChange={(value) => onChange({ planEnds: value === 'DATE' ? 'DATE' : 'COUNT' })}>
                <Group gap="lg" mt="xs">
                  <Radio value="COUNT" label="After a number of shifts" />
                  <Radio value="DATE" label="On a date" />
                </Group>
              </Radio.Group>
              {values.planEnds === 'COUNT' ? (
                <TextInput
                  {...field('shiftPlan.occurrences')}
                  label="Number of shifts"
                  description={`2 to ${SERIES_MAX_SHIFTS}, the first included.`}
                  inputMode="numeric"
                  required
                  value={values.planCount}
                  onChange={(event) => onChange({ planCount: event.currentTarget.value })}
                  maw="14rem"
                />
              ) : (
                <TextInput
                  {...field('shiftPlan.repeatUntil')}
                  type="date"
                  label="Last date"
                  required
                  min={values.planDate || minDate}
                  value={values.planUntil}
                  onChange={(event) => onChange({ planUntil: event.currentTarget.value })}
                  maw="14rem"
                />
              )}
            </>
          )}
          <Text role="status" aria-live="polite" fw={700}>
            {summary ?? ''}
          </Text>
        </Stack>
      )}
    </fieldset>
  );
}
