import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractEstimateRequestSchema,
  contractEstimateResponseSchema,
  NDIS_QUOTES_PER_MINUTE,
  ndisQuoteRequestSchema,
  ndisQuoteResponseSchema,
} from '@tendly/domain/api/invoices';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { contractEstimate, ndisQuote } from './pricing-service';

export const NDIS_QUOTE_WINDOW_MS = 60 * 1000;

/** The pricing engine over HTTP (issue 14): the public NDIS quote and a shift's cost under an agreement. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['pricing'];
  const route = signedInRoutes(app, { tags });

  app.post(
    '/pricing/ndis-quote',
    {
      config: { access: apiAccess.ndisQuote },
      // Counted per client address before the body is read; request.ip honours TRUST_PROXY only.
      onRequest: async (request, reply) => {
        enforceLimit(reply, await checkLimit(app.rateLimitStore, { key: `ndis-quote:ip:${request.ip}`, limit: NDIS_QUOTES_PER_MINUTE, windowMs: NDIS_QUOTE_WINDOW_MS }));
      },
      schema: {
        tags,
        summary: 'A support’s cost at the NDIS price limits: one line per time band and local date',
        description:
          '`location` as the search takes it ("Alice Springs NT 0870", a suburb or a postcode) gives the state and the Modified Monash class ' +
          '(6 remote, 7 very remote prices); `start` and `end` are local `YYYY-MM-DDTHH:mm` in that state. A time inside the daylight-saving gap, ' +
          'an end not after the start, or more than 24 hours is a 400; a band with no support item for the category is a 422 naming it. ' +
          `Public; at most ${NDIS_QUOTES_PER_MINUTE} quotes a minute per address.`,
        body: ndisQuoteRequestSchema,
        response: { 200: ndisQuoteResponseSchema, 400: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ndisQuote(db, request.body),
  );

  route.post(
    '/pricing/contract-estimate',
    apiAccess.contractEstimate,
    {
      summary: 'One shift’s cost at a service agreement’s rates, as it would be invoiced, for the agreement’s parties',
      description: 'Anyone but the two parties gets 404. A band that cannot be priced (an NDIS line item with no item for it) is a 422 naming it.',
      body: contractEstimateRequestSchema,
      response: { 200: contractEstimateResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
    },
    (auth, request) => contractEstimate(db, auth, request.body),
  );
};
