import { describe, expect, it } from 'vitest';
import { payingForCareTypeCodes } from '../job-options';
import { ageBucketOf, payerReceivableAccount, payerTypeOf } from './admin-money';

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
