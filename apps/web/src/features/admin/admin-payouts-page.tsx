import { Button, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents } from '@tendly/domain/format';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { AdminPage } from '../../platform/admin-console';
import { BusyButton } from '../../platform/busy-button';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { formatCalendarDate, formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import { downloadAbaFile, fetchPayoutRuns, moneyQueryKeys, runPayoutsNow, type PayoutRun } from './money-admin-api';
import classes from '../../platform/admin-console.module.css';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';


/**
 * /admin/payouts (issue 15): the daily payout runs with their totals and ABA bank files, running
 * today's now, and the workers held back (no bank account or ABN) with what each is owed.
 */
export default function AdminPayoutsPage() {
  const queryClient = useQueryClient();
  const runs = useQuery({ queryKey: moneyQueryKeys.payoutRuns, queryFn: ({ signal }) => fetchPayoutRuns(signal) });
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: runPayoutsNow,
    onSuccess: async (done) => {
      setConfirming(false);
      setAnnouncement({ tone: 'success', text: `Payout run for ${formatCalendarDate(done.runDate)}: ${done.payoutCount} ${done.payoutCount === 1 ? 'payout' : 'payouts'}, ${formatCents(done.totalCents)} in all.` });
      await queryClient.invalidateQueries({ queryKey: moneyQueryKeys.payoutRuns });
    },
  });

  async function download(payoutRun: PayoutRun) {
    setDownloading(payoutRun.id);
    try {
      const fileName = await downloadAbaFile(payoutRun);
      setAnnouncement({ tone: 'success', text: `The bank file of ${formatCalendarDate(payoutRun.runDate)} has been downloaded as ${fileName}.` });
    } catch (error) {
      setAnnouncement({ tone: 'error', text: error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <AdminPage title="Payouts" intro={<Text mt="xs">Each day’s run pays every worker for their paid invoices, less the platform fee, through one ABA bank file.</Text>}>
      <Button
        mt="md"
        onClick={() => {
          run.reset();
          setConfirming(true);
        }}
      >
        Run payouts now
      </Button>
      <OutcomeAnnouncement outcome={announcement} mt="md" />
      <LoadState isPending={runs.isPending} error={runs.error} what="payout runs" />
      {runs.data && (
        <>
          <Title order={2} size="h3" mt="xl">
            Runs
          </Title>
          {runs.data.runs.length === 0 ? (
            <Text mt="sm">No payout has run yet.</Text>
          ) : (
            <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Payout runs">
              <Table striped mt="sm">
                <Table.Caption>Payout runs, newest first</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Run date</Table.Th>
                    <Table.Th scope="col">Started</Table.Th>
                    <Table.Th scope="col">Finished</Table.Th>
                    <Table.Th scope="col">Payouts</Table.Th>
                    <Table.Th scope="col">Total</Table.Th>
                    <Table.Th scope="col">Bank file</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {runs.data.runs.map((payoutRun) => (
                    <Table.Tr key={payoutRun.id}>
                      <Table.Td>{formatCalendarDate(payoutRun.runDate)}</Table.Td>
                      <Table.Td>{formatDateTime(payoutRun.startedAt)}</Table.Td>
                      <Table.Td>{payoutRun.finishedAt ? formatDateTime(payoutRun.finishedAt) : 'Running'}</Table.Td>
                      <Table.Td>{payoutRun.payoutCount}</Table.Td>
                      <Table.Td>{formatCents(payoutRun.totalCents)}</Table.Td>
                      <Table.Td>
                        {payoutRun.hasFile ? (
                          <BusyButton size="sm" variant="outline" busy={downloading === payoutRun.id} onClick={() => void download(payoutRun)} aria-label={`Download the ABA file of ${formatCalendarDate(payoutRun.runDate)}`}>
                            Download ABA
                          </BusyButton>
                        ) : (
                          'None'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          <Title order={2} size="h3" mt="xl">
            Workers held back
          </Title>
          {runs.data.held.length === 0 ? (
            <Text mt="sm">No worker is held back.</Text>
          ) : (
            <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Workers held back">
              <Table striped mt="sm">
                <Table.Caption>Workers who cannot be paid, and why</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Worker</Table.Th>
                    <Table.Th scope="col">Why</Table.Th>
                    <Table.Th scope="col">Owed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {runs.data.held.map((held) => (
                    <Table.Tr key={`${held.workerId}-${held.reason}`}>
                      <Table.Td>{held.workerName}</Table.Td>
                      <Table.Td>{held.reason}</Table.Td>
                      <Table.Td>{formatCents(held.heldCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </>
      )}
      <ConfirmDialog opened={confirming} title="Run payouts now?" confirmLabel="Run payouts" busy={run.isPending} error={run.error} onConfirm={() => run.mutate()} onClose={() => setConfirming(false)}>
        Today’s payout run pays every worker for their paid invoices not yet paid out, and writes the ABA bank file. A worker is never paid twice for an invoice.
      </ConfirmDialog>
    </AdminPage>
  );
}
