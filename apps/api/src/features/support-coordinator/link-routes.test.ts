import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { coordinatorLinkMessages, myCoordinatorLinksResponseSchema } from '@tendly/domain/api/coordinator-links';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { supportCoordinatorLinks } from '../../platform/db/schema/accounts';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, linkClient, outboxOf, sessionFor, uniqueEmail } from '../auth/test-factories';
import { REQUESTS_PER_COORDINATOR_PER_HOUR, signLinkAnswer } from './link-requests';

const { subject, call, db } = useTestApp();

async function coordinatorAndSeeker() {
  const coordinator = await createCoordinator(db(), { firstName: 'Cora', lastName: 'Lee', organisation: 'Bright Supports' });
  const seeker = await createUser(db(), { firstName: 'Alex', lastName: 'Morgan' });
  return { coordinator, seeker, coordinatorToken: await sessionFor(db(), coordinator.id), seekerToken: await sessionFor(db(), seeker.id) };
}

async function request(token: string, email: string) {
  return call('POST', '/api/support-coordinator/link-requests', { token, payload: { email } });
}

/** The accept and decline tokens of the newest request emailed to the address. */
async function emailedTokens(email: string) {
  const [message] = await outboxOf(subject.app, email);
  const tokens = [...(message?.text ?? '').matchAll(/\/coordinator-link\?token=([^\s&"]+)/g)].map((match) => decodeURIComponent(match[1] ?? ''));
  expect(tokens).toHaveLength(2);
  const decline = decodeURIComponent(/Decline: \S*\/coordinator-link\?token=([^\s&"]+)/.exec(message?.text ?? '')?.[1] ?? '');
  const accept = tokens.find((token) => token !== decline);
  return { accept: accept ?? '', decline, message };
}

async function linkOf(coordinatorId: string, clientId: string) {
  const [row] = await db()
    .select()
    .from(supportCoordinatorLinks)
    .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinatorId), eq(supportCoordinatorLinks.clientId, clientId)));
  return row;
}

describe('POST /api/support-coordinator/link-requests', () => {
  it('gives the same answer whether or not the address has an account, and emails only a care seeker', async () => {
    const { coordinator, seeker, coordinatorToken } = await coordinatorAndSeeker();
    const known = await request(coordinatorToken, seeker.email.toUpperCase());
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await request(coordinatorToken, unknownEmail);
    const worker = await createWorker(db());
    const notACareSeeker = await request(coordinatorToken, worker.email);
    for (const response of [known, unknown, notACareSeeker]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: coordinatorLinkMessages.requestSent });
    }
    expect(await outboxOf(subject.app, unknownEmail)).toEqual([]);
    expect(await outboxOf(subject.app, worker.email)).toEqual([]);
    const { message } = await emailedTokens(seeker.email);
    expect(message?.subject).toContain('Cora Lee (Bright Supports)');
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('PENDING');
  });

  it('is rate-limited per coordinator', async () => {
    const coordinator = await createCoordinator(db());
    const token = await sessionFor(db(), coordinator.id);
    for (let i = 0; i < REQUESTS_PER_COORDINATOR_PER_HOUR; i += 1) expect((await request(token, uniqueEmail())).statusCode).toBe(202);
    const refused = await request(token, uniqueEmail());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('validates the address (400) and refuses control characters', async () => {
    const { coordinatorToken } = await coordinatorAndSeeker();
    expect((await request(coordinatorToken, 'not an email')).statusCode).toBe(400);
    expect((await request(coordinatorToken, 'a\u0000b@example.com')).statusCode).toBe(400);
  });

  it('is for support coordinators only: 401 anonymous, 403 another role', async () => {
    const anonymous = await call('POST', '/api/support-coordinator/link-requests', { payload: { email: uniqueEmail() } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: PLEASE_LOGIN, code: 'UNAUTHENTICATED' });
    const { seekerToken } = await coordinatorAndSeeker();
    const wrongRole = await request(seekerToken, uniqueEmail());
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toEqual({ message: NOT_AUTHORIZED, code: 'FORBIDDEN' });
  });
});

describe('answering from the emailed links', () => {
  it('accepts with the accept link, once; the coordinator can then act for the client', async () => {
    const { coordinator, seeker, coordinatorToken } = await coordinatorAndSeeker();
    await request(coordinatorToken, seeker.email);
    const { accept, decline } = await emailedTokens(seeker.email);
    const answered = await call('POST', '/api/coordinator-links/answer', { payload: { token: accept } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ message: coordinatorLinkMessages.accepted, status: 'ACTIVE', coordinatorName: 'Cora Lee' });
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('ACTIVE');
    // Single use: neither link works again.
    for (const token of [accept, decline]) {
      const again = await call('POST', '/api/coordinator-links/answer', { payload: { token } });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: coordinatorLinkMessages.linkUsed });
    }
    expect((await call('POST', `/api/support-coordinator/clients/${seeker.id}/alias`, { token: coordinatorToken })).statusCode).toBe(200);
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'coordinator-link.accepted'), eq(auditEvents.actorUserId, seeker.id)));
    expect(audit?.subjectUserId).toBe(coordinator.id);
  });

  it('declines with the decline link; the coordinator cannot act', async () => {
    const { coordinator, seeker, coordinatorToken } = await coordinatorAndSeeker();
    await request(coordinatorToken, seeker.email);
    const { decline } = await emailedTokens(seeker.email);
    const answered = await call('POST', '/api/coordinator-links/answer', { payload: { token: decline } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'DECLINED' });
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('DECLINED');
    expect((await call('POST', `/api/support-coordinator/clients/${seeker.id}/alias`, { token: coordinatorToken })).statusCode).toBe(403);
  });

  it('refuses a tampered link (404), an expired one (410), and the links of an older request (404)', async () => {
    const { coordinator, seeker, coordinatorToken } = await coordinatorAndSeeker();
    await request(coordinatorToken, seeker.email);
    const { accept } = await emailedTokens(seeker.email);
    const dot = accept.lastIndexOf('.');
    const tampered = `${accept.slice(0, dot)}.${accept.slice(dot + 1, -2)}${accept.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = accept.replace(/^[^_]+/, '7d8f3c1e-0000-4000-8000-000000000000');
    for (const token of [tampered, forged, 'nonsense', `${accept}x`]) {
      const response = await call('POST', '/api/coordinator-links/answer', { payload: { token } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: coordinatorLinkMessages.linkNotValid });
    }
    const link = await linkOf(coordinator.id, seeker.id);
    if (!link) throw new Error('no link');
    const expired = await signLinkAnswer(subject.app.linkSigner, 'accept', { id: link.id, requestedAt: link.requestedAt, expiresAt: new Date(Date.now() - 1000) });
    const expiredAnswer = await call('POST', '/api/coordinator-links/answer', { payload: { token: expired } });
    expect(expiredAnswer.statusCode).toBe(410);
    expect(expiredAnswer.json()).toMatchObject({ message: coordinatorLinkMessages.linkExpired, code: 'LINK_EXPIRED' });
    // A decline and a new request: the first email's links no longer work.
    await call('POST', `/api/coordinator-links/${link.id}/decline`, { token: await sessionFor(db(), seeker.id) });
    await request(coordinatorToken, seeker.email);
    expect((await call('POST', '/api/coordinator-links/answer', { payload: { token: accept } })).statusCode).toBe(404);
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('PENDING');
    expect((await call('POST', '/api/coordinator-links/answer', { payload: { token: '' } })).statusCode).toBe(400);
  });
});

describe("the care seeker's coordinator links", () => {
  it('lists pending and active links, and answers from the dashboard', async () => {
    const { coordinator, seeker, coordinatorToken, seekerToken } = await coordinatorAndSeeker();
    await request(coordinatorToken, seeker.email);
    const listed = myCoordinatorLinksResponseSchema.parse((await call('GET', '/api/coordinator-links', { token: seekerToken })).json());
    expect(listed).toEqual([
      {
        id: expect.any(String),
        status: 'PENDING',
        coordinator: { name: 'Cora Lee', email: coordinator.email, organisation: 'Bright Supports' },
        requestedAt: expect.any(String),
        acceptedAt: null,
      },
    ]);
    const linkId = listed[0]?.id ?? '';
    const accepted = await call('POST', `/api/coordinator-links/${linkId}/accept`, { token: seekerToken });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: coordinatorLinkMessages.accepted });
    expect((await call('POST', `/api/coordinator-links/${linkId}/accept`, { token: seekerToken })).statusCode).toBe(404);
    const after = myCoordinatorLinksResponseSchema.parse((await call('GET', '/api/coordinator-links', { token: seekerToken })).json());
    expect(after).toMatchObject([{ id: linkId, status: 'ACTIVE', acceptedAt: expect.any(String) }]);
  });

  it('revoking ends the alias session at once, and the link leaves the list', async () => {
    const { coordinator, seeker, coordinatorToken, seekerToken } = await coordinatorAndSeeker();
    await linkClient(db(), coordinator.id, seeker.id);
    const alias = aliasSessionResponseSchema.parse((await call('POST', `/api/support-coordinator/clients/${seeker.id}/alias`, { token: coordinatorToken })).json());
    expect((await call('GET', '/api/me', { token: alias.aliasToken })).statusCode).toBe(200);
    const link = await linkOf(coordinator.id, seeker.id);
    const revoked = await call('POST', `/api/coordinator-links/${link?.id}/revoke`, { token: seekerToken });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: coordinatorLinkMessages.revoked });
    expect((await call('GET', '/api/me', { token: alias.aliasToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/coordinator-links', { token: seekerToken })).json()).toEqual([]);
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('REVOKED');
    expect((await call('POST', `/api/support-coordinator/clients/${seeker.id}/alias`, { token: coordinatorToken })).statusCode).toBe(403);
    // The coordinator may ask again later.
    await request(coordinatorToken, seeker.email);
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('PENDING');
  });

  it("is the care seeker's own: another care seeker's link is 404, and a coordinator acting cannot revoke (403)", async () => {
    const { coordinator, seeker, coordinatorToken } = await coordinatorAndSeeker();
    await linkClient(db(), coordinator.id, seeker.id);
    const link = await linkOf(coordinator.id, seeker.id);
    const other = await createUser(db());
    const otherToken = await sessionFor(db(), other.id);
    for (const action of ['accept', 'decline', 'revoke']) {
      expect((await call('POST', `/api/coordinator-links/${link?.id}/${action}`, { token: otherToken })).statusCode).toBe(404);
    }
    const alias = aliasSessionResponseSchema.parse((await call('POST', `/api/support-coordinator/clients/${seeker.id}/alias`, { token: coordinatorToken })).json());
    const acting = await call('POST', `/api/coordinator-links/${link?.id}/revoke`, { token: alias.aliasToken });
    expect(acting.statusCode).toBe(403);
    expect(acting.json()).toMatchObject({ message: coordinatorLinkMessages.notWhileActing });
    expect((await linkOf(coordinator.id, seeker.id))?.status).toBe('ACTIVE');
  });

  it('refuses anonymous (401), other roles (403) and a malformed id (400)', async () => {
    expect((await call('GET', '/api/coordinator-links')).statusCode).toBe(401);
    const { coordinatorToken, seekerToken } = await coordinatorAndSeeker();
    expect((await call('GET', '/api/coordinator-links', { token: coordinatorToken })).statusCode).toBe(403);
    expect((await call('POST', '/api/coordinator-links/not-a-uuid/revoke', { token: seekerToken })).statusCode).toBe(400);
  });
});
