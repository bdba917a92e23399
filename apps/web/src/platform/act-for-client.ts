import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleHomes } from '@tendly/domain/access';
import { aliasSessionResponseSchema, type AliasSessionResponse } from '@tendly/domain/api/auth';
import { apiRequest } from './api-client';
import { startAliasSession } from './session';

/** POST /api/support-coordinator/clients/{clientId}/alias: an alias session for a linked client. */
export function startActingFor(clientId: string): Promise<AliasSessionResponse> {
  return apiRequest(`/support-coordinator/clients/${encodeURIComponent(clientId)}/alias`, {
    method: 'POST',
    schema: aliasSessionResponseSchema,
  });
}

/**
 * A support coordinator starts acting as a linked client (spec sections 4 and 6): the API issues an
 * alias token, the alias session is stored (requests now carry that token), the coordinator's
 * cached data goes, and the client's home opens, or `destination` (e.g. the client's funding
 * wallet) when given. Used by the coordinator's dashboard and the client funding screen.
 */
export function useActForClient(destination?: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startActingFor,
    onSuccess: async (alias) => {
      // Synchronously, so that the guard of the page left behind (a coordinator's page, closed to the
      // client) has sent the browser to the client's home before the destination is opened.
      flushSync(() => startAliasSession(alias));
      queryClient.clear();
      const home = roleHomes[alias.role];
      await navigate(destination ?? (home.kind === 'internal' ? home.path : '/'));
    },
  });
}
