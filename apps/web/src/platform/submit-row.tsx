import { Group, Text } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { BusyButton } from './busy-button';
import { ErrorNotice, Notice } from './notice';

/**
 * The end of a form: what went wrong with the whole submit (an alert), what was saved (a polite
 * status region that is always in the page, so the text is announced when it arrives; left out
 * when `saved` is not given, for a form whose success is said elsewhere), and the submit button,
 * which stays focusable while busy. Anything else for the row (Cancel) goes in
 * `children`, after the button.
 */
export function SubmitRow({
  busy,
  label,
  failure,
  saved,
  children,
}: {
  busy: boolean;
  label: ReactNode;
  failure?: string | null;
  saved?: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <ErrorNotice message={failure} textColor="red.9" />
      {saved !== undefined && (
        <div role="status" aria-live="polite">
          {saved && (
            <Notice tone="success">
              <Text>{saved}</Text>
            </Notice>
          )}
        </div>
      )}
      <Group gap="sm">
        <BusyButton type="submit" busy={busy}>
          {label}
        </BusyButton>
        {children}
      </Group>
    </>
  );
}

/**
 * The message for the whole form after a failed submit: none when the server named fields the
 * form shows (their messages stand at the fields), the server's message otherwise.
 */
export function submitFailure(error: unknown, fieldNames: readonly string[]): string | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiError)) return UNEXPECTED_RESPONSE_MESSAGE;
  return fieldNames.some((name) => error.fieldErrors[name]) ? null : error.message;
}

/**
 * The status region of a form that is replaced by what it did (a request sent, an account made):
 * always in the page, and focusable so the page can move focus to it when the text arrives.
 */
export function SubmittedStatus({ text, ref }: { text: string | null; ref?: Ref<HTMLDivElement> }) {
  return (
    <div role="status" ref={ref} tabIndex={-1}>
      {text && (
        <Notice tone="success" mt="md">
          <Text>{text}</Text>
        </Notice>
      )}
    </div>
  );
}
