import { Table } from '@mantine/core';
import { availabilitySlotOptions, days, type Availability } from '@tendly/domain/days';
import classes from './week-slots-table.module.css';

/**
 * The seven days by morning, afternoon and evening (a worker's availability, a job's schedule),
 * with row and column headers so a screen reader names each cell, and words in every cell
 * ("Available", "Not available") so the table never relies on colour or the tick alone.
 */
export function WeekSlotsTable({
  caption,
  slots,
  markedLabel,
  unmarkedLabel,
}: {
  caption: string;
  slots: Availability;
  markedLabel: string;
  unmarkedLabel: string;
}) {
  return (
    <Table withTableBorder withColumnBorders captionSide="top" className={classes.table}>
      <Table.Caption className={classes.caption}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Day</Table.Th>
          {availabilitySlotOptions.map((slot) => (
            <Table.Th key={slot.code} scope="col">
              {slot.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {days.map((day) => (
          <Table.Tr key={day.code}>
            <Table.Th scope="row">{day.label}</Table.Th>
            {availabilitySlotOptions.map((slot) => {
              const isMarked = slots[day.code][slot.code];
              return (
                <Table.Td key={slot.code} data-marked={isMarked || undefined}>
                  <span aria-hidden="true" className={classes.mark}>
                    {isMarked ? '✓' : '–'}
                  </span>{' '}
                  {isMarked ? markedLabel : unmarkedLabel}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
