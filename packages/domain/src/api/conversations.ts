import { z } from 'zod';
import { stateCodes } from '../states';
import { safeText } from '../validation/safe-text';
import { notificationsEventSchema } from './notifications';
import { limitParameter } from './query-params';

/**
 * Messages between a care seeker and a worker (issue 13; spec sections 2.6 and 3, workflows.md
 * "Messages"). One conversation per care seeker and worker; a support coordinator acting for the
 * care seeker reads and writes it as the care seeker (the message records who really wrote it).
 *
 * Choices made here (the spec says "not shown"):
 * - A message is 1 to 5,000 characters of text after trimming, with up to 5 attachments
 *   uploaded first through POST /api/conversations/{id}/attachments (PDF or image, 10 MB each).
 * - Pages of messages are newest first, 30 by default and at most 100; `before` is the id of the
 *   oldest message the client holds.
 * - Either side may block the other: nobody can send in that conversation until the one who
 *   blocked unblocks it. Reporting sends the conversation to the operations team's inbox.
 */

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** An attachment uploaded for a message that was never sent is deleted this long after its upload (a daily job). */
export const UNSENT_ATTACHMENT_HOURS = 24;
export const REPORT_REASON_MAX_LENGTH = 2000;

export const MESSAGE_REQUIRED = 'Write a message before you send it.';
export const MESSAGE_TOO_LONG = `Keep your message to ${MESSAGE_MAX_LENGTH.toLocaleString('en-AU')} characters or fewer.`;
export const TOO_MANY_ATTACHMENTS = `Attach at most ${MESSAGE_ATTACHMENTS_MAX} files to one message.`;
export const REPORT_REASON_REQUIRED = 'Tell us what worries you about this conversation.';
export const REPORT_REASON_TOO_LONG = `Keep this to ${REPORT_REASON_MAX_LENGTH.toLocaleString('en-AU')} characters or fewer.`;
/** 409 when sending in a blocked conversation. */
export const CONVERSATION_BLOCKED_MESSAGE = 'Messages in this conversation are blocked, so it cannot take new messages.';
/** 404 for a conversation the asker may not read: it is never told that it exists. */
export const CONVERSATION_NOT_FOUND_MESSAGE = 'We could not find that conversation.';

const id = z.uuid({ error: 'Choose a conversation from the list' });

/** POST /api/conversations: by a care seeker (or a coordinator acting) with the worker's id, or by a worker with the care seeker's id. */
export const startConversationRequestSchema = z.object({
  /** The other person: a worker's id for a care seeker, a care seeker's id for a worker. */
  withUserId: z.uuid({ error: 'Choose who to message' }),
});
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;

export const sendMessageRequestSchema = z.object({
  text: z
    .string({ error: MESSAGE_REQUIRED })
    .trim()
    .min(1, { error: MESSAGE_REQUIRED })
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGE_TOO_LONG })
    .check(safeText('multi')),
  /** Ids of files uploaded to this conversation by the sender and not yet sent. */
  attachmentIds: z.array(z.uuid({ error: 'Attach a file you uploaded' })).max(MESSAGE_ATTACHMENTS_MAX, { error: TOO_MANY_ATTACHMENTS }).default([]),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const messagePageQuerySchema = z.object({
  before: z.uuid({ error: 'before must be a message id' }).optional(),
  limit: limitParameter({ max: MESSAGE_PAGE_MAX, pageSize: MESSAGE_PAGE_SIZE, message: `limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}` }),
});

export const reportConversationRequestSchema = z.object({
  reason: z
    .string({ error: REPORT_REASON_REQUIRED })
    .trim()
    .min(1, { error: REPORT_REASON_REQUIRED })
    .max(REPORT_REASON_MAX_LENGTH, { error: REPORT_REASON_TOO_LONG })
    .check(safeText('multi')),
});

export const conversationIdParamsSchema = z.object({ id });

export const messageAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  /** The account the message is from (the care seeker or the worker). */
  senderId: z.uuid(),
  /** Set when a support coordinator wrote it for the care seeker: their name. */
  sentByCoordinatorName: z.string().nullable(),
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  sentAt: z.iso.datetime({ offset: true }),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationPersonSchema = z.object({
  id: z.uuid(),
  role: z.enum(['CS', 'CR']),
  firstName: z.string(),
  lastName: z.string(),
  /** A worker's photo or avatar URL; null for a care seeker. */
  avatarUrl: z.string().nullable(),
});
export type ConversationPerson = z.infer<typeof conversationPersonSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  /** The other person, from the asker's side (for an administrator: the worker). */
  withPerson: conversationPersonSchema,
  careSeekerId: z.uuid(),
  workerId: z.uuid(),
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** Who blocked it, if anyone: 'ME' or 'THEM'. */
  blocked: z.enum(['ME', 'THEM']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** The sum of unreadCount over every conversation: the header's badge. */
  unreadTotal: z.number().int().nonnegative(),
});

export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  /** True when there is nothing older than the last message of this page. */
  allLoaded: z.boolean(),
});

export const unreadCountSchema = z.object({ unreadTotal: z.number().int().nonnegative() });

/**
 * Events on GET /api/events (Server-Sent Events), one JSON object per `data:` line; the SSE
 * `event:` field carries the type: messages, unread totals, and notifications (issue 17, see
 * ./notifications.ts); clients ignore types they do not know.
 */
export const messageEventSchema = z.object({ type: z.literal('message'), message: messageSchema });
export const unreadEventSchema = z.object({ type: z.literal('unread'), unreadTotal: z.number().int().nonnegative() });
export const realtimeEventSchema = z.discriminatedUnion('type', [messageEventSchema, unreadEventSchema, notificationsEventSchema]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Open event streams one person may hold on one API process: opening another closes their oldest. */
export const EVENT_STREAMS_PER_USER = 10;
/**
 * The last event of a stream closed to make room for a newer one. A client that hears it stops
 * listening instead of opening the stream again, which would close the next oldest in turn.
 */
export const STREAM_REPLACED_EVENT = 'replaced';

/** How long a message may stay unread before it is emailed to its recipient (a setting, default 15 minutes). */
export const UNREAD_EMAIL_DELAY_MINUTES = 15;

/**
 * What comes next between the two sides of a conversation (issue 31, item 2: hire from where you
 * talk), as the asker sees it. The server works it out from their agreement and its shifts:
 * - no live (offered or active) agreement: the care seeker can send one (SEND_AGREEMENT); the
 *   worker waits for it (AWAIT_AGREEMENT), as only a care seeker offers an agreement;
 * - an offered agreement: the worker accepts it (ACCEPT_AGREEMENT); the care seeker waits (AWAIT_ACCEPTANCE);
 * - an active agreement with no shift booked: the care seeker books one (BOOK_FIRST_SHIFT); the worker waits (AWAIT_FIRST_SHIFT);
 * - booked but none confirmed yet: the worker confirms the first (CONFIRM_FIRST_SHIFT); the care seeker waits (AWAIT_SHIFT_CONFIRMATION);
 * - a shift confirmed, or the worker is not taking clients (nothing to offer): NONE.
 */
export const conversationNextStepCodes = [
  'SEND_AGREEMENT',
  'AWAIT_AGREEMENT',
  'ACCEPT_AGREEMENT',
  'AWAIT_ACCEPTANCE',
  'BOOK_FIRST_SHIFT',
  'AWAIT_FIRST_SHIFT',
  'CONFIRM_FIRST_SHIFT',
  'AWAIT_SHIFT_CONFIRMATION',
  'NONE',
] as const;
export type ConversationNextStepCode = (typeof conversationNextStepCodes)[number];

export const conversationNextStepSchema = z.object({
  step: z.enum(conversationNextStepCodes),
  /** The live agreement between the two sides, when there is one. */
  contractId: z.uuid().nullable(),
  /** The first shift still to confirm (CONFIRM_FIRST_SHIFT, AWAIT_SHIFT_CONFIRMATION); otherwise null. */
  shift: z
    .object({
      id: z.uuid(),
      startsAt: z.iso.datetime({ offset: true }),
      endsAt: z.iso.datetime({ offset: true }),
      /** The state where it happens (the agreement's) and its zone: its times are shown there. */
      state: z.enum(stateCodes),
      timeZone: z.string(),
    })
    .nullable(),
});
export type ConversationNextStep = z.infer<typeof conversationNextStepSchema>;
