import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { complianceDocumentLabel, type ComplianceDocumentKind } from '@tendly/domain/compliance';
import { REQUIRED_INDUCTION_MODULE, type LearningModuleCode } from '@tendly/domain/learning';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import type { StateCode } from '@tendly/domain/states';
import type { ReferenceAnswers } from '@tendly/domain/validation/referees';
import type { DbTransaction } from '../client';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { FileStore } from '../../files/file-store';
import { loadPdfLibraries } from '../../pdf/load-pdf-libraries';
import { users } from '../schema/accounts';
import { learningQuizAttempts, workerDocuments, workerReferees, workerTaxDetails } from '../schema/onboarding';
import { storedFiles } from '../schema/platform';
import { workerProfiles } from '../schema/workers';

/**
 * The onboarding side of the demo (issue 12): the approved demo worker's documents and
 * learning, the applicant waiting in the review queue, and one generated worker whose police
 * check lapses in 10 days. Document files are small PDFs that say plainly they are samples.
 */

const DAY_MS = 86_400_000;
/** The calendar date in Sydney: documents lapse at the end of an Australian day. */
const isoDate = (date: Date) => instantToLocalDate(date, 'Australia/Sydney');
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const addYears = (date: Date, years: number) => {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
};

/** The dates of a document issued `days` days before `now` and valid for `years` years from then. */
const issuedDaysAgo = (now: Date, days: number, years: number) => {
  const issuedOn = addDays(now, -days);
  return { issuedOn, expiresOn: addYears(issuedOn, years) };
};

/** A one-page PDF standing in for a scanned document. */
export async function renderSampleDocument(title: string, holder: string, number: string | null): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLibraries();
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(20).text(title);
    pdf.moveDown().fontSize(12).text(`Holder: ${holder}`);
    if (number) pdf.text(`Number: ${number}`);
    pdf.moveDown().fillColor('#a00').text('Sample document for the demonstration data. It is not a real clearance or certificate.');
    pdf.end();
  });
}

export interface DemoDocument {
  kind: ComplianceDocumentKind;
  number: string | null;
  issuingState: StateCode | null;
  title?: string;
  issuedOn: Date;
  expiresOn: Date | null;
  status: 'PENDING' | 'APPROVED';
}

async function addDocuments(
  tx: DbTransaction,
  fileStore: FileStore,
  worker: { id: string; name: string },
  documents: readonly DemoDocument[],
  review: { adminId: string; at: Date },
): Promise<void> {
  for (const document of documents) {
    const label = complianceDocumentLabel(document.kind, document.issuingState);
    const bytes = await renderSampleDocument(document.title ?? label, worker.name, document.number);
    const storageKey = `documents/${worker.id}/${randomUUID()}.pdf`;
    await fileStore.put(storageKey, bytes, 'application/pdf');
    const [file] = await tx
      .insert(storedFiles)
      .values({
        ownerUserId: worker.id,
        purpose: 'COMPLIANCE_DOCUMENT',
        storageKey,
        contentType: 'application/pdf',
        byteSize: bytes.length,
        originalName: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
      })
      .returning({ id: storedFiles.id });
    if (!file) throw new Error('The demo document file was not stored');
    const approved = document.status === 'APPROVED';
    await tx.insert(workerDocuments).values({
      workerId: worker.id,
      kind: document.kind,
      number: document.number,
      issuingState: document.issuingState,
      title: document.title ?? null,
      issuedOn: isoDate(document.issuedOn),
      expiresOn: document.expiresOn ? isoDate(document.expiresOn) : null,
      fileId: file.id,
      status: document.status,
      reviewedByUserId: approved ? review.adminId : null,
      reviewedAt: approved ? review.at : null,
      createdAt: approved ? addDays(review.at, -2) : review.at,
    });
  }
}

async function passModules(tx: DbTransaction, workerId: string, codes: readonly LearningModuleCode[], at: Date) {
  await tx
    .insert(learningQuizAttempts)
    .values(codes.map((moduleCode, index) => ({ workerId, moduleCode, scorePercent: index % 2 === 0 ? 100 : 80, passed: true, createdAt: addDays(at, index) })));
}

interface DemoReferee {
  name: string;
  relationship: string;
  email: string;
  phone: string;
  answers: ReferenceAnswers | null;
}

/** Two referees; answered ones have used their link (no token left), the others wait with a live one. */
async function addReferees(tx: DbTransaction, workerId: string, referees: readonly [DemoReferee, DemoReferee], invitedAt: Date) {
  await tx.insert(workerReferees).values(
    referees.map((referee, index) => ({
      workerId,
      position: index + 1,
      name: referee.name,
      relationship: referee.relationship,
      email: referee.email,
      phone: referee.phone,
      // A waiting referee's link was emailed in the demo's past: its token is unknown to anyone,
      // so the worker resends it to try the form (POST /api/worker/referees/:position/resend).
      tokenHash: referee.answers ? null : `demo-unsent-${workerId}-${index + 1}`,
      invitedAt,
      linkExpiresAt: addDays(invitedAt, 14),
      answeredAt: referee.answers ? addDays(invitedAt, 2 + index) : null,
      answers: referee.answers,
    })),
  );
}

async function addTaxDetails(
  tx: DbTransaction,
  cipher: FieldCipher,
  workerId: string,
  details: { abn: string; legalName: string; fund: string; usi: string; member: string; accountName: string; bsb: string; account: string },
) {
  await tx.insert(workerTaxDetails).values({
    workerId,
    abn: details.abn,
    abnLegalName: details.legalName,
    gstRegistered: false,
    superFundName: details.fund,
    superIdentifierType: 'USI',
    superIdentifier: details.usi,
    superMemberNumber: details.member,
    bankAccountName: details.accountName,
    bsb: details.bsb,
    accountNumberEncrypted: await cipher.encrypt(details.account),
    accountNumberLastDigits: details.account.slice(-3),
  });
}

async function userByEmail(tx: DbTransaction, email: string) {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`Demo account ${email} is missing`);
  return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() };
}

export async function seedDemoOnboarding(
  tx: DbTransaction,
  fileStore: FileStore,
  cipher: FieldCipher,
  emails: { worker: string; inactiveWorker: string; admin: string },
  now: Date,
): Promise<void> {
  const admin = await userByEmail(tx, emails.admin);
  const maya = await userByEmail(tx, emails.worker);
  const tom = await userByEmail(tx, emails.inactiveWorker);

  // Maya: approved a year ago, every check current.
  const approvedAt = addDays(now, -380);
  await addDocuments(
    tx,
    fileStore,
    maya,
    [
      { kind: 'NDIS_WORKER_SCREENING', number: '4-1A2B3C4D', issuingState: 'NSW', ...issuedDaysAgo(now, 700, 5), status: 'APPROVED' },
      { kind: 'POLICE_CHECK', number: 'NPC-2025-118842', issuingState: null, ...issuedDaysAgo(now, 300, 3), status: 'APPROVED' },
      { kind: 'WORKING_WITH_CHILDREN', number: 'WWC1234567E', issuingState: 'NSW', ...issuedDaysAgo(now, 900, 5), status: 'APPROVED' },
      { kind: 'FIRST_AID', number: null, issuingState: null, title: 'HLTAID011 Provide First Aid', ...issuedDaysAgo(now, 120, 3), status: 'APPROVED' },
      { kind: 'CPR', number: null, issuingState: null, title: 'HLTAID009 Provide cardiopulmonary resuscitation', ...issuedDaysAgo(now, 120, 1), status: 'APPROVED' },
      { kind: 'QUALIFICATION', number: null, issuingState: null, title: 'CHC33021 Certificate III in Individual Support', issuedOn: addDays(now, -1500), expiresOn: null, status: 'APPROVED' },
    ],
    { adminId: admin.id, at: approvedAt },
  );
  await passModules(tx, maya.id, [REQUIRED_INDUCTION_MODULE, 'ndis-code-of-conduct', 'infection-prevention', 'manual-handling'], addDays(approvedAt, -10));
  await tx
    .update(workerProfiles)
    .set({ supportsMinors: true, experienceYears: 6, submittedForReviewAt: addDays(approvedAt, -3), approvedAt, approvedByUserId: admin.id })
    .where(eq(workerProfiles.userId, maya.id));

  await addReferees(
    tx,
    maya.id,
    [
      {
        name: 'Grace Liu',
        relationship: 'Former team leader at a home care provider',
        email: 'grace.liu@referee.example.com',
        phone: '0411 222 333',
        answers: { knownFor: '3_TO_5_YEARS', capacity: 'I supervised Maya for three years in home care.', reliability: 5, wouldRecommend: true, comments: 'Calm, kind and always on time. Clients asked for her by name.' },
      },
      {
        name: 'Peter Walsh',
        relationship: 'Son of a person Maya supported',
        email: 'peter.walsh@referee.example.com',
        phone: '0422 333 444',
        answers: { knownFor: '1_TO_3_YEARS', capacity: 'Maya supported my father twice a week for two years.', reliability: 5, wouldRecommend: true, comments: '' },
      },
    ],
    addDays(approvedAt, -8),
  );
  await addTaxDetails(tx, cipher, maya.id, {
    abn: '53004085616',
    legalName: 'Maya Fernando',
    fund: 'AustralianSuper',
    usi: 'STA0100AU',
    member: '100234567',
    accountName: 'Maya Fernando',
    bsb: '062000',
    account: '12345678',
  });

  // Tom: sent his profile for review yesterday; his checks wait for an administrator.
  const submittedAt = addDays(now, -1);
  await addDocuments(
    tx,
    fileStore,
    tom,
    [
      { kind: 'NDIS_WORKER_SCREENING', number: '4-9Z8Y7X6W', issuingState: 'VIC', ...issuedDaysAgo(now, 40, 5), status: 'PENDING' },
      { kind: 'POLICE_CHECK', number: 'NPC-2026-552190', issuingState: null, ...issuedDaysAgo(now, 20, 3), status: 'PENDING' },
      { kind: 'FIRST_AID', number: null, issuingState: null, title: 'HLTAID011 Provide First Aid', ...issuedDaysAgo(now, 60, 3), status: 'PENDING' },
    ],
    { adminId: admin.id, at: addDays(submittedAt, -1) },
  );
  await passModules(tx, tom.id, [REQUIRED_INDUCTION_MODULE], addDays(submittedAt, -1));
  await addReferees(
    tx,
    tom.id,
    [
      {
        name: 'Anna Kowalski',
        relationship: 'Aunt, who shared my grandfather’s care',
        email: 'anna.k@referee.example.com',
        phone: '0433 444 555',
        answers: { knownFor: 'OVER_5_YEARS', capacity: 'I am his aunt and we cared for his grandfather together.', reliability: 4, wouldRecommend: true, comments: 'Patient and practical.' },
      },
      {
        name: 'Sam Nguyen',
        relationship: 'Placement supervisor, Certificate III',
        email: 'sam.nguyen@referee.example.com',
        phone: '0444 555 666',
        answers: null,
      },
    ],
    addDays(submittedAt, -3),
  );
  await addTaxDetails(tx, cipher, tom.id, {
    abn: '51824753556',
    legalName: 'Thomas Kowalski',
    fund: 'Hostplus',
    usi: 'HOS0100AU',
    member: '88123456',
    accountName: 'T Kowalski',
    bsb: '033000',
    account: '987654321',
  });
  await tx
    .update(workerProfiles)
    .set({ experienceYears: 2, submittedForReviewAt: submittedAt })
    .where(eq(workerProfiles.userId, tom.id));

  // The first generated worker still active: a police check that lapses in 10 days, so the
  // daily expiry job has a warning to send on the demo's first day.
  const [expiring] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, users.id))
    .where(and(eq(workerProfiles.status, 'ACTIVE'), like(users.email, 'worker.%@demo.tendly.test')))
    .orderBy(asc(users.email))
    .limit(1);
  if (expiring) {
    const issued = addDays(addYears(now, -3), 10);
    await addDocuments(
      tx,
      fileStore,
      { id: expiring.id, name: `${expiring.firstName} ${expiring.lastName}` },
      [
        { kind: 'NDIS_WORKER_SCREENING', number: '4-5K6L7M8N', issuingState: 'NSW', ...issuedDaysAgo(now, 400, 5), status: 'APPROVED' },
        { kind: 'POLICE_CHECK', number: 'NPC-2023-771205', issuingState: null, issuedOn: issued, expiresOn: addDays(now, 10), status: 'APPROVED' },
      ],
      { adminId: admin.id, at: addDays(issued, 3) },
    );
    await tx
      .update(workerProfiles)
      .set({ approvedAt: addDays(issued, 3), approvedByUserId: admin.id })
      .where(eq(workerProfiles.userId, expiring.id));
  }
}
