import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Modal, Skeleton, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGN_OFF_NOTE_MAX, signOffRequestSchema, type AdminAnnualReview } from '@tendly/domain/api/annual-reviews';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import {
  annualReviewQueryKeys,
  fetchAdminAnnualReviews,
  formatReviewDate,
  signOffAnnualReview,
} from './annual-review-api';
import classes from './annual-review.module.css';
import { AdminPage } from '../../platform/admin-console';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { LoadFailure } from '../../platform/page-load-state';
import { useSendFeedback } from '../../platform/use-send-feedback';
import { ReviewAnswers } from './review-answers';

type Filter = 'awaiting' | 'signed';
const filters: readonly { value: Filter; label: string }[] = [
  { value: 'awaiting', label: 'Awaiting sign-off' },
  { value: 'signed', label: 'Signed off' },
];

/**
 * /admin/annual-reviews (issue 12, administrators only): workers' annual self-reviews waiting for
 * sign-off, oldest first, and those already signed off. Opening one shows the whole review in a
 * dialog, where an administrator signs it off with a note the worker sees.
 */
export default function AdminAnnualReviewsPage() {
  const [filter, setFilter] = useState<Filter>('awaiting');
  const [open, setOpen] = useState<AdminAnnualReview | null>(null);
  const [signedName, setSignedName] = useState<string | null>(null);
  const reviews = useQuery({
    queryKey: annualReviewQueryKeys.admin(filter),
    queryFn: ({ signal }) => fetchAdminAnnualReviews(filter, signal),
  });

  return (
    <AdminPage title="Annual reviews">
      <Text size="lg" mt="xs">
        Read each worker’s self-review, follow up on any support they ask for, and sign it off with a note they will see.
      </Text>
      <Group role="group" aria-label="Which reviews to show" gap="xs" mt="lg">
        {filters.map((option) => (
          <Button
            key={option.value}
            variant={filter === option.value ? 'filled' : 'default'}
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </Group>
      <div role="status" aria-live="polite">
        {signedName && (
          <Notice tone="success" mt="md">
            <Text>{signedName}’s review is signed off.</Text>
          </Notice>
        )}
      </div>
      {reviews.data ? (
        reviews.data.length === 0 ? (
          <Text mt="lg">{filter === 'awaiting' ? 'No reviews are waiting for sign-off.' : 'No reviews have been signed off yet.'}</Text>
        ) : (
          <ul className={classes.list} aria-label={filter === 'awaiting' ? 'Reviews awaiting sign-off' : 'Signed-off reviews'}>
            {reviews.data.map((review) => (
              <li key={review.id}>
                <Card component="article" withBorder radius="md" aria-labelledby={`review-${review.id}`}>
                  <Group justify="space-between" align="flex-start">
                    <div>
                      <Title order={2} size="h4" id={`review-${review.id}`}>
                        {review.worker.name}: {review.year} review
                      </Title>
                      <Text size="sm" mt={4}>
                        {review.worker.email} · sent {formatReviewDate(review.submittedAt)}
                        {review.signedOffAt && ` · signed off ${formatReviewDate(review.signedOffAt)}${review.signedOffBy ? ` by ${review.signedOffBy}` : ''}`}
                      </Text>
                    </div>
                    <Button variant="outline" onClick={() => setOpen(review)} aria-label={`Open review: ${review.worker.name}, ${review.year}`}>
                      Open review
                    </Button>
                  </Group>
                </Card>
              </li>
            ))}
          </ul>
        )
      ) : reviews.isError ? (
        <LoadFailure query={reviews} mt="lg">
          We could not load the reviews just now. Please try again in a minute.
        </LoadFailure>
      ) : (
        <div aria-busy="true">
          <VisuallyHidden role="status">Loading the reviews</VisuallyHidden>
          <Skeleton height={120} mt="lg" aria-hidden="true" />
        </div>
      )}
      <ReviewDialog
        review={open}
        onClose={() => setOpen(null)}
        onSignedOff={(review) => {
          setOpen(null);
          setSignedName(review.worker.name);
        }}
      />
    </AdminPage>
  );
}

function ReviewDialog({
  review,
  onClose,
  onSignedOff,
}: {
  review: AdminAnnualReview | null;
  onClose: () => void;
  onSignedOff: (review: AdminAnnualReview) => void;
}) {
  return (
    <Modal
      opened={review !== null}
      onClose={onClose}
      title={review ? `${review.worker.name}: ${review.year} review` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      centered
    >
      {review && (
        <>
          <ReviewAnswers answers={review.answers} />
          {review.status === 'SIGNED_OFF' ? (
            <Notice tone="success" mt="md">
              <Text fw={700}>
                Signed off {review.signedOffAt ? formatReviewDate(review.signedOffAt) : ''}
                {review.signedOffBy ? ` by ${review.signedOffBy}` : ''}
              </Text>
              <Text className={classes.note}>{review.signOffNote}</Text>
            </Notice>
          ) : (
            <SignOffForm review={review} onSignedOff={onSignedOff} onCancel={onClose} />
          )}
        </>
      )}
    </Modal>
  );
}

const FORM_ID = 'sign-off';

function SignOffForm({ review, onSignedOff, onCancel }: { review: AdminAnnualReview; onSignedOff: (review: AdminAnnualReview) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const form = useFormState({ note: '' });
  const { failure, summaryRef, clearFailure, showInvalid, showFailure } = useSendFeedback();
  const signOff = useMutation({
    mutationFn: (note: string) => signOffAnnualReview(review.id, note),
    onSettled: () => queryClient.invalidateQueries({ queryKey: annualReviewQueryKeys.adminAll }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signOff.isPending) return;
    clearFailure();
    const input = form.validate(signOffRequestSchema);
    if (input === null) {
      showInvalid();
      return;
    }
    signOff.mutate(input.note, {
      onSuccess: onSignedOff,
      onError: (error) => showFailure(error, form.setErrors),
    });
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Sign off this review">
      <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={['note']} message={failure} ref={summaryRef} />
      <Textarea
        {...textFieldProps(form, FORM_ID, 'note')}
        label={`Note for ${review.worker.name}`}
        description="The worker sees this note with their signed-off review."
        rows={4}
        maxLength={SIGN_OFF_NOTE_MAX}
        mt="md"
        withAsterisk
        data-autofocus
      />
      <DialogFormActions submitLabel="Sign off review" busy={signOff.isPending} onCancel={onCancel} mt="md" />
    </form>
  );
}
