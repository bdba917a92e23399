import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Container, Group, Loader, Skeleton, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { JOB_ALERTS_UNSUBSCRIBED_MESSAGE } from '@tendly/domain/api/jobs';
import { errorText, isClientError } from '../../platform/api-client';
import { ErrorNotice, Notice } from '../../platform/notice';
import type { RedirectState } from '../../platform/redirect-state';
import { useSession, useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { fetchJobAlertSettings, saveJobAlertSettings, unsubscribeFromJobAlerts } from './job-alerts-api';
import { LoadFailure } from '../../platform/page-load-state';
import { TitledSection } from '../../platform/titled-section';

const settingsKey = (userId: string | null) => ['job-alerts', userId] as const;

/**
 * /carer/unsubscribe/nearbyjobs (spec 2.5; issue 6). Public, because the one-click link in a job
 * alert email must work signed out: with `?token=` the page turns the emails off at once and says
 * so. A signed-in worker also gets the setting itself, to turn the emails back on or off; anyone
 * else without a token is asked to sign in.
 */
export default function JobAlertsPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const viewer = useViewer();
  const isWorker = viewer?.role === 'CR';

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Job alert emails</Title>
      <Text size="lg" mt="xs">
        When a job is posted near you that needs the support you offer, we can email you about it.
      </Text>
      <Stack gap="lg" mt="lg">
        {token && <OneClickUnsubscribe token={token} />}
        {isWorker ? <JobAlertSwitch /> : !token && (viewer === null ? <SignInPrompt /> : <NotForThisRole />)}
      </Stack>
    </Container>
  );
}

/** Turns the emails off once, on arrival, and says how it went. */
function OneClickUnsubscribe({ token }: { token: string }) {
  const site = useSiteConfig();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const unsubscribe = useMutation({
    mutationFn: () => unsubscribeFromJobAlerts(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['job-alerts'] }),
  });
  const sentFor = useRef<string | null>(null);
  const { mutate } = unsubscribe;

  useEffect(() => {
    // Once per link, even when effects run twice (development's StrictMode).
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate();
  }, [token, mutate]);

  if (unsubscribe.isSuccess) {
    return (
      <Notice tone="success" role="status">
        <Title order={2} size="h4">
          You have unsubscribed
        </Title>
        <Text mt="xs">{JOB_ALERTS_UNSUBSCRIBED_MESSAGE}</Text>
        {viewer === null && (
          <Text mt="xs">
            Changed your mind?{' '}
            <Anchor component={Link} to={sitePath(site, 'login')} state={signInState()} fw={600}>
              Sign in to turn them back on
            </Anchor>
            .
          </Text>
        )}
      </Notice>
    );
  }
  if (unsubscribe.isError) {
    const error = unsubscribe.error;
    const isLinkProblem = isClientError(error);
    return (
      <Notice tone="error" role="alert">
        <Title order={2} size="h4">
          We could not unsubscribe you
        </Title>
        <Text mt="xs">{errorText(error)}</Text>
        {isLinkProblem ? (
          <Text mt="xs">
            The link may have been cut short by your email program. Try the link in the email again, or
            {viewer?.role === 'CR' ? ' use the switch below.' : ' sign in and turn the emails off here.'}
          </Text>
        ) : (
          <Button mt="sm" variant="outline" onClick={() => unsubscribe.mutate()}>
            Try again
          </Button>
        )}
        {viewer === null && isLinkProblem && (
          <Anchor component={Link} to={sitePath(site, 'login')} state={signInState()} fw={600} mt="xs" display="inline-block">
            Sign in
          </Anchor>
        )}
      </Notice>
    );
  }
  return (
    <Notice tone="info" role="status">
      <Group gap="xs">
        <Loader size="xs" aria-hidden="true" />
        <Text>Turning off job alert emails…</Text>
      </Group>
    </Notice>
  );
}

/** Back here after signing in, without the token: the switch is what a signed-in worker needs. */
function signInState(): RedirectState {
  return { message: 'Please sign in to change your job alert emails.', returnTo: '/carer/unsubscribe/nearbyjobs' };
}

/** The signed-in worker's setting (GET and PUT /api/my/job-alerts). */
function JobAlertSwitch() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = settingsKey(user?.id ?? null);
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchJobAlertSettings(signal) });
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveJobAlertSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setAnnouncement(
        saved.enabled ? 'Saved. We will email you about new jobs near you.' : `Saved. ${JOB_ALERTS_UNSUBSCRIBED_MESSAGE}`,
      );
    },
    onError: (error) => {
      setAnnouncement('');
      setFailure(`${errorText(error)} Your setting has not changed.`);
    },
  });
  const enabled = save.isPending ? save.variables.enabled : (settings.data?.enabled ?? false);

  return (
    <TitledSection id="job-alert-setting-heading" heading="Your setting" size="h3">
      {settings.isError ? (
        <LoadFailure query={settings} mt="sm">
          We could not load your setting just now. Please try again.
        </LoadFailure>
      ) : settings.data === undefined ? (
        <div>
          <div role="status">
            <VisuallyHidden>Loading your setting</VisuallyHidden>
          </div>
          <Skeleton height={32} width="70%" mt="sm" aria-hidden="true" />
        </div>
      ) : (
        <>
          {/* The description sits outside the switch's label (Mantine would put it in the label, and so in its name). */}
          <Switch
            mt="sm"
            size="md"
            label="Email me about new jobs near me"
            aria-describedby="job-alert-setting-description"
            checked={enabled}
            aria-busy={save.isPending || undefined}
            onChange={(event) => {
              if (save.isPending) return;
              setFailure(null);
              save.mutate({ enabled: event.currentTarget.checked });
            }}
          />
          <Text id="job-alert-setting-description" size="sm" mt={4}>
            New jobs close to your suburb that need the support you offer.
          </Text>
          <Text role="status" mt="sm" fw={600}>
            {announcement}
          </Text>
          <ErrorNotice message={failure} mt="xs" />
        </>
      )}
    </TitledSection>
  );
}

function SignInPrompt() {
  const site = useSiteConfig();
  const location = useLocation();
  const state: RedirectState = { message: 'Please sign in to change your job alert emails.', returnTo: location.pathname };
  return (
    <Notice tone="info">
      <Text>Sign in as a care or support worker to turn job alert emails on or off.</Text>
      <Text mt="xs">
        To stop the emails without signing in, use the unsubscribe link at the bottom of any job alert email.
      </Text>
      <Button component={Link} to={sitePath(site, 'login')} state={state} mt="sm">
        Sign in
      </Button>
    </Notice>
  );
}

function NotForThisRole() {
  return (
    <Notice tone="info">
      <Text>Job alert emails are for care and support workers, so there is nothing to change for your account.</Text>
    </Notice>
  );
}
