import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '@tendly/domain/roles';
import { ApiError, errorText } from '../../platform/api-client';
import { JobReportCard, type JobReportOutcome } from '../../platform/job-report-card';
import { fetchJobReport, jobReportQueryKeys } from '../../platform/job-reports-api';
import { Notice } from '../../platform/notice';
import { LoadingStatus } from '../../platform/page-load-state';

const NOT_FOUND_MESSAGE = 'We could not find that job report. It may not exist, or it is not one of yours.';

/**
 * Issue 31 item 8: the one report a job report email's button names (`?report=`), with the same
 * card and decisions as the lists, so the email leads to the report itself, not to a list to search.
 */
export function OpenedJobReport({ reportId, role, onOutcome }: { reportId: string; role: Role | undefined; onOutcome: (outcome: JobReportOutcome) => void }) {
  const report = useQuery({ queryKey: jobReportQueryKeys.one(reportId), queryFn: ({ signal }) => fetchJobReport(reportId, signal) });
  if (report.data) return <JobReportCard report={report.data} role={role} onOutcome={onOutcome} headingLevel={2} />;
  if (report.isError) {
    const notFound = report.error instanceof ApiError && (report.error.status === 404 || report.error.status === 400);
    return (
      <Notice tone="error" role="alert">
        <Text>{notFound ? NOT_FOUND_MESSAGE : errorText(report.error)}</Text>
      </Notice>
    );
  }
  return (
    <LoadingStatus what="the job report">
      <Skeleton height={220} radius="md" aria-hidden="true" />
    </LoadingStatus>
  );
}
