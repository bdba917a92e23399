import { afterEach, describe, expect, it, vi } from 'vitest';
import { sydneyMidnightEdges } from '../testing/sydney-midnight';
import {
  complianceDocumentSchema,
  documentReviewSchema,
  EXPIRED_MESSAGE,
  formatLongDate,
  latestExpiryDate,
  REJECT_REASON_MESSAGE,
  shiftDate,
  todayInAustralia,
  tooLongValidityMessage,
  tooOldWhenAddedMessage,
} from './compliance-documents';
import { fieldErrors } from './field-errors';

const today = '2027-03-10';
const errorsOf = (fields: Record<string, string>) => {
  const result = complianceDocumentSchema(today).safeParse(fields);
  return result.success ? {} : fieldErrors(result.error);
};

/** The field errors of a police check issued 30 days before `day`, on `day`. */
function fieldErrorsOn(day: string, fields: Record<string, string>): Record<string, string> {
  const result = complianceDocumentSchema(todayInAustralia()).safeParse({ kind: 'POLICE_CHECK', number: 'NPC-1', issuedOn: shiftDate(day, -30), expiresOn: shiftDate(day, 300), ...fields });
  return result.success ? {} : fieldErrors(result.error);
}

describe('compliance document fields', () => {
  it('counts days in Australian Eastern time and writes dates as Australians do', () => {
    // 14:30 UTC on 9 March is already 10 March in Sydney (UTC+11 in summer).
    expect(todayInAustralia(new Date('2027-03-09T14:30:00Z'))).toBe('2027-03-10');
    expect(formatLongDate('2027-03-03')).toBe('3 March 2027');
    expect(shiftDate('2027-02-27', 2)).toBe('2027-03-01');
  });

  describe.each(sydneyMidnightEdges)('%s', (_edge, { at, sydneyDate }) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('takes today from the clock as a date in Australia, whatever the date in UTC', () => {
      vi.useFakeTimers({ toFake: ['Date'], now: at });
      expect(todayInAustralia()).toBe(sydneyDate);
      // Yesterday's expiry is past; today's is still good (a document is good through its expiry date).
      expect(fieldErrorsOn(sydneyDate, { expiresOn: shiftDate(sydneyDate, -1) }).expiresOn).toBe(EXPIRED_MESSAGE);
      expect(fieldErrorsOn(sydneyDate, { expiresOn: sydneyDate }).expiresOn).toBeUndefined();
    });
  });

  it('accepts a recent police check within its three years, with the empty optional fields as null', () => {
    const result = complianceDocumentSchema(today).parse({ kind: 'POLICE_CHECK', number: ' NPC-1 ', issuingState: '', title: '', issuedOn: '2027-01-05', expiresOn: '2030-01-05' });
    expect(result).toEqual({ kind: 'POLICE_CHECK', number: 'NPC-1', issuingState: null, title: null, issuedOn: '2027-01-05', expiresOn: '2030-01-05' });
  });

  it('applies the rules of the kind, each on its field', () => {
    expect(errorsOf({ kind: 'POLICE_CHECK', number: 'N', issuedOn: '2026-03-01', expiresOn: '2029-03-01' })).toEqual({
      issuedOn: tooOldWhenAddedMessage('POLICE_CHECK', 12),
    });
    expect(errorsOf({ kind: 'POLICE_CHECK', number: 'N', issuedOn: '2027-01-05', expiresOn: '2030-01-06' })).toEqual({
      expiresOn: tooLongValidityMessage('POLICE_CHECK', 3, '2030-01-05'),
    });
    expect(errorsOf({ kind: 'CPR', issuedOn: '2026-03-01', expiresOn: '2027-03-01' })).toEqual({ expiresOn: EXPIRED_MESSAGE });
    // Its expiry date itself still counts.
    expect(errorsOf({ kind: 'CPR', issuedOn: '2026-03-10', expiresOn: '2027-03-10' })).toEqual({});
    expect(errorsOf({ kind: 'NDIS_WORKER_SCREENING', issuedOn: '2027-04-01', expiresOn: '2028-01-01' })).toMatchObject({
      number: 'Enter the number printed on your document.',
      issuingState: 'Choose the state or territory that issued it.',
      issuedOn: 'The issue date cannot be in the future.',
    });
    expect(errorsOf({ kind: 'QUALIFICATION', issuedOn: '2020-01-01' })).toHaveProperty('title');
    expect(errorsOf({ kind: 'QUALIFICATION', title: 'Cert III', issuedOn: '2020-01-01' })).toEqual({});
  });

  it('wants a reason to reject a document', () => {
    const result = documentReviewSchema.safeParse({ decision: 'REJECTED', reason: '  ' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ reason: REJECT_REASON_MESSAGE });
    expect(documentReviewSchema.parse({ decision: 'APPROVED' })).toEqual({ decision: 'APPROVED' });
  });
});

describe('latestExpiryDate', () => {
  it('is the date issued plus the kind’s validity in years, and nothing for a kind whose own expiry rules', () => {
    expect(latestExpiryDate('CPR', '2026-02-28')).toBe('2027-02-28');
    // A 29 February issue lasts to 28 February.
    expect(latestExpiryDate('CPR', '2024-02-29')).toBe('2025-02-28');
    expect(latestExpiryDate('NDIS_WORKER_SCREENING', '2026-12-07')).toBe('2031-12-07');
    expect(latestExpiryDate('QUALIFICATION', '2026-12-07')).toBeNull();
    expect(latestExpiryDate('CPR', '2026-13-40')).toBeNull();
    expect(latestExpiryDate('CPR', '')).toBeNull();
  });
});
