import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { bookingRepeatLabels, bookingResponseStatusLabels, cancellationReasonLabels, formatShiftWhen, type Shift } from '@tendly/domain/api/bookings';
import type { Role } from '@tendly/domain/roles';
import { routePath } from '@tendly/domain/routes';

/** The person on the other side of a shift, as the viewer names them. */
export function otherPersonOf(shift: Shift, role: Role | undefined): string {
  return role === 'CR' ? shift.clientName : `${shift.worker.firstName} ${shift.worker.lastName}`.trim();
}

const statusColours = { CONFIRMED: 'teal.9', UNCONFIRMED: 'blue.9', CANCELLED: 'gray.7' } as const;

export function ShiftStatusBadge({ shift }: { shift: Shift }) {
  return (
    <Badge component="span" radius="sm" tt="none" variant="outline" color={statusColours[shift.scheduleResponseStatus]}>
      {bookingResponseStatusLabels[shift.scheduleResponseStatus]}
    </Badge>
  );
}

/**
 * One shift's facts: who, when (in the state's time), the repeat, the status and any cancellation.
 * In a list, `linksToPage` makes the time a link to the shift's own page (the one its emails open).
 */
export function ShiftSummary({
  shift,
  role,
  headingLevel = 3,
  linksToPage = false,
  children,
}: {
  shift: Shift;
  role: Role | undefined;
  headingLevel?: 2 | 3 | 4;
  linksToPage?: boolean;
  children?: ReactNode;
}) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  const who = role === 'CR' ? `Support with ${otherPersonOf(shift, role)}` : `Support by ${otherPersonOf(shift, role)}`;
  return (
    <Stack gap={4}>
      <Heading style={{ margin: 0, fontSize: '1.1rem' }}>{who}</Heading>
      <Text>
        {linksToPage ? (
          <Anchor component={Link} to={routePath('shift', { shiftId: shift.id })}>
            <time dateTime={shift.startsAt}>{formatShiftWhen(shift)}</time>
          </Anchor>
        ) : (
          <time dateTime={shift.startsAt}>{formatShiftWhen(shift)}</time>
        )}
      </Text>
      <Group gap="xs">
        <ShiftStatusBadge shift={shift} />
        {shift.cancellation?.shortNotice && (
          <Badge component="span" radius="sm" tt="none" variant="outline" color="red.9">
            Short-notice cancellation
          </Badge>
        )}
        {shift.repeat !== 'NONE' && (
          <Text component="span" size="sm" c="gray.7">
            {bookingRepeatLabels[shift.repeat]}
          </Text>
        )}
      </Group>
      {shift.note !== '' && <Text size="sm">Note: {shift.note}</Text>}
      {shift.cancellation && (
        <Text size="sm">
          Cancelled by {shift.cancellation.cancelledBy === 'WORKER' ? 'the worker' : 'the care seeker'}
          {shift.cancellation.noShow ? ' (no-show)' : ''}: {shift.cancellation.reason}
          {shift.cancellation.reasonCode ? ` (${cancellationReasonLabels[shift.cancellation.reasonCode]})` : ''}
        </Text>
      )}
      {children}
    </Stack>
  );
}
