import { Anchor, Container, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import type { Timesheet } from '@tendly/domain/api/timesheets';
import { formatCents, formatMinutes } from '@tendly/domain/format';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { formatQuantity } from '../../platform/job-report-format';
import { approveJobReportByLink, fetchJobReportByLink, isAlreadyDecided, jobReportQueryKeys } from '../../platform/job-reports-api';
import { Notice } from '../../platform/notice';

/** What a link that cannot be used says: the API's own message (expired, used, changed nominee), else ours. */
function linkProblem(error: unknown): string {
  // 0 is our own network message; 400, 404, 409 and 410 carry the API's message about the link.
  if (error instanceof ApiError && [0, 400, 404, 409, 410].includes(error.status)) return error.message;
  return UNEXPECTED_RESPONSE_MESSAGE;
}

function Summary({ report }: { report: Timesheet }) {
  const worker = `${report.worker.firstName} ${report.worker.lastName}`.trim();
  return (
    <Stack gap="xs">
      <Text>
        <strong>{worker}</strong> worked with <strong>{report.clientName}</strong> on {formatShiftWhen(report)}.
      </Text>
      <Text>
        {formatMinutes(report.workedMinutes)} worked{report.breakMinutes > 0 ? `, after an unpaid break of ${formatMinutes(report.breakMinutes)}` : ''}.
        {report.travelKm > 0 ? ` Travel: ${formatQuantity(report.travelKm, 'KM')}.` : ''}
        {report.expenses.length > 0 ? ` Expenses: ${formatCents(report.expenses.reduce((sum, expense) => sum + expense.amountCents, 0))}.` : ''}
      </Text>
      {report.shiftNote !== '' && (
        <div>
          <Text fw={700}>Shift note</Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{report.shiftNote}</Text>
        </div>
      )}
      {report.estimate ? <Text fw={700}>Total to be invoiced: {formatCents(report.estimate.totalCents)}</Text> : report.priceProblem ? <Text>{report.priceProblem}</Text> : null}
    </Stack>
  );
}

/**
 * /approve-hours?token= (issue 14, public): the nominee's emailed link. It shows the hours and
 * approves them without signing in; the signed token is the proof. An expired, used or replaced
 * link says so.
 */
export default function ApproveHoursPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const report = useQuery({
    queryKey: jobReportQueryKeys.byLink(token),
    queryFn: ({ signal }) => fetchJobReportByLink(token, signal),
    enabled: token !== '',
    retry: false,
  });
  const approve = useMutation({ mutationFn: () => approveJobReportByLink(token) });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const done = approve.isSuccess || isAlreadyDecided(approve.error);
  useEffect(() => {
    if (done) outcomeRef.current?.focus();
  }, [done]);

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Approve hours</Title>
      {token === '' && (
        <Notice tone="error" role="alert" mt="md">
          <Text>This link is not complete. Open the link in the email again, or ask the account holder to approve the hours.</Text>
        </Notice>
      )}
      {report.isPending && token !== '' && (
        <div role="status">
          <VisuallyHidden>Loading the hours</VisuallyHidden>
        </div>
      )}
      {report.isError && (
        <Notice tone="error" role="alert" mt="md">
          <Text>{linkProblem(report.error)}</Text>
          <Text mt="xs">The account holder can still approve these hours after signing in.</Text>
        </Notice>
      )}
      {report.data && (
        <Stack gap="md" mt="md">
          <Summary report={report.data} />
          {approve.isSuccess ? (
            <Notice tone="success" role="status" ref={outcomeRef} tabIndex={-1}>
              <Text>Thank you. The hours are approved and the invoice has been issued.</Text>
            </Notice>
          ) : isAlreadyDecided(approve.error) ? (
            <Notice tone="info" role="status" ref={outcomeRef} tabIndex={-1}>
              <Text>{linkProblem(approve.error)}</Text>
            </Notice>
          ) : report.data.status !== 'SUBMITTED' ? (
            <Notice tone="info" role="status">
              <Text>These hours have already been {report.data.status === 'APPROVED' ? 'approved' : 'decided'}. There is nothing more to do.</Text>
            </Notice>
          ) : (
            <>
              <BusyButton color="teal.9" busy={approve.isPending} onClick={() => approve.mutate()} style={{ alignSelf: 'flex-start' }}>
                Approve these hours
              </BusyButton>
              <Text size="sm">
                Something not right? Ask the account holder to sign in and send the hours back to the worker with what to fix, or{' '}
                <Anchor component={Link} to="/contact-us">
                  contact us
                </Anchor>.
              </Text>
            </>
          )}
          {approve.error !== null && !isAlreadyDecided(approve.error) && (
            <Notice tone="error" role="alert">
              <Text>{linkProblem(approve.error)}</Text>
            </Notice>
          )}
        </Stack>
      )}
    </Container>
  );
}
