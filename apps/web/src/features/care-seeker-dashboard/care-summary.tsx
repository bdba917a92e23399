import { Skeleton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardHours, DashboardInvoice } from '@tendly/domain/api/care-seeker-dashboard';
import { errorText } from '../../platform/api-client';
import { invoiceQueryKeys } from '../../platform/invoices-api';
import { approveJobReport, isAlreadyDecided, jobReportQueryKeys } from '../../platform/job-reports-api';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { PayInvoiceDialog } from '../../platform/pay-invoice-dialog';
import { useActingPersonId } from '../../platform/session';
import { dashboardSummaryQueryKey, fetchDashboardSummary } from './dashboard-summary-api';
import { HoursToApproveBlock, InvoicesToPayBlock, MyWorkersBlock, UnreadMessagesBlock, UpcomingShiftsBlock } from './summary-blocks';
import classes from './care-summary.module.css';
import { fullName } from '@tendly/domain/format';

const BLOCK_NAMES = ['upcoming shifts', 'hours to approve', 'invoices to pay', 'my workers', 'unread messages'] as const;
/** About a block's height with an item or two, or its empty text and links. */
const BLOCK_PLACEHOLDER_HEIGHT = 190;

/**
 * What the care seeker's home leads with (issue 31, item 4): upcoming shifts, hours to approve,
 * invoices to pay, their workers and unread messages, from one call. Approving hours and paying
 * an invoice happen here; the other actions lead to their pages. A coordinator acting for the
 * client sees the client's.
 */
export function CareSummary() {
  const queryClient = useQueryClient();
  // A coordinator acting for a client reads the client's summary: it is cached under the client.
  const queryKey = dashboardSummaryQueryKey(useActingPersonId());
  const summary = useQuery({ queryKey, queryFn: ({ signal }) => fetchDashboardSummary(signal) });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [paying, setPaying] = useState<DashboardInvoice | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: jobReportQueryKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all })]);
  const approve = useMutation({
    mutationFn: (report: DashboardHours) => approveJobReport(report.id),
    onSuccess: async (invoice, report) => {
      setOutcome({ tone: 'success', text: `${fullName(report.worker)}’s hours are approved. Invoice ${invoice.number} is issued.` });
      await refresh();
    },
    onError: async (error) => {
      setOutcome({ tone: 'error', text: isAlreadyDecided(error) ? 'These hours were already approved or sent back. The list is up to date now.' : errorText(error) });
      if (isAlreadyDecided(error)) await refresh();
    },
  });

  if (summary.isError) {
    return (
      <LoadFailure query={summary} mt="md">
        We could not load your shifts, hours and invoices just now. {errorText(summary.error)}
      </LoadFailure>
    );
  }
  if (summary.isPending) {
    return (
      <LoadingStatus what="your shifts, hours and invoices">
        {/* The five blocks' places, laid out as they will be, so nothing below moves when they come. */}
        <div className={classes.blocks} aria-hidden="true">
          {BLOCK_NAMES.map((name) => (
            <Skeleton key={name} height={BLOCK_PLACEHOLDER_HEIGHT} radius="md" />
          ))}
        </div>
      </LoadingStatus>
    );
  }
  const data = summary.data;
  return (
    <>
      <OutcomeAnnouncement outcome={outcome} mb="md" />
      <div className={classes.blocks}>
        <UpcomingShiftsBlock block={data.upcomingShifts} hasWorkers={data.workers.total > 0} />
        <HoursToApproveBlock block={data.hoursToApprove} approvingId={approve.isPending ? approve.variables.id : null} onApprove={(report) => approve.mutate(report)} />
        <InvoicesToPayBlock block={data.invoicesToPay} onPay={setPaying} />
        <MyWorkersBlock block={data.workers} />
        <UnreadMessagesBlock block={data.unreadMessages} />
      </div>
      {paying && (
        <PayInvoiceDialog
          invoice={paying}
          onClose={() => setPaying(null)}
          onAlreadyPaid={() => void refresh()}
          onPaid={(_, card) => {
            setPaying(null);
            setOutcome({ tone: 'success', text: `Invoice ${paying.number} has been paid with ${card}.` });
            void refresh();
          }}
        />
      )}
    </>
  );
}
