import {
  aliasSessionResponseSchema,
  coordinatorClientsResponseSchema,
  type AliasSessionResponse,
  type CoordinatorClient,
} from '@tendly/domain/api/auth';
import { apiRequest } from '../../platform/api-client';

/** GET /api/support-coordinator/clients: the coordinator's linked clients. */
export function fetchLinkedClients(signal?: AbortSignal): Promise<CoordinatorClient[]> {
  return apiRequest('/support-coordinator/clients', {
    schema: coordinatorClientsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/support-coordinator/clients/{clientId}/alias: an alias session for a linked client. */
export function startActingFor(clientId: string): Promise<AliasSessionResponse> {
  return apiRequest(`/support-coordinator/clients/${encodeURIComponent(clientId)}/alias`, {
    method: 'POST',
    schema: aliasSessionResponseSchema,
  });
}
