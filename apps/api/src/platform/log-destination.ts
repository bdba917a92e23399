/**
 * Where the API's JSON log lines go: standard output, without ever holding the process up.
 *
 * pino's default destination (sonic-boom) flushes synchronously when the process exits, retrying
 * a full pipe every 100 ms for ever: with a log collector that stopped reading, `process.exit`
 * never returned (issue 10). Node's own `process.stdout` writes a pipe without blocking and
 * does not flush at exit, so lines go through it; while the reader is stalled they wait in
 * memory, up to `maxBufferedBytes`, after which new lines are dropped (and counted) rather than
 * letting memory grow. `flush` waits, for a bounded time, for the lines in memory to be written.
 */
export interface LogDestination {
  write(line: string): void;
  /** Resolves once every buffered line is written, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
  /** Lines dropped because the reader was not keeping up. */
  readonly dropped: number;
}

/** What the destination needs of a stream: `process.stdout` in production. */
export interface LogOutput {
  /** The callback runs once this chunk, and so everything written before it, is written out. */
  write(chunk: string, callback?: () => void): boolean;
  readonly writableLength: number;
}

const DEFAULT_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export function createLogDestination(output: LogOutput, maxBufferedBytes = DEFAULT_MAX_BUFFERED_BYTES): LogDestination {
  let dropped = 0;
  return {
    get dropped() {
      return dropped;
    },
    write(line) {
      if (output.writableLength > maxBufferedBytes) {
        dropped += 1;
        return;
      }
      output.write(line);
    },
    flush(timeoutMs) {
      if (output.writableLength === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        output.write('', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

let processDestination: LogDestination | undefined;

/** The one destination of this process's logs (standard output is one per process). */
export function processLogDestination(): LogDestination {
  processDestination ??= createLogDestination(process.stdout);
  return processDestination;
}
