import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { roleLabels } from '@tendly/domain/roles';
import { routePath } from '@tendly/domain/routes';
import { errorText } from '../../platform/api-client';
import { useCurrentUser } from '../../platform/current-user';
import { Notice } from '../../platform/notice';
import { AdminPage } from '../../platform/admin-console';
import { useAccountStatusChange, usePerson, useWorkerAction } from './admin-api';
import { formatDateTime } from './admin-format';
import { AdminHistory } from './admin-history';
import { LoadState } from './list-state';
import { ReasonDialog } from '../../platform/reason-dialog';
import classes from '../../platform/admin-console.module.css';
import { FormSection } from '../../platform/form-section';
import { shownEmail } from '@tendly/domain/contact-email';

/** /admin/people/:userId: one account, to deactivate or reactivate, or a worker to suspend or restore (issue 12). */
export default function PersonPage() {
  const { userId = '' } = useParams();
  const { data: me } = useCurrentUser();
  const query = usePerson(userId);
  const statusChange = useAccountStatusChange(userId);
  const workerAction = useWorkerAction(userId);
  const [dialog, setDialog] = useState<'deactivate' | 'reactivate' | 'suspend' | null>(null);
  const person = query.data;
  const name = person ? `${person.account.firstName} ${person.account.lastName}`.trim() || person.account.email : '';
  const isMe = me?.id === userId;

  function closeDialog() {
    statusChange.reset();
    workerAction.reset();
    setDialog(null);
  }

  /** The deactivate and reactivate dialogs: each asks for a reason and changes the account's status with it. */
  const statusChangeDialog = (change: 'deactivate' | 'reactivate') => ({
    opened: dialog === change,
    busy: statusChange.isPending,
    error: statusChange.error,
    onClose: closeDialog,
    onConfirm: (reason: string) => statusChange.mutate({ change, reason }, { onSuccess: () => setDialog(null) }),
  });

  return (
    <AdminPage title={person ? name : 'Account'}>
      <LoadState isPending={query.isPending} error={query.error} what="the account" />
      {person && (
        <Stack gap="lg" mt="sm">
          <Group gap="xs">
            <Badge variant="outline">{roleLabels[person.account.role]}</Badge>
            <Badge color={person.account.status === 'ACTIVE' ? 'teal.9' : 'red.9'}>{person.account.status === 'ACTIVE' ? 'Active' : 'Deactivated'}</Badge>
          </Group>
          <dl className={classes.fields}>
            <dt>Email</dt>
            <dd>{shownEmail(person.account.email)}</dd>
            <dt>Phone</dt>
            <dd>{person.account.phone ?? '—'}</dd>
            <dt>Joined</dt>
            <dd>{formatDateTime(person.account.createdAt)}</dd>
            <dt>Email verified</dt>
            <dd>{person.account.emailVerifiedAt ? formatDateTime(person.account.emailVerifiedAt) : 'Not yet'}</dd>
            <dt>Signed in now</dt>
            <dd>{person.openSessions === 0 ? 'No' : `Yes, ${person.openSessions} session${person.openSessions === 1 ? '' : 's'}`}</dd>
            {person.account.deactivatedReason && (
              <>
                <dt>Deactivated</dt>
                <dd>
                  {formatDateTime(person.account.deactivatedAt)}: {person.account.deactivatedReason}
                </dd>
              </>
            )}
          </dl>

          {(statusChange.isError || workerAction.isError) && dialog === null && (
            <Notice tone="error" role="alert">
              <Text>{[statusChange.error, workerAction.error].map((error) => (error ? errorText(error) : '')).join(' ')}</Text>
            </Notice>
          )}

          <FormSection id="account-actions-heading" title="Account" headingGap="sm">
            {person.account.status === 'ACTIVE' ? (
              isMe ? (
                <Text>This is your own account: another administrator can deactivate it.</Text>
              ) : (
                <Button color="red.9" variant="outline" onClick={() => setDialog('deactivate')}>
                  Deactivate account
                </Button>
              )
            ) : (
              <Button variant="outline" onClick={() => setDialog('reactivate')}>
                Reactivate account
              </Button>
            )}
          </FormSection>

          {person.worker && (
            <FormSection id="worker-actions-heading" title="Worker profile" headingGap="sm">
              <Text>
                {person.worker.status === 'ACTIVE' ? 'Active: shown in search.' : 'Inactive: not shown in search.'}{' '}
                {person.worker.suspendedReason ? `Suspended: ${person.worker.suspendedReason}` : person.worker.inactiveReason ?? ''}
              </Text>
              <Group mt="sm">
                <Anchor component={Link} to={routePath('adminWorkerReview', { workerId: userId })}>
                  Open the whole profile
                </Anchor>
                {person.worker.suspendedAt ? (
                  <Button variant="outline" loading={workerAction.isPending} onClick={() => workerAction.mutate({ kind: 'restore' }, { onSuccess: () => void query.refetch() })}>
                    Restore worker
                  </Button>
                ) : (
                  <Button variant="outline" color="red.9" onClick={() => setDialog('suspend')}>
                    Suspend worker
                  </Button>
                )}
              </Group>
            </FormSection>
          )}

          <AdminHistory events={person.history} headingId="person-history-heading" />

          <ReasonDialog
            title={`Deactivate ${name}’s account?`}
            explanation="They are signed out everywhere at once, and signing in tells them their account is deactivated. You can reactivate it later."
            label="Reason for deactivating"
            confirmLabel="Deactivate account"
            {...statusChangeDialog('deactivate')}
          />
          <ReasonDialog
            title={`Reactivate ${name}’s account?`}
            explanation="They can sign in again straight away."
            label="Reason for reactivating"
            confirmLabel="Reactivate account"
            danger={false}
            {...statusChangeDialog('reactivate')}
          />
          <ReasonDialog
            opened={dialog === 'suspend'}
            title={`Suspend ${name}?`}
            explanation="Their profile leaves search at once and they are emailed the reason."
            label="Reason for the suspension"
            confirmLabel="Suspend worker"
            busy={workerAction.isPending}
            error={workerAction.error}
            onClose={closeDialog}
            onConfirm={(reason) =>
              workerAction.mutate(
                { kind: 'suspend', reason },
                {
                  onSuccess: () => {
                    setDialog(null);
                    void query.refetch();
                  },
                },
              )
            }
          />
        </Stack>
      )}
    </AdminPage>
  );
}
