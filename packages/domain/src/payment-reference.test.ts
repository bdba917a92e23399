import { describe, expect, it } from 'vitest';
import { isValidPaymentReference, luhnCheckDigit, normalisePaymentReference, paymentReferenceOf } from './payment-reference';

describe('payment references', () => {
  it('computes the Luhn check digit of the textbook example', () => {
    // 7992739871 → 3, the worked example of ISO/IEC 7812-1's Luhn formula.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(paymentReferenceOf(100000)).toBe('1000009');
    expect(paymentReferenceOf(100001)).toBe('1000017');
  });

  it('accepts a reference typed with spaces or hyphens and refuses one with a mistyped digit or swapped neighbours', () => {
    const reference = paymentReferenceOf(104_273);
    expect(isValidPaymentReference(reference)).toBe(true);
    expect(isValidPaymentReference(` ${reference.slice(0, 4)} ${reference.slice(4)} `)).toBe(true);
    expect(isValidPaymentReference(`${reference.slice(0, 3)}-${reference.slice(3)}`)).toBe(true);
    for (let i = 0; i < reference.length; i += 1) {
      const digit = Number(reference[i]);
      const typo = `${reference.slice(0, i)}${(digit + 1) % 10}${reference.slice(i + 1)}`;
      expect(isValidPaymentReference(typo), typo).toBe(false);
    }
    expect(isValidPaymentReference('INV-000001')).toBe(false);
    expect(normalisePaymentReference(' inv 12-3 ')).toBe('INV123');
  });
});
