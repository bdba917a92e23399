import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationIdParamsSchema,
  conversationListSchema,
  conversationNextStepSchema,
  conversationSchema,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  messageAttachmentSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  reportConversationRequestSchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
  unreadCountSchema,
} from '@tendly/domain/api/conversations';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { actingPersonId, requireAuth, stillAuthenticates, type RequestAuth } from '../../platform/auth/authenticate';
import { AppError } from '../../platform/errors';
import { sendUploadedFile } from '../../platform/http/file-replies';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { checkLimit } from '../../platform/rate-limit/rate-limiter';
import { openEventStream } from '../../platform/realtime/event-stream';
import { attachmentFile, attachmentUploadRules, uploadAttachment, type AttachmentsContext } from './attachments-service';
import {
  blockConversation,
  getConversation,
  getMessages,
  getUnreadTotal,
  listConversations,
  markConversationRead,
  sendMessage,
  startConversation,
  unblockConversation,
} from './conversations-service';
import { conversationNextStep } from './next-step-service';
import { reportConversation } from './report-service';

const tags = ['messages'];

/** Sending is limited per person who writes (a coordinator acting counts as themselves). */
export const MESSAGES_PER_MINUTE = 30;
const MESSAGE_WINDOW_MS = 60_000;

export function tooManyMessagesMessage(retryAfterSeconds: number): string {
  return `You have sent ${MESSAGES_PER_MINUTE} messages in the last minute. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} before sending another.`;
}

async function limitSending(store: RateLimitStore, auth: RequestAuth, reply: { header(name: string, value: string): unknown }): Promise<void> {
  const decision = await checkLimit(store, { key: `messages:user:${actingPersonId(auth)}`, limit: MESSAGES_PER_MINUTE, windowMs: MESSAGE_WINDOW_MS });
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw new AppError(429, tooManyMessagesMessage(decision.retryAfterSeconds), { code: 'RATE_LIMITED' });
}

const attachmentParams = conversationIdParamsSchema.extend({ fileId: z.uuid({ error: 'Choose a file of this conversation' }) });
/** What blocking and unblocking take and answer: the conversation after, or a 409 when the other side holds the block. */
const blocking = { params: conversationIdParamsSchema, response: { 200: conversationSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema } };

/** Messages between a care seeker and a worker (issue 13), and the live event stream. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AttachmentsContext = {
    db: app.database.db,
    bus: app.realtime,
    fileStore: app.fileStore,
    unreadEmailMinutes: app.config.UNREAD_MESSAGE_EMAIL_MINUTES,
  };
  const route = signedInRoutes(app, { tags });

  route.get(
    '/conversations',
    apiAccess.messages,
    {
      summary: 'The asker’s conversations, latest activity first, with the other person, the last message and unread counts',
      response: { 200: conversationListSchema },
    },
    (auth) => listConversations(ctx, auth),
  );

  route.post(
    '/conversations',
    apiAccess.messages,
    {
      summary: 'Start a conversation (201), or answer the existing one for the same pair (200)',
      description:
        'A care seeker may start one with any listed (ACTIVE) worker; a worker only with a care seeker whose job they applied to or ' +
        'were invited to, or with whom they have a contract. Anyone else is a 404.',
      body: startConversationRequestSchema,
      response: { 200: conversationSchema, 201: conversationSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const { conversation, created } = await startConversation(ctx, auth, request.body.withUserId);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  route.get(
    '/conversations/:id',
    apiAccess.readMessages,
    {
      summary: 'One conversation (its two sides, a coordinator acting for the care seeker, or an administrator: audited)',
      params: conversationIdParamsSchema,
      response: { 200: conversationSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => getConversation(ctx, auth, request.params.id, request.ip),
  );

  route.get(
    '/conversations/:id/next-step',
    apiAccess.messages,
    {
      summary: 'What comes next between the two sides, for the asker: send or accept an agreement, book or confirm the first shift',
      description:
        'Worked out from their live agreement and its shifts. Only the two sides (a coordinator acting for the care seeker is the ' +
        'care seeker); anyone else gets a 404.',
      params: conversationIdParamsSchema,
      response: { 200: conversationNextStepSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => conversationNextStep(ctx.db, auth, request.params.id),
  );

  route.get(
    '/conversations/:id/messages',
    apiAccess.readMessages,
    {
      summary: 'A page of messages, newest first; `before` is the id of the oldest message held',
      params: conversationIdParamsSchema,
      querystring: messagePageQuerySchema,
      response: { 200: messagePageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => getMessages(ctx, auth, request.params.id, request.query, request.ip),
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...signedInRoute(apiAccess.messages, {
        tags,
        summary: 'Send a message (1 to 5,000 characters) with attachments uploaded first',
        description: `At most ${MESSAGES_PER_MINUTE} messages a minute per person (then 429). A blocked conversation is a 409.`,
        params: conversationIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 201: messageSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      }),
      preHandler: async (request, reply) => limitSending(app.rateLimitStore, requireAuth(request), reply),
    },
    async (request, reply) => reply.status(201).send(await sendMessage(ctx, requireAuth(request), request.params.id, request.body)),
  );

  route.upload(
    '/conversations/:id/attachments',
    apiAccess.messages,
    attachmentUploadRules,
    {
      summary: `Upload one file (PDF, JPEG, PNG or WebP, up to ${MESSAGE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB) to attach to a message`,
      description:
        'Multipart form with the file in the field `file`. The type is read from the bytes. A blocked conversation is a 409. ' +
        'A file no message has carried a day after its upload is deleted.',
      params: conversationIdParamsSchema,
      response: { 201: messageAttachmentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema },
    },
    async (auth, upload, request, reply) => reply.status(201).send(await uploadAttachment(ctx, auth, request.params.id, upload)),
  );

  app.get(
    '/conversations/:id/attachments/:fileId',
    {
      config: { access: apiAccess.readMessages },
      schema: {
        tags,
        summary: 'Download an attachment (the conversation’s two sides or an administrator)',
        security: signedIn,
        params: attachmentParams,
      },
    },
    async (request, reply) => {
      const file = await attachmentFile(ctx, requireAuth(request), request.params.id, request.params.fileId);
      return sendUploadedFile(reply, file);
    },
  );

  route.post(
    '/conversations/:id/read',
    apiAccess.messages,
    {
      summary: 'Mark the asker’s side read up to now; answers the asker’s new unread total',
      params: conversationIdParamsSchema,
      response: { 200: unreadCountSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => markConversationRead(ctx, auth, request.params.id),
  );

  route.get(
    '/unread-messages',
    apiAccess.unreadMessages,
    {
      summary: 'How many messages the asker has not read (the header’s badge)',
      response: { 200: unreadCountSchema },
    },
    (auth) => getUnreadTotal(ctx, auth),
  );

  route.post(
    '/conversations/:id/block',
    apiAccess.messages,
    {
      summary: 'Block the conversation: nobody can send until the one who blocked unblocks (409 when the other side already did)',
      ...blocking,
    },
    (auth, request) => blockConversation(ctx, auth, request.params.id),
  );

  route.delete(
    '/conversations/:id/block',
    apiAccess.messages,
    {
      summary: 'Unblock the conversation (only the side that blocked it; otherwise 409)',
      ...blocking,
    },
    (auth, request) => unblockConversation(ctx, auth, request.params.id),
  );

  route.post(
    '/conversations/:id/report',
    apiAccess.messages,
    {
      summary: 'Report the conversation to the operations team (an item in the admin inbox)',
      params: conversationIdParamsSchema,
      body: reportConversationRequestSchema,
      response: { 201: z.object({ reference: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) =>
      reply.status(201).send(await reportConversation(ctx, auth, request.params.id, request.body.reason, request.ip)),
  );

  route.get(
    '/events',
    apiAccess.liveEvents,
    {
      summary: 'Server-Sent Events for the signed-in person: `message` and `unread` events, a comment heartbeat every 25 s',
      description:
        'Authenticate with the auth-token header (use a fetch-based EventSource). An alias session gets the client’s events. ' +
        'An inactive worker is refused (403), as on the Messages screen, and a stream ends at its next heartbeat once its session ' +
        'ends or its worker becomes inactive. A person holds at most 10 streams on one process: opening another closes their ' +
        'oldest, whose last event is `replaced` (do not reconnect it).',
      produces: ['text/event-stream'],
      // A stream has no JSON body to describe: only its refusals are documented.
      response: {},
    },
    (auth, request, reply) => {
      openEventStream(request, reply, {
        bus: app.realtime,
        streams: app.eventStreams,
        userId: auth.user.id,
        stillAuthorised: () => stillAuthenticates(app.database.db, request, apiAccess.liveEvents),
      });
    },
  );
};
