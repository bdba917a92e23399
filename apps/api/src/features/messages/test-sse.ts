import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Everything received, comments included. */
  raw(): string;
  /** Resolves with the first event (already received or to come) that matches; rejects after `ms`. */
  waitFor(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The address of a listening app, for clients that need a real socket (streams). */
export async function listenOnRandomPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens GET /api/events with the auth-token header, parsing events as they come. It says it accepts
 * compressed responses, as browsers do: the stream must come uncompressed all the same.
 */
export function openSse(baseUrl: string, token: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { headers: { 'auth-token': token, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      response.setEncoding('utf8');
      let buffer = '';
      let all = '';
      const events: SseEvent[] = [];
      const waiters: { match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((done) => (endResolve = done));
      response.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const eventLine = /^event: (.*)$/m.exec(block);
          const dataLine = /^data: (.*)$/m.exec(block);
          if (eventLine?.[1] && dataLine?.[1]) {
            const event = { event: eventLine[1], data: JSON.parse(dataLine[1]) as unknown };
            events.push(event);
            for (const waiter of [...waiters]) {
              if (waiter.match(event)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(event);
              }
            }
          }
          boundary = buffer.indexOf('\n\n');
        }
      });
      response.on('end', endResolve);
      response.on('close', endResolve);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        raw: () => all,
        ended,
        waitFor(match, ms = 5_000) {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`)), ms);
            waiters.push({
              match,
              resolve: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
