import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import { dataExports } from '../../platform/db/schema/account-settings';
import { conversations, messages } from '../../platform/db/schema/engagements';
import { useTestApp } from '../../test-support/test-app';
import { contractedPair } from '../bookings/test-bookings';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { collectPersonData, DATA_EXPORT_GONE, deleteDataExports, scheduleDataExportCleanup } from './data-export-service';
import { createUser, outboxOf, sessionFor } from './test-factories';

const { subject, call, db } = useTestApp({ env: { PUBLIC_URL: 'https://care.example.org', BRAND_NAME: 'Tendly' }, database: { referenceData: true } });

/** The emailed link: the web page that asks its visitor to sign in, naming the export by its id. */
async function exportLink(email: string): Promise<{ page: string; exportId: string }> {
  const [mail] = await outboxOf(subject.app, email);
  expect(mail?.subject).toBe('Your Tendly data is ready to download');
  const match = /https:\/\/care\.example\.org(\/my-data\/([0-9a-f-]{36}))/.exec(mail?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error('No download link in the email');
  return { page: match[1], exportId: match[2] };
}

const fileUrl = (exportId: string) => `/api/account-details/export/${exportId}`;

describe('download my data', () => {
  it('builds the export in the background and emails a link to the sign-in page; it holds the person’s rows and nobody else’s', async () => {
    const pair = await contractedPair(db());
    const stranger = await createUser(db(), { firstName: 'Stranger', lastName: 'Danger' });
    await sessionFor(db(), stranger.id);

    expect((await call('POST', '/api/account-details/export')).statusCode).toBe(401);
    const response = await call('POST', '/api/account-details/export', { token: pair.careSeekerToken });
    expect(response.statusCode).toBe(202);
    await subject.drainJobs();
    const { exportId } = await exportLink(pair.careSeeker.email);
    const download = await call('GET', fileUrl(exportId), { token: pair.careSeekerToken });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['cache-control']).toBe('no-store');
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

  it('gives the file only to its owner signed in as themselves (issue 29): not to a visitor with the link, another person, or a coordinator acting for the owner', async () => {
    const { client, coordinatorToken, aliasToken } = await coordinatorActingForClient(db(), call);
    const ownerToken = await sessionFor(db(), client.id);
    // Asked for by the coordinator acting for the client: the email still goes to the client.
    expect((await call('POST', '/api/account-details/export', { token: aliasToken })).statusCode).toBe(202);
    await subject.drainJobs();
    const { page, exportId } = await exportLink(client.email);
    expect(page).toBe(`/my-data/${exportId}`);
    const [mail] = await outboxOf(subject.app, client.email);
    expect(mail?.text).not.toMatch(/account-details\/export/);

    // The probe: the emailed link's download, sent with no session, then by someone else.
    const anonymous = await call('GET', fileUrl(exportId));
    expect(anonymous.statusCode).toBe(401);
    const stranger = await createUser(db());
    const strangerToken = await sessionFor(db(), stranger.id);
    for (const token of [strangerToken, aliasToken, coordinatorToken]) {
      const refused = await call('GET', fileUrl(exportId), { token });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: DATA_EXPORT_GONE });
      expect(refused.body).not.toContain(client.email);
    }
    expect((await call('GET', '/api/account-details/export/not-an-export', { token: ownerToken })).statusCode).toBe(400);
    expect((await call('GET', fileUrl(exportId), { token: ownerToken })).statusCode).toBe(200);

    // After 7 days the owner is refused too, though the file is still there until the clean-up.
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, client.id));
    expect(row?.status).toBe('READY');
    await db().update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataExports.id, exportId));
    expect(await subject.app.fileStore.get(row!.storageKey!)).toBeInstanceOf(Buffer);
    expect((await call('GET', fileUrl(exportId), { token: ownerToken })).statusCode).toBe(404);
  });
});

describe('what the export follows, and how long it is kept', () => {
  it('holds the lines of the person’s invoices and both sides of their conversations, but not a stranger’s', async () => {
    const contract = await createActiveContract(db(), {});
    const timesheet = await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T12:30' });
    const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
    const [conversation] = await db().insert(conversations).values({ careSeekerId: contract.careSeekerId, workerId: contract.workerId }).returning();
    await db()
      .insert(messages)
      .values([
        { conversationId: conversation!.id, senderId: contract.careSeekerId, body: 'Can you come at nine?' },
        { conversationId: conversation!.id, senderId: contract.workerId, body: 'Nine is fine, see you then' },
      ]);
    const stranger = await createUser(db());
    const [elsewhere] = await db().insert(conversations).values({ careSeekerId: stranger.id, workerId: contract.workerId }).returning();
    await db().insert(messages).values({ conversationId: elsewhere!.id, senderId: contract.workerId, body: 'A message to somebody else' });

    const data = await collectPersonData(db(), contract.careSeekerId);
    expect(data.invoices?.map((row) => (row as { id: string }).id)).toEqual([invoiceId]);
    expect(data.invoice_lines?.length).toBeGreaterThan(0);
    expect(data.invoice_lines?.every((row) => (row as { invoiceId: string }).invoiceId === invoiceId)).toBe(true);
    expect(data.messages?.map((row) => (row as { body: string }).body).sort()).toEqual(['Can you come at nine?', 'Nine is fine, see you then']);
    expect(JSON.stringify(data)).not.toContain('A message to somebody else');
    expect(data).not.toHaveProperty('stored_files');
  });

  it('deletes exports whose link has expired, row and file, and leaves the others', async () => {
    const user = await createUser(db());
    const token = await sessionFor(db(), user.id);
    await call('POST', '/api/account-details/export', { token });
    await subject.drainJobs();
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(row?.storageKey).toBeTruthy();
    expect(await subject.app.fileStore.get(row!.storageKey!)).toBeInstanceOf(Buffer);

    expect(await deleteDataExports(db(), subject.app.fileStore, { expiredBy: new Date() })).toMatchObject({ bytesLeft: [] });
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, user.id))).toHaveLength(1);

    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    const outcome = await deleteDataExports(db(), subject.app.fileStore, { expiredBy: eightDaysOn });
    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, user.id))).toHaveLength(0);
    expect(await subject.app.fileStore.get(row!.storageKey!)).toBeNull();
  });

  it('queues each day’s clean-up once, however many processes ask', async () => {
    expect(await scheduleDataExportCleanup(db(), '2031-02-03')).toBe(true);
    expect(await scheduleDataExportCleanup(db(), '2031-02-03')).toBe(false);
  });
});
