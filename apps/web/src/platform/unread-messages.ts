import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unreadCountSchema } from '@tendly/domain/api/conversations';
import { apiRequest } from './api-client';
import { useRealtimeEvents, useRealtimeReconnects } from './realtime-events';

/**
 * How many messages the signed-in user (or the client a coordinator acts for) has not read: the
 * header's badge. Read on load and when the window regains focus after 30 s, and kept live by the
 * `unread` events of the live stream.
 */
export const unreadMessagesQueryKey = ['unread-messages'] as const;

export function fetchUnreadMessages() {
  return apiRequest('/unread-messages', { schema: unreadCountSchema });
}

export function setUnreadTotal(queryClient: QueryClient, unreadTotal: number): void {
  queryClient.setQueryData(unreadMessagesQueryKey, { unreadTotal });
}

export function useUnreadMessages(enabled: boolean): number {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: unreadMessagesQueryKey,
    queryFn: fetchUnreadMessages,
    enabled,
    refetchOnWindowFocus: true,
    // The live events keep it current: a second reader (the phone menu, a lazily loaded link)
    // shares the answer instead of asking again, and focus asks again only after this long.
    staleTime: 30_000,
  });
  useRealtimeEvents((event) => {
    if (event.type === 'unread') setUnreadTotal(queryClient, event.unreadTotal);
  });
  useRealtimeReconnects(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey });
  });
  return unread.data?.unreadTotal ?? 0;
}
