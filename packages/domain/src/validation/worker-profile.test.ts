import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { refereesSchema, SAME_REFEREE_EMAIL_MESSAGE } from './referees';
import { centsToDollars, dollarsToCents, ratesSectionSchema, skillsSectionSchema } from './worker-profile';

describe('dollars and cents in the rates form', () => {
  it('reads dollars as typed, with or without $ and cents', () => {
    expect(dollarsToCents('45')).toBe(4500);
    expect(dollarsToCents(' $45.5 ')).toBe(4550);
    expect(dollarsToCents('1,000.05')).toBe(100005);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('45.555')).toBeNaN();
    expect(dollarsToCents('forty')).toBeNaN();
  });

  it('shows cents as dollars, whole dollars without cents', () => {
    expect(centsToDollars(4500)).toBe('45');
    expect(centsToDollars(99)).toBe('0.99');
    expect(centsToDollars(null)).toBe('');
  });
});

describe('the section schemas', () => {
  const rates = {
    weekdayRateCents: 2000,
    saturdayRateCents: 30000,
    sundayRateCents: 6500,
    publicHolidayRateCents: 9000,
    eveningRateCents: 5000,
    overnightRateCents: null,
    sleepoverRateCents: null,
    travelPerKmCents: 500,
  };

  it('takes hourly rates of exactly $20 and $300, and travel of $5 a km', () => {
    expect(ratesSectionSchema.safeParse(rates).success).toBe(true);
    const tooLow = ratesSectionSchema.safeParse({ ...rates, weekdayRateCents: 1999, travelPerKmCents: -1, overnightRateCents: Number.NaN });
    expect(tooLow.success ? {} : fieldErrors(tooLow.error)).toEqual({
      weekdayRateCents: 'Enter your weekday rate: $20 to $300 an hour',
      overnightRateCents: 'Enter your active overnight rate: $20 to $300 an hour',
      travelPerKmCents: 'Enter your travel rate: $0 to $5 a km',
    });
  });

  it('keeps each skill once', () => {
    expect(skillsSectionSchema.parse({ skills: ['AUTISM', 'AUTISM'], tasks: [] }).skills).toEqual(['AUTISM']);
  });

  it('needs two referees with different email addresses, in any letter case', () => {
    const referee = (email: string) => ({ name: 'Ann', relationship: 'Team leader', email, phone: '0412345678' });
    const same = refereesSchema.safeParse({ referees: [referee('ann@example.com'), referee('ANN@example.com')] });
    expect(same.success ? {} : fieldErrors(same.error)).toEqual({ 'referees.1.email': SAME_REFEREE_EMAIL_MESSAGE });
  });
});
