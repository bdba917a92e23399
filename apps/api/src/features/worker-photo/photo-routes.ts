import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workerPhotoResponseSchema } from '@tendly/domain/api/compliance-documents';
import { PHOTO_MAX_BYTES } from '@tendly/domain/compliance';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { readUpload } from '../../platform/files/uploads';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { uploadRoute } from '../../platform/http/upload-route';
import { photoUploadRules, readPhoto, removePhoto, replacePhoto, type PhotoContext } from './photo-service';

const photoParams = z.object({
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, { error: 'Not a photo address.' }),
});

/** A worker's profile photo (issue 12): upload, remove, and the public picture itself. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PhotoContext = { db: app.database.db, fileStore: app.fileStore };

  app.post(
    '/worker/photo',
    uploadRoute(apiAccess.workerPhoto, PHOTO_MAX_BYTES, {
      tags: ['worker profile'],
      summary: 'Upload a profile photo (multipart/form-data, field "file"; JPEG, PNG or WebP up to 8 MB)',
      description:
        'Stored as a square WebP of at most 512 pixels with all metadata (EXIF, GPS) removed; replaces the previous photo. ' +
        'Too large is a 413; another type (found from the bytes) or no file is a 400.',
      response: { 200: workerPhotoResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema },
    }),
    async (request, reply) => {
      const auth = requireAuth(request);
      const { file } = await readUpload(request, photoUploadRules);
      return reply.send(await replacePhoto(ctx, auth.user.id, file));
    },
  );

  app.delete(
    '/worker/photo',
    signedInRoute(apiAccess.workerPhoto, {
      tags: ['worker profile'],
      summary: 'Remove the profile photo (the generated avatar shows again)',
      response: { 200: workerPhotoResponseSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await removePhoto(ctx, requireAuth(request).user.id)),
  );

  app.get(
    '/files/photos/:file',
    {
      config: { access: apiAccess.profilePhotoFile },
      schema: {
        tags: ['worker profile'],
        summary: 'A worker\'s profile photo (public: it shows on cards and profiles); cached for a year',
        params: photoParams,
      },
    },
    async (request, reply) => {
      const bytes = await readPhoto(ctx, request.params.file.slice(0, -'.webp'.length));
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
