import { Anchor, Button, Card, Checkbox, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import { INACTIVE_WORKER_HOURS, submitTimesheetsRequestSchema, type Timesheet } from '@tendly/domain/api/timesheets';
import { formatCents, formatMinutes, fullName } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { errorText, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { formatQuantity } from '../../platform/job-report-format';
import { jobReportCursor } from '../../platform/job-reports-api';
import { LoadMoreList } from '../../platform/load-more-list';
import { Notice } from '../../platform/notice';
import { useViewer } from '../../platform/session';
import { editTimesheetPath } from '../../platform/timesheet-links';
import { changedByHours, deleteTimesheet, fetchTimesheetPage, submitTimesheets, timesheetQueryKeys } from './timesheets-api';

type Announcement = { tone: 'success' | 'error'; text: string; toJobReports?: boolean };

/**
 * /saved-hours (issue 14; spec 2.5): hours saved day by day as drafts, each to change or delete,
 * and submitted together ("Submit selected", all or none). An inactive worker may read them but
 * not submit, change or delete them (the API refuses writing hours to an inactive profile).
 */
export default function SavedHoursPage() {
  const viewer = useViewer();
  const canWrite = !viewer?.isInactiveWorker;
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Timesheet | null>(null);
  const announcementRef = useRef<HTMLDivElement>(null);
  const query = useInfiniteQuery({
    queryKey: timesheetQueryKeys.list('DRAFT'),
    queryFn: ({ pageParam, signal }) => fetchTimesheetPage('DRAFT', pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const final = last.timesheets.at(-1);
      return last.allLoaded || !final ? undefined : jobReportCursor(final);
    },
  });
  const drafts = useMemo(() => query.data?.pages.flatMap((page) => page.timesheets) ?? [], [query.data]);
  // Only what is still listed stays selected (after a delete, a submit or a refresh).
  const chosen = drafts.filter((draft) => selected.has(draft.id)).map((draft) => draft.id);

  useEffect(() => {
    if (announcement) announcementRef.current?.focus();
  }, [announcement]);

  async function refresh() {
    await Promise.all(changedByHours.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }

  const submit = useMutation({
    mutationFn: submitTimesheets,
    onSuccess: async (submitted) => {
      setSelected(new Set());
      await refresh();
      setAnnouncement({
        tone: 'success',
        text: `${submitted.length === 1 ? 'One set of hours has' : `${submitted.length} sets of hours have`} been submitted for approval.`,
        toJobReports: true,
      });
    },
    onError: (error) => setAnnouncement({ tone: 'error', text: errorText(error) }),
  });

  function submitSelected() {
    if (submit.isPending) return;
    const parsed = submitTimesheetsRequestSchema.safeParse({ ids: chosen });
    if (!parsed.success) return setAnnouncement({ tone: 'error', text: parsed.error.issues[0]?.message ?? UNEXPECTED_RESPONSE_MESSAGE });
    submit.mutate(parsed.data.ids);
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Container size="md" py="xl">
      <Title order={1}>Saved hours</Title>
      <Text size="lg" mt="xs">
        Hours you saved for later. Check each day, then submit them together for the care seeker to approve.{' '}
        {canWrite && (
          <Anchor component={Link} to={routePath('submitTimesheet')}>
            Record more hours
          </Anchor>
        )}
      </Text>
      {!canWrite && (
        <Notice tone="warning" mt="md">
          <Text>{INACTIVE_WORKER_HOURS}</Text>
        </Notice>
      )}
      <div role="status" aria-live="polite">
        {announcement?.tone === 'success' && (
          <Notice tone="success" mt="md" ref={announcementRef} tabIndex={-1}>
            <Text>{announcement.text}</Text>
            {announcement.toJobReports && (
              <Anchor component={Link} to={routePath('unapprovedInvoices')}>
                Follow them in your job reports
              </Anchor>
            )}
          </Notice>
        )}
      </div>
      {announcement?.tone === 'error' && (
        <Notice tone="error" role="alert" mt="md" ref={announcementRef} tabIndex={-1}>
          <Text>{announcement.text}</Text>
        </Notice>
      )}
      {canWrite && drafts.length > 0 && (
        <Group mt="lg" gap="sm" align="center">
          <Checkbox
            label="Select all"
            checked={chosen.length === drafts.length}
            indeterminate={chosen.length > 0 && chosen.length < drafts.length}
            onChange={(event) => setSelected(event.currentTarget.checked ? new Set(drafts.map((draft) => draft.id)) : new Set())}
          />
          <BusyButton busy={submit.isPending} onClick={submitSelected}>
            {chosen.length > 0 ? `Submit selected (${chosen.length})` : 'Submit selected'}
          </BusyButton>
        </Group>
      )}
      <Stack mt="lg">
        <LoadMoreList
          query={{ ...query, hasData: query.data !== undefined }}
          items={drafts}
          label="Saved hours"
          itemKey={(draft) => draft.id}
          renderItem={(draft) => (
            <SavedHoursCard
              draft={draft}
              canWrite={canWrite}
              selected={selected.has(draft.id)}
              onSelect={(on) => toggle(draft.id, on)}
              onDelete={() => {
                setAnnouncement(null);
                setDeleting(draft);
              }}
            />
          )}
          loadingText="Loading your saved hours"
          errorText="We could not load your saved hours just now. Please try again in a minute."
          emptyText="You have no saved hours. Hours you save for later on Submit hours wait here until you submit them."
        />
      </Stack>
      {deleting && (
        <DeleteDraftDialog
          draft={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={async () => {
            setDeleting(null);
            await refresh();
            setAnnouncement({ tone: 'success', text: `The saved hours for ${deleting.clientName} on ${formatShiftWhen(deleting)} have been deleted.` });
          }}
        />
      )}
    </Container>
  );
}

function SavedHoursCard({
  draft,
  canWrite,
  selected,
  onSelect,
  onDelete,
}: {
  draft: Timesheet;
  canWrite: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  const when = formatShiftWhen(draft);
  const expensesCents = draft.expenses.reduce((sum, expense) => sum + expense.amountCents, 0);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h4" id={headingId}>
              Hours for {draft.clientName}
            </Title>
            <Text>{when}</Text>
            <Text size="sm" c="gray.7">
              Care seeker: {fullName(draft.careSeeker)}
            </Text>
          </div>
          {canWrite && <Checkbox label="Select" aria-label={`Select the hours for ${draft.clientName} on ${when}`} checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} />}
        </Group>
        <Text>
          {formatMinutes(draft.workedMinutes)} worked{draft.breakMinutes > 0 ? `, after an unpaid break of ${formatMinutes(draft.breakMinutes)}` : ''}
          {draft.travelKm > 0 ? `; ${formatQuantity(draft.travelKm, 'KM')} travelled` : ''}
          {draft.expenses.length > 0 ? `; ${draft.expenses.length === 1 ? 'one expense' : `${draft.expenses.length} expenses`} (${formatCents(expensesCents)})` : ''}.
        </Text>
        {draft.shiftNote === '' ? <Text c="gray.7">No shift note yet.</Text> : <Text lineClamp={3}>Shift note: {draft.shiftNote}</Text>}
        {draft.estimate ? (
          <Text fw={700}>Price as it will be invoiced: {formatCents(draft.estimate.totalCents)}</Text>
        ) : (
          draft.priceProblem && (
            <Notice tone="warning">
              <Text>These hours cannot be priced yet: {draft.priceProblem}</Text>
            </Notice>
          )
        )}
        {canWrite && (
          <Group gap="sm">
            <Button component={Link} to={editTimesheetPath(draft.id)} variant="outline" aria-label={`Change the hours for ${draft.clientName} on ${when}`}>
              Change
            </Button>
            <Button variant="outline" color="red.9" onClick={onDelete} aria-label={`Delete the hours for ${draft.clientName} on ${when}`}>
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Deleting saved hours asks first; focus starts on Cancel, the choice that keeps them. */
function DeleteDraftDialog({ draft, onClose, onDeleted }: { draft: Timesheet; onClose: () => void; onDeleted: () => Promise<void> }) {
  const remove = useMutation({ mutationFn: () => deleteTimesheet(draft.id), onSuccess: onDeleted });
  return (
    <Modal opened onClose={onClose} title="Delete these saved hours?" closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Text>
          The hours for {draft.clientName} on {formatShiftWhen(draft)} are deleted, with their expenses and shift note. This cannot be undone.
        </Text>
        {remove.error !== null && (
          <Notice tone="error" role="alert">
            <Text>{errorText(remove.error)}</Text>
          </Notice>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <BusyButton color="red.9" busy={remove.isPending} onClick={() => remove.mutate()}>
            Delete hours
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
