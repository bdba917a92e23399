import { describe, expect, it } from 'vitest';
import {
  availabilitySchema,
  availabilitySlots,
  availableDayCodes,
  dayCodeFromNumber,
  dayCodes,
  dayLabel,
  dayNumber,
  days,
  emptyAvailability,
  type Availability,
} from './days';

describe('days', () => {
  it('numbers Monday 1 to Sunday 7 (spec section 9)', () => {
    expect(days.map((day) => [day.number, day.code, day.label])).toEqual([
      [1, 'mon', 'Monday'],
      [2, 'tue', 'Tuesday'],
      [3, 'wed', 'Wednesday'],
      [4, 'thu', 'Thursday'],
      [5, 'fri', 'Friday'],
      [6, 'sat', 'Saturday'],
      [7, 'sun', 'Sunday'],
    ]);
  });

  it('converts between numbers and codes both ways', () => {
    for (const code of dayCodes) expect(dayCodeFromNumber(dayNumber(code))).toBe(code);
    expect(dayNumber('sun')).toBe(7);
    expect(dayLabel('wed')).toBe('Wednesday');
  });

  it('uses the first three letters of the day as the code', () => {
    for (const day of days) expect(day.code).toBe(day.label.slice(0, 3).toLowerCase());
  });
});

describe('availability', () => {
  it('starts with nothing ticked, as a fresh object each time', () => {
    const first = emptyAvailability();
    expect(Object.keys(first)).toEqual([...dayCodes]);
    for (const code of dayCodes) expect(first[code]).toEqual({ morning: false, afternoon: false, evening: false });
    first.mon.morning = true;
    expect(emptyAvailability().mon.morning).toBe(false);
  });

  it('fills a partial week with false', () => {
    const parsed: Availability = availabilitySchema.parse({ tue: { evening: true } });
    expect(parsed.tue).toEqual({ morning: false, afternoon: false, evening: true });
    expect(parsed.sun).toEqual({ morning: false, afternoon: false, evening: false });
    expect(availabilitySchema.parse({})).toEqual(emptyAvailability());
  });

  it('rejects non-boolean flags', () => {
    expect(availabilitySchema.safeParse({ mon: { morning: 'yes' } }).success).toBe(false);
    expect(availabilitySchema.safeParse(null).success).toBe(false);
  });

  it('lists days with any slot ticked, for the search availability parameter', () => {
    const availability = emptyAvailability();
    availability.fri.afternoon = true;
    availability.mon.evening = true;
    expect(availableDayCodes(availability)).toEqual(['mon', 'fri']);
    expect(availableDayCodes(emptyAvailability())).toEqual([]);
    expect(availabilitySlots).toEqual(['morning', 'afternoon', 'evening']);
  });
});
