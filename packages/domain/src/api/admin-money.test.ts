import { describe, expect, it } from 'vitest';
import { payingForCareTypeCodes } from '../job-options';
import { ageBucketOf, payerReceivableAccount, payerTypeOf } from './admin-money';
import { isMoneyDateInRange, MONEY_DATE_RANGE_MESSAGE, moneyDateSchema, moneyToday } from './payments';

describe('receivables by payer and age', () => {
  it('ages from the due date: not yet due and up to 30 days late in 0–30, then 31–60, 61–90 and 90+', () => {
    expect([-7, 0, 30, 31, 60, 61, 90, 91, 400].map(ageBucketOf)).toEqual([
      'DAYS_0_30',
      'DAYS_0_30',
      'DAYS_0_30',
      'DAYS_31_60',
      'DAYS_31_60',
      'DAYS_61_90',
      'DAYS_61_90',
      'DAYS_OVER_90',
      'DAYS_OVER_90',
    ]);
  });

  it('names the payer of every funding type, and keeps each payer on its ledger account', () => {
    expect(Object.fromEntries(payingForCareTypeCodes.map((code) => [code, payerTypeOf(code)]))).toMatchObject({
      PRIVATE: 'CARE_SEEKER',
      NDIS_SELF_MANAGED: 'CARE_SEEKER',
      NDIS_PLAN_MANAGED: 'PLAN_MANAGER',
      HOME_CARE_PACKAGE: 'AGED_CARE_PROVIDER',
      SUPPORT_AT_HOME: 'AGED_CARE_PROVIDER',
      NDIS_AGENCY_MANAGED: 'NDIA',
    });
    expect(payerReceivableAccount).toEqual({ CARE_SEEKER: 'CARE_SEEKER_RECEIVABLE', PLAN_MANAGER: 'FUNDER_RECEIVABLE', AGED_CARE_PROVIDER: 'FUNDER_RECEIVABLE', NDIA: 'NDIA_RECEIVABLE' });
  });
});

describe('money dates (issue 29)', () => {
  // 13:30 UTC on 6 December is 00:30 on 7 December in Sydney (daylight saving, UTC+11).
  const justAfterSydneyMidnight = new Date('2026-12-06T13:30:00Z');

  it('run from 1 January 2020 to today in Sydney, whatever the server’s own clock says', () => {
    expect(moneyToday(justAfterSydneyMidnight)).toBe('2026-12-07');
    expect(isMoneyDateInRange('2026-12-07', justAfterSydneyMidnight)).toBe(true);
    expect(isMoneyDateInRange('2026-12-08', justAfterSydneyMidnight)).toBe(false);
    expect(isMoneyDateInRange('2020-01-01', justAfterSydneyMidnight)).toBe(true);
    expect(isMoneyDateInRange('2019-12-31', justAfterSydneyMidnight)).toBe(false);
    expect(isMoneyDateInRange('9999-12-31', justAfterSydneyMidnight)).toBe(false);
  });

  it('are refused by the shared schema with a message that says the range', () => {
    expect(moneyDateSchema.safeParse(moneyToday()).success).toBe(true);
    const future = moneyDateSchema.safeParse('9999-12-31');
    expect(future.success).toBe(false);
    expect(future.error?.issues[0]?.message).toBe(MONEY_DATE_RANGE_MESSAGE);
  });
});
