/**
 * Payment references (issue 28; payments-ops.md "Invoices"). Every payer pays into the platform's
 * one account, so each invoice carries a reference unique across the platform: a customer
 * reference number (CRN) of digits whose last digit is a Luhn (mod 10, "double add double")
 * check digit, the scheme BPAY's MOD10V01 CRNs use. A single mistyped digit, and most swaps of
 * two neighbouring digits, fail the check, so a typo is refused instead of matching another
 * invoice. The database assigns them (the sequence `invoice_payment_reference_seq` from 100000
 * and the SQL function `payment_reference_of`, which must agree with `luhnCheckDigit` here).
 */

/** The Luhn check digit of a string of digits (the digit to append to it). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('A Luhn check digit is of digits only');
  let sum = 0;
  // From the right: the digit next to where the check digit goes is doubled, then every second one.
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The payment reference of a base number: the base followed by its check digit. */
export function paymentReferenceOf(base: number): string {
  if (!Number.isSafeInteger(base) || base < 0) throw new Error('A payment reference is made from a whole number');
  return `${base}${luhnCheckDigit(String(base))}`;
}

/** The shortest and longest references: 100000 and its check digit, up to a 15-digit base. */
export const PAYMENT_REFERENCE_MIN_LENGTH = 7;
export const PAYMENT_REFERENCE_MAX_LENGTH = 16;

export const PAYMENT_REFERENCE_CHECK_FAILED = 'That payment reference is not right: its last digit does not match the others. Check it for a typo against the bank statement.';

/**
 * A reference as a payer or an administrator typed it, made comparable: spaces, hyphens and dots
 * taken out and letters in capitals (bank apps let people type `1000 0042`, `1000-0042`).
 */
export function normalisePaymentReference(text: string): string {
  return text.replace(/[\s.\-_/]+/g, '').toUpperCase();
}

/** Whether some text has the shape of a payment reference (digits only, of a reference's length), once normalised. */
export function looksLikePaymentReference(text: string): boolean {
  const normalised = normalisePaymentReference(text);
  return new RegExp(`^\\d{${PAYMENT_REFERENCE_MIN_LENGTH},${PAYMENT_REFERENCE_MAX_LENGTH}}$`).test(normalised);
}

/** Whether a reference's check digit is right (normalised first). */
export function isValidPaymentReference(text: string): boolean {
  const normalised = normalisePaymentReference(text);
  if (!looksLikePaymentReference(normalised)) return false;
  return luhnCheckDigit(normalised.slice(0, -1)) === Number(normalised.at(-1));
}
