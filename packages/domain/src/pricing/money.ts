/**
 * Money and quantities in integers only (issue 14): cents for money, hundredths for a quantity
 * ("2.25" hours is 225). Every rounding is half-up on exact integer ratios, so no floating-point
 * dollars ever enter a price. The inputs are non-negative, where flooring (x + half) is half-up.
 */

function assertWhole(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number, not negative`);
}

/** Hours of `minutes` to 2 decimal places, half-up, as hundredths: 50 minutes is 0.83 h (83). */
export function hoursHundredthsOfMinutes(minutes: number): number {
  assertWhole(minutes, 'Minutes');
  return Math.floor((minutes * 100 + 30) / 60);
}

/** quantity × unit price, half-up to the cent: 83 hundredths at 7023 c is 5829 c ($58.29). */
export function amountCents(quantityHundredths: number, unitPriceCents: number): number {
  assertWhole(quantityHundredths, 'A quantity');
  assertWhole(unitPriceCents, 'A unit price');
  return Math.floor((quantityHundredths * unitPriceCents + 50) / 100);
}

/** A share in basis points (900 is 9%) of an amount, half-up to the cent. */
export function shareOfCents(cents: number, basisPoints: number): number {
  assertWhole(cents, 'An amount');
  assertWhole(basisPoints, 'A rate');
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** GST at 10% of a taxable amount, half-up to the cent. */
export function gstOfCents(taxableCents: number): number {
  return shareOfCents(taxableCents, 1_000);
}

/** Hundredths as a decimal number for display and JSON: 225 is 2.25. */
export function hundredthsToNumber(hundredths: number): number {
  return hundredths / 100;
}

/** A decimal with at most 2 places (a quantity such as 12.5 km) as hundredths, or null if it has more places. */
export function toHundredths(value: number): number | null {
  const hundredths = Math.round(value * 100);
  return Math.abs(hundredths - value * 100) < 1e-6 ? hundredths : null;
}
