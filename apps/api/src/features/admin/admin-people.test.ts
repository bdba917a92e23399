import { beforeAll, describe, expect, it } from 'vitest';
import { peopleResponseSchema, personDetailSchema } from '@tendly/domain/api/admin';
import { accountDeactivatedMessage } from '@tendly/domain/errors';
import { useTestApp } from '../../test-support/test-app';
import { signedInAdmin, type SignedInAdmin } from '../../test-support/signed-in-users';
import { TEST_PASSWORD, createCoordinator, createUser, createWorker, linkClient, sessionFor, uniqueEmail } from '../auth/test-factories';

const { subject, call, db } = useTestApp();
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(db(), { firstName: 'Ada' });
});

async function find(query: string) {
  const response = await call('GET', `/api/admin/people?${query}`, { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return { people: peopleResponseSchema.parse(response.json()), total: response.headers['x-total-count'] };
}

describe('GET /api/admin/people', () => {
  it('finds accounts by part of a name, an email address or a phone number, and by role', async () => {
    const marguerite = await createUser(db(), { firstName: 'Marguerite', lastName: 'Oyelaran-Smith', phone: '0491570156' });
    const worker = await createWorker(db(), { user: { firstName: 'Marguerite', lastName: 'Quill', phone: '0491570999' } });
    expect((await find('q=oyelaran')).people.map((person) => person.id)).toEqual([marguerite.id]);
    expect((await find(`q=${encodeURIComponent(marguerite.email.toUpperCase())}`)).people.map((person) => person.id)).toEqual([marguerite.id]);
    expect((await find(`q=${encodeURIComponent('0491 570 156')}`)).people.map((person) => person.id)).toEqual([marguerite.id]);
    expect((await find(`q=${encodeURIComponent('+61 491 570 156')}`)).people.map((person) => person.id)).toEqual([marguerite.id]);
    const both = await find('q=marguerite');
    expect(both.people.map((person) => person.id)).toEqual([worker.id, marguerite.id]);
    expect(both.total).toBe('2');
    expect((await find('q=marguerite&role=CR')).people.map((person) => person.id)).toEqual([worker.id]);
    expect((await find('q=100%25')).people).toEqual([]);
  });

  it('pages newest first', async () => {
    // A minute apart: two inserts in a row can share the database clock's tick, and a tie is
    // ordered by id, which is random.
    await createUser(db(), { firstName: 'Pagey', lastName: 'One', createdAt: new Date(Date.now() - 60_000) });
    const second = await createUser(db(), { firstName: 'Pagey', lastName: 'Two' });
    const page = await find('q=pagey&limit=1');
    expect(page.people.map((person) => person.id)).toEqual([second.id]);
    expect(page.total).toBe('2');
  });

  it('refuses a bad filter with the field message', async () => {
    const response = await call('GET', '/api/admin/people?role=KING', { token: admin.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ role: 'Choose a role from the list' });
  });
});

describe('deactivating and reactivating an account', () => {
  it('ends every session, alias sessions too, then sign-in answers the deactivated message; reactivating lets them in again', async () => {
    const client = await createUser(db(), { email: uniqueEmail('client') });
    const clientToken = await sessionFor(db(), client.id);
    const coordinator = await createCoordinator(db());
    await linkClient(db(), coordinator.id, client.id);
    const coordinatorToken = await sessionFor(db(), coordinator.id);
    const alias = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token: coordinatorToken });
    const { aliasToken } = alias.json() as { aliasToken: string };
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(200);
    const before = personDetailSchema.parse((await call('GET', `/api/admin/people/${client.id}`, { token: admin.token })).json());
    expect(before.openSessions).toBe(2);

    const response = await call('POST', `/api/admin/people/${client.id}/deactivate`, { token: admin.token, payload: { reason: 'Asked us to close it' } });
    expect(response.statusCode, response.body).toBe(200);
    const after = personDetailSchema.parse(response.json());
    expect(after.account).toMatchObject({ status: 'DEACTIVATED', deactivatedReason: 'Asked us to close it' });
    expect(after.openSessions).toBe(0);
    expect(after.history[0]).toMatchObject({ action: 'user.deactivated', actor: { id: admin.user.id }, targetType: 'user', targetId: client.id });
    expect(after.history[0]?.detail).toMatchObject({ before: { status: 'ACTIVE' }, after: { status: 'DEACTIVATED' } });

    expect((await call('GET', '/api/me', { token: clientToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token: coordinatorToken })).statusCode).toBe(200);
    const signIn = await call('POST', '/api/signin', { payload: { email: client.email, password: TEST_PASSWORD } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ message: accountDeactivatedMessage(subject.config.SUPPORT_EMAIL), code: 'ACCOUNT_DEACTIVATED' });
    expect((await call('POST', `/api/admin/people/${client.id}/deactivate`, { token: admin.token, payload: { reason: 'Again' } })).statusCode).toBe(409);

    const reactivated = await call('POST', `/api/admin/people/${client.id}/reactivate`, { token: admin.token, payload: { reason: 'Came back to us' } });
    expect(reactivated.statusCode).toBe(200);
    expect(personDetailSchema.parse(reactivated.json()).account).toMatchObject({ status: 'ACTIVE', deactivatedReason: null });
    expect((await call('POST', '/api/signin', { payload: { email: client.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/people/${client.id}/reactivate`, { token: admin.token, payload: { reason: 'Again' } })).statusCode).toBe(409);
  });

  it('does not let an administrator deactivate themself', async () => {
    const response = await call('POST', `/api/admin/people/${admin.user.id}/deactivate`, { token: admin.token, payload: { reason: 'Oops' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot deactivate your own account. Ask another administrator.');
  });

  it('asks for a reason, refusing invisible characters', async () => {
    const person = await createUser(db());
    for (const [reason, message] of [
      ['', 'Enter a reason'],
      ['Bad\u0000reason', 'Remove the invisible or broken characters from this text: they are often copied in with text from another program.'],
    ] as const) {
      const response = await call('POST', `/api/admin/people/${person.id}/deactivate`, { token: admin.token, payload: { reason } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ reason: message });
    }
  });

  it("shows a worker's profile status beside their account", async () => {
    const worker = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const detail = personDetailSchema.parse((await call('GET', `/api/admin/people/${worker.id}`, { token: admin.token })).json());
    expect(detail.worker).toMatchObject({ status: 'INACTIVE', approvedAt: null });
  });
});
