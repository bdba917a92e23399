import { describe, expect, it } from 'vitest';
import { canCreditInvoice, canViewInvoice, invoiceSideOf, listSideOf } from './invoice-policy';

const invoice = { workerId: 'worker', careSeekerId: 'care-seeker' };

describe('invoice policy', () => {
  it('lets the two parties see an invoice and nobody else', () => {
    expect(canViewInvoice('worker', invoice)).toBe(true);
    expect(canViewInvoice('care-seeker', invoice)).toBe(true);
    expect(canViewInvoice('stranger', invoice)).toBe(false);
    expect(invoiceSideOf('care-seeker', invoice)).toBe('CARE_SEEKER');
  });

  it('lets only the worker who issued it credit it', () => {
    expect(canCreditInvoice('worker', invoice)).toBe(true);
    expect(canCreditInvoice('care-seeker', invoice)).toBe(false);
    expect(canCreditInvoice('stranger', invoice)).toBe(false);
  });

  it('lists a worker’s issued invoices and a care seeker’s received ones', () => {
    expect(listSideOf('CR')).toBe('WORKER');
    expect(listSideOf('CS')).toBe('CARE_SEEKER');
    expect(listSideOf('SUPPORT')).toBeNull();
    expect(listSideOf('ADMIN')).toBeNull();
  });
});
