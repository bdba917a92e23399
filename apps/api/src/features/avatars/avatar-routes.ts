import { apiAccess } from '@tendly/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesIfNoneMatch } from '../../platform/http/etag';
import { renderAvatar } from './avatar-service';

const paramsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/, { error: 'Avatar names are letters, digits, - or _, ending in .svg' }),
});

/**
 * GET /api/avatars/{seed}.svg: a generated avatar. Public; cached for a year (same seed, same
 * picture), with an ETag for the caches that check again; compressed like any SVG (compression.ts).
 */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/avatars/:file',
    {
      config: { access: apiAccess.public },
      schema: { tags: ['platform'], summary: 'A generated avatar picture', params: paramsSchema },
    },
    async (request, reply) => {
      const avatar = await renderAvatar(request.params.file.slice(0, -'.svg'.length));
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=31536000, immutable').header('etag', avatar.etag);
      // A cache that asks again (a reload, a proxy) gets a bodiless 304 when the drawing is unchanged.
      if (matchesIfNoneMatch(request.headers['if-none-match'], avatar.etag)) return reply.status(304).send();
      return reply.send(avatar.svg);
    },
  );
};
