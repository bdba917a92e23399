import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import type { ShiftNote } from '@tendly/domain/api/timesheets';
import { routePath } from '@tendly/domain/routes';
import { stateTimeZone } from '@tendly/domain/states';
import { formatDateIn } from '../../platform/job-report-format';
import { LoadMoreList } from '../../platform/load-more-list';
import { useViewer } from '../../platform/session';
import { fetchShiftNotePage, shiftNoteQueryKeys } from './shift-notes-api';
import { fullName } from '@tendly/domain/format';

/**
 * /shift-notes (issue 14; spec 2.6 and 4): the notes written after each shift, newest first: a
 * worker's own, and for a care seeker those of the hours submitted to them.
 */
export default function ShiftNotesPage() {
  const worker = useViewer()?.role === 'CR';
  const query = useInfiniteQuery({
    queryKey: shiftNoteQueryKeys.list,
    queryFn: ({ pageParam, signal }) => fetchShiftNotePage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const final = last.shiftNotes.at(-1);
      return last.allLoaded || !final ? undefined : final.createdAt;
    },
  });
  return (
    <Container size="md" py="xl">
      <Title order={1}>Shift notes</Title>
      <Text size="lg" mt="xs">
        {worker ? 'The notes you wrote after each shift, newest first.' : 'The notes your workers wrote after each shift, newest first.'}
      </Text>
      <Group mt="md" mb="xl" gap="md">
        <Button component={Link} to={routePath('shiftNotesDownload')} variant="outline">
          Download shift notes
        </Button>
        {worker && (
          <Anchor component={Link} to={routePath('submitTimesheet')}>
            Write a note with your hours
          </Anchor>
        )}
      </Group>
      <LoadMoreList
        query={{ ...query, hasData: query.data !== undefined }}
        items={query.data?.pages.flatMap((page) => page.shiftNotes) ?? []}
        label="Shift notes"
        itemKey={(note) => note.id}
        renderItem={(note) => <ShiftNoteCard note={note} worker={worker} />}
        loadingText="Loading the shift notes"
        errorText="We could not load the shift notes just now. Please try again in a minute."
        emptyText={worker ? 'No shift notes yet. Write one when you submit your hours.' : 'No shift notes yet. Your workers write them when they submit their hours.'}
      />
    </Container>
  );
}

function ShiftNoteCard({ note, worker }: { note: ShiftNote; worker: boolean }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={2} size="h4" id={headingId}>
          {worker ? `Shift with ${note.clientName}` : `Shift by ${fullName(note.worker)} for ${note.clientName}`}
        </Title>
        <Text>{formatShiftWhen(note)}</Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} mt="xs">
          {note.body}
        </Text>
        <Text size="sm" c="gray.7" mt="xs">
          Written by {fullName(note.worker)} on {formatDateIn(note.createdAt, stateTimeZone(note.state))}
        </Text>
      </Stack>
    </Card>
  );
}
