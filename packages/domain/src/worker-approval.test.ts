import { describe, expect, it } from 'vitest';
import { isDocumentCurrent, missingRequiredDocuments, type DocumentOnFile } from './worker-approval';

const today = '2026-11-25';

function document(overrides: Partial<DocumentOnFile>): DocumentOnFile {
  return { kind: 'POLICE_CHECK', status: 'APPROVED', expiresOn: '2028-01-01', isSuperseded: false, isMarkedExpired: false, ...overrides };
}

describe('isDocumentCurrent', () => {
  it('counts a document through its expiry date, and never once it is replaced or marked expired', () => {
    expect(isDocumentCurrent(document({ expiresOn: today }), today)).toBe(true);
    expect(isDocumentCurrent(document({ expiresOn: '2026-11-24' }), today)).toBe(false);
    expect(isDocumentCurrent(document({ expiresOn: null }), today)).toBe(true);
    expect(isDocumentCurrent(document({ isSuperseded: true }), today)).toBe(false);
    expect(isDocumentCurrent(document({ isMarkedExpired: true }), today)).toBe(false);
  });
});

describe('missingRequiredDocuments', () => {
  const screening = document({ kind: 'NDIS_WORKER_SCREENING' });
  const police = document({ kind: 'POLICE_CHECK' });

  it('asks for the screening clearance and the police check of every worker', () => {
    expect(missingRequiredDocuments(false, [], today)).toEqual(['NDIS_WORKER_SCREENING', 'POLICE_CHECK']);
    expect(missingRequiredDocuments(false, [screening, police], today)).toEqual([]);
  });

  it('asks for the working-with-children check only of workers who support people under 18', () => {
    expect(missingRequiredDocuments(true, [screening, police], today)).toEqual(['WORKING_WITH_CHILDREN']);
    expect(missingRequiredDocuments(true, [screening, police, document({ kind: 'WORKING_WITH_CHILDREN' })], today)).toEqual([]);
  });

  it('does not count a pending, rejected, lapsed or replaced document', () => {
    for (const other of [
      document({ status: 'PENDING' }),
      document({ status: 'REJECTED' }),
      document({ expiresOn: '2026-01-01' }),
      document({ isSuperseded: true }),
    ]) {
      expect(missingRequiredDocuments(false, [screening, other], today)).toEqual(['POLICE_CHECK']);
    }
  });
});
