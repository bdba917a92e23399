import { Anchor, Card, Container, Group, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MarkNotificationsReadRequest, Notification } from '@tendly/domain/api/notifications';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { LoadMoreList } from '../../platform/load-more-list';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { useRealtimeEvents } from '../../platform/realtime-events';
import { setUnreadNotifications, useUnreadNotifications } from '../../platform/unread-notifications';
import { fetchNotificationPage, markNotificationsRead, notificationQueryKeys } from './notifications-api';
import { formatWeekdayDateTime } from '@tendly/domain/format';


/** Only a path of this site is followed: anything else stays on this page. */
function safeLink(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const isUnread = notification.readAt === null;
  return (
    <Card withBorder radius="md" padding="md" style={isUnread ? { borderLeft: '4px solid var(--mantine-color-tendlyTeal-8)' } : undefined}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={2} size="h4">
          <Anchor component={Link} to={safeLink(notification.link)} onClick={onOpen}>
            {notification.title}
          </Anchor>
        </Title>
        {isUnread && (
          <Text span fw={700} c="tendlyTeal.8" size="sm">
            New
          </Text>
        )}
      </Group>
      <Text mt={4}>{notification.body}</Text>
      <Text size="sm" c="gray.7" mt={4}>
        <time dateTime={notification.createdAt}>{formatWeekdayDateTime(notification.createdAt)}</time>
      </Text>
    </Card>
  );
}

/**
 * /notifications (issue 17): what has happened that concerns the person, newest first, each
 * linking to its screen. Opening one marks it read; "Mark all as read" clears the bell. A new
 * notification arriving on the live stream joins the list.
 */
export default function NotificationsPage() {
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications(true);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = useInfiniteQuery({
    queryKey: notificationQueryKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.allLoaded ? undefined : last.notifications.at(-1)?.id),
  });
  useRealtimeEvents((event) => {
    if (event.type === 'notifications' && event.notification) void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.list });
  });
  const markRead = useMutation({
    mutationFn: (request: MarkNotificationsReadRequest) => markNotificationsRead(request),
    onSuccess: (result, request) => {
      setUnreadNotifications(queryClient, result.unreadTotal);
      void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.list });
      if ('all' in request) setOutcome({ tone: 'success', text: 'All your notifications are marked as read.' });
    },
    onError: (error) => setOutcome({ tone: 'error', text: errorText(error) }),
  });

  // The count and its "Mark all as read" come with the list, once both are in, and the list comes
  // as a new element where the loading one was: on a phone the count and button take three lines,
  // which pushed the list down as it came (layout shift 0.05).
  const countKnown = unread !== undefined && (query.data !== undefined || query.isError);
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>Notifications</Title>
          {countKnown && (
            <Text size="lg" mt="xs">
              {unread === 0 ? 'You are up to date.' : `${unread} unread.`} Open one to go to the page where you can act on it.
            </Text>
          )}
        </div>
        {countKnown && unread > 0 && (
          <BusyButton variant="outline" busy={markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            Mark all as read
          </BusyButton>
        )}
      </Group>
      <OutcomeAnnouncement outcome={outcome} mt="md" />
      <div key={countKnown ? 'list' : 'loading'} style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        <LoadMoreList
          query={{ ...query, hasData: query.data !== undefined && countKnown }}
          items={query.data?.pages.flatMap((page) => page.notifications) ?? []}
          label="Notifications"
          itemKey={(notification) => notification.id}
          renderItem={(notification) => (
            <NotificationItem
              notification={notification}
              onOpen={() => {
                if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
              }}
            />
          )}
          loadingText="Loading your notifications"
          errorText="We could not load your notifications just now. Please try again in a minute."
          emptyText="Nothing yet. When something happens that concerns you, such as an agreement offered or hours approved, it shows here."
        />
      </div>
    </Container>
  );
}
