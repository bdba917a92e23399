import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import type { Invoice } from '@tendly/domain/api/invoices';
import { REJECTION_REASON_MAX, rejectJobReportRequestSchema, timesheetStatusLabels, type Timesheet, type TimesheetStatus } from '@tendly/domain/api/timesheets';
import { formatCents, formatMinutes, fullName } from '@tendly/domain/format';
import type { Role } from '@tendly/domain/roles';
import { routePath } from '@tendly/domain/routes';
import { errorText } from './api-client';
import { BusyButton } from './busy-button';
import { formatDateIn, formatQuantity } from './job-report-format';
import { approveJobReport, downloadReceipt, isAlreadyDecided, jobReportQueryKeys, rejectJobReport } from './job-reports-api';
import { ErrorNotice, Notice } from './notice';
import { ReasonDialog, reasonCheckedBy } from './reason-dialog';
import { TimesheetEstimate } from './timesheet-estimate';
import { editTimesheetPath } from './timesheet-links';

/** What happened to a report after a decision on its card, for the page to announce. */
export type JobReportOutcome =
  | { kind: 'approved'; report: Timesheet; invoice: Invoice }
  | { kind: 'rejected'; report: Timesheet }
  | { kind: 'alreadyDecided'; report: Timesheet; message: string };

const checkRejectionReason = reasonCheckedBy(rejectJobReportRequestSchema);

const statusColours: Record<TimesheetStatus, string> = { DRAFT: 'gray.7', SUBMITTED: 'blue.9', APPROVED: 'teal.9', REJECTED: 'red.9' };

/**
 * One job report (submitted hours, issue 14) as both sides see it: the shift's local times, time
 * worked and break, travel, expenses with receipts, the shift note, the price as it will be
 * invoiced, and the decision. The care seeker side approves or rejects while it waits; the
 * worker fixes a rejected one or opens the invoice of an approved one.
 */
export function JobReportCard({
  report,
  role,
  onOutcome,
  headingLevel = 2,
}: {
  report: Timesheet;
  role: Role | undefined;
  onOutcome: (outcome: JobReportOutcome) => void;
  /** The card's heading level, one below the heading above the list. */
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const worker = role === 'CR';
  const title = worker ? `Hours for ${report.clientName}` : `Hours from ${fullName(report.worker)}`;
  const when = formatShiftWhen(report);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={headingLevel} id={headingId} size="h4">
              {title}
            </Title>
            <Text>{when}</Text>
            <Text size="sm" c="gray.7">
              {worker ? `Care seeker: ${fullName(report.careSeeker)}` : `Client: ${report.clientName}`}
            </Text>
          </div>
          <Badge variant="filled" color={statusColours[report.status]} radius="sm" tt="none">
            {timesheetStatusLabels[report.status]}
          </Badge>
        </Group>
        {report.cancellation ? (
          <Text>
            Short-notice cancellation, charged at {report.cancellation.chargePercent}% of the booked shift
            {report.cancellation.reason ? `. Reason: ${report.cancellation.reason}` : ''}.
          </Text>
        ) : (
          <Text>
            {formatMinutes(report.workedMinutes)} worked{report.breakMinutes > 0 ? `, after an unpaid break of ${formatMinutes(report.breakMinutes)}` : ', no break'}.
          </Text>
        )}
        {report.travelKm > 0 && (
          <Text>
            Travel: {formatQuantity(report.travelKm, 'KM')}
            {report.travelNote ? ` (${report.travelNote})` : ''}
          </Text>
        )}
        {report.expenses.length > 0 && <Expenses report={report} />}
        {report.shiftNote !== '' && (
          <div>
            <Text fw={700}>Shift note</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{report.shiftNote}</Text>
          </div>
        )}
        <TimesheetEstimate timesheet={report} title={report.status === 'APPROVED' ? 'Price as invoiced' : 'Price as it will be invoiced'} />
        {report.status === 'SUBMITTED' && report.autoApproveAt && <Text>Approved automatically on {formatDateIn(report.autoApproveAt, report.timeZone)} if nobody decides before then.</Text>}
        {report.status === 'SUBMITTED' && report.approvalHolds.length > 0 && (
          // Issue 29: such a report is never approved automatically; the card says why it waits.
          <Notice tone="warning">
            <Text>
              {worker ? 'Waits for the care seeker’s approval' : 'Needs your approval'}: {report.approvalHolds.map((hold) => hold.message).join('; ')}. It is not approved automatically.
            </Text>
          </Notice>
        )}
        {report.status === 'REJECTED' && report.rejectionReason && (
          <Notice tone="warning">
            <Text fw={700}>Why it was sent back</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{report.rejectionReason}</Text>
          </Notice>
        )}
        <Group gap="sm">
          {report.canDecide && <DecisionButtons report={report} when={when} onOutcome={onOutcome} />}
          {worker && report.status === 'REJECTED' && report.canEdit && (
            <Button component={Link} to={editTimesheetPath(report.id)} variant="outline">
              Fix and resubmit
            </Button>
          )}
          {report.status === 'APPROVED' && report.invoiceId && (
            <Anchor component={Link} to={routePath('invoice', { invoiceId: report.invoiceId })}>
              View the invoice
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Expenses({ report }: { report: Timesheet }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <Text fw={700}>Expenses</Text>
      <ul style={{ margin: 0 }}>
        {report.expenses.map((expense) => (
          <li key={expense.id}>
            {expense.description}: {formatCents(expense.amountCents)}
            {/* Issue 28: a disbursement paid as the client's agent is invoiced without GST (ATO GSTR 2000/37). */}
            {expense.paidAsAgent ? ' (paid as the client’s agent)' : ''}
            {expense.receipt && (
              <>
                {' '}
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => {
                    setProblem(null);
                    const receipt = expense.receipt;
                    if (receipt) downloadReceipt(receipt.url, receipt.fileName).catch((error: unknown) => setProblem(errorText(error)));
                  }}
                >
                  Receipt ({expense.receipt.fileName})
                </Anchor>
              </>
            )}
          </li>
        ))}
      </ul>
      <ErrorNotice message={problem} />
    </div>
  );
}

function DecisionButtons({ report, when, onOutcome }: { report: Timesheet; when: string; onOutcome: (outcome: JobReportOutcome) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobReportQueryKeys.all });
  const approve = useMutation({
    mutationFn: () => approveJobReport(report.id),
    onSuccess: async (invoice) => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['invoices'] })]);
      onOutcome({ kind: 'approved', report, invoice });
    },
    onError: async (error) => {
      if (!isAlreadyDecided(error)) return;
      await refresh();
      onOutcome({ kind: 'alreadyDecided', report, message: errorText(error) });
    },
  });
  return (
    <>
      <BusyButton color="teal.9" busy={approve.isPending} onClick={() => approve.mutate()} aria-label={`Approve the hours of ${when}`}>
        Approve
      </BusyButton>
      <Button variant="outline" color="red.9" onClick={() => setRejecting(true)} aria-label={`Reject the hours of ${when}`}>
        Reject
      </Button>
      {approve.error !== null && !isAlreadyDecided(approve.error) && (
        <Notice tone="error" role="alert">
          <Text>{errorText(approve.error)}</Text>
        </Notice>
      )}
      {rejecting && (
        <RejectJobReportDialog
          report={report}
          when={when}
          onClose={() => setRejecting(false)}
          onDone={async (outcome) => {
            setRejecting(false);
            await refresh();
            onOutcome(outcome);
          }}
        />
      )}
    </>
  );
}

/** Sending hours back to the worker, with the reason they will see (required). */
export function RejectJobReportDialog({
  report,
  when,
  onClose,
  onDone,
}: {
  report: Timesheet;
  when: string;
  onClose: () => void;
  onDone: (outcome: JobReportOutcome) => void | Promise<void>;
}) {
  const reject = useMutation({
    mutationFn: (text: string) => rejectJobReport(report.id, text),
    onSuccess: (rejected) => onDone({ kind: 'rejected', report: rejected }),
    onError: (error) => {
      if (isAlreadyDecided(error)) void onDone({ kind: 'alreadyDecided', report, message: errorText(error) });
    },
  });
  return (
    <ReasonDialog
      title="Reject these hours"
      explanation={when}
      label="What should the worker fix?"
      description={`${fullName(report.worker)} will see this and can send the hours again.`}
      confirmLabel="Reject hours"
      maxLength={REJECTION_REASON_MAX}
      validate={checkRejectionReason}
      busy={reject.isPending}
      // Someone decided first: the card says so instead.
      error={isAlreadyDecided(reject.error) ? null : reject.error}
      onConfirm={(reason) => reject.mutate(reason)}
      onClose={onClose}
    />
  );
}
