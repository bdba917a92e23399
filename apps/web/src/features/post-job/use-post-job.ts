import { useCallback, useState } from 'react';
import type { CreateJobRequest, Job } from '@tendly/domain/api/jobs';
import { ApiError, hasFieldErrors, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { createJob } from './post-job-api';

/** The job creation status of spec section 4: what the page shows while and after posting. */
export type PostJobStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'posting' }
  | { readonly kind: 'posted'; readonly job: Job }
  | { readonly kind: 'failed'; readonly message: string };

export const POST_FAILED_TITLE = 'We could not post your job';

/** What a failure means for the person: the server's own words where it gave any. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UNEXPECTED_RESPONSE_MESSAGE;
  if (error.status >= 500) return 'Our servers are having some issues. Your job is saved on this device, so please try again in a moment.';
  return error.message;
}

/**
 * Posts a job with POST /api/jobs. A retry sends the same request, with the same `draftId`, so
 * the server answers with the job it already has if the first attempt got through. Field errors
 * from the server go to `onFieldErrors`, which takes the user to the step with the problem.
 */
export function usePostJob({
  onPosted,
  onFieldErrors,
}: {
  onPosted: (job: Job) => void;
  onFieldErrors: (errors: Readonly<Record<string, string>>) => boolean;
}) {
  const [status, setStatus] = useState<PostJobStatus>({ kind: 'idle' });

  const post = useCallback(
    async (request: CreateJobRequest) => {
      setStatus({ kind: 'posting' });
      try {
        const job = await createJob(request);
        setStatus({ kind: 'posted', job });
        onPosted(job);
      } catch (error) {
        if (hasFieldErrors(error) && onFieldErrors(error.fieldErrors)) {
          setStatus({ kind: 'idle' });
          return;
        }
        setStatus({ kind: 'failed', message: failureMessage(error) });
      }
    },
    [onPosted, onFieldErrors],
  );

  const reset = useCallback(() => setStatus({ kind: 'idle' }), []);

  return { status, post, reset };
}
