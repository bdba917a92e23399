import { expect } from 'vitest';
import { within } from '@testing-library/react';
import { emptyAvailability, type Availability, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';

/** A table of a week's slots (a job's schedule, a worker's availability): a column for each time of day, a row header for each day, in order. */
export function expectWeekTableHeaders(table: HTMLElement) {
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Morning', 'Afternoon', 'Evening']);
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
}

/** A week with only the given slots ticked: `availabilityWith({ mon: ['morning'], thu: ['afternoon'] })`. */
export function availabilityWith(ticked: Partial<Record<DayCode, readonly AvailabilitySlot[]>>): Availability {
  const availability = emptyAvailability();
  for (const [day, slots] of Object.entries(ticked) as [DayCode, readonly AvailabilitySlot[]][]) {
    for (const slot of slots) availability[day][slot] = true;
  }
  return availability;
}
