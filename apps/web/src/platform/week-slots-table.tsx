import { Table } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { availabilitySlotOptions, days, type Availability } from '@tendly/domain/days';
import classes from './week-slots-table.module.css';

type Day = (typeof days)[number];
type Slot = (typeof availabilitySlotOptions)[number];

/**
 * The frame of a week's table: the seven days as row headers by morning, afternoon and evening as
 * column headers, so a screen reader names each cell; the caller gives each cell (a word, a
 * checkbox). Cells that hold only a checkbox can be `dense`: tighter still on a phone.
 */
export function WeekSlotsGrid({
  caption,
  captionClassName,
  withColumnBorders = false,
  dense = false,
  renderCell,
}: {
  caption: string;
  captionClassName?: string;
  withColumnBorders?: boolean;
  dense?: boolean;
  renderCell: (day: Day, slot: Slot) => ReactNode;
}) {
  return (
    <Table withTableBorder withColumnBorders={withColumnBorders} captionSide="top" className={classes.table} data-dense={dense || undefined}>
      <Table.Caption className={captionClassName}>{caption}</Table.Caption>
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
            {availabilitySlotOptions.map((slot) => (
              <Fragment key={slot.code}>{renderCell(day, slot)}</Fragment>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The seven days by morning, afternoon and evening (a worker's availability, a job's schedule),
 * with words in every cell ("Available", "Not available") so the table never relies on colour or
 * the tick alone.
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
    <WeekSlotsGrid
      caption={caption}
      captionClassName={classes.caption}
      withColumnBorders
      renderCell={(day, slot) => {
        const isMarked = slots[day.code][slot.code];
        return (
          <Table.Td data-marked={isMarked || undefined}>
            <span aria-hidden="true" className={classes.mark}>
              {isMarked ? '✓' : '–'}
            </span>{' '}
            {isMarked ? markedLabel : unmarkedLabel}
          </Table.Td>
        );
      }}
    />
  );
}
