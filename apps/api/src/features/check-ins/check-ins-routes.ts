import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInListSchema,
  checkInParamsSchema,
  checkInQuarterProblem,
  checkInRequestSchema,
  checkInSchema,
  quarterOf,
} from '@tendly/domain/api/check-ins';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { badRequest } from '../../platform/errors';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { listCheckIns, saveCheckIn } from './check-ins-repository';

/** Quarterly check-ins (spec sections 3 and 4, issue 12): the worker's own, never anyone else's. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags: ['check-ins'] });

  route.get(
    '/worker/check-ins',
    apiAccess.checkIns,
    {
      summary: 'The worker’s quarterly check-ins, newest first, and the current quarter',
      response: { 200: checkInListSchema },
    },
    async (auth, request, reply) => {
      const checkIns = await listCheckIns(db, auth.user.id);
      return reply.send({ current: quarterOf(new Date()), checkIns });
    },
  );

  route.put(
    '/worker/check-ins/:year/:number',
    apiAccess.checkIns,
    {
      summary: 'Save the check-in of a quarter (number 1 to 4) and year: replaces the one already saved, otherwise adds it',
      description: 'Hours are the average per week over the quarter (0 to 168). A quarter that has not started is a 400.',
      params: checkInParamsSchema,
      body: checkInRequestSchema,
      response: { 200: checkInSchema, 400: apiErrorSchema },
    },
    (auth, request) => {
      const { year, number } = request.params;
      const problem = checkInQuarterProblem({ year, number }, new Date());
      if (problem) throw badRequest(problem, { year: problem });
      return saveCheckIn(db, auth.user.id, year, number, request.body);
    },
  );
};
