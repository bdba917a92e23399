import { Button, FileInput, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatCents } from '@tendly/domain/format';
import { errorText } from '../../platform/api-client';
import { AdminPage, AdminTable, AdminTableRow } from '../../platform/admin-console';
import { BusyButton } from '../../platform/busy-button';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { Notice } from '../../platform/notice';
import { formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import type { ShortfallAction } from '@tendly/domain/api/payments';
import { actOnShortfall, downloadClaimFile, exportClaimFiles, fetchClaimsOverview, importRemittance, moneyQueryKeys, uploadClaimResult, type ClaimBatch } from './money-admin-api';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import type { z } from 'zod';
import type { adminClaimLineSchema } from '@tendly/domain/api/payments';
import { RecordDepositDialog } from './record-deposit-dialog';


const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * /admin/ndis-claims (issue 15): agency-managed invoices waiting to be claimed, exporting the NDIA
 * bulk payment request files (which marks those invoices claimed), downloading each file,
 * uploading the NDIA's result file, and the lines it rejected with the NDIA's reason.
 */
export default function AdminNdisClaimsPage() {
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: moneyQueryKeys.claims, queryFn: ({ signal }) => fetchClaimsOverview(signal) });
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [depositFor, setDepositFor] = useState<{ line: z.infer<typeof adminClaimLineSchema>; from: 'NDIA' | 'CARE_SEEKER' } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: moneyQueryKeys.claims });
  const announceAndRefresh = async (text: string) => {
    setAnnouncement({ tone: 'success', text });
    await refresh();
  };
  const exporting = useMutation({
    mutationFn: exportClaimFiles,
    onSuccess: async (batches) => {
      setConfirming(false);
      setAnnouncement({ tone: 'success', text: batches.length === 0 ? 'Nothing to claim: no file was made.' : `Exported ${plural(batches.length, 'claim file', 'claim files')}: ${batches.map((batch) => batch.fileName).join(', ')}. Download each below and upload it to the NDIA.` });
      await refresh();
    },
  });

  async function download(batch: ClaimBatch) {
    setDownloading(batch.id);
    try {
      const fileName = await downloadClaimFile(batch);
      setAnnouncement({ tone: 'success', text: `${fileName} has been downloaded.` });
    } catch (error) {
      setAnnouncement({ tone: 'error', text: errorText(error) });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <AdminPage title="NDIA claims" intro={<Text mt="xs">Agency-managed NDIS invoices are claimed from the NDIA with a bulk payment request file. Its result file marks each line accepted or rejected; the NDIA’s remittance brings the cash.</Text>}>
      <OutcomeAnnouncement outcome={announcement} mt="md" />
      <LoadState isPending={overview.isPending} error={overview.error} what="NDIA claims" />
      {overview.data && (
        <>
          <ClaimsSection id="unclaimed-heading" heading="Waiting to be claimed">
            <Text mt="xs">
              {overview.data.unclaimed.invoiceCount === 0
                ? 'No approved invoice is waiting to be claimed.'
                : `${plural(overview.data.unclaimed.invoiceCount, 'invoice', 'invoices')}, ${plural(overview.data.unclaimed.lineCount, 'line', 'lines')}, ${formatCents(overview.data.unclaimed.totalCents)}.`}
            </Text>
            {overview.data.unclaimed.invoiceCount > 0 && (
              <Button
                mt="sm"
                onClick={() => {
                  exporting.reset();
                  setConfirming(true);
                }}
              >
                Export claim file
              </Button>
            )}
            {overview.data.skipped.length > 0 && (
              <>
                <Title order={3} size="h4" mt="lg" id="skipped-heading">
                  Not claimable yet
                </Title>
                <ul aria-labelledby="skipped-heading">
                  {overview.data.skipped.map((skipped) => (
                    <li key={skipped.invoiceId}>
                      {skipped.invoiceNumber} for {skipped.clientName}: {skipped.reason}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </ClaimsSection>
          <ClaimsSection id="batches-heading" heading="Claim files">
            <ClaimsTable
              isEmpty={overview.data.batches.length === 0}
              empty="No claim file has been exported yet."
              label="Claim files"
              caption="Claim files, newest first"
              columns={['File', 'Exported', 'Lines', 'Total', 'Result', 'Download']}
            >
              {overview.data.batches.map((batch) => (
                <AdminTableRow
                  key={batch.id}
                  cells={[
                    batch.fileName,
                    formatDateTime(batch.createdAt),
                    batch.rowCount,
                    formatCents(batch.totalCents),
                    batch.resultUploadedAt ? `${batch.paidCount} paid, ${batch.rejectedCount} rejected (uploaded ${formatDateTime(batch.resultUploadedAt)})` : 'Waiting for the NDIA',
                    <BusyButton size="sm" variant="outline" busy={downloading === batch.id} onClick={() => void download(batch)} aria-label={`Download ${batch.fileName}`}>
                      Download
                    </BusyButton>,
                  ]}
                />
              ))}
            </ClaimsTable>
            {overview.data.batches.length > 0 && <ResultUpload batches={overview.data.batches} onUploaded={announceAndRefresh} />}
          </ClaimsSection>
          <ClaimsSection id="rejections-heading" heading="Rejected lines">
            <Text mt="xs">Correct what the NDIA’s message says (the participant’s NDIS number, the plan, the price); the next claim file claims each line again.</Text>
            <ClaimsTable
              isEmpty={overview.data.rejections.length === 0}
              empty="No line has been rejected."
              label="Rejected lines"
              caption="Lines the NDIA rejected, to correct and claim again"
              columns={['Claim reference', 'Invoice', 'Client', 'Support item', 'Amount', 'NDIA’s reason']}
            >
              {overview.data.rejections.map((rejection) => (
                <AdminTableRow key={rejection.lineId} cells={[rejection.claimReference, rejection.invoiceNumber, rejection.clientName, rejection.supportItem ?? '—', formatCents(rejection.amountCents), rejection.reason]} />
              ))}
            </ClaimsTable>
          </ClaimsSection>
          <ClaimsSection id="cash-heading" heading="Accepted, waiting for the cash">
            <Text mt="xs">The NDIA pays accepted lines days later. A line is paid, and its worker can be paid, once its cash is in the bank.</Text>
            <ClaimsTable
              isEmpty={overview.data.awaitingCash.length === 0}
              empty="No accepted line is waiting for its cash."
              label="Accepted lines waiting for the cash"
              caption="Accepted lines waiting for the NDIA’s cash"
              columns={['Claim reference', 'Payment request', 'Invoice', 'Client', 'Accepted', 'Deposit']}
            >
              {overview.data.awaitingCash.map((line) => (
                <AdminTableRow
                  key={line.id}
                  cells={[
                    line.claimReference,
                    line.paymentRequestNumber ?? '—',
                    line.invoiceNumber,
                    line.clientName,
                    formatCents(line.acceptedCents ?? line.claimedCents),
                    <Button size="xs" variant="outline" onClick={() => setDepositFor({ line, from: 'NDIA' })} aria-label={`Record deposit: ${line.claimReference}`}>
                      Record deposit
                    </Button>,
                  ]}
                />
              ))}
            </ClaimsTable>
            <RemittanceImport onImported={announceAndRefresh} />
          </ClaimsSection>
          <ClaimsSection id="short-heading" heading="Paid less than claimed">
            <ClaimsTable
              isEmpty={overview.data.shortPaid.length === 0}
              empty="No line was paid less than claimed."
              label="Lines paid less than claimed"
              caption="Lines the NDIA paid less than claimed: resubmit the difference, write it off, or bill it to the care seeker where the agreement allows"
              columns={['Claim reference', 'Invoice', 'Claimed', 'Short by', 'Why', 'Action']}
            >
              {overview.data.shortPaid.map((line) => (
                <AdminTableRow
                  key={line.id}
                  cells={[
                    line.claimReference,
                    line.invoiceNumber,
                    formatCents(line.claimedCents),
                    formatCents(line.shortCents),
                    line.shortReason ?? '—',
                    <ShortfallButtons
                      claimLineId={line.id}
                      claimReference={line.claimReference}
                      onDone={async (text) => {
                        setAnnouncement(text);
                        await refresh();
                      }}
                    />,
                  ]}
                />
              ))}
            </ClaimsTable>
          </ClaimsSection>
          <ClaimsSection id="care-seeker-heading" heading="Billed to the care seeker, waiting for their payment">
            <ClaimsTable
              isEmpty={overview.data.awaitingCareSeeker.length === 0}
              empty="No difference billed to a care seeker is waiting for their payment."
              label="Differences billed to the care seeker"
              caption="Differences billed to the care seeker, waiting for their payment"
              columns={['Claim reference', 'Invoice', 'Client', 'Billed', 'Payment']}
            >
              {overview.data.awaitingCareSeeker.map((line) => (
                <AdminTableRow
                  key={line.id}
                  cells={[
                    line.claimReference,
                    line.invoiceNumber,
                    line.clientName,
                    formatCents(line.shortCents),
                    <Button size="xs" variant="outline" onClick={() => setDepositFor({ line, from: 'CARE_SEEKER' })} aria-label={`Record payment from the care seeker: ${line.claimReference}`}>
                      Record payment
                    </Button>,
                  ]}
                />
              ))}
            </ClaimsTable>
          </ClaimsSection>
        </>
      )}
      {depositFor && (
        <RecordDepositDialog
          key={`${depositFor.from}:${depositFor.line.id}`}
          line={depositFor.line}
          from={depositFor.from}
          onClose={() => setDepositFor(null)}
          onRecorded={(text) => {
            setDepositFor(null);
            setAnnouncement({ tone: 'success', text });
            void refresh();
          }}
        />
      )}
      <ConfirmDialog opened={confirming} title="Export the claim file?" confirmLabel="Export claim file" busy={exporting.isPending} error={exporting.error} onConfirm={() => exporting.mutate()} onClose={() => setConfirming(false)}>
        Every approved agency-managed invoice not yet claimed goes into the NDIA bulk payment request file (several files past 5,000 lines), and is marked claimed.
      </ConfirmDialog>
    </AdminPage>
  );
}

/** One part of the claims page: a heading the section is named by, then its content. */
function ClaimsSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" mt="xl" id={id}>
        {heading}
      </Title>
      {children}
    </section>
  );
}

/** A table of claims, or a sentence saying there is nothing in it. */
function ClaimsTable({
  isEmpty,
  empty,
  label,
  caption,
  columns,
  children,
}: {
  isEmpty: boolean;
  empty: string;
  label: string;
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  if (isEmpty) return <Text mt="sm">{empty}</Text>;
  return (
    <AdminTable mt="sm" label={label} caption={caption} columns={columns}>
      {children}
    </AdminTable>
  );
}

/**
 * A form that sends one CSV file from the NDIA (a result file, a remittance): the file is asked for
 * on submit, and the server's refusal is shown in the form.
 */
function CsvFileForm({
  id,
  heading,
  label,
  description,
  missing,
  submitLabel,
  busy,
  error,
  file,
  onFileChange,
  onSend,
  children,
}: {
  id: string;
  heading: string;
  label: string;
  description?: string;
  missing: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onSend: (file: File) => void;
  children?: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-labelledby={id}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (!file) {
          setProblem(missing);
          return;
        }
        setProblem(null);
        onSend(file);
      }}
    >
      <Stack gap="sm" mt="lg" maw={520}>
        <Title order={3} size="h4" id={id}>
          {heading}
        </Title>
        {children}
        <FileInput
          label={label}
          description={description}
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => {
            onFileChange(chosen);
            setProblem(null);
          }}
          error={problem ?? undefined}
          clearable
        />
        {error != null && (
          <Notice tone="error" role="alert">
            <Text>{errorText(error)}</Text>
          </Notice>
        )}
        <Group>
          <BusyButton type="submit" busy={busy}>
            {submitLabel}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Uploading the NDIA's result file for one of the claim files. */
function ResultUpload({ batches, onUploaded }: { batches: readonly ClaimBatch[]; onUploaded: (text: string) => Promise<void> }) {
  const [batchId, setBatchId] = useState(batches.find((batch) => batch.resultUploadedAt === null)?.id ?? batches[0]?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: ({ id, chosen }: { id: string; chosen: File }) => uploadClaimResult(id, chosen),
    onSuccess: async (summary) => {
      setFile(null);
      const short = summary.shortPaidLines > 0 ? ` (${summary.shortPaidLines} paid less than claimed)` : '';
      const unread = summary.errors.length > 0 ? ` Not used: ${summary.errors.map((error) => error.message).join(' ')}` : '';
      await onUploaded(`Result uploaded: ${plural(summary.acceptedLines, 'line', 'lines')} accepted${short}, ${plural(summary.rejectedLines, 'line', 'lines')} rejected. Accepted lines are paid when the NDIA’s remittance is imported.${unread}`);
    },
  });
  return (
    <CsvFileForm
      id="result-upload-heading"
      heading="Upload the NDIA’s result file"
      label="Result file (CSV)"
      missing="Choose the NDIA’s result file"
      submitLabel="Upload result"
      busy={upload.isPending}
      error={upload.isError ? upload.error : null}
      file={file}
      onFileChange={setFile}
      onSend={(chosen) => upload.mutate({ id: batchId, chosen })}
    >
      <NativeSelect label="Claim file" value={batchId} onChange={(event) => setBatchId(event.currentTarget.value)} data={batches.map((batch) => ({ value: batch.id, label: batch.fileName }))} />
    </CsvFileForm>
  );
}

const shortfallLabels: Record<ShortfallAction, { button: string; done: string }> = {
  RESUBMIT: { button: 'Resubmit', done: 'goes into the next claim file' },
  WRITE_OFF: { button: 'Write off', done: 'is written off' },
  BILL_CARE_SEEKER: { button: 'Bill care seeker', done: 'is billed to the care seeker' },
};

/** The three things an operator can do with a short-paid difference. */
function ShortfallButtons({ claimLineId, claimReference, onDone }: { claimLineId: string; claimReference: string; onDone: (outcome: Outcome) => Promise<void> }) {
  const act = useMutation({
    mutationFn: (action: ShortfallAction) => actOnShortfall(claimLineId, action),
    onSuccess: async (_line, action) => onDone({ tone: 'success', text: `The difference on ${claimReference} ${shortfallLabels[action].done}.` }),
    onError: async (error) => onDone({ tone: 'error', text: errorText(error) }),
  });
  return (
    <Group gap="xs">
      {(Object.keys(shortfallLabels) as ShortfallAction[]).map((action) => (
        <BusyButton key={action} size="xs" variant="outline" busy={act.isPending && act.variables === action} onClick={() => act.mutate(action)} aria-label={`${shortfallLabels[action].button}: ${claimReference}`}>
          {shortfallLabels[action].button}
        </BusyButton>
      ))}
    </Group>
  );
}

/** Importing the NDIA's remittance: the cash of accepted lines, matched by payment request number. */
function RemittanceImport({ onImported }: { onImported: (text: string) => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: importRemittance,
    onSuccess: async (answer) => {
      setFile(null);
      const recorded = answer.matched.filter((line) => line.newlyRecorded).length;
      const unmatched = answer.unmatched.length > 0 ? ` Not matched: ${answer.unmatched.map((line) => line.reason).join(' ')}` : '';
      await onImported(`Remittance imported: ${plural(recorded, 'line', 'lines')} paid, ${plural(answer.matched.length - recorded, 'line was', 'lines were')} already recorded; ${plural(answer.invoicesPaid, 'invoice is', 'invoices are')} now paid.${unmatched}`);
    },
  });
  return (
    <CsvFileForm
      id="remittance-heading"
      heading="Import the NDIA’s remittance"
      label="Remittance (CSV)"
      description="It names each Payment Request Number and the amount paid."
      missing="Choose the NDIA’s remittance"
      submitLabel="Import remittance"
      busy={upload.isPending}
      error={upload.isError ? upload.error : null}
      file={file}
      onFileChange={setFile}
      onSend={(chosen) => upload.mutate(chosen)}
    />
  );
}
