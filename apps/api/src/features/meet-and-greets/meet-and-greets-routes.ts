import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptMeetAndGreetRequestSchema,
  createMeetAndGreetRequestSchema,
  meetAndGreetListSchema,
  meetAndGreetNoteRequestSchema,
  meetAndGreetParamsSchema,
  meetAndGreetSchema,
} from '@tendly/domain/api/meet-and-greets';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { emailSite } from '../../platform/mail/email-site';
import {
  acceptMeetAndGreet,
  cancelMeetAndGreet,
  createMeetAndGreet,
  declineMeetAndGreet,
  getMeetAndGreet,
  listMyMeetAndGreets,
} from './meet-and-greets-service';

const tags = ['meet-and-greets'];
const move = {
  params: meetAndGreetParamsSchema,
  response: { 200: meetAndGreetSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
};

/**
 * Meet and greets (issue 31 item 11): the care seeker (or a coordinator acting) asks, the worker
 * accepts one time or declines, either side cancels an accepted one. Never billed.
 */
export const meetAndGreetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const ctx = { db, site: emailSite(app.config) };
  const route = signedInRoutes(app, { tags });

  route.post(
    '/meet-and-greets',
    apiAccess.bookShifts,
    {
      summary: 'The care seeker asks an active worker for a free meet and greet, suggesting 1 to 3 times',
      description:
        'Times are local date-times in the client’s state (from their address; none yet is a 400). Each lasts 15 or 30 minutes, ' +
        'starts in the future and at most 60 days ahead; the same time twice is a 400. IN_PERSON needs a suburb. The worker gets ' +
        'one email and one notification. A worker who is not active and listed is a 404.',
      body: createMeetAndGreetRequestSchema,
      response: { 201: meetAndGreetSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) => reply.status(201).send(await createMeetAndGreet(ctx, auth, request.body)),
  );

  route.get(
    '/my/meet-and-greets',
    apiAccess.myBookings,
    {
      summary: 'The signed-in person’s current meet and greets, newest first',
      description:
        'A request shows while one of its times is still to come; an accepted one until 14 days after it happened; a declined or ' +
        'cancelled one for 14 days after.',
      response: { 200: meetAndGreetListSchema },
    },
    (auth) => listMyMeetAndGreets(db, auth),
  );

  route.get(
    '/meet-and-greets/:meetAndGreetId',
    apiAccess.myBookings,
    {
      summary: 'One meet and greet of the signed-in person (a stranger gets a 404)',
      params: meetAndGreetParamsSchema,
      response: { 200: meetAndGreetSchema, 404: apiErrorSchema },
    },
    (auth, request) => getMeetAndGreet(db, auth, request.params.meetAndGreetId),
  );

  route.post(
    '/meet-and-greets/:meetAndGreetId/accept',
    apiAccess.confirmShift,
    {
      summary: 'The worker accepts one of the suggested times (option 0, 1 or 2)',
      description:
        'A 409 when the time clashes with one of the worker’s shifts or other accepted meet and greets, or when it is no longer ' +
        'waiting. Accepting the same time again answers the same meet and greet and tells nobody twice.',
      ...move,
      body: acceptMeetAndGreetRequestSchema,
    },
    (auth, request) => acceptMeetAndGreet(ctx, auth, request.params.meetAndGreetId, request.body),
  );

  route.post(
    '/meet-and-greets/:meetAndGreetId/decline',
    apiAccess.confirmShift,
    {
      summary: 'The worker declines a requested meet and greet, with an optional note',
      ...move,
      body: meetAndGreetNoteRequestSchema,
    },
    (auth, request) => declineMeetAndGreet(ctx, auth, request.params.meetAndGreetId, request.body),
  );

  route.post(
    '/meet-and-greets/:meetAndGreetId/cancel',
    apiAccess.myBookings,
    {
      summary: 'Either side cancels an accepted meet and greet that has not ended, with an optional note',
      ...move,
      body: meetAndGreetNoteRequestSchema,
    },
    (auth, request) => cancelMeetAndGreet(ctx, auth, request.params.meetAndGreetId, request.body),
  );
};
