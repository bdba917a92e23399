import { Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TIMESHEET_NOT_EDITABLE, type Timesheet } from '@tendly/domain/api/timesheets';
import { routePath } from '@tendly/domain/routes';
import { ApiError, errorText } from '../../platform/api-client';
import { formatDateIn } from '../../platform/job-report-format';
import { Notice } from '../../platform/notice';
import { TimesheetEstimate } from '../../platform/timesheet-estimate';
import { SHIFT_PARAM, TIMESHEET_PARAM } from '../../platform/timesheet-links';
import { TimesheetForm } from './timesheet-form';
import { changedByHours, fetchReportableWork, timesheetQueryKeys } from './timesheets-api';
import { LoadingStatus } from '../../platform/page-load-state';
import { fetchJobReport } from '../../platform/job-reports-api';

const NOT_FOUND_MESSAGE = 'We could not find those hours. They may have been deleted, or they are not yours.';

/**
 * /submit-timesheet (issue 14; spec 2.5, blocked for inactive profiles by the route table): the
 * hours form. `?shift=` chooses a shift that has ended; `?timesheet=` loads saved or sent-back hours
 * to change. Saving a draft keeps the form open with the price it will be invoiced at; submitting
 * shows the job report's price and where to follow it.
 */
export default function SubmitTimesheetPage() {
  const [params, setParams] = useSearchParams();
  const timesheetId = params.get(TIMESHEET_PARAM);
  const shiftId = params.get(SHIFT_PARAM);
  const queryClient = useQueryClient();
  const work = useQuery({ queryKey: timesheetQueryKeys.toReport, queryFn: ({ signal }) => fetchReportableWork(signal) });
  const existing = useQuery({
    queryKey: timesheetQueryKeys.one(timesheetId ?? ''),
    queryFn: ({ signal }) => fetchJobReport(timesheetId ?? '', signal),
    enabled: timesheetId !== null,
  });
  const [saved, setSaved] = useState<Timesheet | null>(null);

  function onSaved(timesheet: Timesheet) {
    queryClient.setQueryData(timesheetQueryKeys.one(timesheet.id), timesheet);
    for (const queryKey of changedByHours) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    setSaved(timesheet);
    // New hours saved for later: from now on the form changes them (PUT), also after a reload.
    if (timesheet.status !== 'SUBMITTED' && timesheet.id !== timesheetId) setParams({ [TIMESHEET_PARAM]: timesheet.id }, { replace: true });
  }

  function startAgain() {
    // The shift just submitted is no longer waiting for hours.
    void queryClient.invalidateQueries({ queryKey: timesheetQueryKeys.toReport });
    setSaved(null);
    setParams({}, { replace: true });
  }

  const notFound = existing.error instanceof ApiError && (existing.error.status === 404 || existing.error.status === 400);
  // Only a load that has nothing to show fails the page. A refresh that fails while the form shows
  // (the saved hours fetched again once their address changed, or on coming back to the tab) must
  // not take the form, and what the worker has typed, away.
  const failed = work.isError && !work.data ? work : existing.isError && !existing.data ? existing : null;
  const initialShift = shiftId ? (work.data?.shifts.find((shift) => shift.id === shiftId) ?? null) : null;

  return (
    <Container size="md" py="xl">
      <Title order={1}>Submit hours</Title>
      <Text size="lg" mt="xs" mb="lg">
        Record the hours you worked on a shift, with any travel, expenses and a shift note. Save them for later, or submit them for the care seeker to
        approve.
      </Text>
      {saved?.status === 'SUBMITTED' ? (
        <SubmittedHours timesheet={saved} onAnother={startAgain} />
      ) : failed ? (
        <Stack gap="sm" align="flex-start">
          <Notice tone="error" role="alert">
            <Text>{failed === existing && notFound ? NOT_FOUND_MESSAGE : errorText(failed.error)}</Text>
          </Notice>
          {!(failed === existing && notFound) && (
            <Button variant="outline" onClick={() => void failed.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      ) : !work.data || (timesheetId !== null && !existing.data) ? (
        <LoadingStatus what="the hours form">
          <Skeleton height={480} radius="md" aria-hidden="true" />
        </LoadingStatus>
      ) : existing.data && !existing.data.canEdit ? (
        <Notice tone="info" role="status">
          <Text>{TIMESHEET_NOT_EDITABLE}</Text>
          <Anchor component={Link} to={routePath('unapprovedInvoices')}>
            See your job reports
          </Anchor>
        </Notice>
      ) : (
        <Stack gap="lg">
          {saved && <SavedForLater timesheet={saved} />}
          {shiftId !== null && !timesheetId && !initialShift && (
            <Notice tone="info">
              <Text>That shift is not waiting for hours: they may already be recorded (see Saved hours and your job reports), or the shift has not ended yet.</Text>
            </Notice>
          )}
          {!existing.data && work.data.shifts.length === 0 && work.data.contracts.length === 0 ? (
            <Notice tone="info">
              <Text>
                You have nothing to record hours for: no confirmed shift has ended without hours, and you have no active service agreement.{' '}
                <Anchor component={Link} to={routePath('myBookings')}>
                  See your bookings
                </Anchor>
              </Text>
            </Notice>
          ) : (
            <TimesheetForm key={timesheetId ?? 'new'} work={work.data} existing={existing.data ?? null} initialShift={initialShift} onSaved={onSaved} />
          )}
        </Stack>
      )}
    </Container>
  );
}

/** Hours saved as a draft: where to find them, and their price as it will be invoiced. Takes focus, so it is read out. */
function SavedForLater({ timesheet }: { timesheet: Timesheet }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [timesheet.updatedAt]);
  return (
    <Notice tone="success" role="status" ref={ref} tabIndex={-1}>
      <Stack gap="sm">
        <Text fw={700}>
          {timesheet.status === 'REJECTED' ? 'Your changes are saved. Submit the hours when they are ready.' : 'Saved for later.'}
        </Text>
        <Text>
          Find these hours in{' '}
          <Anchor component={Link} to={routePath('savedHours')}>
            Saved hours
          </Anchor>
          , or submit them below when you are ready.
        </Text>
        <TimesheetEstimate timesheet={timesheet} title="Price as it will be invoiced" />
      </Stack>
    </Notice>
  );
}

/** Hours submitted: a job report now waits for the care seeker. */
function SubmittedHours({ timesheet, onAnother }: { timesheet: Timesheet; onAnother: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="lg">
      <Notice tone="success" role="status" ref={ref} tabIndex={-1}>
        <Text fw={700}>Your hours are submitted.</Text>
        <Text mt="xs">
          {timesheet.careSeeker.firstName} has been asked to approve them
          {timesheet.autoApproveAt ? `. If nobody decides by ${formatDateIn(timesheet.autoApproveAt, timesheet.timeZone)}, they are approved automatically` : ''}. The
          invoice is issued when they are approved.
        </Text>
      </Notice>
      <TimesheetEstimate timesheet={timesheet} title="Price as it will be invoiced" />
      <Group gap="md">
        <Anchor component={Link} to={routePath('unapprovedInvoices')}>
          See your job reports
        </Anchor>
        <Button variant="outline" onClick={onAnother}>
          Submit more hours
        </Button>
      </Group>
    </Stack>
  );
}
