import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Applicant } from '@tendly/domain/api/jobs';
import { fetchMyJobPosts, jobQueryKeys } from '../../platform/jobs-api';
import { useSession } from '../../platform/session';
import { decideApplication, fetchApplicants } from './my-job-posts-api';

/**
 * Whose posts these are: the signed-in care seeker, or the client a support coordinator is acting
 * for (the API sees the client too); the cache keeps them apart.
 */
function useCareSeekerId(): string | null {
  const { user, alias } = useSession();
  return alias?.id ?? user?.id ?? null;
}

export function useMyJobPosts() {
  const userId = useCareSeekerId();
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

/**
 * Shortlists or declines an applicant. The applicant in the cache takes the answer at once; the
 * posts (their counts of new applicants) are fetched again.
 */
export function useDecideApplication(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicant, status }: { applicant: Applicant; status: 'SHORTLISTED' | 'DECLINED' }) =>
      decideApplication(jobId, applicant.id, status),
    onSuccess: async (updated) => {
      queryClient.setQueryData<Applicant[]>(applicantsKey(jobId), (applicants = []) =>
        applicants.map((applicant) => (applicant.id === updated.id ? updated : applicant)),
      );
      await queryClient.invalidateQueries({ queryKey: ['my-job-posts'] });
    },
  });
}
