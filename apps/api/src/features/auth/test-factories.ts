import { randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { outboxResponseSchema, type OutboxMessage } from '@tendly/domain/api/auth';
import { createUserSession } from '../../platform/auth/session-repository';
import type { DbExecutor } from '../../platform/db/client';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { workerProfiles } from '../../platform/db/schema/workers';

/** Small factories for account tests: each call makes fresh rows that no other test sees. */

export const TEST_PASSWORD = 'correct horse battery staple';

const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let found = hashes.get(password);
  if (!found) {
    found = hash(password);
    hashes.set(password, found);
  }
  return found;
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A different client address for each call, so tests do not share the per-address limit. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/** A verified, active care seeker unless told otherwise. */
export async function createUser(db: DbExecutor, overrides: UserOverrides = {}) {
  const { password = TEST_PASSWORD, ...values } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(values.role?.toLowerCase() ?? 'cs'),
      firstName: 'Jo',
      lastName: 'Citizen',
      phone: '0412345678',
      role: 'CS',
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
      ...values,
      passwordHash: await passwordHashOf(password),
    })
    .returning();
  if (!user) throw new Error('createUser: no row');
  return user;
}

export async function createWorker(
  db: DbExecutor,
  options: { profileStatus?: 'ACTIVE' | 'INACTIVE'; user?: UserOverrides; profile?: Partial<typeof workerProfiles.$inferInsert> } = {},
) {
  const user = await createUser(db, { role: 'CR', firstName: 'Wren', lastName: 'Worker', ...options.user });
  await db.insert(workerProfiles).values({ userId: user.id, status: options.profileStatus ?? 'ACTIVE', ...options.profile });
  return user;
}

export async function createCoordinator(db: DbExecutor, overrides: UserOverrides = {}) {
  return createUser(db, { role: 'SUPPORT', firstName: 'Cora', lastName: 'Coordinator', organisation: 'Bright Supports', ...overrides });
}

export async function linkClient(
  db: DbExecutor,
  coordinatorId: string,
  clientId: string,
  status: 'ACTIVE' | 'PENDING' = 'ACTIVE',
): Promise<void> {
  await db
    .insert(supportCoordinatorLinks)
    .values({ coordinatorId, clientId, status, acceptedAt: status === 'ACTIVE' ? new Date() : null });
}

/** A session for the user without going through POST /signin (which has limits of its own). */
export async function sessionFor(db: DbExecutor, userId: string): Promise<string> {
  const { token } = await createUserSession(db, userId, { ip: '127.0.0.1' }, new Date());
  return token;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface CallOptions {
  payload?: unknown;
  token?: string;
  /** The caller's address; a fresh one per call unless given, so the per-address limit stays out of the way. */
  ip?: string;
  headers?: Record<string, string>;
}

/** `inject` with the auth-token header and a client address. */
export function requester(app: FastifyInstance) {
  return (method: Method, url: string, options: CallOptions = {}) =>
    app.inject({
      method,
      url,
      ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
      headers: { ...options.headers, ...(options.token ? { 'auth-token': options.token } : {}) },
      remoteAddress: options.ip ?? randomIp(),
    });
}

/** The emails sent to an address, newest first, read through GET /api/dev/outbox. */
export async function outboxOf(app: FastifyInstance, email: string): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return outboxResponseSchema.parse(response.json());
}

/** The newest verification code emailed to an address. */
export async function latestCodeFor(app: FastifyInstance, email: string): Promise<string> {
  for (const message of await outboxOf(app, email)) {
    const match = /^(\d{6})$/m.exec(message.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`No verification code was emailed to ${email}`);
}
