import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { jobStatusLabels, type MyJobPost } from '@tendly/domain/api/jobs';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { CloseJobDialog } from '../../platform/close-job-dialog';
import { editJobPath } from '../../platform/job-format';
import { JobSummaryCard } from '../../platform/job-summary-card';
import { ErrorNotice, Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { reopenedMessage, useReopenJob } from '../../platform/use-reopen-job';
import { ApplicantsSection } from './applicants-section';
import { useMyJobPosts } from './use-my-job-posts';
import classes from './my-job-posts-page.module.css';
import cardListClasses from '../../platform/card-list.module.css';
import { LoadingStatus } from '../../platform/page-load-state';

/** The job whose applicants are open: `?job={jobId}`, so the job page's "See applicants" opens it. */
const JOB_PARAM = 'job';

function applicantCount(post: MyJobPost): string {
  if (post.applicationCount === 0) return 'No applicants yet';
  const total = `${post.applicationCount} ${post.applicationCount === 1 ? 'applicant' : 'applicants'}`;
  return post.pendingCount > 0 ? `${total}, ${post.pendingCount} waiting for your reply` : total;
}

/**
 * /my-job-posts (spec 2.4; issue 6): the care seeker's jobs with their status and applicant
 * counts, and, for the job chosen, the workers who applied. A support coordinator acting for a
 * client sees the client's jobs.
 */
export default function MyJobPostsPage() {
  const site = useSiteConfig();
  const posts = useMyJobPosts();

  return (
    <Container size="lg" py="xl">
      <div className={classes.header}>
        <div>
          <Title order={1}>My job posts</Title>
          <Text size="lg" mt="xs">
            Your jobs, and the workers who applied for them.
          </Text>
        </div>
        <Button component={Link} to={sitePath(site, 'postJob')} size="md">
          Post a job
        </Button>
      </div>
      {posts.data ? (
        <JobPosts posts={posts.data} />
      ) : posts.isError ? (
        <Stack gap="md" mt="xl" align="flex-start">
          <Notice tone="error" role="alert">
            <Text>We could not load your job posts just now. Please try again in a minute.</Text>
          </Notice>
          <Button onClick={() => void posts.refetch()} aria-busy={posts.isFetching || undefined}>
            Try again
          </Button>
        </Stack>
      ) : (
        <LoadingStatus what="your job posts">
          <Stack gap="md" mt="xl" aria-hidden="true">
            {[0, 1].map((index) => (
              <Skeleton key={index} height={180} radius="md" />
            ))}
          </Stack>
        </LoadingStatus>
      )}
    </Container>
  );
}

function JobPosts({ posts }: { posts: readonly MyJobPost[] }) {
  const site = useSiteConfig();
  const [params] = useSearchParams();
  const selectedId = params.get(JOB_PARAM);
  const selected = posts.find((post) => post.id === selectedId) ?? null;
  const [closing, setClosing] = useState<MyJobPost | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [reopenFailure, setReopenFailure] = useState<string | null>(null);
  const reopen = useReopenJob();
  const applicantsHeadingRef = useRef<HTMLHeadingElement>(null);
  const jobsHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusedSelection = useRef<string | null>(null);

  // Choosing a job takes the user to its applicants, and so does arriving with one chosen (the
  // link in an application email, or "See applicants" on the job's page): on a phone they sit far
  // below the list of jobs. The frame's wait lets the route's own move to the page heading go first.
  useEffect(() => {
    if (!selectedId || focusedSelection.current === selectedId) return;
    const frame = requestAnimationFrame(() => {
      focusedSelection.current = selectedId;
      applicantsHeadingRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId]);

  function reopenPost(post: MyJobPost) {
    setReopenFailure(null);
    setAnnouncement('');
    reopen.mutate(post, {
      onSuccess: () => {
        setAnnouncement(reopenedMessage(post));
        // The Reopen button is gone: focus goes to the top of the list, where the news is.
        requestAnimationFrame(() => jobsHeadingRef.current?.focus());
      },
      onError: (error) =>
        setReopenFailure(`We could not reopen “${post.title}”. ${errorText(error)}`),
    });
  }

  if (posts.length === 0) {
    return (
      <Notice tone="info" mt="xl">
        <Title order={2} size="h3">
          You have not posted a job yet
        </Title>
        <Text mt="xs">
          Tell workers what support you need, where and when. Workers nearby hear about it by email, and you choose from
          the ones who apply.
        </Text>
        <Group gap="lg" mt="md">
          <Button component={Link} to={sitePath(site, 'postJob')}>
            Post your first job
          </Button>
          <Anchor component={Link} to={sitePath(site, 'workerSearch')} fw={600}>
            Or search for workers yourself
          </Anchor>
        </Group>
      </Notice>
    );
  }

  return (
    <>
      <section aria-labelledby="job-posts-heading">
        <Title order={2} size="h3" id="job-posts-heading" ref={jobsHeadingRef} tabIndex={-1} mt="xl">
          Your jobs
        </Title>
        <Text role="status" fw={600} mt="xs">
          {announcement}
        </Text>
        <ErrorNotice message={reopenFailure} mt="xs" />
        {selected === null && <Text mt="xs">Choose “See applicants” on a job to see who applied.</Text>}
        <ul className={cardListClasses.cardList}>
          {posts.map((post) => {
            const isSelected = post.id === selected?.id;
            return (
              <li key={post.id} className={isSelected ? classes.selected : undefined}>
                <JobSummaryCard job={post}>
                  <Group gap="xs">
                    <Badge component="span" radius="sm" tt="none" className={classes.jobStatus} data-status={post.status}>
                      {jobStatusLabels[post.status]}
                    </Badge>
                    {post.disableJobBoardPosting && <Text size="sm">Not on the job board</Text>}
                  </Group>
                  <Text mt="xs" className={classes.counts}>
                    {applicantCount(post)}
                  </Text>
                  <Group gap="sm" mt="sm">
                    <Button
                      component={Link}
                      to={`?${new URLSearchParams({ [JOB_PARAM]: post.id }).toString()}`}
                      size="sm"
                      aria-current={isSelected ? 'true' : undefined}
                      aria-label={`See applicants for ${post.title}`}
                    >
                      See applicants
                    </Button>
                    <Anchor component={Link} to={editJobPath(post.id)} size="sm" fw={600} aria-label={`Edit ${post.title}`}>
                      Edit
                    </Anchor>
                    {post.status === 'OPEN' && (
                      <Button size="sm" variant="outline" color="red.9" aria-label={`Close job: ${post.title}`} onClick={() => setClosing(post)}>
                        Close job
                      </Button>
                    )}
                    {post.status === 'CLOSED' && (
                      <BusyButton
                        size="sm"
                        variant="outline"
                        busy={reopen.isPending && reopen.variables.id === post.id}
                        aria-label={`Reopen job: ${post.title}`}
                        onClick={() => reopenPost(post)}
                      >
                        Reopen
                      </BusyButton>
                    )}
                  </Group>
                </JobSummaryCard>
              </li>
            );
          })}
        </ul>
      </section>

      {selected && <ApplicantsSection key={selected.id} job={selected} headingRef={applicantsHeadingRef} />}

      {closing && (
        <CloseJobDialog
          job={closing}
          opened
          onClose={() => setClosing(null)}
          onClosed={(job) => {
            setReopenFailure(null);
            setAnnouncement(`“${job.title}” is closed. It is no longer on the job board.`);
            requestAnimationFrame(() => jobsHeadingRef.current?.focus());
          }}
        />
      )}
    </>
  );
}
