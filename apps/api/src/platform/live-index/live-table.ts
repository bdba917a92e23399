import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { listenForNotifications } from '../db/notification-listener';

/**
 * Rows of a table held in this process's memory and kept up to date as they change (issue 18:
 * searches nobody made before answered without scoring a whole radius in the database).
 *
 * Triggers on the tables send the id of every row changed with NOTIFY (migration
 * 0028_live-index-notify), which PostgreSQL delivers when the change commits, in commit order.
 * The table listens first, then loads every row; each notified id is then read again, and an id
 * that no longer has a row (deleted, or no longer listed) is dropped. So a row is never older
 * than the last change the table has been told of: a few milliseconds behind the database on
 * PostgreSQL, and on PGlite, where the notification arrives with the commit in this process,
 * not at all once `settled()` resolves.
 *
 * When listening fails (the connection dropped) or a read fails, the table is not ready until
 * it has listened again and loaded everything again: callers then use the database directly.
 */
export interface ChangeSource<Row> {
  /** The NOTIFY channel; its payloads are ids. */
  channel: string;
  /** The rows for these notified ids, as they are now. */
  load(db: Db, ids: readonly string[]): Promise<Row[]>;
  /**
   * Whether the ids are the rows' own, so that an id without a row is dropped. Otherwise (the
   * ids of another table, such as the owner of a job), the rows read replace their old selves.
   */
  idsAreRowIds: boolean;
}

export interface LiveTableOptions<Row> {
  /** For logs. */
  name: string;
  database: Database;
  loadAll(db: Db): Promise<Row[]>;
  idOf(row: Row): string;
  /** The bucket a row is kept in (its grid cell); null keeps it in none. */
  bucketOf(row: Row): number | null;
  /**
   * Orders each bucket is also kept in (total orders: ties broken by id), so that a search can
   * read a bucket best first and stop early; `bucket(key, n)` is the bucket in the n-th order.
   * Without any, a bucket is kept in no order.
   */
  bucketOrders?: readonly ((a: Row, b: Row) => number)[];
  sources: readonly ChangeSource<Row>[];
  logger: { warn(object: object, message: string): void };
}

/** More ids than this waiting to be read and everything is loaded again instead. */
const RELOAD_ABOVE_IDS = 5_000;
/** Ids read in one query. */
const IDS_PER_READ = 1_000;
const RETRY_DELAY_MS = 1_000;
const SYNC_PREFIX = 'sync:';

interface Listening {
  stop(): Promise<void>;
}

export class LiveTable<Row> {
  readonly #options: LiveTableOptions<Row>;
  #rows = new Map<string, Row>();
  /** Each bucket in each order (one unordered list when no order is asked for). */
  #buckets = new Map<number, Row[][]>();
  #ready = false;
  #closed = false;
  #starting: Promise<void> | null = null;
  #listening: Listening | null = null;
  /** Notified ids not yet read, by channel. */
  #pending = new Map<string, Set<string>>();
  #flushing: Promise<void> | null = null;
  #retryTimer: NodeJS.Timeout | undefined;
  readonly #origin = randomUUID();
  #syncCount = 0;
  readonly #syncWaiters = new Map<string, () => void>();
  /** Rows added, replaced or dropped since the table was made. */
  changes = 0;

  constructor(options: LiveTableOptions<Row>) {
    this.#options = options;
    for (const source of options.sources) this.#pending.set(source.channel, new Set());
  }

  /** Whether the rows may be read: loaded, listening, and no read has failed since. */
  get isReady(): boolean {
    return this.#ready && !this.#closed;
  }

  get size(): number {
    return this.#rows.size;
  }

  /** Starts listening and loading, once; resolves when the table is ready (or could not be made so, and will retry). */
  start(): Promise<void> {
    this.#starting ??= this.#listenAndLoad();
    return this.#starting;
  }

  get(id: string): Row | undefined {
    return this.#rows.get(id);
  }

  /** The rows of one bucket, in the `order`-th of `bucketOrders` (in no order without any). */
  bucket(key: number, order = 0): readonly Row[] {
    return this.#buckets.get(key)?.[order] ?? [];
  }

  rows(): IterableIterator<Row> {
    return this.#rows.values();
  }

  /** Whether ids are waiting to be read. */
  get isBehind(): boolean {
    return this.#flushing !== null || [...this.#pending.values()].some((ids) => ids.size > 0);
  }

  /** Resolves once every change the table has been told of is applied. */
  async settled(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  /**
   * Resolves once every change committed before the call is applied: a notification of its own
   * goes through the database, and arrives after every one committed before it.
   */
  async sync(): Promise<void> {
    if (!this.isReady) return;
    const token = `${SYNC_PREFIX}${this.#origin}:${++this.#syncCount}`;
    const arrived = new Promise<void>((resolve) => this.#syncWaiters.set(token, resolve));
    const channel = this.#options.sources[0]?.channel;
    if (!channel) return;
    await this.#options.database.db.execute(sql`select pg_notify(${channel}, ${token})`);
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    this.#syncWaiters.delete(token);
    await this.settled();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#ready = false;
    clearTimeout(this.#retryTimer);
    // A load or a read in progress is not waited for (shutting down must not wait on 100,000
    // rows): it finds the table closed, or fails on the closed database, and stops.
    await this.#listening?.stop().catch(() => undefined);
    this.#listening = null;
    for (const resolve of this.#syncWaiters.values()) resolve();
  }

  async #listenAndLoad(): Promise<void> {
    try {
      if (!this.#listening) {
        const listening = await this.#listen();
        if (this.#closed) {
          await listening.stop().catch(() => undefined);
          return;
        }
        this.#listening = listening;
      }
      // Listening first: a change committed while everything loads is read again after.
      for (const ids of this.#pending.values()) ids.clear();
      const rows = await this.#options.loadAll(this.#options.database.db);
      if (this.#closed) return;
      this.#replaceAll(rows);
      this.#ready = true;
      this.#scheduleFlush();
    } catch (error) {
      this.#fail(error, 'could not load');
    }
  }

  get #orders(): readonly ((a: Row, b: Row) => number)[] {
    return this.#options.bucketOrders ?? [];
  }

  #replaceAll(rows: readonly Row[]): void {
    this.#rows = new Map();
    this.#buckets = new Map();
    for (const row of rows) {
      this.#rows.set(this.#options.idOf(row), row);
      const key = this.#options.bucketOf(row);
      if (key === null) continue;
      const lists = this.#buckets.get(key);
      if (lists) for (const list of lists) list.push(row);
      else this.#buckets.set(key, Array.from({ length: Math.max(1, this.#orders.length) }, () => [row]));
    }
    this.#orders.forEach((compare, order) => {
      for (const lists of this.#buckets.values()) lists[order]?.sort(compare);
    });
    this.changes += rows.length;
  }

  #put(row: Row): void {
    const id = this.#options.idOf(row);
    const before = this.#rows.get(id);
    if (before) this.#unbucket(before);
    this.#rows.set(id, row);
    const key = this.#options.bucketOf(row);
    if (key !== null) {
      let lists = this.#buckets.get(key);
      if (!lists) {
        lists = Array.from({ length: Math.max(1, this.#orders.length) }, () => []);
        this.#buckets.set(key, lists);
      }
      lists.forEach((list, order) => {
        const compare = this.#orders[order];
        if (compare) list.splice(positionOf(list, row, compare), 0, row);
        else list.push(row);
      });
    }
    this.changes += 1;
  }

  #drop(id: string): void {
    const before = this.#rows.get(id);
    if (!before) return;
    this.#unbucket(before);
    this.#rows.delete(id);
    this.changes += 1;
  }

  #unbucket(row: Row): void {
    const key = this.#options.bucketOf(row);
    if (key === null) return;
    const lists = this.#buckets.get(key);
    if (!lists) return;
    lists.forEach((list, order) => {
      const compare = this.#orders[order];
      // In an ordered list the row is where the order puts it (its fields have not changed: a
      // changed row is a new object); otherwise, anywhere.
      let at = compare ? positionOf(list, row, compare) : list.indexOf(row);
      if (list[at] !== row) at = list.indexOf(row);
      if (at < 0) return;
      if (compare) list.splice(at, 1);
      else {
        list[at] = list[list.length - 1] as Row;
        list.pop();
      }
    });
    if (lists[0]?.length === 0) this.#buckets.delete(key);
  }

  #notified(channel: string, payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      this.#syncWaiters.get(payload)?.();
      return;
    }
    this.#pending.get(channel)?.add(payload);
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#flushing || !this.#ready || this.#closed) return;
    this.#flushing = this.#flush().finally(() => {
      this.#flushing = null;
    });
  }

  async #flush(): Promise<void> {
    try {
      for (;;) {
        const waiting = [...this.#pending.values()].reduce((sum, ids) => sum + ids.size, 0);
        if (waiting === 0 || this.#closed) return;
        if (waiting > RELOAD_ABOVE_IDS) {
          for (const ids of this.#pending.values()) ids.clear();
          this.#replaceAll(await this.#options.loadAll(this.#options.database.db));
          continue;
        }
        for (const source of this.#options.sources) {
          const pending = this.#pending.get(source.channel);
          if (!pending || pending.size === 0) continue;
          const ids = [...pending].slice(0, IDS_PER_READ);
          for (const id of ids) pending.delete(id);
          try {
            const rows = await source.load(this.#options.database.db, ids);
            if (source.idsAreRowIds) {
              const found = new Set(rows.map((row) => this.#options.idOf(row)));
              for (const id of ids) if (!found.has(id)) this.#drop(id);
            }
            for (const row of rows) this.#put(row);
          } catch (error) {
            for (const id of ids) pending.add(id);
            throw error;
          }
        }
      }
    } catch (error) {
      this.#fail(error, 'could not read changed rows');
    }
  }

  /** Not ready until listening and everything is loaded again. */
  #fail(error: unknown, what: string): void {
    this.#ready = false;
    if (this.#closed) return;
    this.#options.logger.warn({ err: error }, `${this.#options.name}: ${what}; the database answers until it is loaded again`);
    if (this.#retryTimer) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#starting = this.#listenAndLoad();
    }, RETRY_DELAY_MS);
    this.#retryTimer.unref();
  }

  async #listen(): Promise<Listening> {
    const channels = this.#options.sources.map((source) => source.channel);
    // On a PostgreSQL server, a connection of its own; when it drops, everything is loaded again once listening resumes.
    let listening: Listening | null = null;
    listening = await listenForNotifications(
      this.#options.database,
      channels,
      (channel, payload) => this.#notified(channel, payload),
      (error) => {
        if (listening !== null && this.#listening === listening) this.#listening = null;
        this.#fail(error, 'lost its LISTEN connection');
      },
    );
    return listening;
  }
}

/** Where `row` goes in `list`, sorted by `compare`: before the first row that does not come before it. */
function positionOf<Row>(list: readonly Row[], row: Row, compare: (a: Row, b: Row) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(list[middle] as Row, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
