import { describe, expect, it } from 'vitest';
import {
  aboveNdisPriceLimitMessage,
  contractMove,
  END_DATE_TOO_FAR_MESSAGE,
  illegalContractMoveMessage,
  latestContractEndDate,
  latestContractStartDate,
  noNdisSupportItemMessage,
  offerContractRequestSchema,
  signatureMatches,
} from './contracts';

/** A valid private offer starting 1 December 2026, without an end date. */
const offer = {
  workerId: '7a1b2c3d-2222-4e5f-8a6b-7c8d9e0f1a2b',
  fundingType: 'PRIVATE',
  supportRequired: ['CTP'],
  hourlyRateForWeekdays: 4550,
  saturdayRate: 5500,
  sundayRate: 6500,
  rateForPublicHoliday: 9000,
  rateForEveningCare: 5000,
  travelExpenseRate: 95,
  startDate: '2026-12-01',
  emergencyContacts: [{ nameOfContact: 'Sam', relationshipToCareseeker: 'Son', phoneNumber: '0412345678' }],
};

describe('service agreement rules', () => {
  it('names the item and the limit when a rate is above it', () => {
    expect(aboveNdisPriceLimitMessage({ name: 'Assistance With Self-Care Activities - Standard - Weekday Daytime', number: '01_011_0107_1_1', unit: 'H' }, 7500, 7023)).toBe(
      'The rate for Assistance With Self-Care Activities - Standard - Weekday Daytime (01_011_0107_1_1) is $75.00, above its price limit of $70.23 an hour.',
    );
    expect(aboveNdisPriceLimitMessage({ name: 'Sleepover', number: '01_010_0107_1_1', unit: 'E' }, 123456, 29760)).toBe(
      'The rate for Sleepover (01_010_0107_1_1) is $1,234.56, above its price limit of $297.60 each.',
    );
    expect(noNdisSupportItemMessage('Community access', 'Weekday night', '2026-12-01')).toMatch(/no community access support item for weekday night/);
  });

  it('matches a signature to the profile name whatever the case and spacing', () => {
    expect(signatureMatches('  maya   FERNANDO ', 'Maya', 'Fernando')).toBe(true);
    expect(signatureMatches('MayaFernando', 'Maya', 'Fernando')).toBe(true);
    expect(signatureMatches('Maya F', 'Maya', 'Fernando')).toBe(false);
  });

  it('allows only the moves of the table', () => {
    expect(contractMove('OFFERED', 'accept')?.to).toBe('ACTIVE');
    expect(contractMove('ACTIVE', 'accept')).toBeUndefined();
    expect(illegalContractMoveMessage('DECLINED', 'terminate')).toBe('A contract that is declined cannot be terminated.');
  });

  it('lets an agreement start at most a year ahead and run at most 3 years', () => {
    expect(latestContractStartDate('2026-11-27')).toBe('2027-11-27');
    expect(latestContractEndDate('2027-11-27')).toBe('2030-11-27');
    expect(latestContractEndDate('2028-02-29')).toBe('2031-02-28');
  });

  it('refuses an end date more than 3 years after the start, in year 9999 too', () => {
    expect(offerContractRequestSchema.safeParse({ ...offer, endDate: '2029-12-01' }).success).toBe(true);
    expect(offerContractRequestSchema.safeParse({ ...offer, endDate: '2029-12-02' }).error?.issues[0]).toMatchObject({ path: ['endDate'], message: END_DATE_TOO_FAR_MESSAGE });
    expect(offerContractRequestSchema.safeParse({ ...offer, endDate: '9999-12-31' }).error?.issues[0]?.message).toBe(END_DATE_TOO_FAR_MESSAGE);
    // A start in year 9999 is the server's to refuse (a year from today); its end is not "too far" for the schema.
    expect(offerContractRequestSchema.safeParse({ ...offer, startDate: '9999-01-01', endDate: '9999-12-31' }).success).toBe(true);
  });

  it('needs the end date after the start date', () => {
    const result = offerContractRequestSchema.safeParse({ ...offer, endDate: '2026-12-01' });
    expect(result.success).toBe(false);
  });
});
