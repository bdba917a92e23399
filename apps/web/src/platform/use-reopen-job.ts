import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@tendly/domain/api/jobs';
import { jobQueryKeys, reopenJob } from './jobs-api';

/**
 * Reopens a closed job (POST /api/jobs/{jobId}/reopen), from the job's page or My job posts. No
 * question first: nothing is lost, and the job can be closed again. On success the job's cached
 * copies become the open job, and the owner's posts and the board are fetched again, as after
 * posting.
 */
export function useReopenJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<Job, 'id' | 'title'>) => reopenJob(job.id),
    onSuccess: async (reopened) => {
      queryClient.setQueriesData<Job>({ queryKey: jobQueryKeys.job(reopened.id) }, (cached) => (cached ? reopened : cached));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-job-posts'] }),
        queryClient.invalidateQueries({ queryKey: jobQueryKeys.board }),
      ]);
    },
  });
}

/** What the owner is told once the job is open again. */
export function reopenedMessage(job: Pick<Job, 'title' | 'disableJobBoardPosting'>): string {
  return job.disableJobBoardPosting
    ? `“${job.title}” is open again. Workers you invite can apply.`
    : `“${job.title}” is open again. It is back on the job board and workers can apply.`;
}
