import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts';
import { auditEvents } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { recordAudit } from './audit-log';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

async function createUser(email: string, role: 'CS' | 'SUPPORT'): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email, firstName: 'Test', role, passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

describe('recordAudit', () => {
  it('records a coordinator acting for a client as done by the coordinator, to the client', async () => {
    const coordinator = await createUser('coordinator@example.com', 'SUPPORT');
    const client = await createUser('client@example.com', 'CS');
    await recordAudit(database.db, {
      actorUserId: coordinator,
      subjectUserId: client,
      action: 'job.posted',
      detail: { jobId: 'job-1', viaAlias: true },
      ip: '203.0.113.7',
    });
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, client));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: coordinator,
      subjectUserId: client,
      action: 'job.posted',
      detail: { jobId: 'job-1', viaAlias: true },
      ip: '203.0.113.7',
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('records anonymous events, and keeps events when the user is deleted', async () => {
    const user = await createUser('gone@example.com', 'CS');
    await recordAudit(database.db, { actorUserId: null, subjectUserId: user, action: 'auth.signin_failed' });
    await database.db.delete(users).where(eq(users.id, user));
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.signin_failed'));
    expect(rows).toEqual([expect.objectContaining({ actorUserId: null, subjectUserId: null, detail: {}, ip: null })]);
  });

  it('is kept only when the caller’s transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, { actorUserId: null, subjectUserId: null, action: 'test.rolled_back' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.rolled_back'))).toEqual([]);
  });
});
