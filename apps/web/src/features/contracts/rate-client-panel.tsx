import { useRef, useState, type FormEvent } from 'react';
import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientRatingRequestSchema } from '@tendly/domain/api/reviews';
import type { StateCode } from '@tendly/domain/states';
import { parseShowingErrors } from '../../platform/form-state';
import { ApiError, errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { formatJobDate } from '../../platform/job-format';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { clientRatingQueryKey, fetchClientRating, saveClientRating } from './client-rating-api';
import { FormSection } from '../../platform/form-section';

/** What each rating means, for a worker rating the person they worked for. */
const RATING_WORDS = ['Very poor', 'Poor', 'Okay', 'Good', 'Excellent'] as const;
const COMMENT_MAX = 1000;

/**
 * On the worker's view of an agreement (issue 17): "Rate this client privately", 1 to 5 and an
 * optional comment, once the client has approved hours the worker worked. Only the operations
 * team sees it; three or more low ratings flag the client to them. Nothing shows before the
 * worker may rate.
 */
export function RateClientPanel({ careSeekerId, firstName, state }: { careSeekerId: string; firstName: string; state: StateCode }) {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: clientRatingQueryKey(careSeekerId), queryFn: ({ signal }) => fetchClientRating(careSeekerId, signal), retry: false });
  const saved = mine.data?.rating ?? null;
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const groupRef = useRef<HTMLDivElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const chosen = rating ?? (saved ? String(saved.rating) : '');
  const written = comment ?? saved?.comment ?? '';

  const focusFirst = (found: Record<string, string>) => {
    if (found.rating) groupRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    else if (found.comment) commentRef.current?.focus();
  };
  const save = useMutation({
    mutationFn: (values: { rating: number; comment: string | null }) => saveClientRating(careSeekerId, values),
    onSuccess: (answer) => {
      queryClient.setQueryData(clientRatingQueryKey(careSeekerId), { canRate: true, rating: answer });
      setRating(null);
      setComment(null);
      setOutcome({ tone: 'success', text: `Your private rating of ${firstName} is saved. Only our operations team sees it.` });
    },
    onError: (error) => {
      const found = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(found);
      if (Object.keys(found).length > 0) focusFirst(found);
      else setOutcome({ tone: 'error', text: errorText(error) });
    },
  });

  if (!mine.data?.canRate) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    const request = parseShowingErrors(clientRatingRequestSchema, { rating: chosen === '' ? undefined : Number(chosen), comment: written }, setErrors, focusFirst);
    if (request) save.mutate(request);
  }

  return (
    <FormSection id="rate-client-heading" title="Rate this client privately">
      <Text id="rate-client-privacy">
        {`How was it working for ${firstName}? Only our operations team sees your rating and comment: ${firstName} and other workers never do. It helps us look after workers.`}
      </Text>
      {saved && <Text size="sm" mt="xs">{`You last rated ${firstName} on ${formatJobDate(saved.updatedAt, state)}. You can change your rating at any time.`}</Text>}
      <form noValidate aria-labelledby="rate-client-heading" aria-describedby="rate-client-privacy" onSubmit={submit}>
        <Stack gap="md" mt="md">
          <Radio.Group
            ref={groupRef}
            label="Your rating"
            value={chosen}
            onChange={(value) => {
              setRating(value);
              setErrors(({ rating: _dropped, ...rest }) => rest);
            }}
            error={errors.rating}
            withAsterisk
          >
            <Group gap="md" mt={4}>
              {RATING_WORDS.map((word, index) => (
                <Radio key={word} value={String(index + 1)} label={`${index + 1} – ${word}`} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            ref={commentRef}
            label="Private comment (optional)"
            description={`Anything the operations team should know. Up to ${COMMENT_MAX.toLocaleString('en-AU')} characters.`}
            rows={3}
            maxLength={COMMENT_MAX + 100}
            value={written}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={errors.comment}
          />
          <Group>
            <BusyButton type="submit" busy={save.isPending}>
              {saved ? 'Update private rating' : 'Save private rating'}
            </BusyButton>
          </Group>
          <OutcomeAnnouncement outcome={outcome} />
        </Stack>
      </form>
    </FormSection>
  );
}
