import { z } from 'zod/mini';
import { HOME_RANDOM_WORKERS } from '../constants';
import { stateCodes } from '../states';

/**
 * Response schemas of the public workers API (spec section 2.9, the home page's "meet our
 * workers" cards; issue 4). The API serialises with them; the web app parses responses with them.
 * Written with `zod/mini` because the home page parses them: mini keeps the full zod library out
 * of the home page's JavaScript (issue 4 budget).
 */

/** One worker as the home page shows them: active, with a photo and a bio. */
export const workerCardSchema = z.object({
  /** The worker's user id. */
  carerId: z.string(),
  firstName: z.string(),
  /** The URL path of the worker's photo. */
  avatar: z.string(),
  suburb: z.string(),
  state: z.enum(stateCodes),
  /** The worker's bio, in full: the client shortens it for the card. */
  description: z.string(),
});
export type WorkerCard = z.infer<typeof workerCardSchema>;

/** GET /api/workers/random?count=N → 200. */
export const workerCardsSchema = z.array(workerCardSchema);
export type WorkerCards = z.infer<typeof workerCardsSchema>;

/** The most workers one call may ask for. */
export const RANDOM_WORKERS_MAX = 12;

const countMessage = `count must be a whole number between 1 and ${RANDOM_WORKERS_MAX}`;

/** GET /api/workers/random query: how many workers, 1 to 12, the home page's 3 by default. */
export const randomWorkersQuerySchema = z.object({
  count: z._default(
    z.coerce
      .number({ error: countMessage })
      .check(z.int({ error: countMessage }), z.minimum(1, { error: countMessage }), z.maximum(RANDOM_WORKERS_MAX, { error: countMessage })),
    HOME_RANDOM_WORKERS,
  ),
});
export type RandomWorkersQuery = z.infer<typeof randomWorkersQuerySchema>;
