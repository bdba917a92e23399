import { Anchor, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { shownEmail } from '@tendly/domain/contact-email';
import { myAccountResponseSchema, type MyAccountResponse } from '@tendly/domain/api/account-details';
import { routePath } from '@tendly/domain/routes';
import { apiRequest } from '../../platform/api-client';
import { PageLoadState } from '../../platform/page-load-state';
import { FormSection } from '../../platform/form-section';

export const myAccountQueryKey = ['account', 'overview'] as const;

function fetchMyAccount(signal?: AbortSignal): Promise<MyAccountResponse> {
  return apiRequest('/my-account', { schema: myAccountResponseSchema, ...(signal ? { signal } : {}) });
}

/** The pages of a care seeker's account (spec 2.4), linked from the overview. */
const accountPages = [
  { routeId: 'accountDetails', label: 'Account details', about: 'Your name, phone, email address, password and the emails we send you.' },
  { routeId: 'paymentDetails', label: 'Payment details', about: 'Your saved cards and how your invoices are paid.' },
  { routeId: 'providerDetails', label: 'Provider and plan details', about: 'Your NDIS number, and who pays your invoices.' },
  { routeId: 'fundingWallet', label: 'Funding wallet', about: 'Your plan budgets, what is spent and booked, and how long the money lasts.' },
  { routeId: 'complianceDetails', label: 'Compliance details', about: 'Your support plan, agreements and other records.' },
] as const;

/**
 * /my-account (issue 16): the account at a glance, what needs attention first (each item with the
 * page that fixes it), then the account's pages.
 */
export default function MyAccountPage() {
  const account = useQuery({ queryKey: myAccountQueryKey, queryFn: ({ signal }) => fetchMyAccount(signal) });
  return (
    <Container size="sm" py="xl">
      <Title order={1}>My account</Title>
      <PageLoadState query={account} what="your account" failure="We could not load your account just now. Please try again in a minute." skeletonHeight={200} />
      {account.data && <Overview account={account.data} />}
    </Container>
  );
}

function Overview({ account }: { account: MyAccountResponse }) {
  return (
    <Stack gap="xl" mt="md">
      <Text size="lg">
        {account.firstName} {account.lastName} · {shownEmail(account.email)}
      </Text>
      <FormSection id="attention-heading" title="Needs your attention" headingGap="sm">
        {account.attention.length === 0 ? (
          <Text>Nothing needs your attention. Your account is up to date.</Text>
        ) : (
          <List spacing="sm">
            {account.attention.map((item) => (
              <List.Item key={item.kind}>
                <Text>
                  {item.message}{' '}
                  <Anchor component={Link} to={routePath(item.routeId)} fw={700}>
                    Go to {accountPages.find((page) => page.routeId === item.routeId)?.label ?? 'the page'}
                  </Anchor>
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </FormSection>
      <FormSection id="pages-heading" title="Your account" headingGap="sm">
        <Stack gap="sm">
          {accountPages.map((page) => (
            <Card key={page.routeId} withBorder padding="md">
              <Anchor component={Link} to={routePath(page.routeId)} fw={700}>
                {page.label}
              </Anchor>
              <Text size="sm">{page.about}</Text>
            </Card>
          ))}
        </Stack>
      </FormSection>
    </Stack>
  );
}
