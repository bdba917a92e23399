import { describe, expect, it } from 'vitest';
import { testShift } from '../../app/test-contracts';
import { rangeToFetch, shiftsToEvents } from './calendar-events';

const base = testShift();

describe('shifts as calendar events', () => {
  it('places each shift at its local time in its state, as floating times, and says the state', () => {
    const [event] = shiftsToEvents([base], 'CR', false);
    expect(event).toMatchObject({
      id: base.id,
      start: '2027-03-08T09:00',
      end: '2027-03-08T12:00',
      title: 'Support with Margaret Smith (Confirmed, WA time)',
      classNames: ['shift-confirmed'],
    });
    expect(event?.extendedProps.description).toBe('Support with Margaret Smith (Confirmed, WA time): Mon 8 Mar 2027, 9:00 am – 12:00 pm (WA time)');
    expect(shiftsToEvents([base], 'CS', false)[0]?.title).toBe('Support by Sam Carer (Confirmed, WA time)');
  });

  it('hides cancelled shifts unless asked, and marks them apart', () => {
    const cancelled = testShift({ id: '66666666-6666-4666-8666-666666666666', scheduleResponseStatus: 'CANCELLED' });
    expect(shiftsToEvents([base, cancelled], 'CS', false).map((event) => event.id)).toEqual([base.id]);
    const shown = shiftsToEvents([base, cancelled], 'CS', true);
    expect(shown.map((event) => event.classNames[0])).toEqual(['shift-confirmed', 'shift-cancelled']);
    expect(shown[1]?.title).toContain('Cancelled');
  });

  it('asks for a range that covers every Australian zone’s local days, within 62 days', () => {
    const range = rangeToFetch(new Date('2027-02-22T00:00:00Z'), new Date('2027-04-05T00:00:00Z'));
    expect(range).toEqual({ from: '2027-02-21T12:00:00.000Z', to: '2027-04-05T00:00:00.000Z' });
    expect((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000).toBeLessThanOrEqual(62);
  });
});
