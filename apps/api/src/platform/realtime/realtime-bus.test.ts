import { describe, expect, it } from 'vitest';
import type { Message, RealtimeEvent } from '@tendly/domain/api/conversations';
import { formatEvent } from './event-stream';
import { createInProcessBus, encodeEnvelope } from './realtime-bus';

const message = (text: string): Message => ({
  id: '0b7e4c7a-3f7e-4f55-8f1e-5b2f0d6a9c11',
  conversationId: '1c8f5d8b-4a8f-4a66-9a2f-6c3a1e7b0d22',
  senderId: '2d9a6e9c-5b9a-4b77-8b3a-7d4b2f8c1e33',
  sentByCoordinatorName: null,
  text,
  attachments: [],
  sentAt: '2026-11-25T01:00:00.000Z',
});

describe('the in-process bus', () => {
  it('delivers to every listener of the person only, even when one of them throws, until unsubscribed', async () => {
    const bus = createInProcessBus();
    const got: string[] = [];
    const event: RealtimeEvent = { type: 'unread', unreadTotal: 3 };
    bus.subscribe('a', () => {
      throw new Error('a broken stream');
    });
    const stop = bus.subscribe('a', (e) => got.push(`a:${e.type}`));
    bus.subscribe('b', (e) => got.push(`b:${e.type}`));
    await bus.publish('a', event);
    expect(got).toEqual(['a:unread']);
    expect(bus.listenerCount()).toBe(3);
    stop();
    stop();
    await bus.publish('a', event);
    expect(got).toEqual(['a:unread']);
    expect(bus.listenerCount()).toBe(2);
  });
});

describe('NOTIFY envelopes', () => {
  it('carry the whole event when it fits, and only the message id when it does not (PostgreSQL refuses 8000 bytes)', () => {
    const small = JSON.parse(encodeEnvelope('origin', 'user', { type: 'message', message: message('Hello') })) as Record<string, unknown>;
    expect(small).toMatchObject({ o: 'origin', u: 'user', e: { type: 'message', message: { text: 'Hello' } } });
    const large = encodeEnvelope('origin', 'user', { type: 'message', message: message('é'.repeat(5000)) });
    expect(Buffer.byteLength(large)).toBeLessThan(8000);
    expect(JSON.parse(large)).toEqual({ o: 'origin', u: 'user', m: '0b7e4c7a-3f7e-4f55-8f1e-5b2f0d6a9c11' });
  });
});

describe('the SSE wire format', () => {
  it('names the event and puts its JSON on one data line, however many lines the text has', () => {
    const wire = formatEvent({ type: 'message', message: message('line one\nline two\r\n\nline four') });
    const lines = wire.split('\n');
    expect(lines[0]).toBe('event: message');
    expect(lines[1]?.startsWith('data: {')).toBe(true);
    expect(lines.slice(2)).toEqual(['', '']);
  });
});
