import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Conversation, Message } from '@tendly/domain/api/conversations';
import {
  conversationQueryKey,
  conversationsQueryKey,
  fetchConversation,
  fetchConversations,
  fetchMessages,
  markConversationRead,
  messagesQueryKey,
  setConversationBlocked,
  withMessage,
} from '../../platform/conversations-api';
import { useRealtimeEvents, useRealtimeReconnects } from '../../platform/realtime-events';
import { setUnreadTotal } from '../../platform/unread-messages';

type MessagePage = { messages: Message[]; allLoaded: boolean };
export type MessagePages = InfiniteData<MessagePage, string | undefined>;

/** The signed-in side's conversations, refreshed when a message arrives or the stream reopens. */
export function useConversations() {
  const queryClient = useQueryClient();
  const conversations = useQuery({ queryKey: conversationsQueryKey, queryFn: fetchConversations, staleTime: 0 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
  useRealtimeEvents((event) => {
    if (event.type === 'message') refresh();
  });
  useRealtimeReconnects(refresh);
  return conversations;
}

/** One conversation, seeded from the list when it is there. */
export function useConversation(id: string, fromList: Conversation | undefined) {
  return useQuery({
    queryKey: conversationQueryKey(id),
    queryFn: () => fetchConversation(id),
    ...(fromList ? { placeholderData: fromList } : {}),
  });
}

/**
 * The conversation's messages, newest page first; "Load earlier messages" asks for the page
 * before the oldest one held. Live messages for this conversation join the newest page.
 */
export function useMessages(id: string, onLiveMessage: (message: Message) => void) {
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery({
    queryKey: messagesQueryKey(id),
    queryFn: ({ pageParam }) => fetchMessages(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.allLoaded ? undefined : page.messages.at(-1)?.id),
    staleTime: Infinity,
  });
  useRealtimeEvents((event) => {
    if (event.type !== 'message' || event.message.conversationId !== id) return;
    addMessage(queryClient, event.message);
    onLiveMessage(event.message);
  });
  useRealtimeReconnects(() => {
    // Messages sent while the stream was down: load the newest page again.
    void queryClient.invalidateQueries({ queryKey: messagesQueryKey(id) });
  });
  return messages;
}

export function addMessage(queryClient: ReturnType<typeof useQueryClient>, message: Message): void {
  queryClient.setQueryData<MessagePages>(messagesQueryKey(message.conversationId), (data) => withMessage(data, message));
}

/** Marks the conversation read; the header's count and the list's badge follow. */
export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(id),
    onSuccess: ({ unreadTotal }) => {
      setUnreadTotal(queryClient, unreadTotal);
      queryClient.setQueryData<{ conversations: Conversation[]; unreadTotal: number }>(conversationsQueryKey, (list) =>
        list
          ? { unreadTotal, conversations: list.conversations.map((item) => (item.id === id ? { ...item, unreadCount: 0 } : item)) }
          : list,
      );
    },
  });
}

export function useBlock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setConversationBlocked(id, blocked),
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationQueryKey(id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}
