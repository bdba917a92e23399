import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerDocumentsResponseSchema, type WorkerDocument } from '@tendly/domain/api/compliance-documents';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { REJECT_REASON_MESSAGE } from '@tendly/domain/validation/compliance-documents';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { auditEvents } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { ALREADY_REVIEWED } from './documents-service';
import { pdfBytes, policeCheckFields, uploadDocument } from './test-documents';

const { subject, call, db } = useTestApp();
let admin: { id: string };
let adminToken: string;

beforeAll(async () => {
  admin = await createUser(subject.database.db, { role: 'ADMIN', firstName: 'Ada' });
  adminToken = await sessionFor(subject.database.db, admin.id);
});

async function workerWithDocument(fields = policeCheckFields()) {
  const worker = await createWorker(db(), { profileStatus: 'INACTIVE' });
  const token = await sessionFor(db(), worker.id);
  const response = await uploadDocument(subject.app, token, fields);
  expect(response.statusCode, response.body).toBe(201);
  return { worker, token, document: response.json<WorkerDocument>() };
}

async function profileOf(workerId: string) {
  const [profile] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, workerId));
  return profile!;
}

const review = (documentId: string, payload: unknown, token = adminToken) =>
  call('POST', `/api/admin/documents/${documentId}/review`, { token, payload });

describe('the admin document routes', () => {
  it('are refused to a visitor (401) and to every other role (403)', async () => {
    const { worker, token: workerToken, document } = await workerWithDocument();
    const routes: [('GET' | 'POST'), string, unknown][] = [
      ['GET', `/api/admin/workers/${worker.id}/documents`, undefined],
      ['GET', `/api/admin/documents/${document.id}/file`, undefined],
      ['POST', `/api/admin/documents/${document.id}/review`, { decision: 'APPROVED' }],
    ];
    const others = [
      workerToken,
      await sessionFor(db(), (await createUser(db())).id),
      await sessionFor(db(), (await createCoordinator(db())).id),
      await sessionFor(db(), (await createUser(db(), { role: 'ENGAGEADMIN' })).id),
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await call(method, url, { payload });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: PLEASE_LOGIN });
      for (const token of others) {
        const response = await call(method, url, { token, payload });
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
      }
    }
    expect((await db().select().from(workerDocuments).where(eq(workerDocuments.id, document.id)))[0]?.status).toBe('PENDING');
  });

  it("lists a worker's documents; an unknown worker is a 404", async () => {
    const { worker, document } = await workerWithDocument();
    const response = await call('GET', `/api/admin/workers/${worker.id}/documents`, { token: adminToken });
    expect(response.statusCode).toBe(200);
    const body = workerDocumentsResponseSchema.parse(response.json());
    expect(body.kinds.find((kind) => kind.kind === 'POLICE_CHECK')?.current?.id).toBe(document.id);
    expect((await call('GET', '/api/admin/workers/00000000-0000-4000-8000-000000000000/documents', { token: adminToken })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/workers/nope/documents', { token: adminToken })).statusCode).toBe(404);
  });

  it('serves a document inline with its stored type, never sniffed, sandboxed', async () => {
    const { document } = await workerWithDocument();
    const response = await call('GET', `/api/admin/documents/${document.id}/file`, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pdfBytes());
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="police-check.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [viewed] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, document.id));
    expect(viewed).toMatchObject({ actorUserId: admin.id, action: 'worker_document.file_viewed', targetType: 'worker_document', detail: { kind: 'POLICE_CHECK' } });
    expect((await call('GET', '/api/admin/documents/00000000-0000-4000-8000-000000000000/file', { token: adminToken })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/documents/{id}/review', () => {
  it('needs a reason to reject (400 on the field), and a known decision', async () => {
    const { document } = await workerWithDocument();
    const noReason = await review(document.id, { decision: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: { reason: REJECT_REASON_MESSAGE } });
    expect((await review(document.id, { decision: 'MAYBE' })).statusCode).toBe(400);
    expect((await review(document.id, { decision: 'REJECTED', reason: 'Blurry\u0000' })).statusCode).toBe(400);
  });

  it('rejects with the reason, tells the worker and keeps an audit event', async () => {
    const { worker, document } = await workerWithDocument();
    const response = await review(document.id, { decision: 'REJECTED', reason: 'The scan is cut off at the bottom.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'REJECTED', reviewReason: 'The scan is cut off at the bottom.' });
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'worker_document'), eq(auditEvents.targetId, document.id)));
    expect(event).toMatchObject({
      actorUserId: admin.id,
      subjectUserId: worker.id,
      action: 'worker_document.rejected',
      detail: { kind: 'POLICE_CHECK', from: 'PENDING', to: 'REJECTED', reason: 'The scan is cut off at the bottom.' },
    });
    await subject.drainJobs();
    const [email] = await outboxOf(subject.app, worker.email);
    expect(email?.subject).toBe('We could not accept your national police check');
    expect(email?.text).toContain('The scan is cut off at the bottom.');
    expect((await review(document.id, { decision: 'APPROVED' })).json()).toMatchObject({ message: ALREADY_REVIEWED });
  });

  it('approves: the verified mark is set, the older document is replaced, and it is audited', async () => {
    const { worker, token, document: first } = await workerWithDocument();
    expect((await review(first.id, { decision: 'APPROVED' })).statusCode).toBe(200);
    const verifiedAt = (await profileOf(worker.id)).policeCheckVerifiedAt;
    expect(verifiedAt).not.toBeNull();

    const renewal = (await uploadDocument(subject.app, token, policeCheckFields({ number: 'NPC-777' }))).json<WorkerDocument>();
    const approved = await review(renewal.id, { decision: 'APPROVED' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', superseded: false, reviewReason: null });
    const [old] = await db().select().from(workerDocuments).where(eq(workerDocuments.id, first.id));
    expect(old?.supersededAt).not.toBeNull();
    const events = await db().select().from(auditEvents).where(eq(auditEvents.targetId, renewal.id));
    expect(events).toEqual([
      expect.objectContaining({
        actorUserId: admin.id,
        subjectUserId: worker.id,
        action: 'worker_document.approved',
        targetType: 'worker_document',
        detail: { kind: 'POLICE_CHECK', from: 'PENDING', to: 'APPROVED', superseded: [first.id], verified: 'policeCheckVerifiedAt' },
      }),
    ]);
    // Not approved by an administrator before, this profile stays inactive: approving a check is not approving a worker.
    expect((await profileOf(worker.id)).status).toBe('INACTIVE');
    expect((await review('00000000-0000-4000-8000-000000000000', { decision: 'APPROVED' })).statusCode).toBe(404);
  });
});
