import { Loader, Paper, Skeleton, Text } from '@mantine/core';
import type { MeResponse } from '@tendly/domain/api/auth';
import { hasNoMailbox, NO_EMAIL_ADDRESS } from '@tendly/domain/contact-email';
import { roleLabels } from '@tendly/domain/roles';
import { UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { Notice } from './notice';

/**
 * Who is signed in, as GET /api/me answers (spec section 3): name, email and kind of account,
 * and, while a support coordinator acts for this client, who is really acting.
 */
export function SignedInSummary({
  me,
  isLoading,
  error,
}: {
  me: MeResponse | undefined;
  isLoading: boolean;
  error: Error | null;
}) {
  if (isLoading) {
    // The card's three lines, held while it loads, so that what is below it stays put.
    return (
      <Paper withBorder p="md" aria-busy="true">
        <Text size="lg" role="status">
          <Loader size="sm" aria-hidden style={{ verticalAlign: 'middle' }} /> Loading your account…
        </Text>
        <Text aria-hidden="true">
          <Skeleton component="span" display="inline-block" height="0.9em" width="14em" style={{ verticalAlign: 'middle' }} />
        </Text>
        <Text size="sm" aria-hidden="true">
          <Skeleton component="span" display="inline-block" height="0.9em" width="9em" style={{ verticalAlign: 'middle' }} />
        </Text>
      </Paper>
    );
  }
  if (error || !me) {
    return (
      <Notice tone="error" role="alert">
        <Text c="red.9">{error?.message ?? UNEXPECTED_RESPONSE_MESSAGE}</Text>
      </Notice>
    );
  }
  return (
    <Paper withBorder p="md">
      <Text fw={700} size="lg">
        {me.name}
      </Text>
      {hasNoMailbox(me.email) ? (
        <Text>
          {NO_EMAIL_ADDRESS}
          {me.actor ? `: emails for ${me.firstName} go to ${me.actor.name}, their support coordinator.` : ''}
        </Text>
      ) : (
        <Text>{me.email}</Text>
      )}
      <Text size="sm" c="dimmed">
        {roleLabels[me.role]} account{me.organisation ? ` · ${me.organisation}` : ''}
      </Text>
      {me.actor && (
        <Text mt="xs" size="sm">
          {me.actor.name}, support coordinator, is acting for {me.firstName}.
        </Text>
      )}
    </Paper>
  );
}
