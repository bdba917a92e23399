import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ageBucketCodes, ageBucketLabels, payerTypeLabels, type ReceivablesAgeing } from '@tendly/domain/api/admin-money';
import { formatCents } from '@tendly/domain/format';
import { AdminPage } from '../../platform/admin-console';
import { Notice } from '../../platform/notice';
import { formatCalendarDate } from './admin-format';
import { adminMoneyQueryKeys, fetchReceivablesAgeing } from './admin-money-api';
import { LoadState } from './list-state';
import classes from '../../platform/admin-console.module.css';

/**
 * /admin/money (issue 28 section 5): the books on one screen, a section per topic, each with its
 * own heading and its own call, so that a section is added (claims, payouts by file) without
 * touching the others. Receivables by payer come first.
 */
export default function AdminMoneyPage() {
  return (
    <AdminPage title="Money" intro={<Text mt="xs">The books on one screen. Each section is checked against the ledger.</Text>}>
      <Stack gap="xl" mt="lg">
        <ReceivablesSection />
      </Stack>
    </AdminPage>
  );
}

const accountLabels: Record<ReceivablesAgeing['ledger']['accounts'][number]['account'], string> = {
  CARE_SEEKER_RECEIVABLE: 'care seekers',
  FUNDER_RECEIVABLE: 'plan managers and aged care providers',
  NDIA_RECEIVABLE: 'the NDIA',
};

/** What payers owe on open invoices, by payer and by days past the due date, and whether it ties to the ledger. */
function ReceivablesSection() {
  const receivables = useQuery({ queryKey: adminMoneyQueryKeys.receivables, queryFn: ({ signal }) => fetchReceivablesAgeing(signal) });
  const data = receivables.data;
  return (
    <section aria-labelledby="money-receivables-heading" aria-busy={receivables.isFetching || undefined}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id="money-receivables-heading">
          Receivables by payer
        </Title>
        <Button variant="outline" onClick={() => void receivables.refetch()} loading={receivables.isFetching}>
          Count again
        </Button>
      </Group>
      <Text mt="xs">Money owed on unpaid invoices, by who pays and how many days past the due date. Invoices not yet due count as 0–30 days.</Text>
      <LoadState isPending={receivables.isPending} error={receivables.error} what="receivables" />
      {data && (
        <>
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Receivables by payer">
            <Table striped mt="md">
              <Table.Caption>Money owed on unpaid invoices by payer and days past due, on {formatCalendarDate(data.asOf)}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Payer</Table.Th>
                  {ageBucketCodes.map((bucket) => (
                    <Table.Th scope="col" key={bucket}>
                      {ageBucketLabels[bucket]}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">Total</Table.Th>
                  <Table.Th scope="col">Invoices</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.payerType}>
                    <Table.Th scope="row">{payerTypeLabels[row.payerType]}</Table.Th>
                    {ageBucketCodes.map((bucket) => (
                      <Table.Td key={bucket}>{formatCents(row.buckets[bucket])}</Table.Td>
                    ))}
                    <Table.Td>{formatCents(row.totalCents)}</Table.Td>
                    <Table.Td>{row.invoiceCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">All payers</Table.Th>
                  {ageBucketCodes.map((bucket) => (
                    <Table.Td key={bucket}>{formatCents(data.totals.buckets[bucket])}</Table.Td>
                  ))}
                  <Table.Td>{formatCents(data.totals.totalCents)}</Table.Td>
                  <Table.Td>{data.totals.invoiceCount}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </div>
          <LedgerTie ledger={data.ledger} />
        </>
      )}
    </section>
  );
}

/** The table's totals against the ledger's receivable accounts: said plainly when they tie, and each difference when not. */
function LedgerTie({ ledger }: { ledger: ReceivablesAgeing['ledger'] }) {
  const differences = ledger.accounts.filter((account) => account.differenceCents !== 0);
  if (differences.length === 0) {
    return <Text mt="sm">The ledger’s receivables are {formatCents(ledger.balanceCents)}: they tie with this table.</Text>;
  }
  return (
    <Notice tone="error" role="alert" mt="sm">
      <Text>The ledger’s receivables are {formatCents(ledger.balanceCents)}, which does not tie with this table. Run the ledger check to find out why.</Text>
      <ul>
        {differences.map((account) => (
          <li key={account.account}>
            Owed by {accountLabels[account.account]}: {formatCents(account.balanceCents)} in the ledger, {formatCents(account.tableCents)} in this table.
          </li>
        ))}
      </ul>
    </Notice>
  );
}
