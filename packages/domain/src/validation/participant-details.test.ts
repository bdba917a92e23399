import { describe, expect, it } from 'vitest';
import { fundingDetailsSchema } from '../api/payments';
import { fieldErrors } from './field-errors';
import {
  ABN_MESSAGE,
  ABN_NOT_VALID_MESSAGE,
  australianToday,
  DATE_MESSAGE,
  DATE_OF_BIRTH_FUTURE_MESSAGE,
  DATE_OF_BIRTH_TOO_OLD_MESSAGE,
  dateOfBirthProblem,
  isValidNdisNumber,
  NDIS_NUMBER_MESSAGE,
  PLAN_END_MESSAGE,
} from './participant-details';

function errorsOf(input: unknown): Record<string, string> {
  const parsed = fundingDetailsSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

describe('NDIS numbers', () => {
  it('are 9 digits starting with 43, typed with or without spaces', () => {
    expect(isValidNdisNumber('430123456')).toBe(true);
    expect(isValidNdisNumber('430 123 456')).toBe(true);
    expect(isValidNdisNumber('123456789')).toBe(false);
    expect(isValidNdisNumber('43012345')).toBe(false);
    expect(isValidNdisNumber('4301234567')).toBe(false);
    expect(fundingDetailsSchema.parse({ ndisNumber: '430 123 456' }).ndisNumber).toBe('430123456');
    expect(errorsOf({ ndisNumber: '123456789' })).toEqual({ ndisNumber: NDIS_NUMBER_MESSAGE });
    expect(fundingDetailsSchema.parse({ ndisNumber: '' }).ndisNumber).toBeNull();
  });
});

describe('ABNs', () => {
  it('pass the Australian Business Register’s check digits', () => {
    expect(fundingDetailsSchema.parse({ planManagerAbn: '51 824 753 556' }).planManagerAbn).toBe('51824753556');
    expect(fundingDetailsSchema.parse({ agedCareProviderAbn: '53-004-085-616' }).agedCareProviderAbn).toBe('53004085616');
    expect(errorsOf({ planManagerAbn: '51 824 753 557' })).toEqual({ planManagerAbn: ABN_NOT_VALID_MESSAGE });
    expect(errorsOf({ planManagerAbn: '5182475355' })).toEqual({ planManagerAbn: ABN_MESSAGE });
    expect(errorsOf({ agedCareProviderAbn: 'ABN51824753556' })).toEqual({ agedCareProviderAbn: ABN_MESSAGE });
  });
});

describe('dates', () => {
  it('takes a date of birth in the past and no more than 120 years ago', () => {
    expect(dateOfBirthProblem('1990-02-28', '2026-11-27')).toBeNull();
    expect(dateOfBirthProblem('2026-11-27', '2026-11-27')).toBe(DATE_OF_BIRTH_FUTURE_MESSAGE);
    expect(dateOfBirthProblem('2030-01-01', '2026-11-27')).toBe(DATE_OF_BIRTH_FUTURE_MESSAGE);
    expect(dateOfBirthProblem('1906-11-27', '2026-11-27')).toBeNull();
    expect(dateOfBirthProblem('1906-11-26', '2026-11-27')).toBe(DATE_OF_BIRTH_TOO_OLD_MESSAGE);
    expect(errorsOf({ dateOfBirth: '3000-01-01' })).toEqual({ dateOfBirth: DATE_OF_BIRTH_FUTURE_MESSAGE });
    expect(errorsOf({ dateOfBirth: '1800-01-01' })).toEqual({ dateOfBirth: DATE_OF_BIRTH_TOO_OLD_MESSAGE });
    expect(errorsOf({ dateOfBirth: '1990-02-30' })).toEqual({ dateOfBirth: DATE_MESSAGE });
    expect(errorsOf({ dateOfBirth: 'yesterday' })).toEqual({ dateOfBirth: DATE_MESSAGE });
    expect(australianToday(new Date('2026-11-27T14:00:00Z'))).toBe('2026-11-28');
  });

  it('ends a plan after it starts', () => {
    expect(errorsOf({ planStartDate: '2026-07-01', planEndDate: '2026-07-01' })).toEqual({ planEndDate: PLAN_END_MESSAGE });
    expect(errorsOf({ planStartDate: '2026-07-01', planEndDate: '2026-06-30' })).toEqual({ planEndDate: PLAN_END_MESSAGE });
    expect(fundingDetailsSchema.parse({ planStartDate: '2026-07-01', planEndDate: '2027-06-30' })).toMatchObject({ planStartDate: '2026-07-01', planEndDate: '2027-06-30' });
  });
});

describe('the rest of the details', () => {
  it('clears empty fields and refuses what cannot be stored', () => {
    expect(fundingDetailsSchema.parse({ fundingType: '', invoiceAddress: '  ', participantFirstName: '' })).toMatchObject({ fundingType: null, invoiceAddress: null, participantFirstName: null });
    expect(fundingDetailsSchema.parse({ invoiceAddress: '1 Main St\nSydney NSW 2000' }).invoiceAddress).toBe('1 Main St\nSydney NSW 2000');
    expect(Object.keys(errorsOf({ participantFirstName: 'A\u0000B', invoiceAddress: 'x'.repeat(301), fundingType: 'BARTER', planStartDate: 12 }))).toEqual(
      expect.arrayContaining(['participantFirstName', 'invoiceAddress', 'fundingType', 'planStartDate']),
    );
  });
});
