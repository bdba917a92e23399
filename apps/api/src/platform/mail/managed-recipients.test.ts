import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCoordinator, createUser, linkClient, outboxOf, requester } from '../../features/auth/test-factories';
import { useTestApp } from '../../test-support/test-app';
import { mailOutbox } from '../db/schema/platform';
import { renderEmail } from './email-layout';
import { hasNoMailbox } from '@tendly/domain/contact-email';
import { managedClientAddress, managedClientIdOf } from './managed-recipients';
import { queueMail } from './outbox';

const { subject, db } = useTestApp();

function letter(to: string) {
  const { html, text } = renderEmail({ brandName: 'Tendly', supportEmail: 'help@example.org', supportPhone: '1300 000 000', preheader: 'A shift', heading: 'Your shift is booked', paragraphs: ['Tuesday at nine.'] });
  return { to, category: 'BOOKINGS' as const, subject: 'Your shift is booked', html, text };
}

describe('the stand-in address of a client without email', () => {
  it('is recognised only in its own shape', () => {
    const id = randomUUID();
    expect(managedClientIdOf(managedClientAddress(id))).toBe(id);
    expect(managedClientIdOf(`CLIENT-${id.toUpperCase()}@MANAGED.INVALID`)).toBe(id);
    expect(managedClientIdOf(`client-${id}@managed.invalid.example.com`)).toBeNull();
    expect(managedClientIdOf(`client-${id}@example.com`)).toBeNull();
    expect(hasNoMailbox('closed-1@closed.invalid')).toBe(true);
    expect(hasNoMailbox('jo@example.com')).toBe(false);
  });

  it('sends the email to each coordinator managing the client, saying whom it is for', async () => {
    const id = randomUUID();
    const client = await createUser(db(), { id, email: managedClientAddress(id), firstName: 'Mabel', lastName: 'Ng' });
    const first = await createCoordinator(db(), { email: `first-${id}@example.org` });
    const second = await createCoordinator(db(), { email: `second-${id}@example.org` });
    const former = await createCoordinator(db(), { email: `former-${id}@example.org` });
    await linkClient(db(), first.id, client.id);
    await linkClient(db(), second.id, client.id);
    await linkClient(db(), former.id, client.id, 'PENDING');

    await queueMail(db(), letter(client.email));
    for (const coordinator of [first, second]) {
      const [mail] = await outboxOf(subject.app, coordinator.email);
      expect(mail?.subject).toBe('For Mabel Ng: Your shift is booked');
      expect(mail?.text).toMatch(/^You are receiving this because you manage Mabel Ng's account/);
      expect(mail?.html).toContain('you manage Mabel Ng&#39;s account');
    }
    expect(await outboxOf(subject.app, former.email)).toHaveLength(0);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, client.email))).toHaveLength(0);
  });

  it('keeps the email, FAILED with the reason, when nobody manages the client any more', async () => {
    const id = randomUUID();
    const client = await createUser(db(), { id, email: managedClientAddress(id) });
    await queueMail(db(), letter(client.email));
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, client.email));
    expect(row).toMatchObject({ status: 'FAILED', error: expect.stringContaining('no email address') });
  });

  it('never gets a password reset link: it would reach the coordinator, who could then sign in as the client', async () => {
    const id = randomUUID();
    const client = await createUser(db(), { id, email: managedClientAddress(id) });
    const coordinator = await createCoordinator(db(), { email: `reset-${id}@example.org` });
    await linkClient(db(), coordinator.id, client.id);
    const response = await requester(subject.app)('POST', '/api/auth/forgot', { payload: { email: client.email } });
    expect(response.statusCode).toBe(200);
    await subject.drainJobs();
    expect(await outboxOf(subject.app, coordinator.email)).toHaveLength(0);
  });
});
