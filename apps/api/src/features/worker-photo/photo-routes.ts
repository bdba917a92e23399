import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workerPhotoResponseSchema } from '@tendly/domain/api/compliance-documents';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { photoUploadRules, readPhoto, removePhoto, replacePhoto, type PhotoContext } from './photo-service';

const photoParams = z.object({
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, { error: 'Not a photo address.' }),
});

/** A worker's profile photo (issue 12): upload, remove, and the public picture itself. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PhotoContext = { db: app.database.db, fileStore: app.fileStore };
  const route = signedInRoutes(app, { tags: ['worker profile'] });

  route.upload(
    '/worker/photo',
    apiAccess.workerPhoto,
    photoUploadRules,
    {
      summary: 'Upload a profile photo (multipart/form-data, field "file"; JPEG, PNG or WebP up to 8 MB)',
      description:
        'Stored as a square WebP of at most 512 pixels with all metadata (EXIF, GPS) removed; replaces the previous photo. ' +
        'Too large is a 413; another type (found from the bytes) or no file is a 400.',
      response: { 200: workerPhotoResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema },
    },
    (auth, upload) => replacePhoto(ctx, auth.user.id, upload.file),
  );

  route.delete(
    '/worker/photo',
    apiAccess.workerPhoto,
    {
      summary: 'Remove the profile photo (the generated avatar shows again)',
      response: { 200: workerPhotoResponseSchema, 404: apiErrorSchema },
    },
    (auth) => removePhoto(ctx, auth.user.id),
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
