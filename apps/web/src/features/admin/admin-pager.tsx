import { Button, Group, Text } from '@mantine/core';
import type { ResultTotal } from '@tendly/domain/api/result-total';

const whole = new Intl.NumberFormat('en-AU');

/**
 * Previous and next pages of an admin list, and which rows are shown ("Showing 26 to 50 of
 * 1,234"), announced politely when it changes.
 */
export function AdminPager({
  start,
  shown,
  pageSize,
  total,
  noun,
  onChange,
}: {
  start: number;
  shown: number;
  pageSize: number;
  total: ResultTotal | null;
  noun: string;
  onChange: (start: number) => void;
}) {
  const of = total ? (total.isCapped ? ` of more than ${whole.format(total.count)}` : ` of ${whole.format(total.count)}`) : '';
  const statement = shown === 0 ? `No ${noun} to show` : `Showing ${whole.format(start + 1)} to ${whole.format(start + shown)}${of} ${noun}`;
  const hasNext = shown === pageSize && (!total || total.isCapped || start + shown < total.count);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text role="status" aria-live="polite">
        {statement}
      </Text>
      <Group gap="xs">
        <Button variant="default" disabled={start === 0} onClick={() => onChange(Math.max(0, start - pageSize))}>
          Previous page
        </Button>
        <Button variant="default" disabled={!hasNext} onClick={() => onChange(start + shown)}>
          Next page
        </Button>
      </Group>
    </Group>
  );
}
