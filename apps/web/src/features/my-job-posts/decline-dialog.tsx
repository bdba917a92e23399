import { Button, Group, Modal, Text } from '@mantine/core';
import type { Applicant } from '@tendly/domain/api/jobs';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice } from '../../platform/notice';
import { workerDisplayName } from '@tendly/domain/format';

/**
 * Asks before declining an applicant, and says what declining does: the worker gets a short,
 * courteous email, and it cannot be undone. Keeping the application is the choice with focus.
 */
export function DeclineDialog({
  applicant,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  applicant: Applicant | null;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const name = applicant ? workerDisplayName(applicant.worker) : '';
  const firstName = applicant?.worker.firstName ?? '';
  return (
    <Modal opened={applicant !== null} onClose={onClose} title={`Decline ${name}?`} closeButtonProps={{ 'aria-label': 'Cancel' }} centered>
      <Text>
        We will send {firstName} a short, kind email to say you are not going ahead with their application. It does not
        give a reason.
      </Text>
      <Text mt="sm">You cannot undo this.</Text>
      <ErrorNotice message={failure} mt="md" />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Keep {firstName}’s application
        </Button>
        <BusyButton color="red.9" busy={busy} onClick={onConfirm}>
          Decline {firstName}
        </BusyButton>
      </Group>
    </Modal>
  );
}
