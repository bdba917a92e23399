import { useState } from 'react';
import { Button, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkerReview } from '@tendly/domain/api/search';
import { REPLY_MAX_CHARACTERS, reviewReplyRequestSchema } from '@tendly/domain/api/reviews';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError } from '../../platform/api-client';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { replyToReview } from './reviews-api';

/** The worker's Reply under a review of them that has none yet (issue 17): one reply, shown publicly. */
export function ReplyToReview({ review, workerId }: { review: WorkerReview; workerId: string }) {
  const [open, setOpen] = useState(false);
  if (review.reply) return null;
  return (
    <>
      <Button mt="xs" size="xs" variant="outline" onClick={() => setOpen(true)} aria-label={`Reply to ${review.authorFirstName}’s review`}>
        Reply
      </Button>
      {open && <ReplyDialog review={review} workerId={workerId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReplyDialog({ review, workerId, onClose }: { review: WorkerReview; workerId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (text: string) => replyToReview(review.id, text),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['worker-profile', workerId] });
      onClose();
    },
    onError: (failure) => setError(failure instanceof ApiError ? (failure.fieldErrors.reply ?? undefined) : undefined),
  });
  function submit() {
    const parsed = reviewReplyRequestSchema.safeParse({ reply });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).reply);
      return;
    }
    send.mutate(parsed.data.reply);
  }
  return (
    <ConfirmDialog
      title={`Reply to ${review.authorFirstName}`}
      confirmLabel="Post reply"
      busy={send.isPending}
      error={send.error && !error ? send.error : null}
      onConfirm={submit}
      onClose={onClose}
    >
      <Textarea
        label="Your reply"
        description="Shown under the review on your profile. You can reply once, so take a moment over it."
        rows={4}
        maxLength={REPLY_MAX_CHARACTERS + 50}
        value={reply}
        onChange={(event) => setReply(event.currentTarget.value)}
        error={error}
        withAsterisk
      />
    </ConfirmDialog>
  );
}
