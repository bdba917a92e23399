import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';

/**
 * A confirmation that asks for a reason (suspending, deactivating, rejecting a document). The
 * reason field has focus when it opens; Mantine's modal keeps focus inside and returns it to the
 * button that opened it.
 */
export function ReasonDialog({
  opened,
  title,
  explanation,
  label,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  danger = true,
}: {
  opened: boolean;
  title: string;
  explanation: ReactNode;
  label: string;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  danger?: boolean;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldError = error instanceof ApiError ? error.fieldErrors?.reason : undefined;

  function close() {
    setReason('');
    setMissing(false);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Cancel' }} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') {
            setMissing(true);
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <Text>{explanation}</Text>
        <Textarea
          mt="md"
          label={label}
          required
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? 'Enter a reason' : fieldError}
          data-autofocus
        />
        {error !== null && error !== undefined && !fieldError && (
          <Notice tone="error" role="alert" mt="md">
            <Text>{error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE}</Text>
          </Notice>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <BusyButton type="submit" color={danger ? 'red.9' : undefined} busy={busy}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </form>
    </Modal>
  );
}
