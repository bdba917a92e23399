import { describe, expect, it } from 'vitest';
import { formatLodgementReference, parseLodgementReference } from './lodgement-reference';

describe('lodgement references', () => {
  it('is the payout number with a Luhn check digit, within the 18 characters of the bank file', () => {
    expect(formatLodgementReference(1)).toBe('PAY-000000018');
    expect(formatLodgementReference(7992739)).toBe('PAY-079927398');
    expect(formatLodgementReference(99_999_999).length).toBeLessThanOrEqual(18);
    expect(() => formatLodgementReference(0)).toThrow(RangeError);
  });

  it('reads a reference back as typed, and catches a wrong or swapped digit', () => {
    expect(parseLodgementReference('PAY-079927398')).toEqual({ ok: true, number: 7992739 });
    expect(parseLodgementReference(' pay 0799 27398 ')).toEqual({ ok: true, number: 7992739 });
    expect(parseLodgementReference('PAY-079927397')).toEqual({ ok: false, reason: 'check-digit' });
    expect(parseLodgementReference('PAY-079972398')).toEqual({ ok: false, reason: 'check-digit' });
    expect(parseLodgementReference('REM-000001')).toEqual({ ok: false, reason: 'format' });
  });
});
