import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WalletCategorySummary } from '@tendly/domain/api/funding-wallet';
import { formatCents } from '@tendly/domain/format';
import { walletCategoryLabels } from '@tendly/domain/funding-wallet';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { Notice } from '../../platform/notice';

/** "45% spent", or why there is no share (no budget set). */
export function percentText(figures: Pick<WalletCategorySummary, 'percentSpent' | 'budgetCents'>): string {
  if (figures.budgetCents === null || figures.percentSpent === null) return 'No budget set';
  return `${figures.percentSpent}% spent`;
}

/** The warning when the forecast runs out before the budget's period ends; null otherwise. */
export function runOutText(figures: Pick<WalletCategorySummary, 'runOutDate' | 'periodEnd'>): string | null {
  if (!figures.runOutDate) return null;
  return `At this rate the money runs out on ${formatLongDate(figures.runOutDate)}, before ${formatLongDate(figures.periodEnd)}.`;
}

/**
 * One category's figures: budget, spent, committed (confirmed bookings still to come) and remaining,
 * a bar of the share spent with the same words beside it, and the run-out warning. The care
 * seeker's wallet and the coordinator's client list both show it.
 */
export function WalletCategorySummaryView({ figures, idPrefix }: { figures: WalletCategorySummary; idPrefix: string }) {
  const label = walletCategoryLabels[figures.category];
  const warning = runOutText(figures);
  const barLabelId = `${idPrefix}-bar`;
  const figure = (name: string, value: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {figure('Budget', figures.budgetCents === null ? 'Not set' : formatCents(figures.budgetCents))}
        {figure('Spent', formatCents(figures.spentCents))}
        {figure('Booked', formatCents(figures.committedCents))}
        {figure('Remaining', figures.remainingCents === null ? '—' : formatCents(figures.remainingCents))}
      </SimpleGrid>
      {figures.budgetCents !== null && figures.percentSpent !== null && (
        <div>
          <Group justify="space-between" gap="xs">
            <Text size="sm" id={barLabelId}>
              {label}: {percentText(figures)}
            </Text>
          </Group>
          <Progress.Root size="lg" mt={4}>
            <Progress.Section value={Math.min(figures.percentSpent, 100)} color={figures.percentSpent >= 80 ? 'red.9' : 'blue.9'} aria-labelledby={barLabelId} />
          </Progress.Root>
        </div>
      )}
      {warning && (
        <Notice tone="warning">
          <Text>{warning}</Text>
        </Notice>
      )}
    </Stack>
  );
}
