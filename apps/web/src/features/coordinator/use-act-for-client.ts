import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleHomes } from '@tendly/domain/access';
import { startAliasSession } from '../../platform/session';
import { startActingFor } from './coordinator-api';

/**
 * A support coordinator starts acting as a linked client (spec sections 4 and 6): the API issues an
 * alias token, the alias session is stored (requests now carry that token), the coordinator's
 * cached data goes, and the client's home opens.
 */
export function useActForClient() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startActingFor,
    onSuccess: async (alias) => {
      startAliasSession(alias);
      queryClient.clear();
      const home = roleHomes[alias.role];
      await navigate(home.kind === 'internal' ? home.path : '/');
    },
  });
}
