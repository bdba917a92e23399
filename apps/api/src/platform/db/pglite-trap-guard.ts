import type { PGlite } from '@electric-sql/pglite';

/**
 * What the guard needs of PGlite's internals: the Emscripten module and the marker PGlite puts on
 * the exception PostgreSQL throws to unwind an ordinary error (its `longjmp`). Neither is part
 * of PGlite's typed API, so they are checked when the guard is installed: an upgrade of PGlite
 * that changes them stops start-up rather than silently dropping the guard.
 */
interface PgliteInternals {
  mod?: { _PostgresMainLoopOnce?: unknown };
  POSTGRES_MAIN_LONGJMP?: unknown;
}

export class PgliteCorruptedError extends Error {
  constructor(cause: unknown) {
    super(
      `The embedded database (PGlite) failed inside PostgreSQL (${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}). ` +
        'Its state can no longer be trusted, so the process stops here; restart it (the data on disk is intact up to the last committed transaction).',
      { cause },
    );
    this.name = 'PgliteCorruptedError';
  }
}

/**
 * Stops the process at once when PostgreSQL inside PGlite fails with anything other than an
 * ordinary error, such as a WebAssembly trap ("null function or function signature mismatch").
 *
 * Why (issue 10, section 1): PGlite's `execProtocolRawSync` catches everything thrown by a step
 * of PostgreSQL's main loop and only handles its own `longjmp`; anything else is swallowed, the
 * query answers nothing, PostgreSQL's error state is left corrupt and the next query spins for ever
 * on the main thread, so every request and even SIGTERM hang. Nothing after the trap can be
 * trusted, and the JavaScript event loop will not get another turn, so `onCorrupted` runs
 * synchronously, inside the failing step: it must end the process (the default writes the reason
 * to stderr and exits with status 70, EX_SOFTWARE), so a supervisor restarts it.
 */
export function failOnPgliteTrap(client: PGlite, onCorrupted: (error: PgliteCorruptedError) => void = exitOnCorruption): void {
  const internals = client as unknown as PgliteInternals;
  const mod = internals.mod;
  const step = mod?._PostgresMainLoopOnce;
  const longjmpStatus = internals.POSTGRES_MAIN_LONGJMP;
  if (!mod || typeof step !== 'function' || typeof longjmpStatus !== 'number') {
    throw new Error('This version of PGlite no longer has the internals the corruption guard watches (pglite-trap-guard.ts): update the guard.');
  }
  mod._PostgresMainLoopOnce = function guardedMainLoopStep(this: unknown, ...args: unknown[]) {
    try {
      return step.apply(this, args);
    } catch (error) {
      const isOrdinaryError = typeof error === 'object' && error !== null && (error as { status?: unknown }).status === longjmpStatus;
      if (!isOrdinaryError) onCorrupted(new PgliteCorruptedError(error));
      throw error;
    }
  };
}

/** Writes why to standard error and ends the process with status 70 (EX_SOFTWARE). */
export function exitOnCorruption(error: Error): void {
  process.stderr.write(`${error.message}\n`);
  process.exit(70);
}
