import { useEffect } from 'react';
import { Anchor, Box, Container, Grid, List, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MeResponse } from '@tendly/domain/api/auth';
import { workerAccountMenu } from '@tendly/domain/menus';
import type { SiteConfig } from '@tendly/domain/site-config';
import { useIsRouteBuilt, useMenuItems } from '../../platform/built-routes';
import { useCurrentUser, useWelcome } from '../../platform/current-user';
import { updateSignedInUser, useSession, useViewer } from '../../platform/session';
import { SignedInSummary } from '../../platform/signed-in-summary';
import { OnboardingNextStep } from '../../platform/onboarding-next-step';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { InactiveProfileNotice } from './inactive-profile-notice';
import { PayoutStatusPanel } from './payout-status-panel';
import dashboardClasses from '../../platform/dashboard-section.module.css';
import { DashboardLinks, DashboardMenuList, DashboardSection } from '../../platform/dashboard-section';

/**
 * The care worker's home (/care-worker/dashboard, spec 2.5 and 6): who is signed in, how complete
 * the profile is and what is missing, the inactive-profile notice, and the My Account side menu
 * (spec 2.8) without the items an inactive profile hides (spec 4) or whose screens are not built.
 */
export default function WorkerDashboardPage() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const { user } = useSession();
  const { data: me, isLoading, error } = useCurrentUser();
  const welcome = useWelcome();
  const profile = me?.workerProfile ?? null;
  const isInactive = profile ? profile.status === 'INACTIVE' : viewer?.isInactiveWorker === true;
  const accountItems = useMenuItems(workerAccountMenu);
  const canUpdateProfile = useIsRouteBuilt('updateWorkerProfile');
  const hasWelcome = useIsRouteBuilt('workerWelcome');

  // The API knows the profile status best; keep the stored one (which menus and guards read) in step.
  const apiStatus = profile?.status;
  useEffect(() => {
    if (apiStatus && user && !user.superUserLogin && user.profileStatus !== apiStatus) {
      updateSignedInUser({ profileStatus: apiStatus });
    }
  }, [apiStatus, user]);

  // What follows the account card depends on the account (the profile, whether it is inactive),
  // and the side menu follows it all on a phone: they come once the account is in, below the
  // card's held place, rather than appearing above what is already on screen and pushing it down.
  const accountLoaded = !isLoading;

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        {accountItems.length > 0 && (
          <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
            {accountLoaded && (
              <Box component="nav" aria-labelledby="my-account-heading" className={dashboardClasses.sideMenu}>
                <Title order={2} size="h4" id="my-account-heading">
                  My Account
                </Title>
                <DashboardMenuList items={accountItems} site={site} viewer={viewer} />
              </Box>
            )}
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: accountItems.length > 0 ? 9 : 12 }} order={{ base: 1, md: 2 }}>
          <Title order={1}>My dashboard</Title>
          <Text mt="xs" size="lg">
            {welcome} Here is where you manage your work.
          </Text>
          <Stack gap="xl" mt="lg">
            {isInactive && <InactiveProfileNotice />}
            <DashboardSection id="worker-account-heading" heading="Your account">
              <SignedInSummary me={me} isLoading={isLoading} error={error} />
            </DashboardSection>
            {accountLoaded && <WorkerDashboardSections site={site} profile={profile} isInactive={isInactive} canUpdateProfile={canUpdateProfile} hasWelcome={hasWelcome} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** The dashboard's sections after the account card: the profile, hours and invoices, payouts and next steps. */
function WorkerDashboardSections({
  site,
  profile,
  isInactive,
  canUpdateProfile,
  hasWelcome,
}: {
  site: SiteConfig;
  profile: MeResponse['workerProfile'] | null;
  isInactive: boolean;
  canUpdateProfile: boolean;
  hasWelcome: boolean;
}) {
  return (
    <>
      {profile && (
        <DashboardSection id="profile-heading" heading="Your profile">
          <Text id="profile-complete-text" fw={600}>
            Your profile is {profile.completenessPercent}% complete
          </Text>
          <Progress.Root size="lg" mt="xs">
            <Progress.Section value={profile.completenessPercent} aria-labelledby="profile-complete-text" />
          </Progress.Root>
          {profile.missing.length > 0 ? (
            <>
              <Text mt="md">Still to add:</Text>
              <List mt="xs">
                {profile.missing.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text mt="md">Your profile has everything care seekers look for.</Text>
          )}
          {isInactive && hasWelcome && (
            <Text mt="md">
              <Anchor component={Link} to={sitePath(site, 'workerWelcome')} fw={600}>
                See your onboarding checklist
              </Anchor>{' '}
              to finish your profile and submit it for review.
            </Text>
          )}
          {isInactive && hasWelcome && (
            <Box mt="md">
              <OnboardingNextStep />
            </Box>
          )}
          {canUpdateProfile && (
            <Anchor component={Link} to={sitePath(site, 'updateWorkerProfile')} mt="md" display="inline-block" fw={600}>
              Update my profile
            </Anchor>
          )}
        </DashboardSection>
      )}
      <DashboardSection id="worker-hours-heading" heading="Hours and invoices">
        <DashboardLinks
          links={[
            !isInactive && { to: sitePath(site, 'submitTimesheet'), label: 'Submit hours', text: 'Record the hours of a shift that has ended, with travel, expenses and a shift note.' },
            { to: sitePath(site, 'savedHours'), label: 'Saved hours', text: 'Hours you saved for later, to submit together.' },
            { to: sitePath(site, 'unapprovedInvoices'), label: 'Job reports', text: 'Hours waiting for approval, and any sent back to fix.' },
            { to: sitePath(site, 'workerInvoices'), label: 'Invoices', text: 'The invoices issued for your approved hours, and what you receive after the platform fee.' },
          ]}
        />
      </DashboardSection>
      <PayoutStatusPanel />
      <DashboardSection id="worker-next-steps-heading" heading="Next steps">
        <DashboardLinks
          links={[
            { to: sitePath(site, 'jobSearch'), label: 'Find jobs', text: 'See care and support jobs near you.' },
            { to: sitePath(site, 'unsubscribeNearbyJobs'), label: 'Job alert emails', text: 'Choose whether we email you about new jobs near you.' },
          ]}
        />
      </DashboardSection>
    </>
  );
}
