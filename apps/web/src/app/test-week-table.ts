import { expect } from 'vitest';
import { within } from '@testing-library/react';

/** A table of a week's slots (a job's schedule, a worker's availability): a column for each time of day, a row header for each day, in order. */
export function expectWeekTableHeaders(table: HTMLElement) {
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Morning', 'Afternoon', 'Evening']);
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
}
