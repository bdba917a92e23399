import { createUser, sessionFor } from '../features/auth/test-factories';
import type { DbExecutor } from '../platform/db/client';

/**
 * The user together with a session of their own, as route tests act: signed in without
 * POST /signin, which has limits of its own.
 */
export async function signedIn<User extends { id: string }>(db: DbExecutor, user: User): Promise<{ user: User; token: string }> {
  return { user, token: await sessionFor(db, user.id) };
}

/** An administrator with a session, for the admin console's tests. */
export async function signedInAdmin(db: DbExecutor, overrides: Parameters<typeof createUser>[1] = {}) {
  return signedIn(db, await createUser(db, { role: 'ADMIN', ...overrides }));
}

export type SignedInAdmin = Awaited<ReturnType<typeof signedInAdmin>>;
