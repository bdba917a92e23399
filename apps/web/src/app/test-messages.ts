import type { Conversation, Message } from '@tendly/domain/api/conversations';

/** Ids for message tests (the API's ids are UUIDs and the schemas check them). */
export const ids = {
  careSeeker: '00000000-0000-4000-8000-000000000001',
  worker: '00000000-0000-4000-8000-000000000002',
  otherWorker: '00000000-0000-4000-8000-000000000003',
  conversation: '10000000-0000-4000-8000-000000000001',
  otherConversation: '10000000-0000-4000-8000-000000000002',
  attachment: '30000000-0000-4000-8000-000000000001',
} as const;

/** A message id from a number, so tests can build pages in order. */
export function messageId(n: number): string {
  return `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function testMessage(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: messageId(n),
    conversationId: ids.conversation,
    senderId: n % 2 === 0 ? ids.careSeeker : ids.worker,
    sentByCoordinatorName: null,
    text: `Message number ${n}`,
    attachments: [],
    sentAt: new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString(),
    ...overrides,
  };
}

/** A care seeker's conversation with the worker Sam Lee. */
export function testConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: ids.conversation,
    withPerson: { id: ids.worker, role: 'CR', firstName: 'Sam', lastName: 'Lee', avatarUrl: null },
    careSeekerId: ids.careSeeker,
    workerId: ids.worker,
    lastMessage: testMessage(3),
    unreadCount: 2,
    blocked: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}
