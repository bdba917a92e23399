import { Text } from '@mantine/core';
import type { Job } from '@tendly/domain/api/jobs';
import { availabilitySlotOptions, days } from '@tendly/domain/days';
import { WeekSlotsTable } from './week-slots-table';

/** When the job needs someone, or a note that the days and times are to be agreed. */
export function JobScheduleTable({ availability }: { availability: Job['availability'] }) {
  const hasAny = days.some((day) => availabilitySlotOptions.some((slot) => availability[day.code][slot.code]));
  if (!hasAny) return <Text>The days and times are to be agreed.</Text>;
  return <WeekSlotsTable caption="Days and times support is needed" slots={availability} markedLabel="Needed" unmarkedLabel="Not needed" />;
}
