import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { STREAM_REPLACED_EVENT, type RealtimeEvent } from '@tendly/domain/api/conversations';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { ids, testMessage } from '../app/test-messages';
import { testUser } from '../app/test-sessions';
import { connectRealtimeEvents, parseRealtimeEvent, retryDelay } from './realtime-connection';
import { RealtimeEventsConnection, subscribeRealtimeEvents, publishRealtimeEvent, type ConnectionLoader } from './realtime-events';
import { clearSession, endAliasSession, setSignedInUser, startAliasSession, updateSignedInUser } from './session';

afterEach(() => {
  vi.restoreAllMocks();
});

const encoder = new TextEncoder();

/** A response that streams these SSE chunks and then ends (or stays open). */
function streamResponse(chunks: readonly string[], { stayOpen = false } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!stayOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

function sse(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

describe('parseRealtimeEvent', () => {
  it('reads a message event and an unread event', () => {
    const message = testMessage(1);
    expect(parseRealtimeEvent('message', JSON.stringify({ type: 'message', message }))).toEqual({ type: 'message', message });
    expect(parseRealtimeEvent('unread', JSON.stringify({ type: 'unread', unreadTotal: 4 }))).toEqual({ type: 'unread', unreadTotal: 4 });
    // The type may come from the event line alone.
    expect(parseRealtimeEvent('unread', JSON.stringify({ unreadTotal: 2 }))).toEqual({ type: 'unread', unreadTotal: 2 });
  });

  it('ignores unknown types, bad JSON and bodies that do not fit', () => {
    expect(parseRealtimeEvent('notification', JSON.stringify({ type: 'notification', text: 'Hi' }))).toBeNull();
    expect(parseRealtimeEvent('message', '{not json')).toBeNull();
    expect(parseRealtimeEvent('message', 'null')).toBeNull();
    expect(parseRealtimeEvent('unread', JSON.stringify({ type: 'unread', unreadTotal: -1 }))).toBeNull();
    expect(parseRealtimeEvent('message', JSON.stringify({ type: 'message', message: { id: 'x' } }))).toBeNull();
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s to at most 30 s, less up to a fifth at random', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelay(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelay(1, () => 1)).toBe(800);
  });
});

describe('connectRealtimeEvents', { timeout: 15_000 }, () => {
  it('sends the token, hands on known events and ignores unknown ones', async () => {
    const message = testMessage(1);
    const fetch = vi.fn(async () =>
      streamResponse([sse('notification', { type: 'notification' }), sse('message', { type: 'message', message }), sse('unread', { type: 'unread', unreadTotal: 3 })], {
        stayOpen: true,
      }),
    );
    const events: RealtimeEvent[] = [];
    const stop = connectRealtimeEvents({ token: 'token-1', onEvent: (event) => events.push(event), fetch });
    await waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([{ type: 'message', message }, { type: 'unread', unreadTotal: 3 }]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect(new Headers(init.headers).get('auth-token')).toBe('token-1');
    stop();
  });

  it('connects again after the stream drops or fails, and says so', async () => {
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls += 1;
      if (calls === 1) return streamResponse([sse('unread', { unreadTotal: 1 })]);
      if (calls === 2) return new Response('busy', { status: 503 });
      return streamResponse([sse('unread', { unreadTotal: 2 })], { stayOpen: true });
    });
    const events: RealtimeEvent[] = [];
    const onReconnect = vi.fn();
    const stop = connectRealtimeEvents({ token: 't', onEvent: (event) => events.push(event), onReconnect, fetch, random: () => 1 });
    await waitFor(() => expect(events).toEqual([{ type: 'unread', unreadTotal: 1 }, { type: 'unread', unreadTotal: 2 }]), { timeout: 8_000 });
    expect(calls).toBe(3);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops for good when the API refuses the user', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Please log in' }), { status: 401 }));
    const stop = connectRealtimeEvents({ token: 't', onEvent: () => {}, fetch, random: () => 1 });
    await new Promise((done) => setTimeout(done, 1_500));
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops for good on an inactive worker’s 403, without retrying', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' }), { status: 403 }));
    const stop = connectRealtimeEvents({ token: 't', onEvent: () => {}, fetch, random: () => 1 });
    await new Promise((done) => setTimeout(done, 1_500));
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not open a stream again that the server closed to make room for a newer one', async () => {
    const fetch = vi.fn(async () => streamResponse([sse('unread', { unreadTotal: 1 }), sse(STREAM_REPLACED_EVENT, {})]));
    const events: RealtimeEvent[] = [];
    const onReconnect = vi.fn();
    const stop = connectRealtimeEvents({ token: 't', onEvent: (event) => events.push(event), onReconnect, fetch, random: () => 1 });
    await new Promise((done) => setTimeout(done, 1_500));
    expect(events).toEqual([{ type: 'unread', unreadTotal: 1 }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onReconnect).not.toHaveBeenCalled();
    stop();
  });

  it('stops when told to', async () => {
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return streamResponse([], { stayOpen: true });
    });
    const stop = connectRealtimeEvents({ token: 't', onEvent: () => {}, fetch });
    await waitFor(() => expect(signal).toBeDefined());
    stop();
    expect(signal?.aborted).toBe(true);
  });
});

describe('RealtimeEventsConnection', () => {
  function fakeLoader() {
    const stops: ReturnType<typeof vi.fn>[] = [];
    const tokens: string[] = [];
    const load: ConnectionLoader = async () => ({
      connectRealtimeEvents: ({ token }) => {
        tokens.push(token);
        const stop = vi.fn();
        stops.push(stop);
        return stop;
      },
    });
    return { load: vi.fn(load), stops, tokens };
  }

  it('does not load the client for a visitor', async () => {
    const { load } = fakeLoader();
    render(<RealtimeEventsConnection load={load} />);
    await new Promise((done) => setTimeout(done, 50));
    expect(load).not.toHaveBeenCalled();
  });

  it('opens none for an inactive worker, whom the API refuses, and one once the profile is active', async () => {
    setSignedInUser(testUser('CR', { authToken: 'worker-token', profileStatus: 'INACTIVE' }));
    const { load, tokens } = fakeLoader();
    render(<RealtimeEventsConnection load={load} />);
    await new Promise((done) => setTimeout(done, 50));
    expect(load).not.toHaveBeenCalled();
    act(() => updateSignedInUser({ profileStatus: 'ACTIVE' }));
    await waitFor(() => expect(tokens).toEqual(['worker-token']));
    act(() => clearSession());
  });

  it('holds one connection while signed in, opens another for an alias session, and closes on sign-out', async () => {
    setSignedInUser(testUser('SUPPORT', { authToken: 'coordinator-token' }));
    const { load, stops, tokens } = fakeLoader();
    render(<RealtimeEventsConnection load={load} />);
    await waitFor(() => expect(tokens).toEqual(['coordinator-token']));

    act(() => startAliasSession({ aliasToken: 'alias-token', id: ids.careSeeker, name: 'Irene P', firstName: 'Irene', email: 'i@example.com', role: 'CS' }));
    await waitFor(() => expect(tokens).toEqual(['coordinator-token', 'alias-token']));
    expect(stops[0]).toHaveBeenCalledTimes(1);

    act(() => endAliasSession());
    await waitFor(() => expect(tokens).toHaveLength(3));
    act(() => clearSession());
    await waitFor(() => expect(stops[2]).toHaveBeenCalledTimes(1));
    expect(stops.filter((stop) => stop.mock.calls.length === 0)).toHaveLength(0);
  });
});

describe('subscribeRealtimeEvents', () => {
  it('hands each event to every listener until it unsubscribes, even when one throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: string[] = [];
    const first = subscribeRealtimeEvents(() => {
      throw new Error('broken listener');
    });
    const second = subscribeRealtimeEvents((event) => heard.push(event.type));
    publishRealtimeEvent({ type: 'unread', unreadTotal: 1 });
    second();
    publishRealtimeEvent({ type: 'unread', unreadTotal: 2 });
    first();
    expect(heard).toEqual(['unread']);
  });
});
