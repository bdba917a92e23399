import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ageBucketCodes, ageBucketLabels, payerTypeLabels, type MoneySummary, type ReceivablesAgeing } from '@tendly/domain/api/admin-money';
import { formatCents } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { AdminPage } from '../../platform/admin-console';
import { Notice } from '../../platform/notice';
import { formatCalendarDate } from './admin-format';
import { adminMoneyQueryKeys, fetchMoneySummary, fetchReceivablesAgeing } from './admin-money-api';
import { LoadState } from './list-state';
import classes from '../../platform/admin-console.module.css';
import { ColumnHeaders } from '../../platform/column-headers';

/**
 * /admin/money (issue 28 section 5): the books on one screen, a section per topic, each with its
 * own heading and its own call, so that a section is added (claims, payouts by file) without
 * touching the others. Receivables by payer come first, then the NDIA's claims and the payouts
 * by bank file (one call for both). Those two only count: the admin acts on /admin/ndis-claims
 * and /admin/payouts, which each section links to.
 */
export default function AdminMoneyPage() {
  // Both asked for at once; the sections below the receivables show once those are in, since
  // coming in first they would be pushed down the page by the receivables' table.
  const receivables = useQuery({ queryKey: adminMoneyQueryKeys.receivables, queryFn: ({ signal }) => fetchReceivablesAgeing(signal) });
  const summary = useQuery({ queryKey: adminMoneyQueryKeys.summary, queryFn: ({ signal }) => fetchMoneySummary(signal) });
  return (
    <AdminPage title="Money" intro={<Text mt="xs">The books on one screen. Each section is checked against the ledger.</Text>}>
      <Stack gap="xl" mt="lg">
        <ReceivablesSection receivables={receivables} />
        {!receivables.isPending && (
          <>
            <NdiaClaimsSection summary={summary} />
            <PayoutFilesSection summary={summary} />
          </>
        )}
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
function ReceivablesSection({ receivables }: { receivables: UseQueryResult<ReceivablesAgeing> }) {
  const data = receivables.data;
  return (
    <MoneySection
      id="money-receivables-heading"
      title="Receivables by payer"
      intro="Money owed on unpaid invoices, by who pays and how many days past the due date. Invoices not yet due count as 0–30 days."
      what="receivables"
      query={receivables}
    >
      {data && (
        <>
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Receivables by payer">
            <Table striped mt="md">
              <Table.Caption>Money owed on unpaid invoices by payer and days past due, on {formatCalendarDate(data.asOf)}</Table.Caption>
              <ColumnHeaders columns={['Payer', ...ageBucketCodes.map((bucket) => ageBucketLabels[bucket]), 'Total', 'Invoices']} />
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
    </MoneySection>
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

interface FigureRow {
  label: string;
  count: number;
  /** What is counted: "line", "file", "payment". */
  unit: string;
  totalCents: number;
}

/** A small table of counts and totals, with a caption and headers for screen readers. */
function FiguresTable({ caption, rows }: { caption: string; rows: FigureRow[] }) {
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <Table striped mt="md">
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders columns={['State', 'How many', 'Amount']} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <Table.Td>
                {row.count} {row.count === 1 ? row.unit : `${row.unit}s`}
              </Table.Td>
              <Table.Td>{formatCents(row.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * One section of the page: its heading with Count again (the figures are counted when asked, not
 * kept), what it shows, and its loading or error state; `children` once the figures are in.
 */
function MoneySection({ id, title, intro, what, query, children }: { id: string; title: string; intro: string; what: string; query: UseQueryResult<unknown>; children: ReactNode }) {
  return (
    <section aria-labelledby={id} aria-busy={query.isFetching || undefined}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Count again
        </Button>
      </Group>
      <Text mt="xs">{intro}</Text>
      <LoadState isPending={query.isPending} error={query.error} what={what} />
      {children}
    </section>
  );
}

/** Whether a section's figures tie to the ledger: said plainly when they do, as an alert when not. */
function TiesWithLedger({ ties, tied, notTied }: { ties: boolean; tied: ReactNode; notTied: ReactNode }) {
  if (ties) return <Text mt="sm">{tied}</Text>;
  return (
    <Notice tone="error" role="alert" mt="sm">
      <Text>{notTied}</Text>
    </Notice>
  );
}

/** Where the NDIA's claims are, and whether what they say the NDIA owes ties to NDIA_RECEIVABLE. */
function NdiaClaimsSection({ summary }: { summary: UseQueryResult<MoneySummary> }) {
  const ndia = summary.data?.ndia;
  return (
    <MoneySection
      id="money-ndia-heading"
      title="NDIA claims"
      intro="Agency-managed invoices claimed from the NDIA, by where each claim line is. Export claim files, upload results and import remittances on the claims page."
      what="NDIA claims"
      query={summary}
    >
      {ndia && (
        <>
          <FiguresTable
            caption="NDIA claim lines by state"
            rows={[
              { label: 'Waiting to be claimed', count: ndia.waitingToClaim.count, unit: 'line', totalCents: ndia.waitingToClaim.totalCents },
              { label: 'Claims awaiting a result', count: ndia.awaitingResult.count, unit: 'line', totalCents: ndia.awaitingResult.totalCents },
              { label: 'Rejected lines to correct', count: ndia.rejected.count, unit: 'line', totalCents: ndia.rejected.totalCents },
              { label: 'Accepted, awaiting cash', count: ndia.acceptedAwaitingCash.count, unit: 'line', totalCents: ndia.acceptedAwaitingCash.totalCents },
              { label: 'Short-paid, not yet decided', count: ndia.shortPaid.count, unit: 'line', totalCents: ndia.shortPaid.totalCents },
            ]}
          />
          <TiesWithLedger
            ties={ndia.ledger.differenceCents === 0}
            tied={<>The ledger says the NDIA owes {formatCents(ndia.ledger.balanceCents)}: it ties with these claims.</>}
            notTied={
              <>
                The ledger says the NDIA owes {formatCents(ndia.ledger.balanceCents)}, but these claims add up to {formatCents(ndia.ledger.claimsCents)}. They do not tie. Run the ledger check to find out why.
              </>
            }
          />
          <Anchor component={Link} to={routePath('adminNdisClaims')} underline="always" mt="sm" display="inline-block">
            Work on NDIA claims
          </Anchor>
        </>
      )}
    </MoneySection>
  );
}

/** The payouts' bank files by state, and whether they tie to the payout journals. */
function PayoutFilesSection({ summary }: { summary: UseQueryResult<MoneySummary> }) {
  const files = summary.data?.payouts;
  return (
    <MoneySection
      id="money-payouts-heading"
      title="Payouts by bank file"
      intro="Bank files of payouts to workers. A file is pending until it is marked lodged with the bank. Run payouts, download files and mark them lodged on the payouts page."
      what="payouts"
      query={summary}
    >
      {files && (
        <>
          <FiguresTable
            caption="Payout bank files by state"
            rows={[
              { label: 'Pending (not lodged)', count: files.pending.count, unit: 'file', totalCents: files.pending.totalCents },
              { label: 'Lodged', count: files.lodged.count, unit: 'file', totalCents: files.lodged.totalCents },
              { label: 'Returned by the bank', count: files.returned.count, unit: 'payment', totalCents: files.returned.totalCents },
            ]}
          />
          <TiesWithLedger
            ties={files.ledger.differenceCents === 0}
            tied={
              <>
                The ledger’s payouts are {formatCents(files.ledger.sentCents)} sent and {formatCents(files.ledger.returnedCents)} returned: they tie with these files.
              </>
            }
            notTied={
              <>
                The ledger’s payouts are {formatCents(files.ledger.sentCents)} sent and {formatCents(files.ledger.returnedCents)} returned, but the files hold {formatCents(files.ledger.filesCents)} and the returned payments{' '}
                {formatCents(files.ledger.returnedPayoutsCents)}. They do not tie. Run the ledger check to find out why.
              </>
            }
          />
          <Anchor component={Link} to={routePath('adminPayouts')} underline="always" mt="sm" display="inline-block">
            Work on payouts
          </Anchor>
        </>
      )}
    </MoneySection>
  );
}
