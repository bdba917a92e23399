import { Anchor, Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WORKER_PROFILE_FAILED } from '@tendly/domain/errors';
import { Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';

/** GET /api/carer/{id} answered 404: no such worker, or their profile is not active. */
export function WorkerProfileNotFound() {
  const site = useSiteConfig();
  return (
    <Container size="sm" py={48}>
      <Title order={1}>We could not find this worker</Title>
      <Text mt="md" size="lg">
        This profile does not exist or is not available right now. The worker may have paused their profile, or the
        link may be wrong.
      </Text>
      <Anchor component={Link} to={sitePath(site, 'workerSearch')} mt="lg" display="inline-block" size="lg" fw={600}>
        Find other care and support workers
      </Anchor>
    </Container>
  );
}

/** Any other failure: the spec's message (section 8) and a way to try again. */
export function WorkerProfileFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <Container size="sm" py={48}>
      <Title order={1}>Care worker profile</Title>
      <Notice tone="error" role="alert" mt="md">
        <Text>{WORKER_PROFILE_FAILED}</Text>
      </Notice>
      <Button mt="md" onClick={onRetry} aria-busy={isRetrying || undefined}>
        Try again
      </Button>
    </Container>
  );
}
