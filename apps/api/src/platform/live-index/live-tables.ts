/**
 * The live tables of this process (live-table.ts), by name: features add theirs when their
 * routes are registered; the app starts them all once it is ready (each loads in the background,
 * the database answering until it has) and closes them as it stops. /api/health says whether
 * each is loaded.
 */
export interface ManagedTable {
  readonly isReady: boolean;
  readonly size: number;
  start(): Promise<void>;
  close(): Promise<void>;
}

export type LiveTableState = { state: 'ready'; rows: number } | { state: 'loading' };

export class LiveTables {
  readonly #tables = new Map<string, ManagedTable>();

  add(name: string, table: ManagedTable): void {
    if (this.#tables.has(name)) throw new Error(`A live table named ${name} is already registered`);
    this.#tables.set(name, table);
  }

  /** Starts every table loading without waiting for any. */
  startAll(): void {
    for (const table of this.#tables.values()) void table.start();
  }

  /** Resolves once every table has loaded, or failed to and will retry (for tests that change the schema under it). */
  async loaded(): Promise<void> {
    await Promise.all([...this.#tables.values()].map((table) => table.start()));
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#tables.values()].map((table) => table.close()));
  }

  states(): Record<string, LiveTableState> {
    return Object.fromEntries(
      [...this.#tables].map(([name, table]) => [name, table.isReady ? { state: 'ready' as const, rows: table.size } : { state: 'loading' as const }]),
    );
  }
}
