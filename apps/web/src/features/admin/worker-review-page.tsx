import { Badge, Button, Group, List, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { AdminWorker, AdminWorkerDocument } from '@tendly/domain/api/admin';
import { formatCents } from '@tendly/domain/format';
import { ApiError, errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { AdminPage } from '../../platform/admin-console';
import { useAdminWorker, useDocumentReview, useWorkerAction } from './admin-api';
import { formatCalendarDate, formatDateTime } from './admin-format';
import { AdminHistory } from './admin-history';
import { DocumentViewer } from './document-viewer';
import { LoadState } from './list-state';
import { ReasonDialog } from '../../platform/reason-dialog';
import classes from '../../platform/admin-console.module.css';
import { isOneOf } from '@tendly/domain/coded-options';
import { referenceAnswerRows } from '@tendly/domain/api/worker-onboarding';
import { languageCodes, languageLabel } from '@tendly/domain/languages';
import { qualificationCodes, qualificationLabel } from '@tendly/domain/qualifications';
import { skillCodes, skillLabel } from '@tendly/domain/skills';
import { taskCodes, taskLabel } from '@tendly/domain/tasks';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { FormSection } from '../../platform/form-section';
import { ColumnHeaders } from '../../platform/column-headers';

/** Reference codes as their labels, in the order given; a code this version does not know shows as itself. */
function labelled<T extends string>(codes: readonly T[], label: (code: T) => string, values: readonly string[]): string {
  return values.map((value) => (isOneOf(codes, value) ? label(value) : value)).join(', ');
}

function Fields({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={classes.fields}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === null || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const money = (cents: number | null) => (cents === null ? 'Not set' : formatCents(cents));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function statusBadge(status: AdminWorkerDocument['status']) {
  const colour = status === 'APPROVED' ? 'teal.9' : status === 'REJECTED' ? 'red.9' : 'blue.9';
  const label = status === 'APPROVED' ? 'Approved' : status === 'REJECTED' ? 'Rejected' : 'Waiting for review';
  return (
    <Badge color={colour} variant="outline">
      {label}
    </Badge>
  );
}

function DocumentCard({ workerId, document }: { workerId: string; document: AdminWorker['documents'][number] }) {
  const review = useDocumentReview(workerId);
  const [rejecting, setRejecting] = useState(false);
  const headingId = `document-${document.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4" id={headingId}>
          {document.label}
          {document.isSuperseded ? ' (replaced)' : ''}
        </Title>
        <Group gap="xs">
          {statusBadge(document.status)}
          {document.isExpired && (
            <Badge color="red.9" variant="filled">
              Expired
            </Badge>
          )}
          {document.isRequired && <Badge variant="outline">Required</Badge>}
        </Group>
      </Group>
      <Stack mt="sm" gap="sm">
        <Fields
          rows={[
            ['Number', document.number],
            ['Issuing state', document.issuingState],
            ['Title', document.title],
            ['Issued', formatCalendarDate(document.issuedOn)],
            ['Expires', document.expiresOn ? formatCalendarDate(document.expiresOn) : 'Does not expire'],
            ['Uploaded', formatDateTime(document.uploadedAt)],
            ...(document.reviewReason ? ([['Reason given', document.reviewReason]] as const) : []),
          ]}
        />
        {!document.isSuperseded && <DocumentViewer document={document} />}
        {review.isError && !rejecting && (
          <Notice tone="error" role="alert">
            <Text>{errorText(review.error)}</Text>
          </Notice>
        )}
        {!document.isSuperseded && (
          <Group>
            <BusyButton
              busy={review.isPending && review.variables.decision === 'APPROVED'}
              disabled={document.status === 'APPROVED'}
              onClick={() => review.mutate({ documentId: document.id, decision: 'APPROVED' })}
            >
              Approve {document.label}
            </BusyButton>
            <Button variant="outline" color="red.9" disabled={document.status === 'REJECTED'} onClick={() => setRejecting(true)}>
              Reject {document.label}
            </Button>
          </Group>
        )}
      </Stack>
      <ReasonDialog
        opened={rejecting}
        title={`Reject the ${document.label}?`}
        explanation="The worker sees this reason and can upload a new document."
        label="Why it cannot be accepted"
        confirmLabel="Reject document"
        busy={review.isPending}
        error={review.error}
        onClose={() => {
          review.reset();
          setRejecting(false);
        }}
        onConfirm={(reason) =>
          review.mutate({ documentId: document.id, decision: 'REJECTED', reason }, { onSuccess: () => setRejecting(false) })
        }
      />
    </Paper>
  );
}

function RequestChangesDialog({ opened, onClose, workerId }: { opened: boolean; onClose: () => void; workerId: string }) {
  const action = useWorkerAction(workerId);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const items = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fieldError = action.error instanceof ApiError ? Object.values(action.error.fieldErrors)[0] : undefined;

  function close() {
    action.reset();
    setText('');
    setMissing(false);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title="Ask for changes" closeButtonProps={{ 'aria-label': 'Cancel' }} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (items.length === 0) {
            setMissing(true);
            return;
          }
          action.mutate({ kind: 'request-changes', items }, { onSuccess: close });
        }}
      >
        <Text>We email the worker this list. They leave the queue until they send their profile in again.</Text>
        <Textarea
          mt="md"
          label="What needs fixing"
          description="One thing a line."
          required
          rows={4}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? 'List at least one thing the worker needs to fix' : fieldError}
          data-autofocus
        />
        {action.isError && !fieldError && (
          <Notice tone="error" role="alert" mt="md">
            <Text>{errorText(action.error)}</Text>
          </Notice>
        )}
        <DialogFormActions submitLabel="Email the worker" busy={action.isPending} onCancel={close} mt="lg" />
      </form>
    </Modal>
  );
}

function Decisions({ worker }: { worker: AdminWorker }) {
  const action = useWorkerAction(worker.account.id);
  const suspend = useWorkerAction(worker.account.id);
  const [dialog, setDialog] = useState<'changes' | 'suspend' | null>(null);
  const { profile } = worker;
  const canApprove = worker.missingRequiredDocuments.length === 0 && !profile.suspendedAt;
  return (
    <section aria-labelledby="decision-heading">
      <Title order={2} size="h3" id="decision-heading" mt="lg" mb="sm">
        Decision
      </Title>
      {worker.missingRequiredDocuments.length > 0 && (
        <Notice tone="info" role="region" aria-label="Approval waits for">
          <Text>Approval waits for an approved, current copy of:</Text>
          <List mt="xs">
            {worker.missingRequiredDocuments.map((label) => (
              <List.Item key={label}>{label}</List.Item>
            ))}
          </List>
        </Notice>
      )}
      {action.isError && (
        <Notice tone="error" role="alert" mt="sm">
          <Text>{errorText(action.error)}</Text>
        </Notice>
      )}
      {action.isSuccess && (
        <Notice tone="success" role="status" mt="sm">
          <Text>Done. The worker’s profile is now {action.data.profile.status === 'ACTIVE' ? 'active and in search' : 'inactive'}.</Text>
        </Notice>
      )}
      <Group mt="md">
        <BusyButton
          busy={action.isPending && action.variables.kind === 'approve'}
          disabled={!canApprove}
          onClick={() => action.mutate({ kind: 'approve' })}
        >
          Approve worker
        </BusyButton>
        <Button variant="outline" onClick={() => setDialog('changes')}>
          Ask for changes
        </Button>
        {profile.suspendedAt ? (
          <BusyButton variant="outline" busy={action.isPending && action.variables.kind === 'restore'} onClick={() => action.mutate({ kind: 'restore' })}>
            Restore worker
          </BusyButton>
        ) : (
          <Button variant="outline" color="red.9" onClick={() => setDialog('suspend')}>
            Suspend worker
          </Button>
        )}
      </Group>
      <RequestChangesDialog opened={dialog === 'changes'} onClose={() => setDialog(null)} workerId={worker.account.id} />
      <ReasonDialog
        opened={dialog === 'suspend'}
        title="Suspend this worker?"
        explanation="Their profile leaves search at once and they are emailed the reason. You can restore them later."
        label="Reason for the suspension"
        confirmLabel="Suspend worker"
        busy={suspend.isPending}
        error={suspend.error}
        onClose={() => {
          suspend.reset();
          setDialog(null);
        }}
        onConfirm={(reason) => suspend.mutate({ kind: 'suspend', reason }, { onSuccess: () => setDialog(null) })}
      />
    </section>
  );
}

/** /admin/workers/:workerId: a worker's whole profile, to approve or ask for changes (issue 12). */
export default function WorkerReviewPage() {
  const { workerId = '' } = useParams();
  const query = useAdminWorker(workerId);
  const worker = query.data;
  const name = worker ? `${worker.account.firstName} ${worker.account.lastName}`.trim() : '';

  return (
    <AdminPage title={worker ? `Review ${name}` : 'Review a worker'}>
      <LoadState isPending={query.isPending} error={query.error} what="the worker" />
      {worker && (
        <Stack gap="lg">
          <Group gap="xs" mt="xs">
            <Badge color={worker.profile.status === 'ACTIVE' ? 'teal.9' : 'gray.7'}>{worker.profile.status === 'ACTIVE' ? 'Active: in search' : 'Inactive: not in search'}</Badge>
            {worker.profile.suspendedAt && <Badge color="red.9">Suspended</Badge>}
            {worker.account.status === 'DEACTIVATED' && <Badge color="red.9">Account deactivated</Badge>}
          </Group>
          {worker.profile.suspendedReason && <Text>Suspended: {worker.profile.suspendedReason}</Text>}
          {worker.profile.changesRequested && (
            <Notice tone="info" role="region" aria-label="Changes asked for">
              <Text fw={600}>Changes asked for on {formatDateTime(worker.profile.changesRequestedAt)}:</Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{worker.profile.changesRequested}</Text>
            </Notice>
          )}

          <Decisions worker={worker} />

          <FormSection id="account-heading" title="Account and profile" headingGap="sm">
            <Fields
              rows={[
                ['Email', worker.account.email],
                ['Phone', worker.account.phone],
                ['Joined', formatDateTime(worker.account.createdAt)],
                ['Sent in for review', formatDateTime(worker.profile.submittedForReviewAt)],
                ['Approved', worker.profile.approvedAt ? `${formatDateTime(worker.profile.approvedAt)} by ${worker.profile.approvedBy?.email ?? 'an administrator'}` : 'Not yet'],
                ['Why inactive', worker.profile.inactiveReason],
                ['Headline', worker.profile.headline],
                ['Bio', worker.profile.bio],
                ['Gender', worker.profile.gender],
                ['Skills', labelled(skillCodes, skillLabel, worker.profile.skills)],
                ['Tasks', labelled(taskCodes, taskLabel, worker.profile.tasks)],
                ['Languages', labelled(languageCodes, languageLabel, worker.profile.languages)],
                ['Qualifications', labelled(qualificationCodes, qualificationLabel, worker.profile.qualifications)],
                ['Years of experience', worker.profile.experienceYears === null ? null : String(worker.profile.experienceYears)],
                ['Supports people under 18', yesNo(worker.profile.supportsMinors)],
                ['Home locality', worker.profile.locality],
                ['Travels up to', worker.profile.travelRadiusKm === null ? null : `${worker.profile.travelRadiusKm} km`],
                ['Driver licence', yesNo(worker.profile.hasDriversLicence)],
                ['Own car', yesNo(worker.profile.hasCar)],
                ['Availability', Object.entries(worker.profile.availability).flatMap(([day, slots]) => Object.entries(slots).filter(([, on]) => on).map(([slot]) => `${day} ${slot}`)).join(', ') || 'None given'],
              ]}
            />
            {worker.profile.avatarUrl && <img src={worker.profile.avatarUrl} alt={`Photo of ${name}`} width={128} height={128} style={{ marginTop: 12, borderRadius: 8 }} />}
          </FormSection>

          <FormSection id="rates-heading" title="Rates" headingGap="sm">
            <Fields
              rows={[
                ['Weekday (per hour)', money(worker.profile.rates.weekday)],
                ['Saturday (per hour)', money(worker.profile.rates.saturday)],
                ['Sunday (per hour)', money(worker.profile.rates.sunday)],
                ['Public holiday (per hour)', money(worker.profile.rates.publicHoliday)],
                ['Evening (per hour)', money(worker.profile.rates.evening)],
                ['Active overnight (per hour)', money(worker.profile.rates.overnight)],
                ['Sleepover (per night)', money(worker.profile.rates.sleepover)],
                ['Travel (per km)', money(worker.profile.rates.travelPerKm)],
              ]}
            />
          </FormSection>

          <FormSection id="documents-heading" title="Documents" headingGap="sm">
            {worker.documents.length === 0 ? (
              <Text>No documents uploaded yet.</Text>
            ) : (
              <Stack>
                {worker.documents.map((document) => (
                  <DocumentCard key={document.id} workerId={worker.account.id} document={document} />
                ))}
              </Stack>
            )}
          </FormSection>

          <FormSection id="referees-heading" title="Referees" headingGap="sm">
            {worker.referees.length === 0 ? (
              <Text>No referees given yet.</Text>
            ) : (
              <Stack>
                {worker.referees.map((referee) => (
                  <Paper withBorder p="md" key={referee.id}>
                    <Title order={3} size="h4">
                      {referee.name} ({referee.relationship})
                    </Title>
                    <Fields
                      rows={[
                        ['Email', referee.email],
                        ['Phone', referee.phone],
                        ['Asked', formatDateTime(referee.invitedAt)],
                        ['Answered', referee.answeredAt ? formatDateTime(referee.answeredAt) : 'Not yet'],
                        ...referenceAnswerRows(worker.account.firstName, referee.answers ?? {}).map((row) => [row.question, row.answer] as const),
                      ]}
                    />
                  </Paper>
                ))}
              </Stack>
            )}
          </FormSection>

          <FormSection id="tax-heading" title="Tax, super and bank" headingGap="sm">
            {worker.taxDetails ? (
              <Fields
                rows={[
                  ['ABN', worker.taxDetails.abn],
                  ['Registered to', worker.taxDetails.abnLegalName],
                  ['Registered for GST', yesNo(worker.taxDetails.gstRegistered)],
                  ['Super fund', `${worker.taxDetails.superFundName} (${worker.taxDetails.superIdentifierType} ${worker.taxDetails.superIdentifier})`],
                  ['Member number', worker.taxDetails.superMemberNumber],
                  ['Account name', worker.taxDetails.bankAccountName],
                  ['BSB', worker.taxDetails.bsb],
                  ['Account number', `ending in ${worker.taxDetails.accountNumberLastDigits}`],
                ]}
              />
            ) : (
              <Text>Not given yet.</Text>
            )}
          </FormSection>

          <FormSection id="learning-heading" title="Learning hub" headingGap="sm">
            {worker.learningPasses.length === 0 ? (
              <Text>No modules passed yet.</Text>
            ) : (
              <Table>
                <Table.Caption>Modules passed</Table.Caption>
                <ColumnHeaders columns={['Module', 'Best score', 'Passed']} />
                <Table.Tbody>
                  {worker.learningPasses.map((pass) => (
                    <Table.Tr key={pass.moduleCode}>
                      <Table.Td>{pass.moduleCode}</Table.Td>
                      <Table.Td>{pass.scorePercent}%</Table.Td>
                      <Table.Td>{formatDateTime(pass.passedAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </FormSection>

          <AdminHistory events={worker.history} headingId="worker-history-heading" />
        </Stack>
      )}
    </AdminPage>
  );
}
