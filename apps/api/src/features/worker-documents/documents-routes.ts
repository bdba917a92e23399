import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workerDocumentSchema, workerDocumentsResponseSchema } from '@tendly/domain/api/compliance-documents';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { requireAuth } from '../../platform/auth/authenticate';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { sendDocumentFile } from './document-file-reply';
import { addDocument, documentFile, documentsOf, documentUploadRules, removeDocument, type DocumentsContext } from './documents-service';

const documentParams = z.object({ id: safeParam });

/** A worker's own compliance documents (issue 12). Inactive workers may use them: that is how a lapse is fixed. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: DocumentsContext = { db: app.database.db, fileStore: app.fileStore, config: app.config };
  const route = signedInRoutes(app, { tags: ['worker documents'] });

  route.get(
    '/worker/documents',
    apiAccess.workerDocuments,
    {
      summary: 'My compliance documents: each kind with its current document, the approved one that counts, and the history',
      response: { 200: workerDocumentsResponseSchema, 404: apiErrorSchema },
    },
    (auth) => documentsOf(ctx, auth.user.id),
  );

  route.upload(
    '/worker/documents',
    apiAccess.workerDocuments,
    documentUploadRules,
    {
      summary: 'Add a compliance document (multipart/form-data: kind, number, issuingState, title, issuedOn, expiresOn, file)',
      description:
        'The file is a PDF, JPEG or PNG of at most 10 MB (its type is found from its bytes). The fields follow the kind\'s rules ' +
        '(a number, the issuing state, an expiry date within the validity period; a police check issued in the last 12 months; ' +
        'nothing already expired); each broken rule is a 400 naming its field. Too large is a 413. It waits for review.',
      response: { 201: workerDocumentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema },
    },
    async (auth, upload, request, reply) => reply.status(201).send(await addDocument(ctx, auth.user.id, upload)),
  );

  route.delete(
    '/worker/documents/:id',
    apiAccess.workerDocuments,
    {
      summary: 'Remove one of my documents while it waits for review or after it was rejected',
      description: 'An approved document stays on the record (409).',
      params: documentParams,
      response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => {
      await removeDocument(ctx, auth.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/worker/documents/:id/file',
    {
      config: { access: apiAccess.ownDocumentFile },
      schema: {
        tags: ['worker documents'],
        summary: 'The file of one of my documents, shown inline (its owner only; anyone else gets a 404)',
        security: signedIn,
        params: documentParams,
      },
    },
    async (request, reply) => sendDocumentFile(reply, await documentFile(ctx, request.params.id, { ownerId: requireAuth(request).user.id })),
  );
};
