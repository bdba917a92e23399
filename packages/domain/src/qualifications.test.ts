import { describe, expect, it } from 'vitest';
import { qualificationCodes, qualificationLabel, qualifications } from './qualifications';

describe('qualifications', () => {
  it('has unique codes and labels', () => {
    expect(new Set(qualificationCodes).size).toBe(qualificationCodes.length);
    const labels = qualifications.map((qualification) => qualification.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('names the certificates as issued', () => {
    expect(qualificationLabel('CERT3_INDIVIDUAL_SUPPORT')).toBe('Certificate III in Individual Support');
    for (const code of ['CERT4_DISABILITY', 'BACHELOR_NURSING', 'FIRST_AID', 'CPR', 'NDIS_WORKER_ORIENTATION'] as const) {
      expect(qualificationCodes).toContain(code);
    }
  });
});
