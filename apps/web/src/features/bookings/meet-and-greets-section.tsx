import { Badge, Button, Card, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import {
  chosenOptionOf,
  describeMeetAndGreetMode,
  formatMeetAndGreetOption,
  meetAndGreetStatusLabels,
  type MeetAndGreet,
} from '@tendly/domain/api/meet-and-greets';
import type { Role } from '@tendly/domain/roles';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { answerMeetAndGreet, fetchMyMeetAndGreets, meetAndGreetQueryKeys } from '../../platform/meet-and-greets-api';
import { Notice } from '../../platform/notice';

const statusColour = { REQUESTED: 'blue.9', ACCEPTED: 'teal.9', DECLINED: 'gray.8', CANCELLED: 'gray.8' } as const;

/**
 * "Meet and greets" on /my-bookings (issue 31 item 11): each side's meet and greets, newest first.
 * The worker accepts one suggested time or declines; either side cancels an accepted one. A link
 * to `#meet-and-greet-{id}` (from an email or a notification) moves focus to that one.
 */
export function MeetAndGreetsSection({ role, onDone }: { role: Role | undefined; onDone: (message: string) => void }) {
  const headingId = useId();
  const list = useQuery({ queryKey: meetAndGreetQueryKeys.all, queryFn: ({ signal }) => fetchMyMeetAndGreets(signal) });
  const { hash } = useLocation();

  useEffect(() => {
    if (!list.data || !hash.startsWith('#meet-and-greet-')) return;
    const target = document.getElementById(hash.slice(1));
    if (target) {
      target.focus();
      target.scrollIntoView({ block: 'start' });
    }
  }, [list.data, hash]);

  if (list.isPending) return null;
  if (list.isError) {
    return (
      <Notice tone="error" role="alert" mt="xl">
        <Text>We could not load your meet and greets just now. Please try again in a minute.</Text>
      </Notice>
    );
  }
  if (list.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <Title order={2} size="h3" id={headingId}>
        Meet and greets
      </Title>
      <Text mt="xs" c="gray.8">
        Free, short meetings before any agreement. They are never billed.
      </Text>
      <Stack gap="md" mt="md">
        {list.data.map((meeting) => (
          <MeetAndGreetCard key={meeting.id} meeting={meeting} role={role} onDone={onDone} />
        ))}
      </Stack>
    </section>
  );
}

function MeetAndGreetCard({ meeting, role, onDone }: { meeting: MeetAndGreet; role: Role | undefined; onDone: (message: string) => void }) {
  const titleId = useId();
  const other = role === 'CR' ? meeting.careSeeker : meeting.worker;
  const chosen = chosenOptionOf(meeting);
  return (
    <Card withBorder radius="md" padding="md" id={`meet-and-greet-${meeting.id}`} tabIndex={-1} aria-labelledby={titleId} component="article">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text fw={700} id={titleId}>
          Meet and greet with {other.firstName} {other.lastName}
        </Text>
        <Badge color={statusColour[meeting.status]} variant={meeting.status === 'ACCEPTED' ? 'filled' : 'outline'}>
          {meeting.status === 'REQUESTED' && role === 'CR' ? 'Waiting for your answer' : meetAndGreetStatusLabels[meeting.status]}
        </Badge>
      </Group>
      <Text size="sm" mt="xs">
        {describeMeetAndGreetMode(meeting)}
      </Text>
      {chosen && (
        <Text size="sm" fw={600} mt={4}>
          {formatMeetAndGreetOption(chosen, meeting.state)}
        </Text>
      )}
      {meeting.status === 'REQUESTED' && role !== 'CR' && (
        <Text size="sm" mt={4}>
          Times you suggested: {meeting.options.map((option) => formatMeetAndGreetOption(option, meeting.state)).join('; ')}
        </Text>
      )}
      {meeting.note && (
        <Text size="sm" mt={4}>
          Note: {meeting.note}
        </Text>
      )}
      {meeting.responseNote && (
        <Text size="sm" mt={4}>
          {meeting.status === 'DECLINED' ? 'Reply' : 'Cancellation note'}: {meeting.responseNote}
        </Text>
      )}
      {meeting.status === 'REQUESTED' && role === 'CR' && <AnswerForm meeting={meeting} onDone={onDone} />}
      {meeting.status === 'ACCEPTED' && <CancelForm meeting={meeting} onDone={onDone} />}
    </Card>
  );
}

function useAnswer(meeting: MeetAndGreet, onDone: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'accept' | 'decline' | 'cancel'; body: { option: number } | { note: string } }) => answerMeetAndGreet(meeting.id, action, body),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: meetAndGreetQueryKeys.all });
      const chosen = chosenOptionOf(updated);
      if (updated.status === 'ACCEPTED' && chosen) onDone(`You accepted the meet and greet on ${formatMeetAndGreetOption(chosen, updated.state)}. It is on your calendar.`);
      else if (updated.status === 'DECLINED') onDone('You declined the meet and greet. We have let them know.');
      else onDone('The meet and greet is cancelled. We have let them know.');
    },
  });
}

function AnswerForm({ meeting, onDone }: { meeting: MeetAndGreet; onDone: (message: string) => void }) {
  const [option, setOption] = useState<string>('0');
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const answer = useAnswer(meeting, onDone);
  return (
    <Stack gap="sm" mt="sm">
      <Radio.Group label="Choose a time" value={option} onChange={setOption}>
        <Stack gap={6} mt="xs">
          {meeting.options.map((candidate, index) => (
            <Radio key={candidate.startLocal} value={String(index)} label={formatMeetAndGreetOption(candidate, meeting.state)} />
          ))}
        </Stack>
      </Radio.Group>
      {answer.error && (
        <Notice tone="error" role="alert">
          <Text size="sm">{errorText(answer.error)}</Text>
        </Notice>
      )}
      {declining && <Textarea label="A note for them (optional)" rows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} data-autofocus />}
      <Group gap="sm">
        {!declining && (
          <BusyButton busy={answer.isPending} onClick={() => answer.mutate({ action: 'accept', body: { option: Number(option) } })}>
            Accept this time
          </BusyButton>
        )}
        {declining ? (
          <>
            <BusyButton color="red.9" busy={answer.isPending} onClick={() => answer.mutate({ action: 'decline', body: { note } })}>
              Send decline
            </BusyButton>
            <Button variant="default" onClick={() => setDeclining(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button variant="outline" color="red.9" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function CancelForm({ meeting, onDone }: { meeting: MeetAndGreet; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const answer = useAnswer(meeting, onDone);
  if (!open) {
    return (
      <Group mt="sm">
        <Button variant="outline" color="red.9" size="sm" onClick={() => setOpen(true)}>
          Cancel meet and greet
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm" mt="sm">
      <Textarea label="A note for them (optional)" rows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      {answer.error && (
        <Notice tone="error" role="alert">
          <Text size="sm">{errorText(answer.error)}</Text>
        </Notice>
      )}
      <Group gap="sm">
        <BusyButton color="red.9" size="sm" busy={answer.isPending} onClick={() => answer.mutate({ action: 'cancel', body: { note } })}>
          Yes, cancel it
        </BusyButton>
        <Button variant="default" size="sm" onClick={() => setOpen(false)}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}
