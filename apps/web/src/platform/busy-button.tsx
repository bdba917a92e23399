import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * A button that shows it is working (aria-busy and a spinner) while staying focusable. Mantine's
 * `loading` disables the button, which drops keyboard focus to the page in the middle of a
 * sign-in; this one keeps focus where the user left it and ignores presses while busy.
 */
export function BusyButton({
  busy,
  onClick,
  ...props
}: ButtonProps & ComponentPropsWithoutRef<'button'> & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      leftSection={busy ? <Loader size={16} color="currentColor" aria-hidden /> : props.leftSection}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
