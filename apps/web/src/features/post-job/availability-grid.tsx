import { Checkbox, Fieldset, Input, VisuallyHidden } from '@mantine/core';
import { availabilitySlotOptions, days, type Availability, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import type { FieldBinding } from './choice-fields';
import classes from './post-job.module.css';

/**
 * The week as a table (WCAG 1.3.1): a row per day, a column per part of the day, each cell a
 * tick-box named by its row and column ("Monday morning"), so a screen reader user hears where
 * they are and a sighted user sees the week at a glance.
 */
export function AvailabilityGrid({
  field,
  legend,
  description,
  value,
  onChange,
}: {
  field: FieldBinding;
  legend: string;
  description: string;
  value: Availability;
  onChange: (next: Availability) => void;
}) {
  const descriptionId = `${field.id}-description`;
  const errorId = `${field.id}-error`;

  function toggle(day: DayCode, slot: AvailabilitySlot, checked: boolean) {
    onChange({ ...value, [day]: { ...value[day], [slot]: checked } });
  }

  return (
    <Fieldset
      legend={`${legend} (required)`}
      variant="unstyled"
      aria-describedby={[descriptionId, field.error ? errorId : null].filter(Boolean).join(' ')}
      classNames={{ legend: classes.groupLabel }}
    >
      <Input.Description id={descriptionId} size="md" mb="xs">
        {description}
      </Input.Description>
      {field.error && (
        <Input.Error id={errorId} size="md" mb="xs">
          {field.error}
        </Input.Error>
      )}
      <table className={classes.grid}>
        <caption>
          <VisuallyHidden>Days and times help is needed</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {availabilitySlotOptions.map((slot) => (
              <th key={slot.code} scope="col">
                {slot.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, dayIndex) => (
            <tr key={day.code}>
              <th scope="row">{day.label}</th>
              {availabilitySlotOptions.map((slot, slotIndex) => (
                <td key={slot.code}>
                  <div className={classes.slot}>
                    <Checkbox
                      size="lg"
                      aria-label={`${day.label} ${slot.label.toLowerCase()}`}
                      checked={value[day.code][slot.code]}
                      onChange={(event) => toggle(day.code, slot.code, event.currentTarget.checked)}
                      onFocus={field.onFocus}
                      {...(dayIndex === 0 && slotIndex === 0 ? { id: field.id } : {})}
                    />
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Fieldset>
  );
}
