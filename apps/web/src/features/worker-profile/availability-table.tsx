import { Table, Text } from '@mantine/core';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { availabilitySlotOptions, days } from '@tendly/domain/days';
import classes from './worker-profile.module.css';

/**
 * When the worker is usually free: a table of the seven days by morning, afternoon and evening,
 * with row and column headers so a screen reader names each cell, and words in every cell
 * ("Available", "Not available") so the grid never relies on colour.
 */
export function AvailabilityTable({ availability, firstName }: { availability: WorkerProfile['availability']; firstName: string }) {
  const hasAny = days.some((day) => availabilitySlotOptions.some((slot) => availability[day.code][slot.code]));
  if (!hasAny) return <Text>{firstName} has not set their availability yet. Contact them to ask.</Text>;
  return (
    <Table withTableBorder withColumnBorders captionSide="top" className={classes.availability}>
      <Table.Caption className={classes.caption}>When {firstName} is usually available</Table.Caption>
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
              const isAvailable = availability[day.code][slot.code];
              return (
                <Table.Td key={slot.code} data-available={isAvailable || undefined}>
                  <span aria-hidden="true" className={classes.mark}>
                    {isAvailable ? '✓' : '–'}
                  </span>{' '}
                  {isAvailable ? 'Available' : 'Not available'}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
