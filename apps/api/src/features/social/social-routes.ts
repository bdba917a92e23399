import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialMediaPostsSchema } from '@tendly/domain/api/social';
import { apiAccess } from '@tendly/domain/permissions';
import { createSocialFeed } from './social-feed';

/** GET /api/social/media: the home page's social media feed (spec sections 2.9, 4 and 7). */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = createSocialFeed({
    token: app.config.INSTAGRAM_TOKEN,
    apiUrl: app.config.INSTAGRAM_API_URL,
    profileUrl: app.config.INSTAGRAM_PROFILE_URL,
    onError: (error) => app.log.warn({ err: error }, 'Instagram feed unavailable; answering the built-in posts'),
  });

  app.get(
    '/social/media',
    {
      config: { access: apiAccess.public },
      schema: {
        tags: ['social'],
        summary: "The brand's latest Instagram posts, or the built-in posts",
        response: { 200: socialMediaPostsSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(await feed.posts()),
  );
};
