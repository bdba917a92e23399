import { myCarersSchema, type MyCarer } from '@tendly/domain/api/search';
import { apiRequest } from '../../platform/api-client';

/** GET /api/user/{id}/my-carers?withContractsOnly=false: the shortlisted and the contracted workers. */
export function fetchMyCarers(userId: string, signal?: AbortSignal): Promise<MyCarer[]> {
  return apiRequest(`/user/${encodeURIComponent(userId)}/my-carers`, {
    query: { withContractsOnly: false },
    schema: myCarersSchema,
    ...(signal ? { signal } : {}),
  });
}
