import { emptyAvailability, type Availability, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';

/** A week's availability with only the named slots ticked: `week({ mon: ['morning'] })`. */
export function week(days: Partial<Record<DayCode, AvailabilitySlot[]>>): Availability {
  const availability = emptyAvailability();
  for (const [day, slots] of Object.entries(days) as [DayCode, AvailabilitySlot[]][]) {
    for (const slot of slots) availability[day][slot] = true;
  }
  return availability;
}
