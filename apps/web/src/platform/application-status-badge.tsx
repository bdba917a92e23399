import { Badge } from '@mantine/core';
import { applicationStatusLabels, type ApplicationStatus } from '@tendly/domain/api/jobs';
import classes from './job-application.module.css';

/** A job application's status as a badge, coloured by status: the same on the worker's and the care seeker's side. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge component="span" radius="sm" tt="none" className={classes.statusBadge} data-status={status}>
      {applicationStatusLabels[status]}
    </Badge>
  );
}
