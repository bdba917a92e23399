import { Table, Text } from '@mantine/core';
import type { Job } from '@tendly/domain/api/jobs';
import { availabilitySlotOptions, days } from '@tendly/domain/days';
import classes from './job-details.module.css';

/**
 * When the job needs someone: the seven days by morning, afternoon and evening, with row and
 * column headers so a screen reader names each cell, and words in every cell ("Needed", "Not
 * needed") so the table never relies on colour.
 */
export function JobScheduleTable({ availability }: { availability: Job['availability'] }) {
  const hasAny = days.some((day) => availabilitySlotOptions.some((slot) => availability[day.code][slot.code]));
  if (!hasAny) return <Text>The days and times are to be agreed.</Text>;
  return (
    <Table withTableBorder withColumnBorders captionSide="top" className={classes.schedule}>
      <Table.Caption className={classes.caption}>Days and times support is needed</Table.Caption>
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
              const isNeeded = availability[day.code][slot.code];
              return (
                <Table.Td key={slot.code} data-needed={isNeeded || undefined}>
                  <span aria-hidden="true" className={classes.mark}>
                    {isNeeded ? '✓' : '–'}
                  </span>{' '}
                  {isNeeded ? 'Needed' : 'Not needed'}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
