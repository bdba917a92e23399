import { Button, List, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api-client';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { useSignOut } from '../../platform/sign-out';
import { closeAccount } from './account-details-api';
import { FormSection } from '../../platform/form-section';

/**
 * Close my account (issue 16). The API refuses while an agreement is offered or active or an
 * invoice unpaid, and the dialog shows its reason; once closed, this device signs out too.
 */
export function CloseAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const signOut = useSignOut();
  const close = useMutation({ mutationFn: closeAccount, onSuccess: () => void signOut() });
  const fieldError = close.error instanceof ApiError ? close.error.fieldErrors.currentPassword : undefined;
  return (
    <FormSection id="close-account-heading" title="Close my account" headingGap="sm">
      <Stack gap="sm">
        <Text>Closing your account removes your name, contact details and settings (and a worker’s profile, photo and documents), and signs you out everywhere. You cannot close it while a service agreement is offered or active, an invoice is unpaid, or money is still to be paid out to you.</Text>
        <List size="sm">
          <List.Item>Invoices and their payments are kept for 7 years, as Australian tax law requires.</List.Item>
          <List.Item>Incident reports are kept for as long as the NDIS and aged care rules require.</List.Item>
        </List>
        <Button color="red.9" variant="outline" style={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
          Close my account
        </Button>
      </Stack>
      <ConfirmDialog
        opened={open}
        title="Close your account?"
        confirmLabel="Close my account"
        cancelLabel="Keep my account"
        danger
        busy={close.isPending}
        error={fieldError ? null : close.error}
        onConfirm={() => close.mutate({ currentPassword: password })}
        onClose={() => {
          setOpen(false);
          setPassword('');
          close.reset();
        }}
      >
        <Stack gap="sm">
          <Text>This cannot be undone. Type your password to confirm.</Text>
          <PasswordInput label="Current password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} error={fieldError} />
        </Stack>
      </ConfirmDialog>
    </FormSection>
  );
}
