import { Button, Checkbox, Container, CopyButton, Group, List, Modal, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import type { Shift } from '@tendly/domain/api/bookings';
import type { Role } from '@tendly/domain/roles';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { bookingQueryKeys, fetchCalendar, fetchCalendarFeed, resetCalendarFeed } from './bookings-api';
import { MEET_AND_GREET_EVENT_PREFIX, meetAndGreetsToEvents, rangeToFetch, shiftsToEvents } from './calendar-events';
import { fetchMyMeetAndGreets, meetAndGreetQueryKeys } from '../../platform/meet-and-greets-api';
import { meetAndGreetPath } from '@tendly/domain/api/meet-and-greets';
import { useNavigate } from 'react-router';
import { ShiftActions } from './shift-actions';
import { ShiftSummary } from './shift-summary';
import { SuccessAnnouncement } from '../../platform/outcome-announcement';

const CalendarView = lazy(() => import('./calendar-view'));

/**
 * /my-calendar (issue 13): both sides' shifts by week and month (a list on phones), each at the
 * time it has in its state, and the private feed address to subscribe to from Google or Apple.
 */
export default function MyCalendarPage() {
  const role = useSession().user?.role;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  const [openShiftId, setOpenShiftId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shifts = useQuery({
    queryKey: range ? bookingQueryKeys.calendar(range.from, range.to) : ['bookings', 'calendar', 'none'],
    queryFn: ({ signal }) => (range ? fetchCalendar(range.from, range.to, signal) : Promise.resolve([])),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
  // Issue 31 item 11: accepted meet and greets show beside the shifts; opening one goes to it on My bookings.
  const meetings = useQuery({ queryKey: meetAndGreetQueryKeys.all, queryFn: ({ signal }) => fetchMyMeetAndGreets(signal) });
  const navigate = useNavigate();
  function open(id: string) {
    if (id.startsWith(MEET_AND_GREET_EVENT_PREFIX)) void navigate(meetAndGreetPath(id.slice(MEET_AND_GREET_EVENT_PREFIX.length)));
    else setOpenShiftId(id);
  }
  const openShift = shifts.data?.find((shift) => shift.id === openShiftId) ?? null;

  return (
    <Container size="lg" py="xl">
      <Title order={1}>My calendar</Title>
      <Text size="lg" mt="xs">
        Your shifts and meet and greets by week and month. Each shows at its time in the state where the support happens.
      </Text>
      <SuccessAnnouncement text={announcement} mt="md" />
      <Group mt="md" gap="lg">
        <Checkbox label="Show cancelled shifts" checked={showCancelled} onChange={(event) => setShowCancelled(event.currentTarget.checked)} />
        <Text size="sm" c="gray.7">
          Confirmed shifts are filled in; unconfirmed shifts are outlined. Meet and greets are purple.
        </Text>
      </Group>
      {shifts.isError && (
        <Notice tone="error" role="alert" mt="md">
          <Text>We could not load your shifts just now. Please try again in a minute.</Text>
        </Notice>
      )}
      <section aria-label="Calendar" style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <Suspense fallback={<Skeleton height={480} radius="md" />}>
          <CalendarView
            events={[...shiftsToEvents(shifts.data ?? [], role, showCancelled), ...meetAndGreetsToEvents(meetings.data ?? [], role)]}
            narrow={narrow}
            onRange={(start, end) => setRange(rangeToFetch(start, end))}
            onOpen={open}
          />
        </Suspense>
      </section>
      {openShift && (
        <ShiftDetailsDialog
          shift={openShift}
          role={role}
          onClose={() => setOpenShiftId(null)}
          onMoved={(message) => {
            setOpenShiftId(null);
            setAnnouncement(message);
          }}
        />
      )}
      {/* Below the calendar, once it has drawn its shifts: coming sooner, it was moved as the calendar took its height. */}
      {range !== null && shifts.isFetched && <CalendarFeedSection />}
    </Container>
  );
}

function ShiftDetailsDialog({ shift, role, onClose, onMoved }: { shift: Shift; role: Role | undefined; onClose: () => void; onMoved: (message: string) => void }) {
  return (
    <Modal opened onClose={onClose} title="Shift details" closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <ShiftSummary shift={shift} role={role} linksToPage>
        <ShiftActions shift={shift} role={role} onMoved={(message) => onMoved(message)} />
      </ShiftSummary>
    </Modal>
  );
}

function CalendarFeedSection() {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: bookingQueryKeys.feed, queryFn: ({ signal }) => fetchCalendarFeed(signal) });
  const [confirming, setConfirming] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const reset = useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (url) => {
      queryClient.setQueryData(bookingQueryKeys.feed, url);
      setConfirming(false);
      setResetDone(true);
    },
  });
  return (
    <section aria-labelledby="feed-heading" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <Title order={2} size="h3" id="feed-heading">
        Subscribe to your calendar
      </Title>
      <Text mt="xs">
        Add your shifts and accepted meet and greets to Google Calendar or Apple Calendar with this private link. Your calendar app checks it for changes
        every few hours. Anyone with the link can see their times, so keep it to yourself.
      </Text>
      {feed.isError && (
        <Notice tone="error" role="alert" mt="sm">
          <Text>We could not load your calendar link just now. Please try again in a minute.</Text>
        </Notice>
      )}
      <Group mt="md" align="flex-end" wrap="wrap">
        <TextInput label="Your private calendar link" readOnly value={feed.data ?? ''} style={{ flex: '1 1 20rem' }} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={feed.data ?? ''}>
          {({ copied, copy }) => (
            <Button onClick={copy} disabled={!feed.data} aria-live="polite">
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Stack gap="xs" mt="md">
        <Text fw={600}>Google Calendar</Text>
        <List size="sm">
          <List.Item>On a computer, open Google Calendar. Beside “Other calendars”, choose + then “From URL”.</List.Item>
          <List.Item>Paste the link and choose “Add calendar”.</List.Item>
        </List>
        <Text fw={600}>Apple Calendar</Text>
        <List size="sm">
          <List.Item>On a Mac: File, then New Calendar Subscription. Paste the link and choose Subscribe.</List.Item>
          <List.Item>On an iPhone or iPad: Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar. Paste the link.</List.Item>
        </List>
      </Stack>
      <Group mt="md">
        <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
          Reset link
        </Button>
      </Group>
      <div role="status">{resetDone && <Text mt="xs">Your link was reset. Subscribe again with the new link; the old one no longer works.</Text>}</div>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Reset your calendar link?" closeButtonProps={{ 'aria-label': 'Close' }} centered>
        <Text>The old link stops working at once: any calendar subscribed to it stops getting your shifts until you subscribe again with the new link.</Text>
        {reset.error !== null && (
          <Notice tone="error" role="alert" mt="md">
            <Text>{errorText(reset.error)}</Text>
          </Notice>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            Keep the link
          </Button>
          <BusyButton color="red.9" busy={reset.isPending} onClick={() => reset.mutate()}>
            Reset link
          </BusyButton>
        </Group>
      </Modal>
    </section>
  );
}
