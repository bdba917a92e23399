import { Anchor, Badge, Box, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hideReviewRequestSchema, type AdminReview } from '@tendly/domain/api/reviews';
import { routePath } from '@tendly/domain/routes';
import { AdminPage, AdminShowSelect } from '../../platform/admin-console';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { LoadMoreList } from '../../platform/load-more-list';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { ReasonDialog, reasonCheckedBy } from '../../platform/reason-dialog';
import { formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import { fetchAdminReviews, fetchClientFlags, hideReview, reviewsQueryKeys, showReview, type ReviewFilter } from './reviews-admin-api';
import classes from '../../platform/admin-console.module.css';
import { ColumnHeaders } from '../../platform/column-headers';
import { shownEmail } from '@tendly/domain/contact-email';

const filterOptions: { value: ReviewFilter; label: string }[] = [
  { value: 'all', label: 'All reviews' },
  { value: 'hidden', label: 'Hidden reviews only' },
];

const stars = (rating: number) => `${rating} of 5 stars`;

/**
 * /admin/reviews (issue 17): the newest reviews of workers, hiding one that breaks the review
 * guidelines (with the reason, audited) or showing it again, and below them the care seekers
 * whom three or more workers rated low, with every private rating.
 */
export default function AdminReviewsPage() {
  const [params, setParams] = useSearchParams();
  const filter: ReviewFilter = params.get('show') === 'hidden' ? 'hidden' : 'all';
  const workerId = params.get('workerId');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const [showing, setShowing] = useState<AdminReview | null>(null);
  const queryClient = useQueryClient();
  const reviews = useInfiniteQuery({
    queryKey: reviewsQueryKeys.reviews(filter, workerId),
    queryFn: ({ pageParam, signal }) => fetchAdminReviews(filter, workerId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.allLoaded ? undefined : last.reviews.at(-1)?.id),
  });
  // Asked for at once, shown once the reviews above are in: coming in first, it would be pushed down the page.
  const flags = useQuery({ queryKey: reviewsQueryKeys.clientFlags, queryFn: ({ signal }) => fetchClientFlags(signal) });
  const listed = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return next;
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewsQueryKeys.all });
  const hide = useMutation({
    mutationFn: ({ review, reason }: { review: AdminReview; reason: string }) => hideReview(review.id, reason),
    onSuccess: (review) => {
      setHiding(null);
      setOutcome({ tone: 'success', text: `${review.authorFirstName}’s review of ${review.workerName} is hidden. It no longer shows on the profile or counts in the rating.` });
      refresh();
    },
  });
  const show = useMutation({
    mutationFn: (review: AdminReview) => showReview(review.id),
    onSuccess: (review) => {
      setShowing(null);
      setOutcome({ tone: 'success', text: `${review.authorFirstName}’s review of ${review.workerName} shows again on the profile and counts in the rating.` });
      refresh();
    },
  });

  return (
    <AdminPage title="Reviews" intro={<Text mt="xs">The newest reviews of workers. Hide a review that breaks the review guidelines; the worker’s profile and rating change at once.</Text>}>
      <AdminShowSelect
        value={filter}
        onChange={(value) => {
          setOutcome(null);
          setParams(withParams({ show: value === 'hidden' ? 'hidden' : null }));
        }}
        data={filterOptions}
      />
      {workerId && (
        <Text mt="md">
          {`Only the reviews of ${listed[0]?.workerName ?? 'one worker'}. `}
          <Anchor component={Link} to={{ search: withParams({ workerId: null }).toString() }} underline="always">
            Show every worker’s reviews
          </Anchor>
        </Text>
      )}
      <OutcomeAnnouncement outcome={outcome} mt="md" />
      <Box mt="md">
        <LoadMoreList
          query={{ ...reviews, hasData: reviews.data !== undefined }}
          items={listed}
          label={filter === 'hidden' ? 'Hidden reviews, newest first' : 'Reviews, newest first'}
          itemKey={(review) => review.id}
          renderItem={(review) => (
            <Paper withBorder p="md">
              <ReviewItem
                review={review}
                workerReviewsSearch={workerId ? null : withParams({ workerId: review.workerId }).toString()}
                onHide={() => {
                  setOutcome(null);
                  hide.reset();
                  setHiding(review);
                }}
                onShow={() => {
                  setOutcome(null);
                  show.reset();
                  setShowing(review);
                }}
              />
            </Paper>
          )}
          loadingText="Loading the reviews"
          errorText="We could not load the reviews just now. Please try again in a minute."
          emptyText={filter === 'hidden' ? 'No reviews are hidden.' : 'Nobody has written a review yet.'}
        />
      </Box>
      {!reviews.isPending && <FlaggedClients flags={flags} />}
      {hiding && (
        <ReasonDialog
          title={`Hide ${hiding.authorFirstName}’s review of ${hiding.workerName}`}
          explanation="The review leaves the worker’s profile and no longer counts in their rating. The reviewer sees that our team has hidden it. You can show it again later."
          label="Which guideline does it break?"
          description="Kept in the audit log with your name."
          confirmLabel="Hide review"
          maxLength={500}
          busy={hide.isPending}
          error={hide.error}
          validate={reasonCheckedBy(hideReviewRequestSchema)}
          onConfirm={(reason) => hide.mutate({ review: hiding, reason })}
          onClose={() => setHiding(null)}
        />
      )}
      {showing && (
        <ConfirmDialog
          title={`Show ${showing.authorFirstName}’s review of ${showing.workerName} again?`}
          confirmLabel="Show again"
          busy={show.isPending}
          error={show.error}
          onConfirm={() => show.mutate(showing)}
          onClose={() => setShowing(null)}
        >
          The review goes back on the worker’s profile and counts in their rating again.
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function ReviewItem({ review, workerReviewsSearch, onHide, onShow }: { review: AdminReview; workerReviewsSearch: string | null; onHide: () => void; onShow: () => void }) {
  const headingId = `review-${review.id}`;
  return (
    <article aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {review.authorFirstName} on {review.workerName}
          </Title>
          <Text size="sm">
            {stars(review.rating)} · {formatDateTime(review.createdAt)}
          </Text>
        </div>
        {review.hiddenAt ? (
          <Button variant="outline" size="sm" onClick={onShow} aria-label={`Show again ${review.authorFirstName}’s review of ${review.workerName}`}>
            Show again
          </Button>
        ) : (
          <Button variant="outline" color="red.9" size="sm" onClick={onHide} aria-label={`Hide ${review.authorFirstName}’s review of ${review.workerName}`}>
            Hide
          </Button>
        )}
      </Group>
      <Text mt="xs" style={{ whiteSpace: 'pre-line' }}>
        {review.comment}
      </Text>
      {review.reply && (
        <Text mt="xs" size="sm" style={{ whiteSpace: 'pre-line' }}>
          <strong>{review.workerName} replied:</strong> {review.reply}
        </Text>
      )}
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={routePath('workerPublicProfile', { carerId: review.workerId })} underline="always" size="sm">
          {`${review.workerName}’s profile`}
        </Anchor>
        {workerReviewsSearch !== null && (
          <Anchor component={Link} to={{ search: workerReviewsSearch }} underline="always" size="sm">
            {`All reviews of ${review.workerName}`}
          </Anchor>
        )}
      </Group>
      {review.hiddenAt && (
        <Group gap="xs" mt="xs">
          <Badge color="red.9" variant="light">
            Hidden
          </Badge>
          <Text size="sm">
            {formatDateTime(review.hiddenAt)}
            {review.hiddenReason ? `: ${review.hiddenReason}` : ''}
          </Text>
        </Group>
      )}
    </article>
  );
}

/** Care seekers with CLIENT_FLAG_THRESHOLD or more low private ratings, for the operations team to look at. */
function FlaggedClients({ flags }: { flags: UseQueryResult<Awaited<ReturnType<typeof fetchClientFlags>>> }) {
  return (
    <section aria-labelledby="flagged-clients-heading">
      <Title order={2} mt="xl" id="flagged-clients-heading">
        Flagged clients
      </Title>
      <Text mt="xs">Care seekers whom three or more workers rated 2 or lower. Workers rate their clients privately: only the operations team sees these ratings.</Text>
      <LoadState isPending={flags.isPending} error={flags.error} what="flagged clients" />
      {flags.data &&
        (flags.data.clients.length === 0 ? (
          <Text mt="md">No clients are flagged.</Text>
        ) : (
          flags.data.clients.map((client) => (
            <div key={client.careSeekerId}>
              <Title order={3} size="h4" mt="lg">
                {client.name}
              </Title>
              <Text size="sm">
                {shownEmail(client.email)} · {client.lowRatings} low {client.lowRatings === 1 ? 'rating' : 'ratings'}
              </Text>
              <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={`Ratings of ${client.name}`}>
                <Table striped mt="xs">
                  <Table.Caption>Workers’ ratings of {client.name}</Table.Caption>
                  <ColumnHeaders columns={['Worker', 'Rating', 'Comment', 'Date']} />
                  <Table.Tbody>
                    {client.ratings.map((rating) => (
                      <Table.Tr key={`${rating.workerName}-${rating.updatedAt}`}>
                        <Table.Td>{rating.workerName}</Table.Td>
                        <Table.Td>{stars(rating.rating)}</Table.Td>
                        <Table.Td>{rating.comment ?? '—'}</Table.Td>
                        <Table.Td>{formatDateTime(rating.updatedAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </div>
          ))
        ))}
    </section>
  );
}
