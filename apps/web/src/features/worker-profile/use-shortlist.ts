import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShortlistItem } from '@tendly/domain/api/search';
import { useActingPersonId } from '../../platform/session';
import { addToShortlist, fetchShortlist, refreshShortlistViews, removeFromShortlist } from '../../platform/shortlist-api';

/**
 * The care seeker's shortlist, keyed by who the API sees (the client while a coordinator acts
 * for one). A change refreshes every screen the shortlist shows in (My workers, applicants).
 */
function useShortlistKey() {
  return ['shortlist', useActingPersonId()] as const;
}

export function useShortlist({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: useShortlistKey(),
    queryFn: ({ signal }) => fetchShortlist(signal),
    enabled,
  });
}

/** Adds the worker when `add` is true, otherwise removes them; the cached shortlist follows. */
export function useUpdateShortlist(carerId: string) {
  const queryClient = useQueryClient();
  const key = useShortlistKey();
  return useMutation({
    mutationFn: async (add: boolean) => (add ? addToShortlist(carerId) : (await removeFromShortlist(carerId), null)),
    onSuccess: (added) => {
      queryClient.setQueryData<ShortlistItem[]>(key, (items = []) => {
        const others = items.filter((item) => item.carerId !== carerId);
        return added ? [added, ...others] : others;
      });
    },
    onSettled: () => refreshShortlistViews(queryClient),
  });
}
