import { z } from 'zod';
import { safeText } from './safe-text';

/**
 * What a worker gives on /tax-and-super (issue 12): their ABN, whether they are registered for
 * GST, their superannuation fund, and the bank account their payouts go to. The form and the API
 * validate with these same schemas (STYLE.md rule 3). Numbers may be typed with spaces or hyphens,
 * as they are printed ("51 824 753 556", "062-000"); they are kept as digits only.
 */

/** Spaces and hyphens are how people group digits; nothing else is taken out. */
function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** A required one-line text, with its message whether it is missing, empty or only spaces. */
function requiredText(message: string, maxLength: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(maxLength, { error: tooLong }).check(safeText());
}

/** A required number of `min` to `max` digits, typed with or without spaces and hyphens. */
function digitsField(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .check(safeText())
    .transform(digitsOnly)
    .pipe(
      z
        .string()
        .regex(/^\d+$/, { error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
    );
}

/** The weights the Australian Business Register applies to an ABN's 11 digits. */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;
const ABN_MODULUS = 89;

/**
 * The ABN check-digit test published by the Australian Business Register: subtract 1 from the
 * first digit, multiply each digit by its weight, and the sum must divide by 89. Spaces and
 * hyphens are ignored; anything but 11 digits fails.
 */
export function isValidAbn(value: string): boolean {
  const digits = digitsOnly(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, index) => {
    const digit = Number(digits[index]) - (index === 0 ? 1 : 0);
    return total + digit * weight;
  }, 0);
  // A first digit of 0 would count as -1: no ABN starts with 0.
  return digits[0] !== '0' && sum % ABN_MODULUS === 0;
}

export const ABN_LENGTH_MESSAGE = 'Enter your ABN: 11 digits';
export const ABN_CHECK_MESSAGE =
  'This is not a valid ABN: one of its digits is wrong. Check it against your ABN registration or look it up on ABN Lookup (abr.business.gov.au).';

export const abnSchema = digitsField(ABN_LENGTH_MESSAGE, 11, 11).refine(isValidAbn, { error: ABN_CHECK_MESSAGE });

export const BSB_MESSAGE = 'Enter the BSB: 6 digits';
export const bsbSchema = digitsField(BSB_MESSAGE, 6, 6);

export const ACCOUNT_NUMBER_MESSAGE = 'Enter the account number: 6 to 10 digits';
export const bankAccountNumberSchema = digitsField(ACCOUNT_NUMBER_MESSAGE, 6, 10);

/**
 * A super fund is named by its Unique Superannuation Identifier (an APRA fund) or, for a
 * self-managed fund, its electronic service address: letters and digits either way.
 */
export const superFundIdentifierTypes = ['USI', 'ESA'] as const;
export type SuperFundIdentifierType = (typeof superFundIdentifierTypes)[number];

export const SUPER_FUND_IDENTIFIER_MESSAGE = 'Enter the fund’s USI, or your SMSF’s electronic service address: up to 20 letters and digits';

export const taxAndSuperSchema = z.object({
  abn: abnSchema,
  abnLegalName: requiredText('Enter the name your ABN is registered to', 200, 'The registered name can be at most 200 characters'),
  gstRegistered: z.boolean({ error: 'Say whether you are registered for GST' }),
  superFund: z.object({
    name: requiredText('Enter the name of your super fund', 200, 'The fund’s name can be at most 200 characters'),
    identifierType: z.enum(superFundIdentifierTypes, { error: 'Choose USI for a super fund, or ESA for a self-managed fund' }),
    identifier: z
      .string({ error: SUPER_FUND_IDENTIFIER_MESSAGE })
      .check(safeText())
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, { error: SUPER_FUND_IDENTIFIER_MESSAGE })),
    memberNumber: requiredText('Enter your member number', 30, 'The member number can be at most 30 characters'),
  }),
  bankAccount: z.object({
    accountName: requiredText('Enter the name on the bank account', 100, 'The account name can be at most 100 characters'),
    bsb: bsbSchema,
    accountNumber: bankAccountNumberSchema,
  }),
});

export type TaxAndSuperInput = z.input<typeof taxAndSuperSchema>;
export type TaxAndSuper = z.output<typeof taxAndSuperSchema>;

/** How a stored account number is shown again: its last three digits only ("•••• 789"). */
export function maskedAccountNumber(accountNumber: string): string {
  return `•••• ${digitsOnly(accountNumber).slice(-3)}`;
}

/** A BSB as it is printed: "062-000". */
export function formatBsb(bsb: string): string {
  const digits = digitsOnly(bsb);
  return digits.length === 6 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : bsb;
}
