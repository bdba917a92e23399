import { z } from 'zod';
import { instantToLocalDate } from '../shift-time';
import { safeText } from './safe-text';
import { isValidAbn } from './tax-and-super';

/**
 * The pieces of a participant's details (issue 16, /provider-details): the NDIS number, a date of
 * birth, plan dates and the ABN of whoever is sent the invoices. Optional fields: an empty text
 * is null, so a form can clear them. Numbers may be typed with spaces ("430 123 456") or hyphens;
 * they are kept as digits only.
 */

export const NDIS_NUMBER_MESSAGE = 'An NDIS number is 9 digits starting with 43';
export const ABN_MESSAGE = 'An ABN is 11 digits';
export const ABN_NOT_VALID_MESSAGE = 'This is not a valid ABN: one of its digits is wrong. Check it on ABN Lookup (abr.business.gov.au).';
export const DATE_MESSAGE = 'Enter a real date';
export const DATE_OF_BIRTH_FUTURE_MESSAGE = 'A date of birth is in the past';
export const DATE_OF_BIRTH_TOO_OLD_MESSAGE = 'A date of birth is no more than 120 years ago';
export const PLAN_END_MESSAGE = 'The plan ends after it starts';
/** The oldest date of birth accepted, in years before today. */
export const MAX_AGE_YEARS = 120;

/** Participant numbers the NDIA issues are 9 digits and start with 43 (NDIA bulk claim guide). */
export function isValidNdisNumber(value: string): boolean {
  return /^43\d{7}$/.test(value.replace(/[\s-]/g, ''));
}

/** Today's date in Australia, where a date of birth is entered (the eastern states see the new day first). */
export function australianToday(now: Date = new Date()): string {
  return instantToLocalDate(now, 'Australia/Sydney');
}

function emptyToNull(value: string): string | null {
  return value === '' ? null : value;
}

/** An optional text field that is digits once spaces and hyphens are taken out. */
function optionalDigits() {
  return z
    .string({ error: 'Enter the number as digits' })
    .check(safeText())
    .transform((value) => value.replace(/[\s-]/g, ''));
}

export const optionalNdisNumberSchema = optionalDigits()
  .refine((value) => value === '' || isValidNdisNumber(value), { error: NDIS_NUMBER_MESSAGE })
  .transform(emptyToNull)
  .nullable()
  .default(null);

export const optionalAbnSchema = optionalDigits()
  .refine((value) => value === '' || /^\d{11}$/.test(value), { error: ABN_MESSAGE, abort: true })
  .refine((value) => value === '' || isValidAbn(value), { error: ABN_NOT_VALID_MESSAGE })
  .transform(emptyToNull)
  .nullable()
  .default(null);

/** An optional calendar date (YYYY-MM-DD, a day that exists). */
export const optionalDateSchema = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .refine((value) => value === '' || z.iso.date().safeParse(value).success, { error: DATE_MESSAGE })
  .transform(emptyToNull)
  .nullable()
  .default(null);

/** Whether a date of birth is a real past date, at most MAX_AGE_YEARS ago. */
export function dateOfBirthProblem(date: string, today: string = australianToday()): string | null {
  if (date >= today) return DATE_OF_BIRTH_FUTURE_MESSAGE;
  const oldest = `${String(Number(today.slice(0, 4)) - MAX_AGE_YEARS).padStart(4, '0')}${today.slice(4)}`;
  if (date < oldest) return DATE_OF_BIRTH_TOO_OLD_MESSAGE;
  return null;
}

export const optionalDateOfBirthSchema = optionalDateSchema.superRefine((value, ctx) => {
  const problem = value === null ? null : dateOfBirthProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A postal address for invoices: a few lines. */
export const INVOICE_ADDRESS_MAX = 300;
export const optionalAddressSchema = z
  .string({ error: 'Enter the address as text' })
  .trim()
  .max(INVOICE_ADDRESS_MAX, { error: `An address is at most ${INVOICE_ADDRESS_MAX} characters` })
  .check(safeText('multi'))
  .transform(emptyToNull)
  .nullable()
  .default(null);
