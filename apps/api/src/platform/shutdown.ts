import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownOptions {
  /** The HTTP server: closing it stops new connections; the grace period's end cuts the rest. */
  server: Pick<Server, 'closeAllConnections'>;
  /**
   * Stops accepting at once and waits for requests in progress, then for the other resources
   * (Fastify's `close`: the server's own close runs first, then the onClose hooks).
   */
  closeApp: () => Promise<void>;
  /** Stops polling for jobs and waits for the jobs in hand. */
  stopJobs: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  /** How long requests in progress and jobs in hand get before the process exits regardless. */
  graceMs: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  exit: (code: number) => void;
}

/** How long closing the database may take once everything else has stopped. */
const DATABASE_CLOSE_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What the process does on SIGTERM or SIGINT (issue 10: shutdown waited without limit for an
 * email to a stalled SMTP server, a client that never read its response, or one that never
 * finished its headers).
 *
 * The first signal stops accepting connections at once and gives the requests in progress and
 * the jobs in hand `graceMs` to finish; then every connection still open is cut and the process
 * exits with 1, whatever is left (a job cut off is handed back to the queue: at start-up on
 * PGlite, after its lease on PostgreSQL). A clean stop exits with 0. A second signal exits at
 * once with 1, for the person at the terminal who does not want to wait.
 */
export function createShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { logger, exit } = options;
  let closing = false;
  let exited = false;
  const exitOnce = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  return async (signal) => {
    if (closing) {
      logger.warn(`Received ${signal} again: exiting now`);
      exitOnce(1);
      return;
    }
    closing = true;
    logger.info(`Received ${signal}: no new connections; requests in progress and jobs in hand have ${options.graceMs} ms to finish`);

    const graceOver = setTimeout(() => {
      logger.warn(`Shutdown: still busy after ${options.graceMs} ms; closing the open connections and exiting`);
      options.server.closeAllConnections();
      exitOnce(1);
    }, options.graceMs);

    let code = 0;
    try {
      // Both at once: the jobs in hand and the requests in progress share the grace period.
      // The app's onClose hooks (e.g. the mail transport) wait for the jobs (server.ts).
      await Promise.all([options.stopJobs(), options.closeApp()]);
    } catch (error) {
      logger.error({ err: error }, 'Shutdown: closing the app failed');
      code = 1;
    }
    clearTimeout(graceOver);
    if (exited) return;
    try {
      if ((await within(options.closeDatabase(), DATABASE_CLOSE_MS)) === 'timed out') {
        logger.warn(`Shutdown: the database did not close within ${DATABASE_CLOSE_MS} ms`);
        code = 1;
      }
    } catch (error) {
      logger.error({ err: error }, 'Shutdown: closing the database failed');
      code = 1;
    }
    exitOnce(code);
  };
}
