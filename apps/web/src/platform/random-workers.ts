import { workerCardsSchema, type WorkerCards } from '@tendly/domain/api/workers';
import { apiRequest } from './api-client';

/** GET /api/workers/random?count=N: active workers with a photo and a bio, in random order. */
export function fetchRandomWorkers(count: number, signal?: AbortSignal): Promise<WorkerCards> {
  return apiRequest('/workers/random', {
    query: { count },
    schema: workerCardsSchema,
    ...(signal ? { signal } : {}),
  });
}
