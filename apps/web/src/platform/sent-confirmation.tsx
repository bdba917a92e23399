import type { ReactNode, Ref } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { Notice } from './notice';

/**
 * What a dialog's form shows in its place once it is sent (an application, an invitation, a
 * message, a report): a heading, what happens next, and Done, which closes the dialog. The dialog
 * moves focus to it (it gives `ref`), so a screen reader reads it at once. `actions` go before Done.
 */
export function SentConfirmation({
  titleId,
  title,
  children,
  actions,
  onClose,
  ref,
}: {
  titleId: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <Notice tone="success" ref={ref} tabIndex={-1} role="status" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {title}
      </Title>
      <Text mt="xs">{children}</Text>
      <Group justify="flex-end" mt="md">
        {actions}
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Notice>
  );
}
