import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Applicant } from '@tendly/domain/api/jobs';
import { fetchMyJobPosts, jobQueryKeys } from '../../platform/jobs-api';
import { useActingPersonId } from '../../platform/session';
import { refreshShortlistViews, removeFromShortlist } from '../../platform/shortlist-api';
import { decideApplication, fetchApplicants } from './my-job-posts-api';

export function useMyJobPosts() {
  const userId = useActingPersonId();
  return useQuery({
    queryKey: jobQueryKeys.myJobPosts(userId),
    queryFn: ({ signal }) => fetchMyJobPosts(signal),
    enabled: userId !== null,
  });
}

const applicantsKey = (jobId: string) => ['job-applicants', jobId] as const;

export function useApplicants(jobId: string | null) {
  return useQuery({
    queryKey: applicantsKey(jobId ?? ''),
    queryFn: ({ signal }) => fetchApplicants(jobId ?? '', signal),
    enabled: jobId !== null,
  });
}

export type ApplicantAction = 'SHORTLISTED' | 'DECLINED' | 'UNLISTED';

/**
 * Shortlists or declines an applicant, or takes a shortlisted one off the shortlist (the care
 * seeker's one shortlist, which My workers shows too: DELETE /api/shortlist/{carerId}). The
 * applicant in the cache takes the answer at once; then every screen the shortlist shows in, and
 * the posts' counts of new applicants, are fetched again.
 */
export function useDecideApplication(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicant, action }: { applicant: Applicant; action: ApplicantAction }): Promise<Applicant> => {
      if (action !== 'UNLISTED') return decideApplication(jobId, applicant.id, action);
      await removeFromShortlist(applicant.worker.carerId);
      return { ...applicant, status: 'PENDING' };
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData<Applicant[]>(applicantsKey(jobId), (applicants = []) =>
        applicants.map((applicant) => (applicant.id === updated.id ? updated : applicant)),
      );
      await refreshShortlistViews(queryClient);
    },
  });
}
