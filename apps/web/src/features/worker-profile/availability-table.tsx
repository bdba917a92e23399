import { Text } from '@mantine/core';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { availabilitySlotOptions, days } from '@tendly/domain/days';
import { WeekSlotsTable } from '../../platform/week-slots-table';

/** When the worker is usually free, or a note that they have not said. */
export function AvailabilityTable({ availability, firstName }: { availability: WorkerProfile['availability']; firstName: string }) {
  const hasAny = days.some((day) => availabilitySlotOptions.some((slot) => availability[day.code][slot.code]));
  if (!hasAny) return <Text>{firstName} has not set their availability yet. Contact them to ask.</Text>;
  return (
    <WeekSlotsTable
      caption={`When ${firstName} is usually available`}
      slots={availability}
      markedLabel="Available"
      unmarkedLabel="Not available"
    />
  );
}
