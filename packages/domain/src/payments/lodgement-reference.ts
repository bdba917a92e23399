/**
 * A payout's lodgement reference: the 18-character field of its line in the bank file, which the
 * worker's statement shows and a returned payment quotes back (payments-ops.md "Bank files": make
 * it unique per payment). It is the payout's platform-wide number with a Luhn check digit, so a
 * reference typed from a bank's return report with a digit wrong or two digits swapped is caught.
 */

const PREFIX = 'PAY-';
const DIGITS = 8;

/** The Luhn (mod 10) check digit of a string of digits. */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    // Doubled from the rightmost digit of the payload, as the check digit goes on its right.
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** `PAY-000001234` for payout number 123 (eight digits and the check digit; 13 characters). */
export function formatLodgementReference(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1 || number >= 10 ** DIGITS) throw new RangeError(`formatLodgementReference: ${number} is not a payout number`);
  const digits = String(number).padStart(DIGITS, '0');
  return `${PREFIX}${digits}${luhnCheckDigit(digits)}`;
}

export type ParsedLodgementReference = { ok: true; number: number } | { ok: false; reason: 'format' | 'check-digit' };

/** Reads a reference as typed (any case, with or without the dash and spaces). */
export function parseLodgementReference(text: string): ParsedLodgementReference {
  const match = /^PAY-?(\d{9})$/i.exec(text.replace(/\s+/g, ''));
  if (!match) return { ok: false, reason: 'format' };
  const digits = match[1]!.slice(0, DIGITS);
  if (Number(match[1]!.slice(DIGITS)) !== luhnCheckDigit(digits)) return { ok: false, reason: 'check-digit' };
  const number = Number(digits);
  return number >= 1 ? { ok: true, number } : { ok: false, reason: 'format' };
}
