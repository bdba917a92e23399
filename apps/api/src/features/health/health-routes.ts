import { apiAccess } from '@tendly/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkExtensions, ExtensionCheckError } from '../../platform/db/check-extensions';

const healthySchema = z.object({
  status: z.literal('ok'),
  /** Whether each search index held in memory is loaded (searches use the database until it is). */
  searchIndexes: z.record(z.string(), z.union([z.object({ state: z.literal('ready'), rows: z.number() }), z.object({ state: z.literal('loading') })])),
  /**
   * Whether the server has run its start-up requests down the hot paths (issue 33): until then a
   * search may take ten times as long. A load balancer sends traffic once this is true.
   */
  warm: z.boolean(),
});
const unhealthySchema = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  /** Why, in a sentence without the database's own words (this answer is public). */
  reason: z.string(),
});

/**
 * A load balancer or supervisor asks every few seconds; an answer slower than this counts as none.
 * A query waiting behind a stuck one (PGlite runs one at a time; a server's pool can run dry)
 * would otherwise keep the check, and whoever asked, waiting for ever.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/**
 * GET /api/health: 200 when the database answers a real query correctly within
 * HEALTH_CHECK_TIMEOUT_MS, 503 when it does not. The query asks each extension search relies on
 * for a known answer (checkExtensions), so a database that answers `select 1` but no longer
 * searches is not reported healthy (issue 10, section 1). Public.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: apiAccess.public, authenticate: false },
      schema: {
        tags: ['platform'],
        summary: 'Is the service able to answer requests?',
        response: { 200: healthySchema, 503: unhealthySchema },
      },
    },
    async (request, reply) => {
      try {
        await withinTime(checkExtensions(app.database.db), HEALTH_CHECK_TIMEOUT_MS);
        return reply.send({ status: 'ok' as const, searchIndexes: app.liveTables.states(), warm: app.warmUp.state === 'warm' });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        const reason = error instanceof ExtensionCheckError ? error.summary : error instanceof HealthCheckTimeout ? error.message : 'The database could not be asked.';
        return reply
          .status(503)
          
          .send({ status: 'unavailable' as const, message: 'The database is not answering.', reason });
      }
    },
  );
};

class HealthCheckTimeout extends Error {}

async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthCheckTimeout(`The database did not answer within ${ms} ms.`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
