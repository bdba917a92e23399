import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { aiWorkerMatchLink } from '@tendly/domain/menus';
import { useCurrentUser } from '../../platform/current-user';
import { menuHref } from '../../platform/menu-link';
import { SignedInSummary } from '../../platform/signed-in-summary';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CoordinatorLinksSection } from './coordinator-links-section';

/**
 * The care seeker's home (/dashboard, spec 2.4 and 6): who is signed in and the first steps that
 * exist so far: posting a job, seeing who applied (My job posts, which the spec's menus do not
 * list) and finding workers. Workers, bookings and invoices join it as those features are built.
 */
export default function CareSeekerDashboardPage() {
  const site = useSiteConfig();
  const { data: me, isLoading, error } = useCurrentUser();
  const aiMatch = menuHref(aiWorkerMatchLink, site);

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Dashboard</Title>
      <Text mt="xs" size="lg">
        {me ? `Welcome, ${me.firstName}.` : 'Welcome.'} Here is where you manage your care and support.
      </Text>
      <Stack gap="xl" mt="lg">
        <section aria-labelledby="cs-account-heading">
          <Title order={2} size="h3" id="cs-account-heading" mb="sm">
            Your account
          </Title>
          <SignedInSummary me={me} isLoading={isLoading} error={error} />
        </section>
        <CoordinatorLinksSection />
        <section aria-labelledby="cs-next-steps-heading">
          <Title order={2} size="h3" id="cs-next-steps-heading" mb="sm">
            Next steps
          </Title>
          <List spacing="sm">
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'postJob')} fw={600}>
                Post a job
              </Anchor>
              <Text size="sm">Tell local support workers what you need and hear from the ones who fit.</Text>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'myJobPosts')} fw={600}>
                My job posts
              </Anchor>
              <Text size="sm">See your jobs and the workers who applied, and choose who to shortlist.</Text>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'invoicesAndHours')} fw={600}>
                Invoices and hours
              </Anchor>
              <Text size="sm">Approve the hours your workers submit, and see your invoices.</Text>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'paymentDetails')} fw={600}>
                Payment details
              </Anchor>
              <Text size="sm">Save a card, and choose whether invoices are paid automatically.</Text>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'fundingWallet')} fw={600}>
                Funding wallet
              </Anchor>
              <Text size="sm">See your plan budgets, what is spent and booked, and how long the money lasts.</Text>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'shiftNotes')} fw={600}>
                Shift notes
              </Anchor>
              <Text size="sm">Read what your workers wrote after each shift, or download the notes.</Text>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to={sitePath(site, 'workerSearch')} fw={600}>
                Find workers
              </Anchor>
              <Text size="sm">Search workers near you by skills, languages and availability.</Text>
            </List.Item>
            {aiMatch.kind === 'internal' && (
              <List.Item>
                <Anchor component={Link} to={aiMatch.to} fw={600}>
                  Try the AI worker match
                </Anchor>
                <Text size="sm">Describe the support you need and get matched with suitable workers.</Text>
              </List.Item>
            )}
          </List>
        </section>
      </Stack>
    </Container>
  );
}
