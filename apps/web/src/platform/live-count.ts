import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '@tendly/domain/api/conversations';
import { useRealtimeEvents, useRealtimeReconnects } from './realtime-events';

/** What a count's endpoint answers (GET /api/unread-messages, GET /api/notifications/unread-count). */
export interface UnreadTotal {
  readonly unreadTotal: number;
}

export function setLiveCount(queryClient: QueryClient, queryKey: QueryKey, unreadTotal: number): void {
  queryClient.setQueryData<UnreadTotal>(queryKey, { unreadTotal });
}

/**
 * A count in the header kept live (the unread messages and notifications badges): read on load and
 * when the window regains focus after 30 s, set by the live events that carry it (`countOf`
 * answers null for the others), and read again when the stream reopens after a break. Undefined
 * until the first answer, so a screen can wait for it rather than show "up to date" first; 0 if
 * that answer failed, so nothing waits for ever.
 */
export function useLiveCount({
  queryKey,
  fetchCount,
  enabled,
  countOf,
}: {
  queryKey: QueryKey;
  fetchCount: () => Promise<UnreadTotal>;
  enabled: boolean;
  countOf: (event: RealtimeEvent) => number | null;
}): number | undefined {
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey,
    queryFn: fetchCount,
    enabled,
    refetchOnWindowFocus: true,
    // The live events keep it current: a second reader (the phone menu, a lazily loaded link)
    // shares the answer instead of asking again, and focus asks again only after this long.
    staleTime: 30_000,
  });
  useRealtimeEvents((event) => {
    const total = countOf(event);
    if (total !== null) setLiveCount(queryClient, queryKey, total);
  });
  useRealtimeReconnects(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey });
  });
  return count.data?.unreadTotal ?? (count.isError ? 0 : undefined);
}
