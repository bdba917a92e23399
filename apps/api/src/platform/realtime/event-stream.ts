import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_STREAMS_PER_USER, STREAM_REPLACED_EVENT, type RealtimeEvent } from '@tendly/domain/api/conversations';
import type { RealtimeBus } from './realtime-bus';

/** A comment line this often keeps proxies and the idle-connection limit from cutting a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends (the SSE `retry:` field). */
const RETRY_MS = 3_000;

/** One open stream as the registry holds it. */
interface OpenStream {
  /** Ends the stream (the server is stopping, or the session no longer stands). */
  end(): void;
  /** Ends the stream to make room for a newer one of the same person, telling the client so. */
  replace(): void;
}

/**
 * The open streams of one process: so that shutdown can end them instead of waiting for them, and
 * so that one person holds at most EVENT_STREAMS_PER_USER of them (each holds a socket, a
 * subscription and a heartbeat): opening one more closes their oldest.
 */
export class EventStreams {
  readonly #open = new Set<OpenStream>();
  readonly #byUser = new Map<string, OpenStream[]>();
  /** How often each stream sends a heartbeat and checks that its session still stands (tests shorten it). */
  heartbeatMs = HEARTBEAT_MS;
  maxPerUser = EVENT_STREAMS_PER_USER;

  /** Registers a stream of `userId`; returns the function that forgets it once it has ended. */
  add(userId: string, stream: OpenStream): () => void {
    this.#open.add(stream);
    const own = this.#byUser.get(userId) ?? [];
    own.push(stream);
    this.#byUser.set(userId, own);
    while (own.length > this.maxPerUser) own.shift()?.replace();
    return () => {
      this.#open.delete(stream);
      const index = own.indexOf(stream);
      if (index >= 0) own.splice(index, 1);
      if (own.length === 0 && this.#byUser.get(userId) === own) this.#byUser.delete(userId);
    };
  }

  get size(): number {
    return this.#open.size;
  }

  /** How many streams `userId` holds open on this process. */
  sizeOf(userId: string): number {
    return this.#byUser.get(userId)?.length ?? 0;
  }

  /**
   * Ends every open stream: the server is stopping, or events may have been missed (the realtime
   * bus lost its LISTEN connection). Browsers reconnect, to this process or another, and catch up.
   */
  endAll(): void {
    for (const stream of [...this.#open]) stream.end();
  }
}

export function formatEvent(event: RealtimeEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Serves one Server-Sent Events stream for `userId` on a hijacked reply: Fastify's own reply
 * pipeline (serialisation, hooks, the request timeout) no longer applies, so the headers the
 * security plugin would add are written here. The stream ends when the client goes away, when the
 * server stops, or at a heartbeat once `stillAuthorised` says no (the person signed out, their
 * password was reset, an administrator deactivated them): a revoked session stops receiving
 * within one heartbeat. Either way the subscription and the heartbeat are dropped.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { bus: RealtimeBus; streams: EventStreams; userId: string; stillAuthorised: () => Promise<boolean> },
): void {
  reply.hijack();
  const { raw } = reply;
  // A long-lived response: no idle limit on this socket (the heartbeat shows it is alive).
  request.raw.socket.setTimeout(0);
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    // Tells nginx-style proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);

  const unsubscribe = options.bus.subscribe(options.userId, (event) => {
    raw.write(formatEvent(event));
  });
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
    options.stillAuthorised().then(
      (authorised) => {
        if (!authorised) end();
      },
      () => undefined,
    );
  }, options.streams.heartbeatMs);
  heartbeat.unref();

  let ended = false;
  const cleanUp = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
  };
  const end = () => {
    cleanUp();
    raw.end();
  };
  const replace = () => {
    if (!ended) raw.write(`event: ${STREAM_REPLACED_EVENT}\ndata: {}\n\n`);
    end();
  };
  const forget = options.streams.add(options.userId, { end, replace });
  request.raw.on('close', cleanUp);
  raw.on('close', cleanUp);
  raw.on('error', cleanUp);
}
