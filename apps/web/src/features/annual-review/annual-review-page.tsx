import type { FormEvent } from 'react';
import { Badge, Container, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANNUAL_REVIEW_TEXT_MAX, annualReviewRequestSchema, type AnnualReview, type AnnualReviewAnswers } from '@tendly/domain/api/annual-reviews';
import { ApiError } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { annualReviewQueryKeys, annualReviewQuestions, fetchMyAnnualReviews, formatReviewDate, saveAnnualReview } from './annual-review-api';
import classes from './annual-review.module.css';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { ReviewAnswers } from './review-answers';
import { TitledSection } from '../../platform/titled-section';
import { useSendFeedback } from '../../platform/use-send-feedback';

const FORM_ID = 'annual-review';
const empty: AnnualReviewAnswers = { wentWell: '', wasHard: '', trainingCompleted: '', goalsNextYear: '', supportNeeded: '' };

/**
 * /care-worker/annual-review (issue 12): this year's self-review. It is a draft until sent; once
 * sent the worker can change it until an administrator signs it off, and then it shows the
 * administrator's note and can no longer change.
 */
export default function AnnualReviewPage() {
  const { user } = useSession();
  const reviews = useQuery({ queryKey: [...annualReviewQueryKeys.mine, user?.id ?? null], queryFn: ({ signal }) => fetchMyAnnualReviews(signal) });
  const data = reviews.data;
  const current = data?.reviews.find((review) => review.year === data.currentYear) ?? null;

  return (
    <Container size="md" py="xl">
      <Title order={1}>Annual review</Title>
      <Text size="lg" mt="xs">
        Once a year, look back on your work: what went well, what was hard, and what you want next. Our team reads every
        review, signs it off and follows up on any support you ask for.
      </Text>
      {data ? (
        <>
          <section aria-labelledby="this-year-heading" className={classes.block}>
            <Group gap="sm" align="center">
              <Title order={2} id="this-year-heading">
                Your {data.currentYear} review
              </Title>
              <ReviewState review={current} />
            </Group>
            {current?.status === 'SIGNED_OFF' ? (
              <SignedOffReview review={current} />
            ) : (
              <ReviewForm key={data.currentYear} year={data.currentYear} saved={current} />
            )}
          </section>
          <TitledSection id="earlier-heading" heading="Earlier reviews" className={classes.block}>
            {data.reviews.filter((review) => review.year !== data.currentYear).length === 0 ? (
              <Text mt="xs">Your reviews from earlier years will be listed here.</Text>
            ) : (
              data.reviews
                .filter((review) => review.year !== data.currentYear)
                .map((review) => (
                  <article key={review.id} aria-labelledby={`review-${review.year}`} className={classes.earlier}>
                    <Group gap="sm">
                      <Title order={3} size="h4" id={`review-${review.year}`}>
                        {review.year}
                      </Title>
                      <ReviewState review={review} />
                    </Group>
                    <ReviewAnswers answers={review.answers} />
                  </article>
                ))
            )}
          </TitledSection>
        </>
      ) : reviews.isError ? (
        <LoadFailure query={reviews} mt="xl">
          We could not load your annual review just now. Please try again in a minute.
        </LoadFailure>
      ) : (
        <LoadingStatus what="your annual review">
          <Skeleton height={420} mt="xl" aria-hidden="true" />
        </LoadingStatus>
      )}
    </Container>
  );
}

function ReviewState({ review }: { review: AnnualReview | null }) {
  if (!review) return <Badge color="gray.7" variant="outline" radius="sm" tt="none">Draft: not sent yet</Badge>;
  if (review.status === 'SIGNED_OFF') return <Badge color="teal.9" radius="sm" tt="none">Signed off</Badge>;
  return <Badge color="blue.9" radius="sm" tt="none">Submitted</Badge>;
}

function SignedOffReview({ review }: { review: AnnualReview }) {
  return (
    <>
      <Notice tone="success" mt="md" aria-labelledby="sign-off-heading" role="region">
        <Title order={3} size="h4" id="sign-off-heading">
          Signed off on {review.signedOffAt ? formatReviewDate(review.signedOffAt) : ''}
        </Title>
        <Text mt="xs" fw={700}>
          Note from our team
        </Text>
        <Text className={classes.note}>{review.signOffNote}</Text>
      </Notice>
      <ReviewAnswers answers={review.answers} />
    </>
  );
}

function ReviewForm({ year, saved }: { year: number; saved: AnnualReview | null }) {
  const queryClient = useQueryClient();
  const form = useFormState<AnnualReviewAnswers>(saved?.answers ?? empty);
  const save = useMutation({
    mutationFn: (answers: AnnualReviewAnswers) => saveAnnualReview(year, answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: annualReviewQueryKeys.mine }),
  });
  const { failure, summaryRef, confirmationRef: sentRef, clearFailure, showInvalid, showFailure } = useSendFeedback(save.isSuccess);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    clearFailure();
    save.reset();
    const answers = form.validate(annualReviewRequestSchema);
    if (answers === null) {
      showInvalid();
      return;
    }
    save.mutate(answers, {
      onError: (error) => {
        showFailure(error, form.setErrors);
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: annualReviewQueryKeys.mine });
      },
    });
  }

  return (
    <>
      <Text mt="xs">
        {saved
          ? `You sent your review on ${formatReviewDate(saved.submittedAt)}. You can change it until our team signs it off.`
          : 'Nothing is sent until you press Send my review.'}
      </Text>
      {save.isSuccess && (
        <Notice tone="success" role="status" ref={sentRef} tabIndex={-1} mt="md">
          <Text>Thank you. Your {year} review is with our team.</Text>
        </Notice>
      )}
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Annual review ${year}`}>
        <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={annualReviewQuestions.map((question) => question.name)} message={failure} ref={summaryRef} />
        <Stack gap="lg" mt="md">
          {annualReviewQuestions.map((question) => (
            <Textarea
              key={question.name}
              {...textFieldProps(form, FORM_ID, question.name)}
              label={question.label}
              description={question.description}
              rows={4}
              maxLength={ANNUAL_REVIEW_TEXT_MAX}
              withAsterisk={question.name !== 'supportNeeded'}
            />
          ))}
        </Stack>
        <Group mt="lg">
          <BusyButton type="submit" busy={save.isPending}>
            {saved ? 'Save changes' : 'Send my review'}
          </BusyButton>
        </Group>
      </form>
    </>
  );
}
