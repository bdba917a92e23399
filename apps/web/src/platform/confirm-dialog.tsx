import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from './api-client';
import { BusyButton } from './busy-button';
import { Notice } from './notice';

/**
 * A yes-or-no question before an action that cannot be taken back (removing a saved card, running
 * payouts, exporting a claim file). The safe choice has focus when it opens; Mantine's modal keeps
 * focus inside and returns it to the button that opened it. A failure shows above the buttons.
 */
export function ConfirmDialog({
  opened = true,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  error,
  danger = false,
  onConfirm,
  onClose,
}: {
  opened?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy: boolean;
  error: unknown;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {error !== null && error !== undefined && (
          <Notice tone="error" role="alert">
            <Text>{errorText(error)}</Text>
          </Notice>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <BusyButton color={danger ? 'red.9' : undefined} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
