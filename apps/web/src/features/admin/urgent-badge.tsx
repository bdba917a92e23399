import { Badge } from '@mantine/core';
import type { InboxItem } from '@tendly/domain/api/admin';
import { timeLeft } from './admin-format';

/** The 24-hour response of a flagged item: time left, or how long overdue. */
export function UrgentBadge({ item }: { item: Pick<InboxItem, 'needsUrgentResponse' | 'respondBy' | 'status'> }) {
  if (!item.needsUrgentResponse || !item.respondBy || item.status === 'RESOLVED') return null;
  const left = timeLeft(item.respondBy);
  return (
    <Badge color={left.isOverdue ? 'red.9' : 'dark'} variant="filled">
      24-hour response: {left.text}
    </Badge>
  );
}

