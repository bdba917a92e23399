import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useIsRouteBuilt } from '../../platform/built-routes';
import { useCurrentUser } from '../../platform/current-user';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { ReplyToReview } from './reply-to-review';
import { useWorkerProfile } from './use-worker-profile';
import { WorkerProfileView } from './worker-profile-view';
import { WorkerProfileSkeleton } from './worker-profile-skeleton';
import { WorkerProfileFailed } from './worker-profile-states';

/**
 * /carer/profile (spec 2.5): the signed-in worker's profile exactly as care seekers see it. The
 * API shows a worker their own profile even while it is INACTIVE; the page then says that care
 * seekers cannot see it yet.
 */
export default function OwnProfilePage() {
  const { user } = useSession();
  const me = useCurrentUser();
  const profile = useWorkerProfile(user?.id);
  // GET /api/me knows the status best; the stored one is there before it answers.
  const status = me.data?.workerProfile?.status ?? user?.profileStatus ?? null;

  if (profile.data) {
    const workerId = profile.data.carerId;
    return (
      <WorkerProfileView
        profile={profile.data}
        notice={<OwnProfileNotice isInactive={status === 'INACTIVE'} />}
        reviewActions={(review) => <ReplyToReview review={review} workerId={workerId} />}
      />
    );
  }
  // Even a 404 is a failure here: a signed-in worker always has a profile.
  if (profile.isError) return <WorkerProfileFailed onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />;
  return <WorkerProfileSkeleton />;
}

function OwnProfileNotice({ isInactive }: { isInactive: boolean }) {
  const site = useSiteConfig();
  // No link to a screen that is not built yet (issue 11).
  const canUpdateProfile = useIsRouteBuilt('updateWorkerProfile');
  return (
    <Notice tone={isInactive ? 'warning' : 'info'} role="region" aria-labelledby="own-profile-notice-heading" mt="lg">
      <Title order={2} size="h4" id="own-profile-notice-heading">
        {isInactive ? 'Care seekers cannot see your profile yet' : 'This is how care seekers see your profile'}
      </Title>
      {isInactive ? (
        <Text mt="xs">
          Your profile is inactive, so it is not visible to care seekers until our team has checked and approved it. This
          is how it will look to them once it is approved.
        </Text>
      ) : (
        <Text mt="xs">Care seekers see this page when they open your profile from a search or a shortlist.</Text>
      )}
      {canUpdateProfile && (
        <Anchor component={Link} to={sitePath(site, 'updateWorkerProfile')} fw={600} mt="xs" display="inline-block">
          Update my profile
        </Anchor>
      )}
    </Notice>
  );
}
