import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';

/**
 * The foot of a form in a dialog: Cancel (or another way to leave, `cancelLabel`), then the button
 * that sends the form, busy while it is being sent. A danger action (one that cannot be undone) is
 * red.
 */
export function DialogFormActions({
  submitLabel,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  danger = false,
  mt,
}: {
  submitLabel: ReactNode;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: ReactNode;
  danger?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <BusyButton type="submit" color={danger ? 'red.9' : undefined} busy={busy}>
        {submitLabel}
      </BusyButton>
    </Group>
  );
}
