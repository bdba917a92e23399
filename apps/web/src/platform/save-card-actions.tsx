import { Button, Group } from '@mantine/core';
import { BusyButton } from './busy-button';

/** The foot of a card form (a Stripe card or a test card): Save card, busy while it is saved, then Cancel. */
export function SaveCardActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <Group gap="sm">
      <BusyButton type="submit" busy={busy}>
        Save card
      </BusyButton>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
