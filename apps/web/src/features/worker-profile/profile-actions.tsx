import { useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { BusyButton } from '../../platform/busy-button';
import { ContactWorkerDialog } from '../../platform/contact-worker-dialog';
import { WorkerContractAction } from '../../platform/contracts-list';
import { MeetAndGreetDialog } from '../../platform/meet-and-greet-dialog';
import type { RedirectState } from '../../platform/redirect-state';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { InviteToApplyDialog } from './invite-to-apply-dialog';
import { useShortlist, useUpdateShortlist } from './use-shortlist';
import classes from './worker-profile.module.css';
import { workerDisplayName } from '@tendly/domain/format';

/**
 * Shortlist and Contact, for whoever may use them (spec 2.3 and 6): care seekers, including a
 * coordinator acting as one (their viewer is the client, a CS). A visitor sees the same buttons
 * and is asked to sign in, coming back here afterwards. Workers and other roles see neither.
 * A care seeker can also invite the worker to apply for one of their open jobs (issue 6), and
 * offer them a service agreement or see the one they have (issue 31).
 */
export function ProfileActions({ profile }: { profile: WorkerProfile }) {
  const viewer = useViewer();
  if (viewer === null) return <VisitorActions profile={profile} />;
  if (viewer.role !== 'CS') return null;
  return <CareSeekerActions profile={profile} />;
}

function ShortlistIcon({ isShortlisted }: { isShortlisted: boolean }) {
  return <span aria-hidden="true">{isShortlisted ? '✓' : '+'}</span>;
}

function VisitorActions({ profile }: { profile: WorkerProfile }) {
  const navigate = useNavigate();
  const location = useLocation();
  const site = useSiteConfig();

  function askToSignIn(message: string) {
    const state: RedirectState = { message, returnTo: `${location.pathname}${location.search}` };
    void navigate(sitePath(site, 'login'), { state });
  }

  return (
    <Group gap="sm" className={classes.actions}>
      <Button
        variant="outline"
        leftSection={<ShortlistIcon isShortlisted={false} />}
        onClick={() => askToSignIn(`Please sign in to shortlist ${profile.firstName}.`)}
      >
        Shortlist
      </Button>
      <Button onClick={() => askToSignIn(`Please sign in to contact ${profile.firstName}.`)}>Contact {profile.firstName}</Button>
    </Group>
  );
}

function CareSeekerActions({ profile }: { profile: WorkerProfile }) {
  const site = useSiteConfig();
  const name = workerDisplayName(profile);
  const shortlist = useShortlist({ enabled: true });
  const update = useUpdateShortlist(profile.carerId);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isContactOpen, setIsContactOpen] = useState(false);
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [isMeetOpen, setIsMeetOpen] = useState(false);
  const isShortlisted = shortlist.data?.some((item) => item.carerId === profile.carerId) ?? false;

  function toggleShortlist() {
    const add = !isShortlisted;
    setFailure(null);
    update.mutate(add, {
      onSuccess: () => setAnnouncement(add ? `${name} is on your shortlist.` : `${name} is no longer on your shortlist.`),
      onError: () => {
        setAnnouncement('');
        setFailure(
          add
            ? `We could not add ${name} to your shortlist. Please try again.`
            : `We could not remove ${name} from your shortlist. Please try again.`,
        );
      },
    });
  }

  return (
    <div className={classes.actions}>
      <Group gap="sm">
        <BusyButton
          busy={shortlist.isLoading || update.isPending}
          variant={isShortlisted ? 'filled' : 'outline'}
          aria-pressed={isShortlisted}
          leftSection={<ShortlistIcon isShortlisted={isShortlisted} />}
          onClick={toggleShortlist}
        >
          Shortlist
        </BusyButton>
        <Button onClick={() => setIsContactOpen(true)}>Contact {profile.firstName}</Button>
        <Button variant="outline" onClick={() => setIsInviteOpen(true)}>
          Invite to apply
        </Button>
        {/* Issue 31, item 11: a free meet and greet before any agreement. */}
        <Button variant="outline" onClick={() => setIsMeetOpen(true)}>
          Ask for a meet and greet
        </Button>
        {/* Issue 31, item 2: offer an agreement (or see the one there is) without going through My workers. */}
        <WorkerContractAction workerId={profile.carerId} workerName={name} />
      </Group>
      {/* Polite: the change is news, not an interruption. Always rendered so it is registered before it speaks. */}
      <Text role="status" mt="xs" fw={600}>
        {announcement}
      </Text>
      {failure && (
        <Text role="alert" c="red.9" mt="xs">
          {failure}
        </Text>
      )}
      {isShortlisted && (
        <Anchor component={Link} to={sitePath(site, 'myWorkers')} size="sm" fw={600} mt={4} display="inline-block">
          See your shortlist in My workers
        </Anchor>
      )}
      <ContactWorkerDialog worker={profile} opened={isContactOpen} onClose={() => setIsContactOpen(false)} />
      <InviteToApplyDialog profile={profile} opened={isInviteOpen} onClose={() => setIsInviteOpen(false)} />
      <MeetAndGreetDialog worker={{ id: profile.carerId, firstName: profile.firstName }} opened={isMeetOpen} onClose={() => setIsMeetOpen(false)} />
    </div>
  );
}
