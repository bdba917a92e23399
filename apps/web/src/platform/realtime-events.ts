import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@tendly/domain/api/conversations';
import type { connectRealtimeEvents as ConnectRealtimeEvents } from './realtime-connection';
import { useSession, useViewer } from './session';

/**
 * Live events from GET /api/events (Server-Sent Events) for the signed-in user: new messages and
 * unread counts now, other notifications later. One connection per signed-in tab, opened by
 * `RealtimeEventsConnection` in the app providers; screens listen with `useRealtimeEvents`.
 *
 * This module is small on purpose: the connection itself (the SSE client and the zod schemas
 * that check each event) is loaded on demand once someone is signed in, so visitors never
 * download it.
 */
export type RealtimeListener = (event: RealtimeEvent) => void;
/** Told when the stream (re)opens, so screens can catch up on what they may have missed. */
export type ReconnectListener = () => void;

const listeners = new Set<RealtimeListener>();
const reconnectListeners = new Set<ReconnectListener>();

export function subscribeRealtimeEvents(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function subscribeRealtimeReconnects(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Hands an event to every listener; one listener's failure does not stop the others. */
export function publishRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('A live event listener failed', error);
    }
  }
}

export function publishRealtimeReconnect(): void {
  for (const listener of [...reconnectListeners]) listener();
}

/** Calls `listener` with each live event while the component is mounted (the latest listener). */
export function useRealtimeEvents(listener: RealtimeListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeRealtimeEvents((event) => latest.current(event)), []);
}

/** Calls `listener` each time the stream opens again after a break. */
export function useRealtimeReconnects(listener: ReconnectListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeRealtimeReconnects(() => latest.current()), []);
}

/** Loads the SSE client; replaced in tests. */
export type ConnectionLoader = () => Promise<{ connectRealtimeEvents: typeof ConnectRealtimeEvents }>;
const loadConnection: ConnectionLoader = () => import('./realtime-connection');

/**
 * Holds the tab's one connection while someone is signed in: it opens with the session's token
 * (the alias token while a coordinator acts for a client), opens again when that token changes,
 * and closes on sign-out. An inactive worker is refused the stream (as the Messages screen), so
 * none is opened until their profile is active. Renders nothing.
 */
export function RealtimeEventsConnection({ load = loadConnection }: { load?: ConnectionLoader }) {
  const { user, alias } = useSession();
  const isInactiveWorker = useViewer()?.isInactiveWorker ?? false;
  const token = isInactiveWorker ? null : (alias?.aliasToken ?? user?.authToken ?? null);

  useEffect(() => {
    if (!token) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void load().then(
      ({ connectRealtimeEvents }) => {
        if (cancelled) return;
        stop = connectRealtimeEvents({ token, onEvent: publishRealtimeEvent, onReconnect: publishRealtimeReconnect });
      },
      (error: unknown) => console.error('Could not load the live events client', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, load]);

  return null;
}
