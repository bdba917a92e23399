import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workerDocumentsResponseSchema, type WorkerDocument } from '@tendly/domain/api/compliance-documents';
import { IMAGE_TOO_LARGE } from '@tendly/domain/compliance';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import {
  EXPIRED_MESSAGE,
  EXPIRY_BEFORE_ISSUE_MESSAGE,
  formatLongDate,
  NUMBER_MESSAGE,
  STATE_MESSAGE,
  tooLongValidityMessage,
  tooOldWhenAddedMessage,
} from '@tendly/domain/validation/compliance-documents';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';
import { elfExecutable, imageClaimingSize, windowsExecutable } from '../../test-support/multipart';
import { useTestApp } from '../../test-support/test-app';
import { createUser, createWorker, sessionFor } from '../auth/test-factories';
import { CANNOT_REMOVE_REVIEWED, documentUploadRules } from './documents-service';
import { monthsFromToday, pdfBytes, policeCheckFields, today, uploadDocument, yearsAfter } from './test-documents';

const { subject, call, db } = useTestApp();

async function signedInWorker(options: { status?: 'ACTIVE' | 'INACTIVE'; supportsMinors?: boolean } = {}) {
  const worker = await createWorker(db(), { profileStatus: options.status ?? 'ACTIVE', user: { state: 'QLD' }, profile: { supportsMinors: options.supportsMinors ?? false } });
  return { worker, token: await sessionFor(db(), worker.id) };
}

async function signedIn(role: 'CS' | 'ADMIN' | 'SUPPORT') {
  const user = await createUser(db(), { role });
  return sessionFor(db(), user.id);
}

async function add(token: string, fields = policeCheckFields()): Promise<WorkerDocument> {
  const response = await uploadDocument(subject.app, token, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WorkerDocument>();
}

describe('GET /api/worker/documents', () => {
  it('is refused to a visitor (401) and to anyone but a worker (403)', async () => {
    const anonymous = await call('GET', '/api/worker/documents');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: PLEASE_LOGIN });
    for (const role of ['CS', 'ADMIN', 'SUPPORT'] as const) {
      const response = await call('GET', '/api/worker/documents', { token: await signedIn(role) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
    }
  });

  it('lists every kind, marks the ones this worker must hold, and names a WWC check by its state', async () => {
    const { token } = await signedInWorker({ status: 'INACTIVE', supportsMinors: true });
    const issuedOn = monthsFromToday(-2);
    await add(token, { kind: 'WORKING_WITH_CHILDREN', number: 'BC-9988', issuingState: 'QLD', issuedOn, expiresOn: yearsAfter(issuedOn, 3) });
    const response = await call('GET', '/api/worker/documents', { token });
    expect(response.statusCode).toBe(200);
    const body = workerDocumentsResponseSchema.parse(response.json());
    expect(body.supportsMinors).toBe(true);
    // The state of the worker's address: the upload form starts a state check's issuing state there.
    expect(body.homeState).toBe('QLD');
    const required = body.kinds.filter((kind) => kind.required).map((kind) => kind.kind);
    expect(required).toEqual(['NDIS_WORKER_SCREENING', 'POLICE_CHECK', 'WORKING_WITH_CHILDREN']);
    const wwc = body.kinds.find((kind) => kind.kind === 'WORKING_WITH_CHILDREN')!;
    expect(wwc.label).toBe('Blue Card');
    expect(wwc.current).toMatchObject({ label: 'Blue Card', number: 'BC-9988', issuingState: 'QLD', status: 'PENDING', expired: false });
    expect(wwc.approved).toBeNull();
    expect(wwc.history).toHaveLength(1);
    expect(body.kinds.find((kind) => kind.kind === 'POLICE_CHECK')).toMatchObject({ label: 'National police check', current: null, history: [] });
  });

  it('does not require a working-with-children check of a worker who supports adults only', async () => {
    const { token } = await signedInWorker();
    const body = workerDocumentsResponseSchema.parse((await call('GET', '/api/worker/documents', { token })).json());
    expect(body.kinds.find((kind) => kind.kind === 'WORKING_WITH_CHILDREN')?.required).toBe(false);
  });
});

describe('POST /api/worker/documents', () => {
  it('is refused to a visitor (401) and to a care seeker or an administrator (403)', async () => {
    expect((await uploadDocument(subject.app, undefined, policeCheckFields())).statusCode).toBe(401);
    expect((await uploadDocument(subject.app, await signedIn('CS'), policeCheckFields())).statusCode).toBe(403);
    expect((await uploadDocument(subject.app, await signedIn('ADMIN'), policeCheckFields())).statusCode).toBe(403);
  });

  it('stores the file and a document waiting for review, for an inactive worker too', async () => {
    const { worker, token } = await signedInWorker({ status: 'INACTIVE' });
    const fields = policeCheckFields();
    const document = await add(token, fields);
    expect(document).toMatchObject({
      kind: 'POLICE_CHECK',
      label: 'National police check',
      number: 'NPC-123456',
      issuingState: null,
      issuedOn: fields.issuedOn,
      expiresOn: fields.expiresOn,
      status: 'PENDING',
      fileName: 'police-check.pdf',
      contentType: 'application/pdf',
    });
    const [row] = await db().select().from(workerDocuments).where(eq(workerDocuments.id, document.id));
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, row!.fileId));
    expect(file).toMatchObject({ ownerUserId: worker.id, purpose: 'COMPLIANCE_DOCUMENT', contentType: 'application/pdf' });
    expect(file!.storageKey).toMatch(new RegExp(`^documents/${worker.id}/[0-9a-f-]{36}\\.pdf$`));
    expect(await subject.app.fileStore.get(file!.storageKey)).toEqual(pdfBytes());
  });

  it('accepts a JPEG or PNG photo of a document, whatever name it has', async () => {
    const { token } = await signedInWorker();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const response = await uploadDocument(subject.app, token, policeCheckFields(), { bytes: png, filename: 'scan.pdf', contentType: 'application/pdf' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'image/png' });
  });

  it('refuses a scan whose header claims 60,000 × 60,000 pixels (400), and stores nothing', async () => {
    const { worker, token } = await signedInWorker();
    for (const format of ['png', 'jpeg'] as const) {
      const bomb = await imageClaimingSize(format, 60_000, 60_000);
      const response = await uploadDocument(subject.app, token, policeCheckFields(), { bytes: bomb, filename: `scan.${format}`, contentType: `image/${format}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: IMAGE_TOO_LARGE, errors: { file: IMAGE_TOO_LARGE } });
    }
    expect(await db().select().from(storedFiles).where(eq(storedFiles.ownerUserId, worker.id))).toEqual([]);
  });

  it('checks each field against the kind\'s rules, with a message on the field', async () => {
    const { token } = await signedInWorker();
    const refused = async (fields: Record<string, string>, field: string, message: string) => {
      const response = await uploadDocument(subject.app, token, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors).toMatchObject({ [field]: message });
    };
    await refused(policeCheckFields({ number: '' }), 'number', NUMBER_MESSAGE);
    const issuedOn = monthsFromToday(-3);
    const screening = { kind: 'NDIS_WORKER_SCREENING', number: '1-ABC-234', issuedOn, expiresOn: yearsAfter(issuedOn, 5) };
    await refused(screening, 'issuingState', STATE_MESSAGE);
    await refused({ ...screening, issuingState: 'XX' }, 'issuingState', STATE_MESSAGE);
    await refused(policeCheckFields({ expiresOn: monthsFromToday(-2) }), 'expiresOn', EXPIRY_BEFORE_ISSUE_MESSAGE);
    const late = yearsAfter(issuedOn, 3);
    await refused(
      policeCheckFields({ issuedOn, expiresOn: yearsAfter(issuedOn, 4) }),
      'expiresOn',
      tooLongValidityMessage('POLICE_CHECK', 3, late),
    );
    expect(tooLongValidityMessage('POLICE_CHECK', 3, late)).toContain(formatLongDate(late));
    const old = monthsFromToday(-13);
    await refused(policeCheckFields({ issuedOn: old, expiresOn: yearsAfter(old, 3) }), 'issuedOn', tooOldWhenAddedMessage('POLICE_CHECK', 12));
    const firstAidIssued = monthsFromToday(-40);
    await refused(
      { kind: 'FIRST_AID', issuedOn: firstAidIssued, expiresOn: yearsAfter(firstAidIssued, 3) },
      'expiresOn',
      EXPIRED_MESSAGE,
    );
    await refused(policeCheckFields({ expiresOn: '' }), 'expiresOn', 'Enter the date it expires.');
    await refused(policeCheckFields({ issuedOn: '31/02/2026' }), 'issuedOn', 'Enter the date it was issued.');
    await refused(policeCheckFields({ kind: 'PASSPORT' }), 'kind', 'Choose which document this is.');
    await refused(policeCheckFields({ number: 'NPC\u0000123' }), 'number', UNSAFE_TEXT_MESSAGE);
    // A qualification has no expiry and no number, but needs its name.
    await refused({ kind: 'QUALIFICATION', issuedOn: monthsFromToday(-30) }, 'title', 'Enter the name of the qualification, for example Certificate III in Individual Support.');
    const qualification = await add(token, { kind: 'QUALIFICATION', title: 'Certificate III in Individual Support', issuedOn: monthsFromToday(-30) });
    expect(qualification).toMatchObject({ expiresOn: null, number: null, title: 'Certificate III in Individual Support' });
    expect(today() > qualification.issuedOn).toBe(true);
  });

  it('refuses a program named .pdf (400), a file over 10 MB (413) and no file (400), and keeps nothing of them', async () => {
    const { worker, token } = await signedInWorker();
    for (const bytes of [elfExecutable(), windowsExecutable()]) {
      const response = await uploadDocument(subject.app, token, policeCheckFields(), { bytes, filename: 'police-check.pdf', contentType: 'application/pdf' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: documentUploadRules.wrongTypeMessage, errors: { file: documentUploadRules.wrongTypeMessage } });
    }
    const huge = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooLarge = await uploadDocument(subject.app, token, policeCheckFields(), { bytes: huge, filename: 'big.pdf' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: documentUploadRules.tooLargeMessage });
    const none = await uploadDocument(subject.app, token, policeCheckFields(), null);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errors: { file: documentUploadRules.missingMessage } });
    expect(await db().select().from(workerDocuments).where(eq(workerDocuments.workerId, worker.id))).toEqual([]);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.ownerUserId, worker.id))).toEqual([]);
  });
});

describe('DELETE /api/worker/documents/{id}', () => {
  it('is refused to a visitor (401) and a care seeker (403); another worker\'s document is a 404', async () => {
    const { token } = await signedInWorker();
    const document = await add(token);
    expect((await call('DELETE', `/api/worker/documents/${document.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/worker/documents/${document.id}`, { token: await signedIn('CS') })).statusCode).toBe(403);
    const other = await signedInWorker();
    expect((await call('DELETE', `/api/worker/documents/${document.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/worker/documents/not-an-id', { token })).statusCode).toBe(404);
  });

  it('removes a document waiting for review, with its file; an approved one stays (409)', async () => {
    const { token } = await signedInWorker();
    const pending = await add(token);
    const [row] = await db().select({ fileId: workerDocuments.fileId }).from(workerDocuments).where(eq(workerDocuments.id, pending.id));
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, row!.fileId));
    expect((await call('DELETE', `/api/worker/documents/${pending.id}`, { token })).statusCode).toBe(204);
    expect(await db().select().from(workerDocuments).where(eq(workerDocuments.id, pending.id))).toEqual([]);
    expect(await subject.app.fileStore.get(file!.storageKey)).toBeNull();

    const approved = await add(token);
    await db().update(workerDocuments).set({ status: 'APPROVED' }).where(eq(workerDocuments.id, approved.id));
    const response = await call('DELETE', `/api/worker/documents/${approved.id}`, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: CANNOT_REMOVE_REVIEWED });

    const rejected = await add(token);
    await db().update(workerDocuments).set({ status: 'REJECTED', reviewReason: 'Blurry' }).where(eq(workerDocuments.id, rejected.id));
    expect((await call('DELETE', `/api/worker/documents/${rejected.id}`, { token })).statusCode).toBe(204);
  });
});

describe('GET /api/worker/documents/{id}/file', () => {
  it('gives the owner their file inline and sandboxed; anyone else signed in gets a 404, a visitor a 401', async () => {
    const { token } = await signedInWorker();
    const document = await add(token);
    const url = `/api/worker/documents/${document.id}/file`;
    const own = await call('GET', url, { token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(pdfBytes());
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^inline/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toBe('sandbox');

    expect((await call('GET', url)).statusCode).toBe(401);
    const other = await signedInWorker();
    for (const stranger of [other.token, await signedIn('CS'), await signedIn('SUPPORT'), await signedIn('ADMIN')]) {
      const response = await call('GET', url, { token: stranger });
      expect(response.statusCode).toBe(404);
    }
    expect((await call('GET', '/api/worker/documents/00000000-0000-4000-8000-000000000000/file', { token })).statusCode).toBe(404);
  });
});
