import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@tendly/domain/api/jobs';
import { errorText } from './api-client';
import { BusyButton } from './busy-button';
import { closeJob, jobQueryKeys } from './jobs-api';
import { Notice } from './notice';

/**
 * Asks the owner to confirm closing a job (POST /api/jobs/{jobId}/close), from the job's page or
 * My job posts. Closing cannot be undone here, so the safe choice, keeping the job open, has
 * focus when the dialog opens. On success the job's cached copies are refreshed.
 */
export function CloseJobDialog({
  job,
  opened,
  onClose,
  onClosed,
}: {
  job: Pick<Job, 'id' | 'title'>;
  opened: boolean;
  onClose: () => void;
  onClosed?: (job: Job) => void;
}) {
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: () => closeJob(job.id),
    onSuccess: async (closed) => {
      // Every cached copy of the job (its key also names who asked) becomes the closed job.
      queryClient.setQueriesData<Job>({ queryKey: jobQueryKeys.job(job.id) }, (cached) => (cached ? closed : cached));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-job-posts'] }),
        queryClient.invalidateQueries({ queryKey: jobQueryKeys.board }),
      ]);
    },
  });

  function dismiss() {
    close.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={dismiss} title="Close this job?" closeButtonProps={{ 'aria-label': 'Cancel' }} centered>
      <Text>
        “{job.title}” will come off the job board, and workers will no longer be able to apply. You can still see the
        workers who have already applied in My job posts.
      </Text>
      {close.isError && (
        <Notice tone="error" role="alert" mt="md">
          <Text>
            {errorText(close.error)} Your job is still open.
          </Text>
        </Notice>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss} data-autofocus>
          Keep it open
        </Button>
        <BusyButton
          color="red.9"
          busy={close.isPending}
          onClick={() =>
            close.mutate(undefined, {
              onSuccess: (closed) => {
                close.reset();
                onClosed?.(closed);
                onClose();
              },
            })
          }
        >
          Close job
        </BusyButton>
      </Group>
    </Modal>
  );
}
