import { describe, expect, it } from 'vitest';
import {
  complianceEntrySchema,
  complianceSectionKeys,
  complianceSectionRules,
  complianceSectionSchema,
  emptyComplianceData,
  isDueForReview,
  requiredSectionsFor,
  reviewDueOn,
  upsertCheckIn,
  workerReadableSections,
} from './compliance-details';

describe('compliance sections', () => {
  it('describes each of the ten sections once', () => {
    expect(complianceSectionRules.map((rule) => rule.key)).toEqual([...complianceSectionKeys]);
    expect(workerReadableSections).toEqual(['emergencyDisasterPlan', 'supportPlan', 'medicationIndemnity', 'medicationAdministration']);
  });

  it('refuses an empty form with a message per required field', () => {
    for (const key of complianceSectionKeys) {
      const result = complianceSectionSchema(key).safeParse(emptyComplianceData(key));
      const rule = complianceSectionRules.find((candidate) => candidate.key === key)!;
      if (rule.isList) expect(result.success).toBe(true);
      else expect(result.success).toBe(false);
    }
    const result = complianceSectionSchema('supportPlan').safeParse(emptyComplianceData('supportPlan'));
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContain('participantName: Enter the participant’s full name');
    expect(messages).toContain('goals: Add at least one line to goals');
  });

  it('refuses control characters, bad dates and end dates before start dates', () => {
    const agreement = {
      participantName: 'Ann\u0000', providerName: 'Ben', startDate: '2026-02-30', endDate: '', supportsProvided: 'Personal care',
      costs: 'NDIS rates', cancellationNotice: '7 days', endingNotice: '14 days', participantSigned: true,
    };
    const result = complianceSectionSchema('serviceAgreement').safeParse(agreement);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['participantName', 'startDate']);
    const order = complianceSectionSchema('serviceAgreement').safeParse({ ...agreement, participantName: 'Ann', startDate: '2026-03-01', endDate: '2026-02-01' });
    expect(order.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'The end date must be after the start date' });
  });

  it('checks check-in numbers and refuses two entries with the same number and year', () => {
    const entry = { checkInNumber: 1, checkInYear: 2026, heldOn: '2026-03-01', heldBy: 'Sam', howSupportsAreGoing: 'Well' };
    expect(complianceEntrySchema('checkIns').safeParse({ ...entry, checkInNumber: 13 }).success).toBe(false);
    const parsed = complianceEntrySchema('checkIns').parse(entry);
    expect(complianceSectionSchema('checkIns').safeParse({ entries: [parsed, parsed] }).success).toBe(false);
  });

  it('replaces the check-in with the same number and year, otherwise adds one', () => {
    const first = { checkInNumber: 1, checkInYear: 2026, heldBy: 'A' };
    const second = { checkInNumber: 2, checkInYear: 2026, heldBy: 'B' };
    expect(upsertCheckIn([first, second], { checkInNumber: 1, checkInYear: 2026, heldBy: 'C' })).toEqual([{ checkInNumber: 1, checkInYear: 2026, heldBy: 'C' }, second]);
    expect(upsertCheckIn([second], { checkInNumber: 1, checkInYear: 2025, heldBy: 'D' })).toHaveLength(2);
  });

  it('requires every section for an agency-managed participant, fewer otherwise', () => {
    expect(requiredSectionsFor(['NDIS_AGENCY_MANAGED']).size).toBe(10);
    expect(requiredSectionsFor(['NDIS_PLAN_MANAGED']).has('medicationAdministration')).toBe(false);
    expect([...requiredSectionsFor(['PRIVATE'])]).toEqual(['serviceAgreement']);
    expect(requiredSectionsFor([]).size).toBe(0);
  });

  it('is due for review a year after saving, or on its own earlier date', () => {
    expect(reviewDueOn('supportPlan', '2026-01-31', {})).toBe('2027-01-31');
    expect(reviewDueOn('supportPlan', '2026-01-31', { reviewOn: '2026-06-01' })).toBe('2026-06-01');
    expect(reviewDueOn('medicationAdministration', '2026-08-31', {})).toBe('2027-02-28');
    expect(reviewDueOn('incidentReports', '2026-01-01', {})).toBeNull();
    expect(isDueForReview('2026-12-20', '2026-11-27')).toBe(true);
    expect(isDueForReview('2027-11-27', '2026-11-27')).toBe(false);
  });
});
