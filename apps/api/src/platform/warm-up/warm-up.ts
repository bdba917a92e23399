import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * Runs `requests` requests (or as near as the data allows) of one hot path, without writing
 * anything: reads only, so that warming a server never changes what it serves.
 */
export type WarmUpStep = (requests: number) => Promise<void>;

/** The header that marks the start-up's own requests: their lines are left out of the log. */
export const WARM_UP_HEADER = 'x-warm-up';

export type WarmUpState = 'cold' | 'warming' | 'warm';

/**
 * Issue 33: a server that has just started compiles its hot paths as the first real requests
 * run (its first 1,500 searches ran at 94 a second with p95 641 ms). So the server, once its
 * search indexes are loaded, first runs a few hundred of its own requests down each hot path
 * (worker search, the worker profile, the job board) that features add here, and /api/health
 * says `warm` once they have run. A step that fails is logged and skipped: warming up is never a
 * reason not to serve.
 */
export class WarmUp {
  readonly #steps = new Map<string, WarmUpStep>();
  #state: WarmUpState = 'cold';
  #stopped = false;
  /** Only the server's own requests know it: a client cannot hide its requests from the log. */
  readonly secret = randomBytes(16).toString('hex');
  readonly #inject: (url: string, headers: Record<string, string>) => Promise<unknown>;

  /** `inject` sends a request to the whole app in process (Fastify's `inject` on the root instance). */
  constructor(inject: (url: string, headers: Record<string, string>) => Promise<unknown>) {
    this.#inject = inject;
  }

  /** A GET of the warm-up's own, through the whole app; its log lines are left out. */
  async get(url: string): Promise<void> {
    if (this.#stopped) return;
    await this.#inject(url, { [WARM_UP_HEADER]: this.secret });
  }

  /** The server is stopping: the requests left are not sent. */
  stop(): void {
    this.#stopped = true;
  }

  add(name: string, step: WarmUpStep): void {
    if (this.#steps.has(name)) throw new Error(`A warm-up step named ${name} is already registered`);
    this.#steps.set(name, step);
  }

  get state(): WarmUpState {
    return this.#state;
  }

  /** Whether a request is one of the warm-up's own (its log lines are silenced). */
  isOwnRequest(headers: Record<string, string | string[] | undefined>): boolean {
    return headers[WARM_UP_HEADER] === this.secret;
  }

  /** Runs each step with `requestsPerStep` requests, one step after another; resolves with how long each took. */
  async run(requestsPerStep: number, logger: { warn(object: object, message: string): void }): Promise<Record<string, number>> {
    this.#state = 'warming';
    const took: Record<string, number> = {};
    for (const [name, step] of this.#steps) {
      if (this.#stopped) break;
      const started = performance.now();
      try {
        if (requestsPerStep > 0) await step(requestsPerStep);
      } catch (error) {
        if (this.#stopped) break;
        logger.warn({ err: error }, `warm-up: ${name} failed; the server serves it cold`);
      }
      took[name] = Math.round(performance.now() - started);
    }
    this.#state = 'warm';
    return took;
  }
}
