import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Message, RealtimeEvent } from '@tendly/domain/api/conversations';
import type { Database } from '../db/client';

/**
 * Live events for signed-in people (issue 13): `publish(userId, event)` reaches every open event
 * stream of that person, whichever API process holds it. Events are keyed by the account they
 * concern; an alias session (a coordinator acting for a care seeker) subscribes as the care
 * seeker, so it gets the care seeker's events too.
 *
 * On PGlite one process owns the database, so delivery is in-process. On a PostgreSQL server the
 * event is delivered to this process's subscribers at once and sent to the other processes with
 * NOTIFY on one channel, each process listening on a dedicated connection of its own.
 */
export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeBus {
  /** Delivers the event to the person's streams; never throws (a lost live event is not an error for the caller). */
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  /** Returns the function that stops the subscription. */
  subscribe(userId: string, listener: RealtimeListener): () => void;
  /** How many listeners are subscribed in this process (for the bench and tests). */
  listenerCount(): number;
  /** Resolves once events from other processes can arrive (at once in-process). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Loads a message by id when its event was too large to travel in a NOTIFY payload. */
export type MessageLoader = (messageId: string) => Promise<Message | null>;

export const REALTIME_CHANNEL = 'tendly_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; leave room for the envelope. */
const NOTIFY_PAYLOAD_MAX_BYTES = 7_500;
const RECONNECT_DELAY_MS = 1_000;

/** Listeners by user id, delivered to synchronously; a listener that throws does not stop the others. */
class LocalListeners {
  readonly #byUser = new Map<string, Set<RealtimeListener>>();
  #count = 0;

  add(userId: string, listener: RealtimeListener): () => void {
    let set = this.#byUser.get(userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(userId, set);
    }
    set.add(listener);
    this.#count += 1;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.#count -= 1;
      set.delete(listener);
      if (set.size === 0) this.#byUser.delete(userId);
    };
  }

  has(userId: string): boolean {
    return this.#byUser.has(userId);
  }

  deliver(userId: string, event: RealtimeEvent): void {
    for (const listener of [...(this.#byUser.get(userId) ?? [])]) {
      try {
        listener(event);
      } catch {
        // One broken stream must not keep the event from the person's other tabs.
      }
    }
  }

  get count(): number {
    return this.#count;
  }
}

export function createInProcessBus(): RealtimeBus {
  const listeners = new LocalListeners();
  return {
    publish: (userId, event) => {
      listeners.deliver(userId, event);
      return Promise.resolve();
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    listenerCount: () => listeners.count,
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * What travels in a NOTIFY: the origin process (which has already delivered locally and ignores
 * its own notification), the user, and either the whole event or, for a message too large for
 * the payload limit, the message id for the receiving process to load.
 */
interface Envelope {
  o: string;
  u: string;
  e?: RealtimeEvent;
  m?: string;
}

export function encodeEnvelope(origin: string, userId: string, event: RealtimeEvent): string {
  const whole = JSON.stringify({ o: origin, u: userId, e: event } satisfies Envelope);
  if (Buffer.byteLength(whole, 'utf8') <= NOTIFY_PAYLOAD_MAX_BYTES) return whole;
  if (event.type !== 'message') throw new Error(`A ${event.type} event is too large to notify`);
  return JSON.stringify({ o: origin, u: userId, m: event.message.id } satisfies Envelope);
}

function decodeEnvelope(payload: string | undefined): Envelope | null {
  if (!payload) return null;
  try {
    const parsed = JSON.parse(payload) as Envelope;
    return typeof parsed.o === 'string' && typeof parsed.u === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

interface PostgresBusOptions {
  pool: pg.Pool;
  loadMessage: MessageLoader;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * Called when the bus listens again after losing its LISTEN connection: notifications sent in
   * between never reached this process, so its streams should end for their clients to catch up.
   */
  onListenRestored?: () => void;
}

/** The bus across API processes on one PostgreSQL server (LISTEN/NOTIFY). */
export function createPostgresBus({ pool, loadMessage, logger, onListenRestored }: PostgresBusOptions): RealtimeBus {
  const origin = randomUUID();
  const listeners = new LocalListeners();
  let closed = false;
  let client: pg.Client | null = null;
  let hasListened = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const onNotification = async (payload: string | undefined) => {
    const envelope = decodeEnvelope(payload);
    if (!envelope || envelope.o === origin || !listeners.has(envelope.u)) return;
    if (envelope.e) return listeners.deliver(envelope.u, envelope.e);
    if (!envelope.m) return;
    const message = await loadMessage(envelope.m).catch(() => null);
    if (message) listeners.deliver(envelope.u, { type: 'message', message });
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connecting = connect();
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  };

  const connect = async (): Promise<void> => {
    // node-postgres loads only on a PostgreSQL server (client.ts).
    const { default: pg } = await import('pg');
    const next = new pg.Client({ connectionString: pool.options.connectionString });
    next.on('notification', (notification) => void onNotification(notification.payload));
    next.on('error', (error) => {
      logger.warn({ err: error }, 'realtime: the LISTEN connection failed; reconnecting');
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      if (hasListened) onListenRestored?.();
      hasListened = true;
    } catch (error) {
      logger.warn({ err: error }, 'realtime: could not LISTEN; retrying');
      await next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  connecting = connect();

  return {
    async publish(userId, event) {
      listeners.deliver(userId, event);
      try {
        await pool.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, encodeEnvelope(origin, userId, event)]);
      } catch (error) {
        logger.error({ err: error }, 'realtime: could not notify the other processes');
      }
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    listenerCount: () => listeners.count,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      await connecting.catch(() => undefined);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
    ready: () => connecting,
  };
}

export function createRealtimeBus(
  database: Database,
  loadMessage: MessageLoader,
  logger: PostgresBusOptions['logger'],
  onListenRestored?: () => void,
): RealtimeBus {
  if (!(database.client instanceof PGlite)) return createPostgresBus({ pool: database.client, loadMessage, logger, ...(onListenRestored ? { onListenRestored } : {}) });
  return createInProcessBus();
}
