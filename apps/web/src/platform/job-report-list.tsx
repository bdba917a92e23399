import { Anchor, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { timesheetStatusLabels, type TimesheetStatus } from '@tendly/domain/api/timesheets';
import type { Role } from '@tendly/domain/roles';
import { routePath } from '@tendly/domain/routes';
import { JobReportCard, type JobReportOutcome } from './job-report-card';
import { fetchJobReportPage, JOB_REPORTS_PAGE_SIZE, jobReportCursor, jobReportQueryKeys } from './job-reports-api';
import { LoadMoreList } from './load-more-list';
import { Notice } from './notice';

const emptyText: Record<'CS' | 'CR', Record<TimesheetStatus, string>> = {
  CS: { DRAFT: '', SUBMITTED: 'No hours are waiting for your approval.', REJECTED: 'No hours have been sent back to a worker.', APPROVED: 'No approved hours yet.' },
  CR: { DRAFT: '', SUBMITTED: 'None of your hours are waiting for approval.', REJECTED: 'No hours have been sent back to you.', APPROVED: 'No approved hours yet.' },
};

/** The message of a decision, for the page's live region. */
export function outcomeNotice(outcome: JobReportOutcome): { tone: 'success' | 'warning'; text: string; invoiceId: string | null } {
  switch (outcome.kind) {
    case 'approved':
      return { tone: 'success', text: `Hours approved. Invoice ${outcome.invoice.number} has been issued.`, invoiceId: outcome.invoice.id };
    case 'rejected':
      return { tone: 'success', text: `Hours sent back to ${outcome.report.worker.firstName} to fix.`, invoiceId: null };
    case 'alreadyDecided':
      return { tone: 'warning', text: `${outcome.message} The list has been refreshed to show where it is now.`, invoiceId: null };
  }
}

/** The announcement area above a list of job reports, with a link to the invoice after an approval. */
export function OutcomeAnnouncement({ notice }: { notice: ReturnType<typeof outcomeNotice> | null }) {
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <Notice tone={notice.tone} mt="md">
          <Text>{notice.text}</Text>
          {notice.invoiceId && (
            <Anchor component={Link} to={routePath('invoice', { invoiceId: notice.invoiceId })}>
              View the invoice
            </Anchor>
          )}
        </Notice>
      )}
    </div>
  );
}

/** A paged list of job reports of one status ("Load more"); `limit` caps the first page (the overview shows a few). */
export function JobReportList({
  status,
  role,
  onOutcome,
  limit = JOB_REPORTS_PAGE_SIZE,
  paged = true,
  headingLevel = 2,
}: {
  status: TimesheetStatus;
  role: Role | undefined;
  onOutcome: (outcome: JobReportOutcome) => void;
  limit?: number;
  paged?: boolean;
  headingLevel?: 2 | 3;
}) {
  const query = useInfiniteQuery({
    queryKey: jobReportQueryKeys.list(status, limit),
    queryFn: ({ pageParam, signal }) => fetchJobReportPage(status, pageParam, limit, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const final = last.timesheets.at(-1);
      return last.allLoaded || !final ? undefined : jobReportCursor(final);
    },
  });
  return (
    <LoadMoreList
      query={{ ...query, hasData: query.data !== undefined }}
      items={query.data?.pages.flatMap((page) => page.timesheets) ?? []}
      label={`${timesheetStatusLabels[status]}: hours`}
      itemKey={(report) => report.id}
      renderItem={(report) => <JobReportCard report={report} role={role} onOutcome={onOutcome} headingLevel={headingLevel} />}
      loadingText="Loading the hours"
      errorText="We could not load the hours just now. Please try again in a minute."
      emptyText={emptyText[role === 'CR' ? 'CR' : 'CS'][status]}
      paged={paged}
    />
  );
}
