import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interpretRequestSchema, interpretResponseSchema, type WorkerSearchQuery } from '@tendly/domain/api/search';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { AppError } from '../../platform/errors';
import { checkLimit } from '../../platform/rate-limit/rate-limiter';
import { selectLocalityNames } from './locality-repository';
import { createWorkerMatch } from './worker-match-service';

/** At most 30 messages to the assistant per address per minute: a conversation needs a handful. */
export const MATCH_REQUESTS_PER_IP = 30;
export const MATCH_REQUEST_WINDOW_MS = 60 * 1000;

export function matchRateLimitMessage(retryAfterSeconds: number): string {
  return `You've sent a lot of messages to the worker match in a short time. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`;
}

export interface WorkerMatchRoutesOptions {
  /** Counts the workers GET /api/search finds, up to `atMost`: the app gives the search's own. */
  countWorkers?: (query: WorkerSearchQuery, atMost: number) => Promise<number>;
}

/**
 * POST /api/search/interpret: the AI worker match's understanding (issue 5). Public, like search;
 * limited per address, because each message may cost a call to a language model.
 */
export const workerMatchRoutes: FastifyPluginAsyncZod<WorkerMatchRoutesOptions> = async (app, options) => {
  const match = createWorkerMatch({
    loadLocalities: () => selectLocalityNames(app.database.db),
    llm: app.config.llm,
    // The reason only: the care seeker's words and the key stay out of the log.
    onModelFailure: (reason) => app.log.warn({ reason }, 'AI worker match: the language model was not used; the local parser read the request'),
    ...(options.countWorkers ? { countWorkers: options.countWorkers } : {}),
    onCountFailure: (error) => app.log.warn({ err: error }, 'AI worker match: the workers could not be counted; the radius stays at its first size'),
  });

  // The first message would otherwise wait about 1.5 s for the suburb names and the English model
  // (issue 11): load them as soon as the server listens, without holding up start-up. Tests that
  // never listen load them on their first message instead.
  app.addHook('onListen', async () => {
    match.warmUp().then(
      (ms) => app.log.info({ ms }, `AI worker match: ready to read messages (loaded in ${ms} ms)`),
      (error: unknown) => app.log.warn({ err: error }, 'AI worker match: could not load ahead; the first message will'),
    );
  });

  const limitByIp = async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await checkLimit(app.rateLimitStore, { key: `worker-match:ip:${request.ip}`, limit: MATCH_REQUESTS_PER_IP, windowMs: MATCH_REQUEST_WINDOW_MS });
    if (decision.allowed) return;
    reply.header('retry-after', String(decision.retryAfterSeconds));
    throw new AppError(429, matchRateLimitMessage(decision.retryAfterSeconds), { code: 'RATE_LIMITED' });
  };

  app.post(
    '/search/interpret',
    {
      config: { access: apiAccess.workerSearch },
      onRequest: limitByIp,
      schema: {
        tags: ['search'],
        summary: 'The AI worker match: turns what a care seeker writes into search filters, refining the filters so far',
        description:
          'Reads the text with the built-in parser, or with the configured language model (LLM_BASE_URL, LLM_API_KEY) when it answers in time with valid filters. ' +
          'Returns the merged filters, a plain-language line per change, the next question to ask (null when there is enough to search), the engine used, ' +
          'the topics answered so far, which the client sends back with the next message, the words no filter came from (notUsed), ' +
          'and how many workers the filters find (results, with what to take away when none do; no next question then).',
        body: interpretRequestSchema,
        response: { 200: interpretResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => match.interpret(request.body),
  );
};
