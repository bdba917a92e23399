import { useParams } from 'react-router';
import { usePageMetaOverride } from '../../platform/page-meta';
import { useViewer } from '../../platform/session';
import { ProfileActions } from './profile-actions';
import { YourReview } from './your-review';
import { useWorkerProfile } from './use-worker-profile';
import { WorkerProfileView } from './worker-profile-view';
import { WorkerProfileSkeleton } from './worker-profile-skeleton';
import { WorkerProfileFailed, WorkerProfileNotFound } from './worker-profile-states';

/** /carer/profile/{carerId} (spec 2.3): a worker's public profile, with Shortlist and Contact. */
export default function PublicProfilePage() {
  const { carerId } = useParams();
  const profile = useWorkerProfile(carerId);
  const viewer = useViewer();
  const worker = profile.data;
  // A shared link names the worker (the route table's title is the same for everyone).
  usePageMetaOverride(
    worker
      ? {
          title: `${worker.firstName} ${worker.lastInitial}., care and support worker${worker.suburb ? ` in ${worker.suburb} ${worker.state ?? ''}`.trimEnd() : ''}`,
          description: worker.headline ?? `${worker.firstName}'s skills, experience, rates, checks and reviews.`,
        }
      : null,
  );

  if (profile.data) {
    return (
      <WorkerProfileView
        profile={profile.data}
        actions={<ProfileActions profile={profile.data} />}
        reviewPanel={viewer?.role === 'CS' ? <YourReview carerId={profile.data.carerId} firstName={profile.data.firstName} /> : null}
      />
    );
  }
  if (profile.isNotFound) return <WorkerProfileNotFound />;
  if (profile.isError) return <WorkerProfileFailed onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />;
  return <WorkerProfileSkeleton />;
}
