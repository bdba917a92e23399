import { beforeAll, describe, expect, it } from 'vitest';
import { auditResponseSchema } from '@tendly/domain/api/admin';
import { recordAudit } from '../../platform/audit/audit-log';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { createUser, sessionFor } from '../auth/test-factories';

const { call, db } = useTestApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
});

async function audit(query: string) {
  const response = await call('GET', `/api/admin/audit?${query}`, { token: adminToken });
  expect(response.statusCode, response.body).toBe(200);
  return { events: auditResponseSchema.parse(response.json()), total: response.headers['x-total-count'] };
}

describe('GET /api/admin/audit', () => {
  it('lists newest first, filtered by actor email, target email or id, and days in Australian Eastern time', async () => {
    const actor = await createUser(db(), { role: 'ADMIN', firstName: 'Audra' });
    const someone = await createUser(db(), { firstName: 'Subi' });
    await recordAudit(db(), { actorUserId: actor.id, subjectUserId: someone.id, action: 'test.first', targetType: 'user', targetId: someone.id });
    await recordAudit(db(), { actorUserId: actor.id, subjectUserId: null, action: 'test.document', targetType: 'worker_document', targetId: 'doc-42' });
    // 1 March 2026, 11:30 pm in Sydney is 12:30 pm UTC on 1 March.
    await db().insert(auditEvents).values({ actorUserId: actor.id, action: 'test.dated', createdAt: new Date('2026-03-01T12:30:00Z') });

    const byActor = await audit(`actor=${encodeURIComponent(actor.email.toUpperCase())}`);
    expect(byActor.events.map((event) => event.action)).toEqual(['test.document', 'test.first', 'test.dated']);
    expect(byActor.total).toBe('3');
    expect(byActor.events[1]).toMatchObject({ actor: { id: actor.id, email: actor.email }, subject: { id: someone.id } });

    expect((await audit(`target=${encodeURIComponent(someone.email)}`)).events.map((event) => event.action)).toEqual(['test.first']);
    expect((await audit('target=doc-42')).events.map((event) => event.action)).toEqual(['test.document']);
    expect((await audit(`target=${someone.id}`)).events.map((event) => event.action)).toEqual(['test.first']);
    expect((await audit('actor=nobody@example.com')).events).toEqual([]);

    const onTheDay = await audit(`actor=${encodeURIComponent(actor.email)}&from=2026-03-01&to=2026-03-01`);
    expect(onTheDay.events.map((event) => event.action)).toEqual(['test.dated']);
    expect((await audit(`actor=${encodeURIComponent(actor.email)}&from=2026-03-02&to=2026-03-31`)).events).toEqual([]);
    expect((await audit(`actor=${encodeURIComponent(actor.email)}&limit=1&start=1`)).events.map((event) => event.action)).toEqual(['test.first']);
  });

  it('refuses bad dates with the field message', async () => {
    for (const [query, errors] of [
      ['from=1st March', { from: 'Enter the date as YYYY-MM-DD' }],
      ['from=2026-03-02&to=2026-03-01', { to: 'The end date must be on or after the start date' }],
    ] as const) {
      const response = await call('GET', `/api/admin/audit?${query}`, { token: adminToken });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
  });
});
