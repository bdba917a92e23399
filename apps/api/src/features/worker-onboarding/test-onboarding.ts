import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REQUIRED_INDUCTION_MODULE } from '@tendly/domain/learning';
import { testRates } from '@tendly/domain/testing/onboarding-facts';
import type { DbExecutor } from '../../platform/db/client';
import { learningQuizAttempts, workerDocuments, workerReferees, workerTaxDetails } from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { week } from '../../test-support/test-availability';

/** Test data for onboarding: rows as the other onboarding screens would leave them. */

export const completeProfile = {
  headline: 'Calm, patient disability support worker',
  bio: 'I have supported adults with disability at home and in the community for six years.',
  skills: ['AUTISM' as const],
  avatarUrl: '/api/avatars/test.webp',
  ...testRates,
  availability: week({ mon: ['morning', 'afternoon'] }),
  travelRadiusKm: 20,
};

export async function addDocument(
  db: DbExecutor,
  workerId: string,
  kind: typeof workerDocuments.$inferInsert.kind,
  values: Partial<typeof workerDocuments.$inferInsert> = {},
): Promise<void> {
  const [file] = await db
    .insert(storedFiles)
    .values({ ownerUserId: workerId, purpose: 'COMPLIANCE_DOCUMENT', storageKey: `test/${randomUUID()}`, contentType: 'application/pdf', byteSize: 10 })
    .returning();
  if (!file) throw new Error('addDocument: no file row');
  await db.insert(workerDocuments).values({ workerId, kind, issuedOn: '2026-01-10', expiresOn: '2029-01-10', fileId: file.id, ...values });
}

/**
 * Every required item of the onboarding checklist done: the profile's fields, documents (waiting
 * for review), referees, tax details and the induction. `withDocuments: false` leaves the
 * documents to the test (the admin review gives them approved or not).
 */
export async function completeOnboardingRecords(db: DbExecutor, workerId: string, localityId: number, options: { withDocuments?: boolean } = {}): Promise<void> {
  await db.update(workerProfiles).set({ ...completeProfile, localityId }).where(eq(workerProfiles.userId, workerId));
  if (options.withDocuments ?? true) {
    await addDocument(db, workerId, 'NDIS_WORKER_SCREENING');
    await addDocument(db, workerId, 'POLICE_CHECK');
  }
  await db.insert(workerReferees).values([
    { workerId, position: 1, name: 'Ann Lee', relationship: 'Former team leader', email: `ann-${randomUUID()}@example.com`, phone: '0412345678' },
    { workerId, position: 2, name: 'Bo Tran', relationship: 'Client’s mother', email: `bo-${randomUUID()}@example.com`, phone: '0412345679' },
  ]);
  await db.insert(workerTaxDetails).values({
    workerId,
    abn: '51824753556',
    abnLegalName: 'Wren Worker',
    gstRegistered: false,
    superFundName: 'Aus Super',
    superIdentifierType: 'USI',
    superIdentifier: 'STA0100AU',
    superMemberNumber: '12345',
    bankAccountName: 'Wren Worker',
    bsb: '062000',
    accountNumberEncrypted: 'v1.not-used-here',
    accountNumberLastDigits: '789',
  });
  await db.insert(learningQuizAttempts).values({ workerId, moduleCode: REQUIRED_INDUCTION_MODULE, scorePercent: 100, passed: true });
}
