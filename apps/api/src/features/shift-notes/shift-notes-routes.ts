import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shiftNoteListQuerySchema, shiftNoteListSchema, shiftNotesDownloadQuerySchema } from '@tendly/domain/api/timesheets';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { sendDownload } from '../../platform/http/download-reply';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { downloadShiftNotes, listShiftNotes } from './shift-notes-service';

const tags = ['shift notes'];

/** Shift notes (issue 14): the list, newest first, and a date range as a PDF or CSV file. */
export const shiftNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags });

  route.get(
    '/shift-notes',
    apiAccess.shiftNotes,
    {
      summary: 'One page of shift notes, newest first: the worker’s own, or the care seeker’s of submitted hours',
      description: '`before` is the last note’s createdAt.',
      querystring: shiftNoteListQuerySchema,
      response: { 200: shiftNoteListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listShiftNotes(db, auth, request.query),
  );

  app.get(
    '/shift-notes/download',
    {
      config: { access: apiAccess.shiftNotesDownload },
      schema: {
        tags,
        summary: 'The shift notes of shifts from one local date to another (at most 366 days) as a PDF or CSV attachment',
        security: signedIn,
        querystring: shiftNotesDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await downloadShiftNotes(db, requireAuth(request), request.query, app.config.BRAND_NAME);
      // Notes about a person's care: never sniffed, and never kept in a shared cache.
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
      return sendDownload(reply, file, file.contentType);
    },
  );
};
