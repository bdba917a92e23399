import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { administratorsResponseSchema, inboxItemDetailSchema, inboxResponseSchema } from '@tendly/domain/api/admin';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { signedInAdmin, type SignedInAdmin } from '../../test-support/signed-in-users';
import { createUser, uniqueEmail } from '../auth/test-factories';

const { call, db } = useTestApp();
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(db(), { firstName: 'Ada' });
});

const person = (email: string) => ({ firstName: 'Jo', lastName: 'Citizen', email, phone: '0412 345 678', role: 'FAMILY_MEMBER' });

async function send(kind: 'incident' | 'feedback', email: string): Promise<string> {
  const payload =
    kind === 'incident'
      ? { ...person(email), dateOfIncident: '2025-03-01', timeOfIncident: '14:30', location: 'Client home, Bondi', details: 'A fall in the bathroom.' }
      : { ...person(email), details: 'The worker was wonderful with Mum.' };
  const response = await call('POST', `/api/forms/${kind}`, { payload });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { reference: string }).reference;
}

async function inbox(query = '') {
  const response = await call('GET', `/api/admin/inbox?limit=100${query}`, { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return inboxResponseSchema.parse(response.json());
}

describe('the admin inbox', () => {
  it('flags incident reports for the 24-hour response and lists open ones first', async () => {
    const feedback = await send('feedback', uniqueEmail('fb'));
    const incident = await send('incident', uniqueEmail('inc'));
    const later = await send('feedback', uniqueEmail('fb'));
    const items = await inbox();
    const references = items.map((item) => item.reference);
    expect(references.indexOf(incident)).toBeLessThan(references.indexOf(later));
    expect(references.indexOf(later)).toBeLessThan(references.indexOf(feedback));
    const flagged = items.find((item) => item.reference === incident)!;
    expect(flagged).toMatchObject({ kind: 'incident', status: 'NEW', needsUrgentResponse: true, senderName: 'Jo Citizen' });
    expect(Date.parse(flagged.respondBy!) - Date.parse(flagged.createdAt)).toBe(24 * 3_600_000);
    expect(items.find((item) => item.reference === feedback)).toMatchObject({ needsUrgentResponse: false, respondBy: null });
    expect((await inbox('&kind=incident')).every((item) => item.kind === 'incident')).toBe(true);
    expect((await inbox('&urgent=true')).map((item) => item.reference)).toContain(incident);
  });

  it('shows every field, changes status and assignee, keeps notes and audits each change', async () => {
    const email = uniqueEmail('inc');
    const reference = await send('incident', email);
    const item = (await inbox()).find((candidate) => candidate.reference === reference)!;

    const detail = inboxItemDetailSchema.parse((await call('GET', `/api/admin/inbox/${item.id}`, { token: admin.token })).json());
    expect(detail.data).toMatchObject({ location: 'Client home, Bondi', details: 'A fall in the bathroom.', timeOfIncident: '14:30' });

    const administrators = administratorsResponseSchema.parse((await call('GET', '/api/admin/administrators', { token: admin.token })).json());
    expect(administrators.map((administrator) => administrator.id)).toContain(admin.user.id);

    const changed = await call('PATCH', `/api/admin/inbox/${item.id}`, { token: admin.token, payload: { status: 'IN_PROGRESS', assigneeUserId: admin.user.id } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(inboxItemDetailSchema.parse(changed.json())).toMatchObject({ status: 'IN_PROGRESS', assignee: { id: admin.user.id } });

    const noted = await call('POST', `/api/admin/inbox/${item.id}/notes`, { token: admin.token, payload: { body: 'Called Jo back; reported to the Commission.' } });
    expect(noted.statusCode).toBe(201);
    expect(inboxItemDetailSchema.parse(noted.json()).notes).toEqual([
      expect.objectContaining({ body: 'Called Jo back; reported to the Commission.', author: expect.objectContaining({ id: admin.user.id }) }),
    ]);

    const resolved = inboxItemDetailSchema.parse(
      (await call('PATCH', `/api/admin/inbox/${item.id}`, { token: admin.token, payload: { status: 'RESOLVED', assigneeUserId: null } })).json(),
    );
    expect(resolved).toMatchObject({ status: 'RESOLVED', assignee: null });
    expect(resolved.resolvedAt).not.toBeNull();
    expect((await inbox('&status=RESOLVED')).map((candidate) => candidate.id)).toContain(item.id);

    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'form_submission'), eq(auditEvents.targetId, item.id)));
    expect(events.map((event) => event.action).sort()).toEqual(['inbox.note_added', 'inbox.updated', 'inbox.updated']);
    const first = events.find((event) => event.action === 'inbox.updated' && (event.detail.after as { status: string }).status === 'IN_PROGRESS');
    expect(first?.detail).toMatchObject({ before: { status: 'NEW', assigneeUserId: null }, after: { status: 'IN_PROGRESS', assigneeUserId: admin.user.id } });
    expect(first?.actorUserId).toBe(admin.user.id);
  });

  it('refuses an assignee who is not an administrator, an empty change, a bad filter and an empty note', async () => {
    const reference = await send('feedback', uniqueEmail('fb'));
    const item = (await inbox()).find((candidate) => candidate.reference === reference)!;
    const careSeeker = await createUser(db());
    const cases: [string, unknown, Record<string, string> | undefined, string][] = [
      ['PATCH', { assigneeUserId: careSeeker.id }, { assigneeUserId: 'Choose an administrator to assign it to' }, ''],
      ['PATCH', { status: 'DONE' }, { status: 'Choose a status from the list' }, ''],
      ['PATCH', {}, undefined, 'Change the status, the assignee or the urgent flag'],
      ['POST', { body: '   ' }, { body: 'Enter a note' }, '/notes'],
    ];
    for (const [method, payload, errors, suffix] of cases) {
      const response = await call(method as 'PATCH' | 'POST', `/api/admin/inbox/${item.id}${suffix}`, { token: admin.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (errors) expect(response.json().errors).toEqual(errors);
      else expect(response.json().message).toBe('Change the status, the assignee or the urgent flag');
    }
    const badFilter = await call('GET', '/api/admin/inbox?kind=letter', { token: admin.token });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors).toEqual({ kind: 'Choose a kind of form from the list' });
  });
});
