import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Issue 27, section 1: PGlite has one connection. While a transaction is open, every query that is
 * not the transaction's own waits for it to end; so code inside `db.transaction(async (tx) => ...)`
 * that queries through the outer `db` (or through anything that captured it: a lazily loaded key,
 * a lookup cache, an audit write, a queued email) waits for a transaction that waits for it, and
 * the whole process stops answering. On a PostgreSQL server the same code only takes a second
 * connection from the pool, so it shows on PGlite alone.
 *
 * The guard makes that mistake fail at once, with the statement and the code that issued it,
 * instead of hanging: it marks the async context of each transaction's callback, and a query on
 * the outer client from inside a marked context that is still open throws
 * QueryOutsideTransactionError. Queries from anywhere else (other requests, other jobs) still
 * simply wait their turn. It is on in every mode: a query that would wait for ever is never
 * better than one that fails.
 */
export class QueryOutsideTransactionError extends Error {
  constructor(call: string, statement: string, caller: string | undefined, opener: string | undefined) {
    super(
      `${call} on the embedded database was issued inside an open transaction but outside it` +
        `${caller ? ` (${caller})` : ''}: PGlite has one connection, so it would wait for ever for the transaction` +
        `${opener ? ` (opened ${opener})` : ''}, which waits for it. Issue it on the transaction's tx, or before or after the ` +
        `transaction. Statement: ${summarise(statement)}`,
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

interface OpenTransaction {
  client: PGlite;
  open: boolean;
  /**
   * Where the transaction was opened. The query's own caller is often lost: drizzle's queries are
   * thenables, whose `then` an `await` calls from a fresh job, with none of the caller's frames.
   * The stack is captured now and only formatted if the guard fires.
   */
  openedAt: Error;
}

const transactionContext = new AsyncLocalStorage<OpenTransaction>();

type Query = PGlite['query'];
type Exec = PGlite['exec'];
type Transaction = PGlite['transaction'];

/** Wraps the client's query, exec and transaction in place (drizzle and LISTEN call them on the instance). */
export function guardPgliteTransactions(client: PGlite): void {
  const query: Query = client.query.bind(client);
  const exec: Exec = client.exec.bind(client);
  const transaction: Transaction = client.transaction.bind(client);

  client.query = ((...args: Parameters<Query>) => {
    refuseInsideOpenTransaction(client, 'A query', args[0]);
    return query(...args);
  }) as Query;
  client.exec = ((...args: Parameters<Exec>) => {
    refuseInsideOpenTransaction(client, 'A statement', args[0]);
    return exec(...args);
  }) as Exec;
  client.transaction = ((callback: Parameters<Transaction>[0]) => {
    refuseInsideOpenTransaction(client, 'A transaction', 'BEGIN');
    const openedAt = deepStack();
    return transaction((tx) => {
      const marker: OpenTransaction = { client, open: true, openedAt };
      // The mark ends with the callback, before COMMIT: what the commit's notifications start, or
      // work left running after it, is not inside the transaction any more.
      return transactionContext.run(marker, async () => {
        try {
          return await callback(tx);
        } finally {
          marker.open = false;
        }
      });
    });
  }) as Transaction;
}

function refuseInsideOpenTransaction(client: PGlite, call: string, statement: string): void {
  const marker = transactionContext.getStore();
  if (!marker?.open || marker.client !== client) return;
  throw new QueryOutsideTransactionError(call, statement, callerOf(deepStack().stack, 'called from'), callerOf(marker.openedAt.stack, 'in'));
}

/** An Error whose stack reaches past the database layer's frames into the product's own. */
function deepStack(): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  try {
    return new Error('stack');
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The first frame of the product's own code that is not the database layer, or undefined. */
function callerOf(stack: string | undefined, prefix: string): string | undefined {
  const frames = (stack ?? '').split('\n').slice(1);
  const own = frames.find(
    (frame) => /:\d+:\d+\)?$/.test(frame) && !frame.includes('node_modules') && !frame.includes('node:') && !/platform[\\/]db[\\/](client|pglite-transaction-guard)\.ts:/.test(frame),
  );
  return own ? `${prefix} ${own.trim().replace(/^at /, '')}` : undefined;
}

function summarise(statement: string): string {
  const oneLine = statement.replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine;
}
