import { apiAccess } from '@tendly/domain/permissions';
import { siteConfigSchema } from '@tendly/domain/site-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigFrom } from '../../platform/site-config';

/** GET /api/site: the public site configuration (brand, support contacts, partners, links). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = siteConfigFrom(app.config);
  app.get(
    '/site',
    {
      config: { access: apiAccess.public },
      schema: { tags: ['platform'], summary: 'Public site configuration', response: { 200: siteConfigSchema } },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(site),
  );
};
