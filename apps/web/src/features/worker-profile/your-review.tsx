import { useState } from 'react';
import { Button, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_MAX_CHARACTERS, REVIEW_MIN_CHARACTERS, reviewRequestSchema, type OwnReview } from '@tendly/domain/api/reviews';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError, hasFieldErrors } from '../../platform/api-client';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { Notice } from '../../platform/notice';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { formatDate } from './profile-format';
import { fetchMyReview, myReviewQueryKey, saveReview } from './reviews-api';
import { StarRating } from './star-rating';

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * A care seeker's own review of the worker on the profile (issue 17): Write a review once the
 * worker has had hours approved, then Edit for 30 days. Nothing shows before they may review.
 */
export function YourReview({ carerId, firstName }: { carerId: string; firstName: string }) {
  const mine = useQuery({ queryKey: myReviewQueryKey(carerId), queryFn: ({ signal }) => fetchMyReview(carerId, signal) });
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!mine.data || (!mine.data.canReview && !mine.data.review)) return <OutcomeAnnouncement outcome={outcome} />;
  const review = mine.data.review;
  return (
    <Notice tone="info" role="region" aria-labelledby="your-review-heading" mb="md">
      <Title order={3} size="h5" id="your-review-heading">
        {review ? 'Your review' : `Tell others what ${firstName} is like to work with`}
      </Title>
      {review ? (
        <Stack gap={4} mt="xs">
          <StarRating rating={review.rating} />
          <Text>{review.comment}</Text>
          {review.hidden ? (
            <Text size="sm">Our team has hidden this review because it breaks the review guidelines.</Text>
          ) : review.editable ? (
            <Text size="sm">You can change it until {formatDate(review.editableUntil)}.</Text>
          ) : (
            <Text size="sm">Reviews can be changed for 30 days; this one can no longer be changed.</Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" mt="xs">
          Your review helps other families and participants choose. It shows your first name only.
        </Text>
      )}
      {(!review || review.editable) && (
        <Button mt="sm" variant="outline" onClick={() => setOpen(true)}>
          {review ? 'Edit your review' : 'Write a review'}
        </Button>
      )}
      <OutcomeAnnouncement outcome={outcome} mt="sm" />
      {open && (
        <ReviewDialog
          carerId={carerId}
          firstName={firstName}
          review={review}
          onClose={(saved) => {
            setOpen(false);
            if (saved) setOutcome({ tone: 'success', text: 'Your review is saved. Thank you.' });
          }}
        />
      )}
    </Notice>
  );
}

function ReviewDialog({ carerId, firstName, review, onClose }: { carerId: string; firstName: string; review: OwnReview | null; onClose: (saved: boolean) => void }) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(review ? String(review.rating) : '');
  const [comment, setComment] = useState(review?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (values: { rating: number; comment: string }) => saveReview(carerId, values),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['worker-profile', carerId] })]);
      onClose(true);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
    },
  });
  function submit() {
    const parsed = reviewRequestSchema.safeParse({ rating: rating === '' ? undefined : Number(rating), comment });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }
  const apiFailed = save.error && !hasFieldErrors(save.error);
  return (
    <ConfirmDialog
      title={review ? `Edit your review of ${firstName}` : `Review ${firstName}`}
      confirmLabel={review ? 'Save changes' : 'Post review'}
      busy={save.isPending}
      error={apiFailed ? save.error : null}
      onConfirm={submit}
      onClose={() => onClose(false)}
    >
      <Stack gap="md">
        <Radio.Group label="Your rating" value={rating} onChange={setRating} error={errors.rating} withAsterisk>
          <Group gap="md" mt={4}>
            {STAR_WORDS.map((word, index) => (
              <Radio key={word} value={String(index + 1)} label={`${index + 1} – ${word}`} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Your review"
          description={`What was it like to have ${firstName}’s support? ${REVIEW_MIN_CHARACTERS} to ${REVIEW_MAX_CHARACTERS.toLocaleString('en-AU')} characters.`}
            rows={5}
          maxLength={REVIEW_MAX_CHARACTERS + 100}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
          withAsterisk
        />
      </Stack>
    </ConfirmDialog>
  );
}
