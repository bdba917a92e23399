import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDetailsResponseSchema, myAccountResponseSchema } from '@tendly/domain/api/account-details';
import { emailOptOutRequestSchema, emailOptOutResponseSchema, notificationPreferencesSchema } from '@tendly/domain/api/notification-preferences';
import { messageResponseSchema } from '@tendly/domain/api/auth';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import {
  accountProfileSchema,
  changePasswordSchema,
  closeAccountSchema,
  confirmEmailChangeSchema,
  requestEmailChangeSchema,
} from '@tendly/domain/validation/account-details';
import { requireAuth } from '../../platform/auth/authenticate';
import { sendDownload } from '../../platform/http/download-reply';
import { signedInRoute } from '../../platform/http/signed-in-route';
import type { AccountContext } from './account-context';
import { accountDetailsOf, changePassword, confirmEmailChange, requestEmailChange, saveProfile } from './account-details-service';
import { notificationPreferencesOf, optOutByLink, saveNotificationPreferences } from './notification-preferences-service';
import { myAccountOf } from './my-account-service';
import { closeAccount } from './close-account-service';
import { DATA_EXPORT_GONE, downloadDataExport, requestDataExport } from './data-export-service';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import { z } from 'zod';

/**
 * /account-details (issue 16): every signed-in person's own name, phone, password and email
 * address. A coordinator acting for a client may correct the client's name and phone, never the
 * password or the email address (403).
 */
export const accountDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AccountContext = { db: app.database.db, config: app.config, rateLimitStore: app.rateLimitStore };
  const tags = ['accounts'];
  const errors = { 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
  const ipOf = (request: FastifyRequest) => request.ip;
  /** Every route here but the unsubscribe link is the signed-in person's own account. */
  const accountRoute = <S extends FastifySchema & { response: object }>(schema: S) => signedInRoute(apiAccess.accountDetails, { tags, ...schema });

  app.get(
    '/account-details',
    accountRoute({ summary: 'My name, email, phone and any email change waiting for its code', response: { 200: accountDetailsResponseSchema } }),
    async (request, reply) => reply.send(await accountDetailsOf(ctx.db, requireAuth(request).user.id)),
  );

  app.put(
    '/account-details',
    accountRoute({ summary: 'Change my name and phone', body: accountProfileSchema, response: { 200: accountDetailsResponseSchema, ...errors } }),
    async (request) => saveProfile(ctx, requireAuth(request), request.body, ipOf(request)),
  );

  app.post(
    '/account-details/password',
    accountRoute({
      summary: 'Change my password (the current one required); every other session ends. 5 wrong current passwords in 15 minutes: 429',
      body: changePasswordSchema,
      response: { 200: messageResponseSchema, ...errors },
    }),
    async (request) => changePassword(ctx, requireAuth(request), request.body, ipOf(request)),
  );

  app.post(
    '/account-details/email',
    accountRoute({
      summary: 'Ask to change my email address: a 6-digit code goes to the new address, the old one is told. 5 an hour',
      body: requestEmailChangeSchema,
      response: { 200: messageResponseSchema, ...errors },
    }),
    async (request) => requestEmailChange(ctx, requireAuth(request), request.body, ipOf(request)),
  );

  app.post(
    '/account-details/email/confirm',
    accountRoute({ summary: 'Finish an email change with the code sent to the new address', body: confirmEmailChangeSchema, response: { 200: messageResponseSchema, ...errors } }),
    async (request) => confirmEmailChange(ctx, requireAuth(request), request.body, ipOf(request)),
  );

  app.get(
    '/account-details/notification-preferences',
    accountRoute({ summary: 'What I hear about, in the app and by email, for each topic of my role (security emails are always sent)', response: { 200: notificationPreferencesSchema } }),
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.send(await notificationPreferencesOf(ctx.db, auth.user.id, auth.user.role));
    },
  );

  app.put(
    '/account-details/notification-preferences',
    accountRoute({ summary: 'Turn each topic on or off in the app and by email, and a worker\u2019s job alerts', body: notificationPreferencesSchema, response: { 200: notificationPreferencesSchema, ...errors } }),
    async (request) => saveNotificationPreferences(ctx.db, requireAuth(request), request.body, ipOf(request)),
  );

  app.post(
    '/unsubscribe',
    {
      config: { access: apiAccess.emailOptOut },
      schema: {
        tags,
        summary: 'Stop one topic\u2019s emails with the signed link from an email\u2019s footer (no sign-in needed)',
        body: emailOptOutRequestSchema,
        response: { 200: emailOptOutResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      enforceLimit(reply, await checkLimit(ctx.rateLimitStore, { key: `unsubscribe:${request.ip}`, limit: 30, windowMs: 60 * 1000 }));
      return optOutByLink(ctx.db, app.linkSigner, request.body, ipOf(request));
    },
  );

  app.get(
    '/my-account',
    accountRoute({ summary: 'My account at a glance, and what needs attention (each with the page that fixes it)', response: { 200: myAccountResponseSchema } }),
    async (request, reply) => reply.send(await myAccountOf(ctx.db, requireAuth(request).user.id)),
  );

  app.post(
    '/account-details/export',
    accountRoute({ summary: 'Download my data: a background job builds a JSON file of everything held about me and emails a link to the page that downloads it (signed in, for 7 days)', response: { 202: messageResponseSchema, ...errors } }),
    async (request, reply) => {
      const auth = requireAuth(request);
      enforceLimit(reply, await checkLimit(ctx.rateLimitStore, { key: `account:data-export:${auth.user.id}`, limit: 3, windowMs: 24 * 60 * 60 * 1000 }));
      return reply.status(202).send(await requestDataExport(ctx.db, auth.user.id, auth.actor?.id ?? auth.user.id, request.ip));
    },
  );

  app.get(
    '/account-details/export/:exportId',
    accountRoute({
      summary: 'The data file I asked for, from the page the email links to: only to its owner signed in as themselves (not acting for them), for 7 days',
      params: z.object({ exportId: z.uuid({ error: DATA_EXPORT_GONE }) }),
      response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    }),
    async (request, reply) => {
      const auth = requireAuth(request);
      enforceLimit(reply, await checkLimit(ctx.rateLimitStore, { key: `account:data-export-download:${auth.user.id}`, limit: 30, windowMs: 60 * 1000 }));
      const bytes = await downloadDataExport(ctx.db, app.fileStore, auth, request.params.exportId);
      return sendDownload(reply, { bytes, fileName: 'my-data.json' }, 'application/json; charset=utf-8');
    },
  );

  app.post(
    '/account-details/close',
    accountRoute({
      summary: 'Close my account (the current password required): refused (409) while an agreement is offered or active or an invoice unpaid; otherwise personal data is removed, sessions end, and an email says what is kept',
      body: closeAccountSchema,
      response: { 200: messageResponseSchema, ...errors },
    }),
    async (request) => closeAccount({ ...ctx, fileStore: app.fileStore }, requireAuth(request), request.body, request.ip),
  );
};
