import type { ReactNode, Ref } from 'react';
import { Box, Text, type BoxProps, type MantineColor } from '@mantine/core';
import classes from './notice.module.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/**
 * A message box. Unlike Mantine's Alert it has no role of its own: an error passes role="alert",
 * a message inside a live region passes none. Its colours pass WCAG AA contrast.
 */
export function Notice({
  tone,
  children,
  role,
  ref,
  ...props
}: BoxProps & {
  tone: NoticeTone;
  children: ReactNode;
  role?: 'alert' | 'status' | 'region';
  id?: string;
  tabIndex?: number;
  'aria-labelledby'?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Box {...props} ref={ref} role={role} className={classes.notice} data-tone={tone}>
      {children}
    </Box>
  );
}

/**
 * A failure's message as an alert, or nothing while there is none. `textColor` sets the message in
 * a colour of its own (the forms' failures are in red.9).
 */
export function ErrorNotice({ message, textColor, ...props }: BoxProps & { message: string | null | undefined; textColor?: MantineColor }) {
  if (!message) return null;
  return (
    <Notice tone="error" role="alert" {...props}>
      <Text c={textColor}>{message}</Text>
    </Notice>
  );
}

/**
 * A live region that always stands in the page, so a screen reader hears what arrives in it: the
 * success `message` as a notice, with anything that goes with it (`children`), or nothing yet.
 */
export function SuccessStatus({ message, children, ...props }: BoxProps & { message: ReactNode; children?: ReactNode }) {
  return (
    <div role="status">
      {message ? (
        <Notice tone="success" {...props}>
          <Text>{message}</Text>
          {children}
        </Notice>
      ) : null}
    </div>
  );
}
