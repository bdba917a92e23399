import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../platform/db/schema/account-settings';
import { redactUrl } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { contractedPair } from '../bookings/test-bookings';
import { createUser, outboxOf, requester, sessionFor } from './test-factories';

let subject: TestApp;
let call: ReturnType<typeof requester>;

beforeAll(async () => {
  subject = await createTestApp({ env: { PUBLIC_URL: 'https://care.example.org', BRAND_NAME: 'Tendly' } });
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
});

const db = () => subject.database.db;

async function exportLink(email: string): Promise<string> {
  const [mail] = await outboxOf(subject.app, email);
  expect(mail?.subject).toBe('Your Tendly data is ready to download');
  const href = /https:\/\/care\.example\.org(\/api\/account-details\/export\/[^\s"<)]+)/.exec(mail?.text ?? '')?.[1];
  if (!href) throw new Error('No download link in the email');
  return href;
}

describe('download my data', () => {
  it('builds the export in the background and emails a signed link; it holds the person’s rows and nobody else’s', async () => {
    const pair = await contractedPair(db());
    const stranger = await createUser(db(), { firstName: 'Stranger', lastName: 'Danger' });
    await sessionFor(db(), stranger.id);

    expect((await call('POST', '/api/account-details/export')).statusCode).toBe(401);
    const response = await call('POST', '/api/account-details/export', { token: pair.careSeekerToken });
    expect(response.statusCode).toBe(202);
    await subject.drainJobs();
    const link = await exportLink(pair.careSeeker.email);
    const download = await call('GET', link);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const body = download.json() as { personId: string; data: Record<string, Array<Record<string, unknown>>> };
    expect(body.personId).toBe(pair.careSeeker.id);
    expect(body.data.users).toHaveLength(1);
    expect(body.data.users?.[0]).toMatchObject({ id: pair.careSeeker.id, email: pair.careSeeker.email });
    expect(body.data.users?.[0]).not.toHaveProperty('passwordHash');
    expect(body.data.contracts?.map((row) => row.id)).toEqual([pair.contractId]);
    expect(body.data.sessions?.every((row) => row.userId === pair.careSeeker.id)).toBe(true);
    expect(body.data.sessions?.[0]).not.toHaveProperty('tokenHash');
    const text = download.body;
    expect(text).not.toContain(stranger.id);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(pair.worker.email);
  });

  it('refuses a tampered or expired link, and keeps the token out of the logs', async () => {
    const user = await createUser(db());
    const token = await sessionFor(db(), user.id);
    await call('POST', '/api/account-details/export', { token });
    await subject.drainJobs();
    const link = await exportLink(user.email);
    expect((await call('GET', `${link.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect(redactUrl(link)).not.toContain(link.split('/').pop());
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(row?.status).toBe('READY');
    // The link names its expiry; once past, it is refused even though the file is still there.
    const { downloadDataExport } = await import('./data-export-service');
    const token8DaysOn = decodeURIComponent(link.split('/').pop() ?? '');
    await expect(downloadDataExport(db(), subject.app, token8DaysOn, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).rejects.toMatchObject({ status: 404 });
    expect(await downloadDataExport(db(), subject.app, token8DaysOn)).toBeInstanceOf(Buffer);
  });
});
