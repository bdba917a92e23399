import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { realtimeEventSchema, STREAM_REPLACED_EVENT, type RealtimeEvent } from '@tendly/domain/api/conversations';
import { buildApiUrl } from './api-client';

/**
 * The SSE client behind `RealtimeEventsConnection` (realtime-events.ts), loaded on demand.
 * `@microsoft/fetch-event-source` is used rather than EventSource because it can send the
 * auth-token header. Each event is checked against the domain schema; types this version does not
 * know are ignored. A dropped stream is opened again after a growing, jittered wait (1 s doubling
 * to 30 s); an answer saying the user may not listen (401, 403, 404: an inactive worker gets a
 * 403) stops it for good, and so does a stream the server closed to make room for a newer one of
 * the same person (its last event is `replaced`): opening it again would close the next oldest.
 */
export const EVENTS_PATH = '/events';
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** Reads one SSE message: its `event:` type and JSON `data:`. Null for anything unknown or malformed. */
export function parseRealtimeEvent(type: string, data: string): RealtimeEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  // The `event:` field carries the type; a body that also names one must agree with it.
  const typed = { ...payload, type: type || (payload as { type?: unknown }).type };
  const parsed = realtimeEventSchema.safeParse(typed);
  return parsed.success ? parsed.data : null;
}

/** The wait before attempt `attempt` (1, 2, ...): doubling from 1 s up to 30 s, minus up to a fifth at random. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (1 - random() * 0.2));
}

class StopListening extends Error {}
class StreamDropped extends Error {}

export interface ConnectOptions {
  readonly token: string;
  readonly onEvent: (event: RealtimeEvent) => void;
  /** Called when the stream opens again after a break (not on the first opening). */
  readonly onReconnect?: () => void;
  readonly fetch?: typeof fetch;
  readonly random?: () => number;
}

/** Opens the stream; returns the function that closes it. */
export function connectRealtimeEvents({ token, onEvent, onReconnect, fetch: fetchImpl, random }: ConnectOptions): () => void {
  const controller = new AbortController();
  let failures = 0;
  let hasOpened = false;

  void fetchEventSource(buildApiUrl(EVENTS_PATH), {
    headers: { 'auth-token': token, Accept: EventStreamContentType },
    signal: controller.signal,
    // Kept open in a hidden tab so the header's count is right when the user comes back.
    openWhenHidden: true,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    onopen: async (response) => {
      if ([401, 403, 404].includes(response.status)) throw new StopListening(`Live events refused: ${response.status}`);
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith(EventStreamContentType)) throw new StreamDropped(`Live events unavailable: ${response.status}`);
      failures = 0;
      if (hasOpened) onReconnect?.();
      hasOpened = true;
    },
    onmessage: (message) => {
      if (message.event === STREAM_REPLACED_EVENT) {
        controller.abort();
        return;
      }
      const event = parseRealtimeEvent(message.event, message.data);
      if (event) onEvent(event);
    },
    onclose: () => {
      // The server ended the stream (a restart, a proxy's time limit): listen again.
      throw new StreamDropped('Live events stream closed');
    },
    onerror: (error: unknown) => {
      if (error instanceof StopListening) throw error;
      failures += 1;
      return retryDelay(failures, random);
    },
  }).catch((error: unknown) => {
    if (!(error instanceof StopListening)) console.error('Live events stopped', error);
  });

  return () => controller.abort();
}
