import { Anchor, Box, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { describeSeries, formatShiftWhen, seriesOf, type Shift } from '@tendly/domain/api/bookings';
import { formatMinutes, fullName } from '@tendly/domain/format';
import type { Role } from '@tendly/domain/roles';
import { routePath } from '@tendly/domain/routes';
import { ApiError, errorText } from '../../platform/api-client';
import { Facts } from '../../platform/job-facts';
import { Notice } from '../../platform/notice';
import { SuccessAnnouncement } from '../../platform/outcome-announcement';
import { LoadingStatus } from '../../platform/page-load-state';
import { useSession } from '../../platform/session';
import { bookingQueryKeys, fetchShift } from './bookings-api';
import { SeriesActions } from './series-actions';
import { canSubmitHoursFor, ShiftActions, SubmitHoursLink } from './shift-actions';
import { ShiftStatusBadge, ShiftSummary } from './shift-summary';
import classes from './my-bookings.module.css';

const NOT_FOUND_MESSAGE = 'We could not find that shift. It may not exist, or it is not one of yours.';

/**
 * /my-bookings/:shiftId (issue 31 item 8): one shift, which each shift email opens. It shows what
 * My bookings shows of the shift, with the same moves for each side (and a coordinator acting for
 * the client), and the series it belongs to with the moves on all of it.
 */
export default function ShiftPage() {
  const { shiftId = '' } = useParams();
  const role = useSession().user?.role;
  const [announcement, setAnnouncement] = useState('');
  const detail = useQuery({ queryKey: bookingQueryKeys.shift(shiftId), queryFn: ({ signal }) => fetchShift(shiftId, signal) });
  const notFound = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);

  return (
    <Container size="md" py="xl">
      <Title order={1}>Shift</Title>
      <SuccessAnnouncement text={announcement} mt="md" />
      {detail.data ? (
        <Stack gap="xl" mt="lg">
          <ShiftCard shift={detail.data.shift} role={role} onMoved={setAnnouncement} />
          {detail.data.series.length > 1 && <SeriesSection shift={detail.data.shift} series={detail.data.series} role={role} onMoved={setAnnouncement} />}
        </Stack>
      ) : detail.isError ? (
        <Stack gap="sm" mt="md" align="flex-start">
          <Notice tone="error" role="alert">
            <Text>{notFound ? NOT_FOUND_MESSAGE : errorText(detail.error)}</Text>
          </Notice>
          {!notFound && (
            <Button variant="outline" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      ) : (
        <LoadingStatus what="the shift">
          <Skeleton height={220} mt="lg" radius="md" aria-hidden="true" />
        </LoadingStatus>
      )}
      <Anchor component={Link} to={routePath('myBookings')} mt="xl" display="inline-block">
        All your bookings
      </Anchor>
    </Container>
  );
}

/**
 * The shift's facts and moves. No street address: the product keeps none on a shift or an
 * agreement, so the state (whose time the shift is in) is where it happens as far as we know.
 */
function ShiftCard({ shift, role, onMoved }: { shift: Shift; role: Role | undefined; onMoved: (message: string) => void }) {
  const careSeeker = fullName(shift.careSeeker);
  return (
    <Card withBorder radius="md" padding="lg">
      <ShiftSummary shift={shift} role={role} headingLevel={2}>
        <Box mt="xs">
          <Facts
            facts={[
              ['Client', shift.clientName],
              // The account holder, when they book for someone else (a parent for their son).
              ['Booked by', careSeeker === shift.clientName ? null : careSeeker],
              ['Worker', fullName(shift.worker)],
              ['State', `${shift.state} (times are in ${shift.state} time)`],
              ['Length', formatMinutes(shift.durationMinutes)],
            ]}
          />
        </Box>
        <ShiftActions shift={shift} role={role} onMoved={onMoved} />
        {canSubmitHoursFor(shift, role) && <SubmitHoursLink shift={shift} />}
        <Anchor component={Link} to={routePath('contract', { contractId: shift.contractId })} mt="xs" style={{ alignSelf: 'flex-start' }}>
          View the service agreement
        </Anchor>
      </ShiftSummary>
    </Card>
  );
}

/** The series the shift belongs to: what it is, where this shift sits, the moves on all of it and a way to each shift. */
function SeriesSection({ shift, series, role, onMoved }: { shift: Shift; series: readonly Shift[]; role: Role | undefined; onMoved: (message: string) => void }) {
  const headingId = useId();
  const position = series.findIndex((one) => one.id === shift.id) + 1;
  const text = describeSeries(seriesOf(series));
  return (
    <section aria-labelledby={headingId} className={classes.series}>
      <Title order={2} size="h4" id={headingId}>
        Part of a series
      </Title>
      <Text mt={4}>
        {text.charAt(0).toUpperCase() + text.slice(1)}. This is shift {position} of {series.length}.
      </Text>
      <Text size="sm" mt={4} mb="sm">
        Move all of it at once here, or this one shift above.
      </Text>
      <SeriesActions shifts={series} role={role} onMoved={onMoved} />
      <ol aria-label="Shifts of the series" className={classes.list} style={{ marginTop: 'var(--mantine-spacing-md)', gap: 'var(--mantine-spacing-xs)' }}>
        {series.map((one) => (
          <li key={one.id}>
            <Group gap="xs" wrap="wrap">
              {one.id === shift.id ? (
                <Text component="span" fw={700} aria-current="page">
                  {formatShiftWhen(one)} (this shift)
                </Text>
              ) : (
                <Anchor component={Link} to={routePath('shift', { shiftId: one.id })}>
                  {formatShiftWhen(one)}
                </Anchor>
              )}
              <ShiftStatusBadge shift={one} />
            </Group>
          </li>
        ))}
      </ol>
    </section>
  );
}
