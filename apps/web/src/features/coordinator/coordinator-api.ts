import { coordinatorClientsResponseSchema, type CoordinatorClient } from '@tendly/domain/api/auth';
import { apiRequest } from '../../platform/api-client';

/** GET /api/support-coordinator/clients: the coordinator's linked clients. */
export function fetchLinkedClients(signal?: AbortSignal): Promise<CoordinatorClient[]> {
  return apiRequest('/support-coordinator/clients', {
    schema: coordinatorClientsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}
