import { useEffect } from 'react';
import { Anchor, Box, Container, Grid, List, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { workerAccountMenu } from '@tendly/domain/menus';
import { useIsRouteBuilt, useMenuItems } from '../../platform/built-routes';
import { useCurrentUser } from '../../platform/current-user';
import { MenuLink } from '../../platform/menu-link';
import { updateSignedInUser, useSession, useViewer } from '../../platform/session';
import { SignedInSummary } from '../../platform/signed-in-summary';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { InactiveProfileNotice } from './inactive-profile-notice';
import { PayoutStatusPanel } from './payout-status-panel';
import classes from './worker-dashboard-page.module.css';

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

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        {accountItems.length > 0 && (
          <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
            <Box component="nav" aria-labelledby="my-account-heading" className={classes.sideMenu}>
              <Title order={2} size="h4" id="my-account-heading">
                My Account
              </Title>
              <ul className={classes.sideList}>
                {accountItems.map((item) => (
                  <li key={item.label}>
                    <MenuLink item={item} site={site} viewer={viewer} />
                  </li>
                ))}
              </ul>
            </Box>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: accountItems.length > 0 ? 9 : 12 }} order={{ base: 1, md: 2 }}>
          <Title order={1}>My dashboard</Title>
          <Text mt="xs" size="lg">
            {me ? `Welcome, ${me.firstName}.` : 'Welcome.'} Here is where you manage your work.
          </Text>
          <Stack gap="xl" mt="lg">
            {isInactive && <InactiveProfileNotice />}
            <section aria-labelledby="worker-account-heading">
              <Title order={2} size="h3" id="worker-account-heading" mb="sm">
                Your account
              </Title>
              <SignedInSummary me={me} isLoading={isLoading} error={error} />
            </section>
            {profile && (
              <section aria-labelledby="profile-heading">
                <Title order={2} size="h3" id="profile-heading" mb="sm">
                  Your profile
                </Title>
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
                {canUpdateProfile && (
                  <Anchor component={Link} to={sitePath(site, 'updateWorkerProfile')} mt="md" display="inline-block" fw={600}>
                    Update my profile
                  </Anchor>
                )}
              </section>
            )}
            <section aria-labelledby="worker-hours-heading">
              <Title order={2} size="h3" id="worker-hours-heading" mb="sm">
                Hours and invoices
              </Title>
              <List spacing="sm">
                {!isInactive && (
                  <List.Item>
                    <Anchor component={Link} to={sitePath(site, 'submitTimesheet')} fw={600}>
                      Submit hours
                    </Anchor>
                    <Text size="sm">Record the hours of a shift that has ended, with travel, expenses and a shift note.</Text>
                  </List.Item>
                )}
                <List.Item>
                  <Anchor component={Link} to={sitePath(site, 'savedHours')} fw={600}>
                    Saved hours
                  </Anchor>
                  <Text size="sm">Hours you saved for later, to submit together.</Text>
                </List.Item>
                <List.Item>
                  <Anchor component={Link} to={sitePath(site, 'unapprovedInvoices')} fw={600}>
                    Job reports
                  </Anchor>
                  <Text size="sm">Hours waiting for approval, and any sent back to fix.</Text>
                </List.Item>
                <List.Item>
                  <Anchor component={Link} to={sitePath(site, 'workerInvoices')} fw={600}>
                    Invoices
                  </Anchor>
                  <Text size="sm">The invoices issued for your approved hours, and what you receive after the platform fee.</Text>
                </List.Item>
              </List>
            </section>
            <PayoutStatusPanel />
            <section aria-labelledby="worker-next-steps-heading">
              <Title order={2} size="h3" id="worker-next-steps-heading" mb="sm">
                Next steps
              </Title>
              <List spacing="sm">
                <List.Item>
                  <Anchor component={Link} to={sitePath(site, 'jobSearch')} fw={600}>
                    Find jobs
                  </Anchor>
                  <Text size="sm">See care and support jobs near you.</Text>
                </List.Item>
                <List.Item>
                  <Anchor component={Link} to={sitePath(site, 'unsubscribeNearbyJobs')} fw={600}>
                    Job alert emails
                  </Anchor>
                  <Text size="sm">Choose whether we email you about new jobs near you.</Text>
                </List.Item>
              </List>
            </section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
