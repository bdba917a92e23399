import { Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Notice } from '../../platform/notice';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { RecordPageSkeleton } from '../../platform/record-page-skeleton';

/** GET /api/jobs/{jobId} answered 404: no such job, or a link that is wrong. */
export function JobNotFound() {
  const site = useSiteConfig();
  const viewer = useViewer();
  return (
    <Container size="sm" py={48}>
      <Title order={1}>We could not find this job</Title>
      <Text mt="md" size="lg">
        The job may have been taken down by the person who posted it, or the link may be wrong.
      </Text>
      {viewer?.role === 'CR' ? (
        <Anchor component={Link} to={sitePath(site, 'jobSearch')} mt="lg" display="inline-block" size="lg" fw={600}>
          Find other jobs
        </Anchor>
      ) : (
        <Group gap="lg" mt="lg">
          <Anchor component={Link} to={sitePath(site, 'home')} size="lg" fw={600}>
            Go to the home page
          </Anchor>
          <Anchor component={Link} to={sitePath(site, 'workerLanding')} size="lg" fw={600}>
            Looking for work? Find out how it works
          </Anchor>
        </Group>
      )}
    </Container>
  );
}

/** Any other failure: say so plainly and offer another try. */
export function JobLoadFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <Container size="sm" py={48}>
      <Title order={1}>Job details</Title>
      <Notice tone="error" role="alert" mt="md">
        <Text>We could not load this job just now. Our servers may be busy; please try again in a minute.</Text>
      </Notice>
      <Button mt="md" onClick={onRetry} aria-busy={isRetrying || undefined}>
        Try again
      </Button>
    </Container>
  );
}

/** The job's shape while it loads; a screen reader hears that it is loading instead. */
export function JobDetailsSkeleton() {
  return (
    <RecordPageSkeleton
      loading="Loading the job"
      header={
        <Stack gap="sm" aria-hidden="true">
          <Skeleton height={36} width="60%" />
          <Skeleton height={18} width="35%" />
        </Stack>
      }
    />
  );
}
