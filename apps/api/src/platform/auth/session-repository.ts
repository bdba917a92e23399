import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALIAS_SESSION_TTL_MS, SESSION_TTL_MS } from '@tendly/domain/constants';
import type { UserStatus, WorkerProfileStatus } from '@tendly/domain/profile-options';
import type { Role } from '@tendly/domain/roles';
import type { DbExecutor } from '../db/client';
import { sessions, supportCoordinatorLinks, users } from '../db/schema/accounts';
import { workerProfiles } from '../db/schema/workers';
import { generateToken, hashToken } from './session-tokens';

/** A sliding session is extended at most once a minute, so a busy client does not write on every request. */
export const SESSION_SLIDE_INTERVAL_MS = 60 * 1000;

/** A person as the API's authentication knows them (never the password hash). */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
  status: UserStatus;
  emailVerifiedAt: Date | null;
  organisation: string | null;
  freshchatId: string | null;
  createdAt: Date;
}

export interface AuthSession {
  id: string;
  kind: 'USER' | 'ALIAS';
  /** The person who signed in: for an alias session, the support coordinator. */
  userId: string;
  /** For an alias session: the client the coordinator acts as. */
  actingUserId: string | null;
  parentSessionId: string | null;
  expiresAt: Date;
  lastUsedAt: Date;
}

/** A session found by its token that still authenticates, with who it acts as. */
export interface ActiveSession {
  session: AuthSession;
  /** Who the request acts as: the client for an alias session, otherwise the signed-in person. */
  user: AuthUser;
  /** For an alias session: the coordinator who is really acting. */
  actor: AuthUser | null;
  /** The worker profile status of `user`, when `user` is a care worker. */
  workerProfileStatus: WorkerProfileStatus | null;
  parentSession: { id: string; expiresAt: Date; lastUsedAt: Date } | null;
}

const actingUsers = alias(users, 'acting_users');
const parentSessions = alias(sessions, 'parent_sessions');

/** Generic so that each table alias keeps its own column types (drizzle reads left-join nullability from them). */
function authUserColumns<T extends typeof users | typeof actingUsers>(table: T) {
  return {
    id: table.id as T['id'],
    email: table.email as T['email'],
    firstName: table.firstName as T['firstName'],
    lastName: table.lastName as T['lastName'],
    phone: table.phone as T['phone'],
    role: table.role as T['role'],
    status: table.status as T['status'],
    emailVerifiedAt: table.emailVerifiedAt as T['emailVerifiedAt'],
    organisation: table.organisation as T['organisation'],
    freshchatId: table.freshchatId as T['freshchatId'],
    createdAt: table.createdAt as T['createdAt'],
  };
}

/**
 * Every signed-in request looks its session up, so the lookup is a prepared statement: PostgreSQL
 * plans its joins once per connection instead of on every request (planning took ten times as
 * long as running it).
 */
function prepareSessionLookup(db: DbExecutor) {
  return db
    .select({
      session: {
        id: sessions.id,
        kind: sessions.kind,
        userId: sessions.userId,
        actingUserId: sessions.actingUserId,
        parentSessionId: sessions.parentSessionId,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
      },
      signedIn: authUserColumns(users),
      acting: authUserColumns(actingUsers),
      parent: {
        id: parentSessions.id,
        expiresAt: parentSessions.expiresAt,
        lastUsedAt: parentSessions.lastUsedAt,
        revokedAt: parentSessions.revokedAt,
      },
      workerProfileStatus: workerProfiles.status,
      isLinked: sql<boolean>`exists (
        select 1 from ${supportCoordinatorLinks}
        where ${supportCoordinatorLinks.coordinatorId} = ${sessions.userId}
          and ${supportCoordinatorLinks.clientId} = ${sessions.actingUserId}
          and ${supportCoordinatorLinks.status} = 'ACTIVE')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actingUsers, eq(actingUsers.id, sessions.actingUserId))
    .leftJoin(parentSessions, eq(parentSessions.id, sessions.parentSessionId))
    .leftJoin(workerProfiles, eq(workerProfiles.userId, sql`coalesce(${sessions.actingUserId}, ${sessions.userId})`))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('find_active_session');
}

const sessionLookups = new WeakMap<DbExecutor, ReturnType<typeof prepareSessionLookup>>();

/**
 * The session a token opens, or null when it does not authenticate: unknown, revoked, expired,
 * or its person deactivated. An alias session also needs its client to be active, the link
 * between coordinator and client to be ACTIVE still, and the coordinator's own session to be valid.
 */
export async function findActiveSession(db: DbExecutor, token: string, now: Date): Promise<ActiveSession | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash: hashToken(token) });
  const row = rows[0];
  if (!row) return null;
  if (row.session.expiresAt <= now || row.signedIn.status !== 'ACTIVE') return null;

  if (row.session.kind === 'USER') {
    return {
      session: row.session,
      user: row.signedIn,
      actor: null,
      workerProfileStatus: row.signedIn.role === 'CR' ? (row.workerProfileStatus ?? 'INACTIVE') : null,
      parentSession: null,
    };
  }
  const { acting, parent } = row;
  if (!acting || acting.status !== 'ACTIVE' || !row.isLinked) return null;
  if (!parent || parent.revokedAt !== null || parent.expiresAt <= now) return null;
  return {
    session: row.session,
    user: acting,
    actor: row.signedIn,
    workerProfileStatus: acting.role === 'CR' ? (row.workerProfileStatus ?? 'INACTIVE') : null,
    parentSession: { id: parent.id, expiresAt: parent.expiresAt, lastUsedAt: parent.lastUsedAt },
  };
}

/**
 * Sliding expiry: a session used again lives another 30 days from now; an alias session another
 * 8 hours, never beyond the coordinator's own session (which its use also keeps alive).
 * Written at most once a minute per session. Returns the session with its new times when it
 * slid (null when it was not due), for whoever keeps it (session-cache.ts).
 */
export async function slideSession(db: DbExecutor, active: ActiveSession, now: Date): Promise<ActiveSession | null> {
  const staleBefore = new Date(now.getTime() - SESSION_SLIDE_INTERVAL_MS);
  const extend = async (id: string, expiresAt: Date) => {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt })
      .where(and(eq(sessions.id, id), lt(sessions.lastUsedAt, staleBefore), isNull(sessions.revokedAt)));
  };
  if (active.session.kind === 'USER') {
    if (active.session.lastUsedAt >= staleBefore) return null;
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await extend(active.session.id, expiresAt);
    return { ...active, session: { ...active.session, lastUsedAt: now, expiresAt } };
  }
  const parent = active.parentSession;
  if (!parent || active.session.lastUsedAt >= staleBefore) return null;
  let parentSession = parent;
  if (parent.lastUsedAt < staleBefore) {
    parentSession = { ...parent, lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
    await extend(parent.id, parentSession.expiresAt);
  }
  const expiresAt = aliasExpiry(now, parentSession.expiresAt);
  await extend(active.session.id, expiresAt);
  return { ...active, session: { ...active.session, lastUsedAt: now, expiresAt }, parentSession };
}

/** 8 hours from now, or when the coordinator's own session ends if that is sooner. */
export function aliasExpiry(now: Date, parentExpiresAt: Date): Date {
  return new Date(Math.min(now.getTime() + ALIAS_SESSION_TTL_MS, parentExpiresAt.getTime()));
}

export interface SessionOrigin {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

interface NewSession {
  userId: string;
  kind: 'USER' | 'ALIAS';
  expiresAt: Date;
  /** An alias session's client, and the coordinator's session it was started from. */
  actingUserId?: string;
  parentSessionId?: string;
}

/** Stores a session under a fresh token. The token is returned once and never stored, only its hash. */
async function insertSession(
  db: DbExecutor,
  session: NewSession,
  origin: SessionOrigin,
  now: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = generateToken();
  const [row] = await db
    .insert(sessions)
    .values({
      ...session,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      ip: origin.ip ?? null,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error(session.kind === 'ALIAS' ? 'The alias session was not created' : 'The session was not created');
  return { token, sessionId: row.id, expiresAt: session.expiresAt };
}

/** Starts a session for a person who has just signed in. The token is returned once and never stored. */
export async function createUserSession(
  db: DbExecutor,
  userId: string,
  origin: SessionOrigin,
  now: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  return insertSession(db, { userId, kind: 'USER', expiresAt: new Date(now.getTime() + SESSION_TTL_MS) }, origin, now);
}

/** Starts an alias session: a coordinator, signed in with `parent`, acting as a client. */
export async function createAliasSession(
  db: DbExecutor,
  input: { coordinatorId: string; clientId: string; parent: { id: string; expiresAt: Date } },
  origin: SessionOrigin,
  now: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const session = {
    userId: input.coordinatorId,
    actingUserId: input.clientId,
    parentSessionId: input.parent.id,
    kind: 'ALIAS' as const,
    expiresAt: aliasExpiry(now, input.parent.expiresAt),
  };
  return insertSession(db, session, origin, now);
}

/** Revokes a session and every alias session started from it. */
export async function revokeSessionAndAliases(db: DbExecutor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(or(eq(sessions.id, sessionId), eq(sessions.parentSessionId, sessionId)), isNull(sessions.revokedAt)));
}

/** Revokes one session only (ending an alias session leaves the coordinator signed in). */
export async function revokeSession(db: DbExecutor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Revokes every session of a person and every session acting as them (after a password reset):
 * their own, the alias sessions they started as a coordinator, and the alias sessions their
 * coordinators hold to act for them. A reset ends every way into the account; a coordinator
 * simply starts acting again.
 */
export async function revokeAllSessionsOfUser(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(or(eq(sessions.userId, userId), eq(sessions.actingUserId, userId)), isNull(sessions.revokedAt)));
}

/**
 * How many alias sessions may be open at once from one coordinator sign-in. Each "Act as" starts
 * one, and one left behind (a closed tab) would otherwise live its 8 hours; starting a sixth
 * ends the oldest, so a coordinator is never stuck, and a stolen coordinator token cannot mint
 * an unbounded number of live alias tokens.
 */
export const MAX_OPEN_ALIAS_SESSIONS = 5;

/** Holds the session's row until the transaction ends: alias sessions of one sign-in start one at a time. */
export async function lockSession(db: DbExecutor, sessionId: string): Promise<void> {
  await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).for('update');
}

/**
 * Revokes the open alias sessions started from a session beyond the newest `keep`, oldest
 * first, and returns their ids.
 */
export async function revokeOldestAliases(db: DbExecutor, parentSessionId: string, keep: number, now: Date): Promise<string[]> {
  const beyondTheNewest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.parentSessionId, parentSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(keep);
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(inArray(sessions.id, beyondTheNewest))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}
