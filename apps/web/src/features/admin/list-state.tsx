import { Text } from '@mantine/core';
import { errorText } from '../../platform/api-client';
import { Notice } from '../../platform/notice';

/** Loading and error states of an admin list or record, said the same way everywhere. */
export function LoadState({ isPending, error, what }: { isPending: boolean; error: unknown; what: string }) {
  if (error) {
    return (
      <Notice tone="error" role="alert" mt="md">
        <Text>{errorText(error)}</Text>
      </Notice>
    );
  }
  if (isPending) {
    return (
      <Text role="status" mt="md" c="dimmed">
        Loading {what}…
      </Text>
    );
  }
  return null;
}

/** `start` from the address's query string: a whole number, 0 when missing or unreadable. */
export function startOf(params: URLSearchParams): number {
  const value = Number(params.get('start') ?? '0');
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** The same query string with `start` set to another page's first row (none for the first page). */
export function withStart(params: URLSearchParams, start: number): URLSearchParams {
  const copy = new URLSearchParams(params);
  if (start === 0) copy.delete('start');
  else copy.set('start', String(start));
  return copy;
}
