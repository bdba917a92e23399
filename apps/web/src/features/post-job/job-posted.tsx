import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '@tendly/domain/routes';
import { Notice } from '../../platform/notice';
import { isNonEmptyString, isRecord, isString } from '../../platform/shape-checks';
import { useSiteConfig } from '../../platform/site-config';
import { SuggestedWorkers } from './suggested-workers';
import { stepPath } from './wizard-steps';

/** What the wizard hands the confirmation in the history state, so a reload still shows it. */
export interface PostedJob {
  readonly id: string;
  readonly title: string;
  readonly notifiesWorkers: boolean;
}

export function readPostedJob(state: unknown): PostedJob | null {
  if (!isRecord(state) || !isRecord(state.postedJob)) return null;
  const { id, title, notifiesWorkers } = state.postedJob;
  if (!isNonEmptyString(id) || !isString(title) || typeof notifiesWorkers !== 'boolean') return null;
  return { id, title, notifiesWorkers };
}

/**
 * After posting (spec section 4, job creation alert): the job is posted, whether workers nearby
 * are being told, where to go next, and the workers who match it best, to invite (issue 31, item 5).
 */
export function JobPosted({ job }: { job: PostedJob }) {
  const site = useSiteConfig();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Your job is posted</Title>
      <Stack gap="md" mt="lg">
        <Notice tone="success" role="status">
          <Text fw={700}>“{job.title}” is now live on {site.brandName}.</Text>
        </Notice>
        <Text size="lg">
          {job.notifiesWorkers
            ? 'We are emailing workers who live nearby and have the right skills, so you should start hearing from them soon.'
            : 'You chose not to email workers nearby, so workers will find your job on the job board or when you invite them.'}
        </Text>
        <Text>You can see who applies, and change your job, in your job posts.</Text>
        <Group gap="md" mt="md">
          <Button component={Link} to={routePath('jobDetails', { jobId: job.id })} size="lg">
            View your job
          </Button>
          <Button component={Link} to={routePath('myJobPosts')} size="lg" variant="outline">
            See all your job posts
          </Button>
        </Group>
        <Anchor component={Link} to={stepPath(1)}>
          Post another job
        </Anchor>
      </Stack>
      <SuggestedWorkers jobId={job.id} />
    </Container>
  );
}
