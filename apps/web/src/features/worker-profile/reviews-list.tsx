import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import type { WorkerReview } from '@tendly/domain/api/search';
import { formatDate } from './profile-format';
import { StarRating } from './star-rating';
import classes from './worker-profile.module.css';

/**
 * Reviews from care seekers: who (first name only), how many stars, when, what they said, and the
 * worker's reply. `actions` adds controls under a review (the worker's Reply on their own profile).
 */
export function ReviewsList({ reviews, firstName, actions }: { reviews: readonly WorkerReview[]; firstName: string; actions?: (review: WorkerReview) => ReactNode }) {
  if (reviews.length === 0) return <Text>{firstName} has no reviews yet.</Text>;
  return (
    <ul className={classes.plainList}>
      {reviews.map((review) => (
        <li key={review.id} className={classes.review}>
          <article aria-labelledby={`review-${review.id}`}>
            <Title order={3} size="h5" id={`review-${review.id}`}>
              {review.authorFirstName}
            </Title>
            <Group gap="xs" mt={4}>
              <StarRating rating={review.rating} />
              <Text size="sm" component="span">
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                {review.updatedAt && ' (edited)'}
              </Text>
            </Group>
            <Text mt="xs" className={classes.prose}>
              {review.comment}
            </Text>
            {review.reply && (
              <div className={classes.reply}>
                <Text size="sm" fw={700}>
                  Reply from {firstName}
                </Text>
                <Text size="sm" className={classes.prose}>
                  {review.reply.text}
                </Text>
              </div>
            )}
            {actions?.(review)}
          </article>
        </li>
      ))}
    </ul>
  );
}
