import { Box, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { coordinatorSidePanel } from '@tendly/domain/menus';
import { useCurrentUser, useWelcome } from '../../platform/current-user';
import { useMenuItems } from '../../platform/built-routes';
import { useViewer } from '../../platform/session';
import { SignedInSummary } from '../../platform/signed-in-summary';
import { useSiteConfig } from '../../platform/site-config';
import { LinkedClients, useLinkedClients } from './linked-clients';
import dashboardClasses from '../../platform/dashboard-section.module.css';
import { DashboardMenuList, DashboardSection } from '../../platform/dashboard-section';

/**
 * The support coordinator's home (spec 2.7, 2.8): the My SC Dashboard side panel (My Clients,
 * Add Client, Request Linking, Make a Referral, Help Centre) and the linked clients, each of whom
 * the coordinator can act for.
 */
export default function CoordinatorDashboardPage() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const { data: me, isLoading, error } = useCurrentUser();
  const welcome = useWelcome();
  const sidePanel = useMenuItems(coordinatorSidePanel);
  // Each part comes once what is above it on a phone is in (the account card, then the clients,
  // then the side panel), so that none is pushed down the screen by what comes in after it. The
  // clients are asked for at once all the same.
  const clientsLoaded = !useLinkedClients().isPending && !isLoading;

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          {clientsLoaded && (
            <Box component="nav" aria-label="My SC Dashboard" className={dashboardClasses.sideMenu}>
              <Text fw={700} size="lg">
                My SC Dashboard
              </Text>
              <DashboardMenuList items={sidePanel} site={site} viewer={viewer} />
            </Box>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          <Title order={1}>My SC Dashboard</Title>
          <Text mt="xs" size="lg">
            {welcome} Find workers for your clients and manage their supports.
          </Text>
          <Stack gap="xl" mt="lg">
            <DashboardSection id="sc-account-heading" heading="Your account">
              <SignedInSummary me={me} isLoading={isLoading} error={error} />
            </DashboardSection>
            {!isLoading && (
              <DashboardSection id="sc-clients-heading" heading="My Clients">
                <Text mb="md">Act for a client to post jobs, find workers and manage their supports as them.</Text>
                <LinkedClients />
              </DashboardSection>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
