import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { payoutReturnRequestSchema, type PayoutBatch } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { parseShowingErrors, showServerFieldErrors, useFieldFocus } from '../../platform/form-state';
import { errorText } from '../../platform/api-client';
import { AdminPage, AdminTable, AdminTableRow } from '../../platform/admin-console';
import { BusyButton } from '../../platform/busy-button';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { formatCalendarDate, formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import { downloadBatchFile, fetchPayoutRuns, markBatchLodged, moneyQueryKeys, recordPayoutReturn, runPayoutsNow } from './money-admin-api';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { submitFailure } from '../../platform/submit-row';

const returnFields = ['lodgementReference', 'reason'] as const;

/**
 * /admin/payouts (issues 15 and 28): the daily payout runs, the bank files they made (one for each
 * time a run paid someone, each with only payouts of no other file), downloading a file and marking
 * it lodged, recording a payment the bank sent back, and the workers held back with why.
 */
export default function AdminPayoutsPage() {
  const queryClient = useQueryClient();
  const runs = useQuery({ queryKey: moneyQueryKeys.payoutRuns, queryFn: ({ signal }) => fetchPayoutRuns(signal) });
  const [confirming, setConfirming] = useState(false);
  const [lodging, setLodging] = useState<PayoutBatch | null>(null);
  const [announcement, setAnnouncement] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { fieldRef, focusFirst } = useFieldFocus(returnFields);
  const refresh = () => queryClient.invalidateQueries({ queryKey: moneyQueryKeys.payoutRuns });

  const run = useMutation({
    mutationFn: runPayoutsNow,
    onSuccess: async (done) => {
      setConfirming(false);
      setAnnouncement({ tone: 'success', text: `Payout run for ${formatCalendarDate(done.runDate)}: ${done.payoutCount} ${done.payoutCount === 1 ? 'payout' : 'payouts'}, ${formatCents(done.totalCents)} in all.` });
      await refresh();
    },
  });
  const lodge = useMutation({
    mutationFn: (batch: PayoutBatch) => markBatchLodged(batch.id),
    onSuccess: async (batch) => {
      setLodging(null);
      setAnnouncement({ tone: 'success', text: `${batch.fileName} is marked as lodged with the bank.` });
      await refresh();
    },
  });
  const recordReturn = useMutation({
    mutationFn: recordPayoutReturn,
    onSuccess: async (returned) => {
      setReference('');
      setReason('');
      setErrors({});
      setAnnouncement({
        tone: 'success',
        text: `Payment ${returned.lodgementReference} of ${formatCents(returned.amountCents)} to ${returned.workerName} is recorded as returned. They have been emailed to check their bank details.`,
      });
      await refresh();
    },
    onError: showServerFieldErrors(setErrors, focusFirst),
  });
  const returnProblem = submitFailure(recordReturn.error, returnFields);

  async function download(batch: PayoutBatch) {
    setDownloading(batch.id);
    try {
      const fileName = await downloadBatchFile(batch);
      setAnnouncement({ tone: 'success', text: `Bank file ${batch.number} has been downloaded as ${fileName}.` });
    } catch (error) {
      setAnnouncement({ tone: 'error', text: errorText(error) });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <AdminPage
      title="Payouts"
      intro={
        <Text mt="xs">
          Each day’s run pays every worker for their paid invoices, less the platform fee. Each time a run pays someone it makes a new bank file with only those payouts: upload each file to the bank once, then mark it lodged.
        </Text>
      }
    >
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
            Bank files
          </Title>
          {runs.data.batches.length === 0 ? (
            <Text mt="sm">No bank file has been made yet.</Text>
          ) : (
            <AdminTable label="Bank files" caption="Bank files, newest first" columns={['File', 'Run date', 'Bank date', 'Payouts', 'Total', 'Lodged', 'Returned', 'Actions']} mt="sm">
              {runs.data.batches.map((batch) => (
                <AdminTableRow
                  key={batch.id}
                  cells={[
                    batch.fileName,
                    formatCalendarDate(batch.runDate),
                    formatCalendarDate(batch.processingDate),
                    batch.payoutCount,
                    formatCents(batch.totalCents),
                    batch.lodgedAt ? `${formatDateTime(batch.lodgedAt)}${batch.lodgedByName ? ` by ${batch.lodgedByName}` : ''}` : 'Not yet',
                    batch.returnedCount,
                    <Group gap="xs" wrap="nowrap">
                      <BusyButton size="sm" variant="outline" busy={downloading === batch.id} onClick={() => void download(batch)} aria-label={`Download bank file ${batch.fileName}`}>
                        Download
                      </BusyButton>
                      {!batch.lodgedAt && (
                        <Button
                          size="sm"
                          variant="default"
                          onClick={() => {
                            lodge.reset();
                            setLodging(batch);
                          }}
                          aria-label={`Mark lodged: ${batch.fileName}`}
                        >
                          Mark lodged
                        </Button>
                      )}
                    </Group>,
                  ]}
                />
              ))}
            </AdminTable>
          )}

          <Title order={2} size="h3" mt="xl">
            Record a returned payment
          </Title>
          <form
            noValidate
            aria-label="Record a returned payment"
            onSubmit={(event) => {
              event.preventDefault();
              if (recordReturn.isPending) return;
              const request = parseShowingErrors(payoutReturnRequestSchema, { lodgementReference: reference, reason }, setErrors, focusFirst);
              if (request) recordReturn.mutate(request);
            }}
          >
            <Stack gap="sm" mt="sm" maw={520}>
              <Text>When the bank sends a payment back, enter it here. The worker is owed the money again, is emailed to check their bank details, and is paid again once they change them.</Text>
              <TextInput
                ref={fieldRef('lodgementReference')}
                label="Lodgement reference"
                description="As the bank’s return report shows it, like PAY-000001234."
                required
                value={reference}
                onChange={(event) => setReference(event.currentTarget.value)}
                error={errors.lodgementReference || undefined}
              />
              <TextInput
                ref={fieldRef('reason')}
                label="The bank’s reason"
                description="For example: Account closed."
                required
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                error={errors.reason || undefined}
              />
              {returnProblem && (
                <Text c="red.8" role="alert">
                  {returnProblem}
                </Text>
              )}
              <div>
                <BusyButton type="submit" busy={recordReturn.isPending}>
                  Record returned payment
                </BusyButton>
              </div>
            </Stack>
          </form>

          {runs.data.returned.length > 0 && (
            <AdminTable label="Returned payments" caption="Payments the bank sent back, newest first" columns={['Reference', 'Worker', 'Amount', 'Recorded', 'Bank’s reason', 'Paid again']} mt="md">
              {runs.data.returned.map((returned) => (
                <AdminTableRow
                  key={returned.id}
                  cells={[
                    returned.lodgementReference,
                    returned.workerName,
                    formatCents(returned.amountCents),
                    formatDateTime(returned.returnedAt),
                    returned.returnReason,
                    returned.repaid ? 'Yes' : 'Not yet: waiting for new bank details',
                  ]}
                />
              ))}
            </AdminTable>
          )}

          <Title order={2} size="h3" mt="xl">
            Runs
          </Title>
          {runs.data.runs.length === 0 ? (
            <Text mt="sm">No payout has run yet.</Text>
          ) : (
            <AdminTable label="Payout runs" caption="Payout runs, newest first" columns={['Run date', 'Started', 'Finished', 'Payouts', 'Total']} mt="sm">
              {runs.data.runs.map((payoutRun) => (
                <AdminTableRow
                  key={payoutRun.id}
                  cells={[
                    formatCalendarDate(payoutRun.runDate),
                    formatDateTime(payoutRun.startedAt),
                    payoutRun.finishedAt ? formatDateTime(payoutRun.finishedAt) : 'Running',
                    payoutRun.payoutCount,
                    formatCents(payoutRun.totalCents),
                  ]}
                />
              ))}
            </AdminTable>
          )}
          <Title order={2} size="h3" mt="xl">
            Workers held back
          </Title>
          {runs.data.held.length === 0 ? (
            <Text mt="sm">No worker is held back.</Text>
          ) : (
            <AdminTable label="Workers held back" caption="Workers who cannot be paid, and why" columns={['Worker', 'Why', 'Owed']} mt="sm">
              {runs.data.held.map((held) => (
                <AdminTableRow key={`${held.workerId}-${held.reason}`} cells={[held.workerName, held.reason, formatCents(held.heldCents)]} />
              ))}
            </AdminTable>
          )}
        </>
      )}
      <ConfirmDialog opened={confirming} title="Run payouts now?" confirmLabel="Run payouts" busy={run.isPending} error={run.error} onConfirm={() => run.mutate()} onClose={() => setConfirming(false)}>
        Today’s payout run pays every worker for their paid invoices not yet paid out, and makes a new bank file with only those payouts. A worker is never paid twice for an invoice.
      </ConfirmDialog>
      <ConfirmDialog
        opened={lodging !== null}
        title="Mark this file as lodged?"
        confirmLabel="Mark lodged"
        busy={lodge.isPending}
        error={lodge.error}
        onConfirm={() => lodging && lodge.mutate(lodging)}
        onClose={() => setLodging(null)}
      >
        {`Mark ${lodging?.fileName ?? 'the file'} as lodged only after you have uploaded it to the bank. Do not upload it again: its payouts are in no other file.`}
      </ConfirmDialog>
    </AdminPage>
  );
}
