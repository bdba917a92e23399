import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { listenForNotifications, type NotificationListening } from '../db/notification-listener';
import type { ActiveSession } from './session-repository';
import { hashToken } from './session-tokens';

/** Sent by the triggers of migration 0038 with the id of the person whose sessions changed. */
export const SESSION_CHANGE_CHANNEL = 'tendly_session_change';
/** Sessions kept at most: about 10 MB at worst, and far more people than one process serves at once. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
const SYNC_PREFIX = 'sync:';
const SYNC_TIMEOUT_MS = 2_000;
const RETRY_DELAY_MS = 1_000;

export interface SessionCacheOptions {
  database: Database;
  /** SESSION_CACHE_TTL_MS (config); 0 keeps nothing. */
  ttlMs: number;
  maxEntries?: number;
  logger: { warn(object: object, message: string): void };
}

/**
 * The sessions this process has verified, kept for `ttlMs` so that a signed-in request does not
 * ask the database who it is each time (issue 33: on PGlite's one connection every such
 * question waited its turn behind the searches).
 *
 * A kept session never outlives its revocation: every change that could stop a session from
 * authenticating, or change who it presents, is sent by a trigger on its table (migration 0038)
 * with the person's id, and each process forgets that person's sessions when it hears it. On
 * PGlite it hears it before the statement that made the change resolves. On a PostgreSQL server
 * it hears it a moment after the commit, so a request of this process that changed something
 * waits, before its answer leaves, until this process has heard everything committed before
 * (`caughtUp`): the next request of the same person sees the change. Another process hears it a
 * few milliseconds after the commit. While it is not listening (starting, or its connection
 * dropped), nothing is kept and every request asks the database.
 *
 * A lookup that was reading the database when a change was heard is not kept: it may have read
 * the session as it was before.
 */
export class SessionCache {
  readonly #options: SessionCacheOptions;
  readonly #entries: LRUCache<string, ActiveSession> | null;
  /** The tokens' hashes kept for each person a session signs in or acts as. */
  readonly #byPerson = new Map<string, Set<string>>();
  /** Counts what was forgotten: a lookup started before a change is not kept. */
  #generation = 0;
  #listening: NotificationListening | null = null;
  #starting: Promise<void> | null = null;
  #closed = false;
  #retryTimer: NodeJS.Timeout | undefined;
  readonly #origin = randomUUID();
  #syncCount = 0;
  readonly #syncWaiters = new Map<string, () => void>();

  constructor(options: SessionCacheOptions) {
    this.#options = options;
    this.#entries =
      options.ttlMs === 0
        ? null
        : new LRUCache<string, ActiveSession>({
            max: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
            ttl: options.ttlMs,
            ttlResolution: 0,
            dispose: (active, key) => this.#unindex(key, active),
          });
  }

  /** Whether sessions are kept now: on, and listening for changes. */
  get isKeeping(): boolean {
    return this.#entries !== null && this.#listening !== null && !this.#closed;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  /** Whether the session `token` opens is kept now (for tests and the health of the cache). */
  has(token: string): boolean {
    return this.#entries?.has(hashToken(token)) ?? false;
  }

  /** Starts listening, once; resolves when listening or when it failed (and will retry). */
  start(): Promise<void> {
    if (!this.#entries) return Promise.resolve();
    this.#starting ??= this.#listen();
    return this.#starting;
  }

  /** The session `token` opens: the one kept if still in time and unexpired, else `load`'s answer (kept when it can be). */
  async find(token: string, now: Date, load: () => Promise<ActiveSession | null>): Promise<ActiveSession | null> {
    if (!this.isKeeping || !this.#entries) return load();
    const key = hashToken(token);
    const kept = this.#entries.get(key);
    if (kept && isUnexpired(kept, now)) return kept;
    const generation = this.#generation;
    const found = await load();
    if (found && this.isKeeping && generation === this.#generation) {
      this.#entries.set(key, found);
      this.#index(key, found);
    }
    return found;
  }

  /** The session's new expiry after sliding it, kept only if its entry has not been forgotten meanwhile. */
  replace(token: string, active: ActiveSession): void {
    const key = hashToken(token);
    if (!this.#entries?.has(key)) return;
    this.#entries.set(key, active);
    this.#index(key, active);
  }

  /** Forgets every session signed in as, or acting as, this person. */
  forgetPerson(personId: string): void {
    this.#generation += 1;
    const keys = this.#byPerson.get(personId);
    if (!keys) return;
    for (const key of [...keys]) this.#entries?.delete(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries?.clear();
    this.#byPerson.clear();
  }

  /**
   * Resolves once this process has heard every change committed before the call (a notification
   * of its own goes through the database and arrives after them). Nothing to wait for on PGlite,
   * or when nothing is kept; if the database does not answer in time, everything is forgotten.
   */
  async caughtUp(): Promise<void> {
    if (this.#options.database.driver === 'pglite' || !this.isKeeping || this.size === 0) return;
    const token = `${SYNC_PREFIX}${this.#origin}:${++this.#syncCount}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.#syncWaiters.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      await this.#options.database.db.execute(sql`select pg_notify(${SESSION_CHANGE_CHANNEL}, ${token})`);
      if (!(await arrived)) this.clear();
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.#syncWaiters.delete(token);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    await this.#starting?.catch(() => undefined);
    await this.#listening?.stop().catch(() => undefined);
    this.#listening = null;
    this.clear();
    for (const resolve of this.#syncWaiters.values()) resolve();
  }

  async #listen(): Promise<void> {
    try {
      const listening = await listenForNotifications(
        this.#options.database,
        [SESSION_CHANGE_CHANNEL],
        (_channel, payload) => this.#heard(payload),
        (error) => {
          this.#listening = null;
          this.#failed(error, 'lost its LISTEN connection');
        },
      );
      if (this.#closed) {
        await listening.stop().catch(() => undefined);
        return;
      }
      // Nothing was kept while not listening, so nothing missed can be stale.
      this.clear();
      this.#listening = listening;
    } catch (error) {
      this.#failed(error, 'could not LISTEN');
    }
  }

  #heard(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      this.#syncWaiters.get(payload)?.();
      return;
    }
    this.forgetPerson(payload);
  }

  /** Keeps nothing until listening again. */
  #failed(error: unknown, what: string): void {
    this.clear();
    if (this.#closed) return;
    this.#options.logger.warn({ err: error }, `session cache: ${what}; every request asks the database until it listens again`);
    if (this.#retryTimer) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#starting = this.#listen();
    }, RETRY_DELAY_MS);
    this.#retryTimer.unref();
  }

  #index(key: string, active: ActiveSession): void {
    for (const personId of personsOf(active)) {
      let keys = this.#byPerson.get(personId);
      if (!keys) {
        keys = new Set();
        this.#byPerson.set(personId, keys);
      }
      keys.add(key);
    }
  }

  #unindex(key: string, active: ActiveSession): void {
    for (const personId of personsOf(active)) {
      const keys = this.#byPerson.get(personId);
      keys?.delete(key);
      if (keys?.size === 0) this.#byPerson.delete(personId);
    }
  }
}

/** Whom a session concerns: the person signed in and, for an alias session, the client. */
function personsOf(active: ActiveSession): string[] {
  const { userId, actingUserId } = active.session;
  return actingUserId ? [userId, actingUserId] : [userId];
}

/** A kept session is used only before it (and, for an alias session, the coordinator's own) expires. */
function isUnexpired(active: ActiveSession, now: Date): boolean {
  if (active.session.expiresAt <= now) return false;
  return active.parentSession === null || active.parentSession.expiresAt > now;
}
