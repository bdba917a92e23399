import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workerDocumentSchema, workerDocumentsResponseSchema } from '@tendly/domain/api/compliance-documents';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { documentReviewSchema } from '@tendly/domain/validation/compliance-documents';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { actingPersonId, requireAuth } from '../../platform/auth/authenticate';
import { signedIn } from '../../platform/http/route-schemas';
import { adminRoute } from '../../platform/http/admin-route';
import { uuidOr404 } from '../../platform/http/ids';
import { sendDocumentFile } from './document-file-reply';
import { documentFile, documentsOf, reviewDocument, WORKER_NOT_FOUND, type DocumentsContext } from './documents-service';

/** Administrators review workers' compliance documents (issue 12). */
export const adminDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: DocumentsContext = { db: app.database.db, fileStore: app.fileStore, config: app.config };

  app.get(
    '/admin/workers/:workerId/documents',
    adminRoute(apiAccess.adminDocuments, {
      summary: "A worker's compliance documents, each kind with its current one and history (administrators only)",
      params: z.object({ workerId: safeParam }),
      response: { 200: workerDocumentsResponseSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await documentsOf(ctx, uuidOr404(request.params.workerId, WORKER_NOT_FOUND))),
  );

  app.get(
    '/admin/documents/:id/file',
    {
      config: { access: apiAccess.adminDocuments },
      schema: {
        tags: ['admin'],
        summary: "A worker's document file, shown inline and sandboxed (administrators only; each look is audited)",
        security: signedIn,
        params: z.object({ id: safeParam }),
      },
    },
    async (request, reply) => {
      const admin = { id: actingPersonId(requireAuth(request)), ip: request.ip };
      return sendDocumentFile(reply, await documentFile(ctx, request.params.id, { admin }));
    },
  );

  app.post(
    '/admin/documents/:id/review',
    adminRoute(apiAccess.adminDocuments, {
      summary: 'Approve or reject a document waiting for review (a reason is required to reject)',
      description:
        'Approving sets the profile\'s verified mark for the check, replaces the older documents of the kind and, when the profile ' +
        'was made inactive because this kind lapsed, makes it active again and emails the worker. Rejecting emails the reason. Audited.',
      params: z.object({ id: safeParam }),
      body: documentReviewSchema,
      response: { 200: workerDocumentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.send(await reviewDocument(ctx, { id: actingPersonId(auth), ip: request.ip }, request.params.id, request.body));
    },
  );
};
