import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyCarer } from '@tendly/domain/api/search';
import { addToShortlist, refreshShortlistViews, removeFromShortlist } from '../../platform/shortlist-api';
import { fetchMyCarers } from './my-workers-api';

const myCarersKey = (userId: string | null) => ['my-carers', userId] as const;

export function useMyCarers(userId: string | null) {
  return useQuery({
    queryKey: myCarersKey(userId),
    queryFn: ({ signal }) => fetchMyCarers(userId ?? '', signal),
    enabled: userId !== null,
  });
}

/**
 * Takes a worker off the shortlist, or puts them back (undo). The cached list changes at once;
 * it and every other screen the shortlist shows in (a profile, a job's applicants) are fetched
 * again afterwards.
 */
export function useSetShortlisted(userId: string | null) {
  const queryClient = useQueryClient();
  const key = myCarersKey(userId);
  return useMutation({
    mutationFn: async ({ carer, shortlisted }: { carer: MyCarer; shortlisted: boolean }) => {
      if (shortlisted) await addToShortlist(carer.worker.carerId);
      else await removeFromShortlist(carer.worker.carerId);
    },
    onSuccess: (_, { carer, shortlisted }) => {
      queryClient.setQueryData<MyCarer[]>(key, (carers = []) => {
        const isSame = (item: MyCarer) => item.worker.carerId === carer.worker.carerId;
        if (!carers.some(isSame)) return shortlisted ? [{ ...carer, shortlisted }, ...carers] : carers;
        return carers
          .map((item) => (isSame(item) ? { ...item, shortlisted } : item))
          .filter((item) => item.shortlisted || item.hasContract);
      });
    },
    onSettled: () => refreshShortlistViews(queryClient),
  });
}
