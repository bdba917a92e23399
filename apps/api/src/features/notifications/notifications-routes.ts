import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationUnreadCountSchema,
} from '@tendly/domain/api/notifications';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { countUnreadNotifications, markNotificationsRead, pageOfNotifications, presentNotification } from '../../platform/notifications/notifications-repository';
import { publishNotifications } from '../../platform/notifications/notify';

const tags = ['notifications'];

/**
 * The notification centre (issue 17): the signed-in person's own notifications, never anyone
 * else's (an alias session reads the client's, as the events are the client's).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags });

  route.get(
    '/notifications',
    apiAccess.notifications,
    {
      summary: 'The asker’s notifications, newest first, a page at a time (`before`: the oldest id the client holds)',
      querystring: notificationPageQuerySchema,
      response: { 200: notificationPageSchema, 400: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const { before, limit } = request.query;
      const rows = await pageOfNotifications(db, auth.user.id, before ?? null, limit + 1);
      return reply.send({ notifications: rows.slice(0, limit).map(presentNotification), allLoaded: rows.length <= limit });
    },
  );

  app.get(
    '/notifications/unread-count',
    signedInRoute(apiAccess.notifications, { tags, summary: 'How many of the asker’s notifications are unread: the header bell’s count', response: { 200: notificationUnreadCountSchema } }),
    async (request, reply) => reply.send({ unreadTotal: await countUnreadNotifications(db, requireAuth(request).user.id) }),
  );

  route.post(
    '/notifications/read',
    apiAccess.notifications,
    {
      summary: 'Mark some of the asker’s notifications read (`ids`), or all of them (`all: true`); ids that are not theirs are ignored',
      body: markNotificationsReadRequestSchema,
      response: { 200: markNotificationsReadResponseSchema, 400: apiErrorSchema },
    },
    async (auth, request) => {
      const userId = auth.user.id;
      const marked = await markNotificationsRead(db, userId, 'ids' in request.body ? request.body.ids : null);
      const unreadTotal = await countUnreadNotifications(db, userId);
      // The person's other tabs: their bells drop to the same count.
      if (marked > 0) await publishNotifications(db, app.realtime, userId, null);
      return { marked, unreadTotal };
    },
  );
};
