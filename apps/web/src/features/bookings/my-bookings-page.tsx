import { Button, Card, Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { bookingResponseStatusLabels, describeSeries, seriesOf, type BookingResponseStatus, type Shift } from '@tendly/domain/api/bookings';
import type { Role } from '@tendly/domain/roles';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { BOOKINGS_PAGE_SIZE, bookingQueryKeys, fetchShiftPage } from './bookings-api';
import { BookShiftsDialog } from './book-shifts-dialog';
import { canSubmitHoursFor, ShiftActions, SubmitHoursLink } from './shift-actions';
import { ShiftSummary } from './shift-summary';
import { SeriesActions } from './series-actions';
import { MeetAndGreetsSection } from './meet-and-greets-section';
import classes from './my-bookings.module.css';
import { SuccessAnnouncement } from '../../platform/outcome-announcement';
import { LoadingStatus } from '../../platform/page-load-state';

const lists: readonly BookingResponseStatus[] = ['UNCONFIRMED', 'CONFIRMED', 'CANCELLED'];

const emptyText: Record<BookingResponseStatus, string> = {
  UNCONFIRMED: 'No shifts are waiting for confirmation.',
  CONFIRMED: 'No confirmed shifts coming up.',
  CANCELLED: 'No cancelled shifts.',
};

/**
 * /my-bookings (issue 13): the viewer's shifts in three lists, each with the latest move first, so
 * a shift just confirmed, changed or cancelled is at the top of its new list. Workers confirm or
 * decline; care seekers book, change and cancel.
 */
export default function MyBookingsPage() {
  const role = useSession().user?.role;
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<BookingResponseStatus>('UNCONFIRMED');
  const [announcement, setAnnouncement] = useState('');
  const bookFor = params.get('book');
  const [booking, setBooking] = useState(bookFor !== null);

  // The page stays on the list the person is working through (issue 31 item 3: confirming eight
  // shifts one by one no longer jumps to Confirmed after each); the message says where it went.
  function moved(message: string, shift?: Shift) {
    const to = shift?.scheduleResponseStatus;
    setAnnouncement(to && to !== tab ? `${message} It is now under ${bookingResponseStatusLabels[to]}.` : message);
  }

  function closeBooking() {
    setBooking(false);
    if (bookFor !== null) setParams({}, { replace: true });
  }

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>My bookings</Title>
          <Text size="lg" mt="xs">
            {role === 'CR' ? 'Shifts care seekers have booked with you. Confirm or decline a series all at once, or each shift on its own.' : 'The shifts you have booked with your workers.'}
          </Text>
        </div>
        {role === 'CS' && <Button onClick={() => setBooking(true)}>Book shifts</Button>}
      </Group>
      <SuccessAnnouncement text={announcement} mt="md" />
      <MeetAndGreetsSection role={role} onDone={setAnnouncement} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as BookingResponseStatus)} mt="xl" keepMounted={false}>
        <Tabs.List>
          {lists.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {bookingResponseStatusLabels[status]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {lists.map((status) => (
          <Tabs.Panel key={status} value={status} pt="md">
            <ShiftList status={status} role={role} onMoved={moved} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {booking && (
        <BookShiftsDialog
          initialContractId={bookFor}
          onClose={closeBooking}
          onBooked={(made) => {
            closeBooking();
            setAnnouncement(made.length === 1 ? 'Shift booked. The worker is asked to confirm it.' : `${made.length} shifts booked. The worker is asked to confirm them.`);
            setTab('UNCONFIRMED');
          }}
        />
      )}
    </Container>
  );
}

function ShiftList({ status, role, onMoved }: { status: BookingResponseStatus; role: Role | undefined; onMoved: (message: string, shift?: Shift) => void }) {
  const query = useInfiniteQuery({
    queryKey: bookingQueryKeys.list(status),
    queryFn: ({ pageParam, signal }) => fetchShiftPage(status, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.allLoaded ? undefined : pages.length * BOOKINGS_PAGE_SIZE),
  });
  const label = `${bookingResponseStatusLabels[status]} shifts`;
  if (query.isError && !query.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Notice tone="error" role="alert">
          <Text>We could not load your shifts just now. Please try again in a minute.</Text>
        </Notice>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <LoadingStatus what="your shifts">
        <Skeleton height={120} radius="md" aria-hidden="true" />
      </LoadingStatus>
    );
  }
  const shifts = query.data.pages.flatMap((page) => page.shifts);
  if (shifts.length === 0) return <Text>{emptyText[status]}</Text>;
  const shiftCard = (shift: Shift) => (
    <Card withBorder radius="md" padding="md">
      <ShiftSummary shift={shift} role={role} linksToPage>
        <ShiftActions shift={shift} role={role} onMoved={onMoved} />
        {canSubmitHoursFor(shift, role) && <SubmitHoursLink shift={shift} />}
      </ShiftSummary>
    </Card>
  );
  return (
    <Stack gap="md">
      <ul aria-label={label} className={classes.list}>
        {groupBySeries(shifts).map((group) =>
          group.length === 1 ? (
            <li key={group[0]!.id}>{shiftCard(group[0]!)}</li>
          ) : (
            <li key={group[0]!.bookingId}>
              <SeriesGroup shifts={group} role={role} onMoved={onMoved}>
                <ul aria-label={`Shifts of the series: ${describeSeries(seriesOf(group))}`} className={classes.list}>
                  {group.map((shift) => (
                    <li key={shift.id}>{shiftCard(shift)}</li>
                  ))}
                </ul>
              </SeriesGroup>
            </li>
          ),
        )}
      </ul>
      {query.hasNextPage && (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} aria-busy={query.isFetchingNextPage || undefined} style={{ alignSelf: 'flex-start' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

/** The shifts of a list by series (booking), each series where its first shift is in the list, its shifts first first. */
export function groupBySeries(shifts: readonly Shift[]): Shift[][] {
  const groups = new Map<string, Shift[]>();
  for (const shift of shifts) groups.set(shift.bookingId, [...(groups.get(shift.bookingId) ?? []), shift]);
  return [...groups.values()].map((group) => [...group].sort((a, b) => a.startsAt.localeCompare(b.startsAt)));
}

/** A series shown as one block: what it is, the moves on all of it, then its shifts. */
function SeriesGroup({ shifts, role, onMoved, children }: { shifts: Shift[]; role: Role | undefined; onMoved: (message: string) => void; children: ReactNode }) {
  const headingId = useId();
  const text = describeSeries(seriesOf(shifts));
  return (
    <section aria-labelledby={headingId} className={classes.series}>
      <Title order={2} size="h4" id={headingId}>
        {text.charAt(0).toUpperCase() + text.slice(1)}
      </Title>
      <Text size="sm" mt={4} mb="sm">
        A series: move all of it at once, or one shift at a time below.
      </Text>
      <SeriesActions shifts={shifts} role={role} onMoved={onMoved} />
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </section>
  );
}
