import { useSyncExternalStore } from 'react';
import type { Viewer } from '@tendly/domain/access';
import { roles, type Role } from '@tendly/domain/roles';
import { workerProfileStatuses, type WorkerProfileStatus } from '@tendly/domain/profile-options';
import { isOneOf } from '@tendly/domain/coded-options';
import { isAbsentOr, isNonEmptyString, isRecord, isString } from './shape-checks';

/**
 * Who is signed in (spec sections 3 and 4): the user the API returned at sign-in and, while a
 * support coordinator acts for a linked client, the alias session. Both live in localStorage so
 * a reload keeps the user signed in; the store re-reads them when another tab changes them.
 * What is read back from storage is checked, and a value that does not pass is dropped. The
 * checks are hand-written (`shape-checks.ts`) to keep zod out of the first page load.
 */
export interface SessionUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  readonly email: string;
  readonly phone?: string | null | undefined;
  readonly role: Role;
  readonly authToken: string;
  readonly superUserLogin?: boolean | null | undefined;
  readonly freshchatId?: string | null | undefined;
  /** A worker's profile status (spec section 4); INACTIVE restricts menus and routes. */
  readonly profileStatus?: WorkerProfileStatus | null | undefined;
}

export interface AliasSession {
  readonly aliasToken: string;
  readonly id: string;
  readonly name: string;
  readonly firstName: string;
  readonly email: string;
  readonly role: Role;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isRole = (value: unknown): value is Role => isOneOf(roles, value);
const isProfileStatus = (value: unknown): value is WorkerProfileStatus => isOneOf(workerProfileStatuses, value);

export function isSessionUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    isNonEmptyString(value.id) &&
    isString(value.firstName) &&
    isString(value.lastName) &&
    isString(value.name) &&
    isString(value.email) &&
    isAbsentOr(value.phone, isString) &&
    isRole(value.role) &&
    isNonEmptyString(value.authToken) &&
    isAbsentOr(value.superUserLogin, isBoolean) &&
    isAbsentOr(value.freshchatId, isString) &&
    isAbsentOr(value.profileStatus, isProfileStatus)
  );
}

export function isAliasSession(value: unknown): value is AliasSession {
  return (
    isRecord(value) &&
    isNonEmptyString(value.aliasToken) &&
    isNonEmptyString(value.id) &&
    isString(value.name) &&
    isString(value.firstName) &&
    isString(value.email) &&
    isRole(value.role)
  );
}

export interface Session {
  readonly user: SessionUser | null;
  readonly alias: AliasSession | null;
  /**
   * The support coordinator flag of spec section 4: set at a SUPPORT sign-in and kept through an
   * alias session, so the app knows a coordinator is behind the client it is acting for.
   */
  readonly isSupportCoordinator: boolean;
}

export const SESSION_STORAGE_KEYS = {
  user: 'tendly.session.user',
  alias: 'tendly.session.alias',
  supportCoordinator: 'tendly.session.supportCoordinator',
} as const;

const signedOut: Session = { user: null, alias: null, isSupportCoordinator: false };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (some private browsing modes); the session then lasts one page.
    return null;
  }
}

function readStored<T>(key: string, check: (value: unknown) => value is T): T | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (check(value)) return value;
  } catch {
    // Not JSON: fall through and forget it.
  }
  removeStored(key);
  return null;
}

function writeStored(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the in-memory session still works for this page.
  }
}

function removeStored(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the value is unreadable anyway.
  }
}

function readSession(): Session {
  const user = readStored(SESSION_STORAGE_KEYS.user, isSessionUser);
  if (!user) return signedOut;
  // An alias session only makes sense under a signed-in coordinator.
  const isSupportCoordinator = readStored(SESSION_STORAGE_KEYS.supportCoordinator, isBoolean) === true;
  const alias = isSupportCoordinator ? readStored(SESSION_STORAGE_KEYS.alias, isAliasSession) : null;
  return { user, alias, isSupportCoordinator };
}

let current: Session | null = null;
const listeners = new Set<() => void>();

function emit(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  current ??= readSession();
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  const keys: readonly (string | null)[] = [...Object.values(SESSION_STORAGE_KEYS), null];
  if (keys.includes(event.key)) reloadSession();
}

/** Reads the session from storage again (another tab signed in or out). */
export function reloadSession(): void {
  emit(readSession());
}

/**
 * Stores the user returned by sign-in; any alias session of a previous user ends. A support
 * coordinator's sign-in also sets the support coordinator flag (spec section 4).
 */
export function setSignedInUser(user: SessionUser): void {
  const isSupportCoordinator = user.role === 'SUPPORT';
  writeStored(SESSION_STORAGE_KEYS.user, user);
  removeStored(SESSION_STORAGE_KEYS.alias);
  if (isSupportCoordinator) writeStored(SESSION_STORAGE_KEYS.supportCoordinator, true);
  else removeStored(SESSION_STORAGE_KEYS.supportCoordinator);
  emit({ user, alias: null, isSupportCoordinator });
}

/** Updates the signed-in user, e.g. when the worker's profile status changes. */
export function updateSignedInUser(changes: Partial<Omit<SessionUser, 'id' | 'authToken'>>): void {
  const session = getSession();
  if (!session.user) return;
  const next = { ...session.user, ...changes };
  writeStored(SESSION_STORAGE_KEYS.user, next);
  emit({ ...session, user: next });
}

/** A support coordinator starts acting as a linked client (spec section 4). */
export function startAliasSession(alias: AliasSession): void {
  const { user, isSupportCoordinator } = getSession();
  if (!user || !isSupportCoordinator) throw new Error('An alias session needs a signed-in support coordinator');
  writeStored(SESSION_STORAGE_KEYS.alias, alias);
  emit({ user, alias, isSupportCoordinator });
}

/**
 * Ends acting as a client (spec section 4): the coordinator is restored from storage and the
 * support coordinator flag stays set.
 */
export function endAliasSession(): void {
  removeStored(SESSION_STORAGE_KEYS.alias);
  const { user, isSupportCoordinator } = getSession();
  const storedUser = readStored(SESSION_STORAGE_KEYS.user, isSessionUser) ?? user;
  emit({ user: storedUser, alias: null, isSupportCoordinator: storedUser !== null && isSupportCoordinator });
}

/** Logout (spec section 4): every stored user key goes. */
export function clearSession(): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) removeStored(key);
  // What screens kept for this tab (the AI worker match conversation, which can describe
  // someone's health) must not outlive the sign-in on a shared computer (spec section 4).
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage switched off: there is nothing kept.
  }
  emit(signedOut);
}

/** The token requests carry (spec section 7): the alias token when acting for a client. */
export function currentAuthToken(): string | null {
  const { user, alias } = getSession();
  return alias?.aliasToken ?? user?.authToken ?? null;
}

/** The viewer access rules see: the client while a coordinator acts for one, else the user. */
export function viewerOf(session: Session): Viewer | null {
  if (session.alias) return { role: session.alias.role, isInactiveWorker: false };
  if (!session.user) return null;
  return {
    role: session.user.role,
    isInactiveWorker: session.user.role === 'CR' && session.user.profileStatus === 'INACTIVE',
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Whose data a page of a care seeker's shows, and what their queries are cached under: the client a
 * support coordinator is acting for (the API sees the client too), else the signed-in person.
 */
export function useActingPersonId(): string | null {
  const { user, alias } = useSession();
  return alias?.id ?? user?.id ?? null;
}

export function useViewer(): Viewer | null {
  const session = useSession();
  // viewerOf builds a new object; memoising on the session keeps it stable between renders.
  return viewerFor(session);
}

const viewers = new WeakMap<Session, Viewer | null>();
function viewerFor(session: Session): Viewer | null {
  if (!viewers.has(session)) viewers.set(session, viewerOf(session));
  return viewers.get(session) ?? null;
}
