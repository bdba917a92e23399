import type { ReactNode, Ref } from 'react';
import { Box, Text, type BoxProps } from '@mantine/core';
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

/** A failure's message as an alert, or nothing while there is none. */
export function ErrorNotice({ message, ...props }: BoxProps & { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Notice tone="error" role="alert" {...props}>
      <Text>{message}</Text>
    </Notice>
  );
}
