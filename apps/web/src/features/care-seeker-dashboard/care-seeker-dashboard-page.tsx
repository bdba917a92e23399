import { Container, Stack, Text, Title } from '@mantine/core';
import { aiWorkerMatchLink } from '@tendly/domain/menus';
import { useCurrentUser, useWelcome } from '../../platform/current-user';
import { menuHref } from '../../platform/menu-link';
import { SignedInSummary } from '../../platform/signed-in-summary';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CareSummary } from './care-summary';
import { CoordinatorLinksSection } from './coordinator-links-section';
import { DashboardLinks, DashboardSection } from '../../platform/dashboard-section';

/**
 * The care seeker's home (/dashboard, spec 2.4 and 6). It leads with their care (issue 31, item
 * 4): upcoming shifts, hours to approve, invoices to pay, their workers and unread messages, each
 * with its action; then who is signed in, their support coordinators and the other pages.
 */
export default function CareSeekerDashboardPage() {
  const site = useSiteConfig();
  const { data: me, isLoading, error } = useCurrentUser();
  const welcome = useWelcome();
  const aiMatch = menuHref(aiWorkerMatchLink, site);

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Dashboard</Title>
      <Text mt="xs" size="lg">
        {welcome} Here is your care at a glance: what is coming up, and what needs you.
      </Text>
      <Stack gap="xl" mt="lg">
        <CareSummary />
        <DashboardSection id="cs-account-heading" heading="Your account">
          <SignedInSummary me={me} isLoading={isLoading} error={error} />
        </DashboardSection>
        <CoordinatorLinksSection />
        <DashboardSection id="cs-next-steps-heading" heading="Next steps">
          <DashboardLinks
            links={[
              { to: sitePath(site, 'postJob'), label: 'Post a job', text: 'Tell local support workers what you need and hear from the ones who fit.' },
              { to: sitePath(site, 'myJobPosts'), label: 'My job posts', text: 'See your jobs and the workers who applied, and choose who to shortlist.' },
              { to: sitePath(site, 'invoicesAndHours'), label: 'Invoices and hours', text: 'Approve the hours your workers submit, and see your invoices.' },
              { to: sitePath(site, 'paymentDetails'), label: 'Payment details', text: 'Save a card, and choose whether invoices are paid automatically.' },
              { to: sitePath(site, 'fundingWallet'), label: 'Funding wallet', text: 'See your plan budgets, what is spent and booked, and how long the money lasts.' },
              { to: sitePath(site, 'shiftNotes'), label: 'Shift notes', text: 'Read what your workers wrote after each shift, or download the notes.' },
              { to: sitePath(site, 'workerSearch'), label: 'Find workers', text: 'Search workers near you by skills, languages and availability.' },
              aiMatch.kind === 'internal' && { to: aiMatch.to, label: 'Try the AI worker match', text: 'Describe the support you need and get matched with suitable workers.' },
            ]}
          />
        </DashboardSection>
      </Stack>
    </Container>
  );
}
