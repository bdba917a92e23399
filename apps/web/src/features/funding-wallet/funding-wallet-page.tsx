import { Card, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Wallet, WalletCategoryFigures } from '@tendly/domain/api/funding-wallet';
import { formatCents } from '@tendly/domain/format';
import { walletCategoryLabels } from '@tendly/domain/funding-wallet';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { Notice } from '../../platform/notice';
import { PageLoadState } from '../../platform/page-load-state';
import { fetchWallet, walletQueryKey } from './funding-wallet-api';
import { WalletCategorySummaryView } from './wallet-category-summary';
import { WalletForm } from './wallet-form';
import { ColumnHeaders } from '../../platform/column-headers';

/** chart.js is loaded only when a burn-down is drawn. */
const BurnDownChart = lazy(() => import('./burn-down-chart'));

/**
 * /funding-wallet (issue 16): the plan's budgets by category with what invoices have spent, what
 * confirmed bookings will spend, what remains, when the money runs out at this rate, and a
 * burn-down of each; below, the form to set the plan dates and budgets. The care seeker's, or their
 * client's for a coordinator acting for them.
 */
export default function FundingWalletPage() {
  const wallet = useQuery({ queryKey: walletQueryKey, queryFn: ({ signal }) => fetchWallet(signal) });
  return (
    <Container size="md" py="xl">
      <Title order={1}>Funding wallet</Title>
      <Text size="lg" mt="xs">
        Your plan budgets, what has been spent and booked, and how long the money will last.
      </Text>
      <PageLoadState query={wallet} what="your funding wallet" failure="We could not load your funding wallet just now. Please try again in a minute." skeletonHeight={320} />
      {wallet.data && <WalletView wallet={wallet.data} />}
    </Container>
  );
}

function WalletView({ wallet }: { wallet: Wallet }) {
  return (
    <Stack gap="xl" mt="xl">
      {wallet.plan ? (
        <Text>
          Plan from {formatLongDate(wallet.plan.startDate)} to {formatLongDate(wallet.plan.endDate)}. Spent counts issued invoices less credit notes; booked counts confirmed shifts still to come, at your agreements’ rates.
        </Text>
      ) : (
        <Notice tone="info">
          <Text>Enter your plan dates and budgets below to see what is spent and how long your funding will last.</Text>
        </Notice>
      )}
      {wallet.categories.map((figures) => (
        <CategoryCard key={figures.category} figures={figures} />
      ))}
      <Card withBorder padding="lg">
        <WalletForm wallet={wallet} />
      </Card>
    </Stack>
  );
}

function CategoryCard({ figures }: { figures: WalletCategoryFigures }) {
  const label = walletCategoryLabels[figures.category];
  const headingId = `wallet-${figures.category}-heading`;
  const chartName = `${label}: remaining budget at the end of each week, from ${formatLongDate(figures.periodStart)} to ${formatLongDate(figures.periodEnd)}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {label}
          </Title>
          <Text size="sm" c="dimmed">
            {formatLongDate(figures.periodStart)} to {formatLongDate(figures.periodEnd)}
          </Text>
        </div>
        <WalletCategorySummaryView figures={figures} idPrefix={`wallet-${figures.category}`} />
        {figures.burnDown.length > 0 && (
          <>
            <Suspense fallback={<Text size="sm">Loading the chart…</Text>}>
              <BurnDownChart points={figures.burnDown} name={chartName} />
            </Suspense>
            <details>
              <summary>Show the burn-down as a table</summary>
              <Table.ScrollContainer minWidth={320}>
                <Table striped>
                  <caption>{chartName}</caption>
                  <ColumnHeaders columns={['Week ending', 'Remaining', 'Figure']} />
                  <Table.Tbody>
                    {figures.burnDown.map((point) => (
                      <Table.Tr key={point.weekEnd}>
                        <Table.Td>{formatLongDate(point.weekEnd)}</Table.Td>
                        <Table.Td>{formatCents(point.remainingCents)}</Table.Td>
                        <Table.Td>{point.isForecast ? 'Forecast' : 'Actual'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </details>
          </>
        )}
      </Stack>
    </Card>
  );
}
