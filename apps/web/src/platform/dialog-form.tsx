import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog whose body is one form: the form is named by the dialog's title, so a screen reader
 * announces it, and it is not validated by the browser (the fields show the app's own messages).
 * `onSubmit` runs with the page's own submit stopped, and not at all while `busy` (what the form
 * sent is still on its way), so a second press does not send it twice.
 */
export function DialogForm({
  title,
  opened = true,
  onClose,
  onSubmit,
  busy = false,
  size = 'md',
  children,
}: {
  title: string;
  opened?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  busy?: boolean;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered size={size}>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
