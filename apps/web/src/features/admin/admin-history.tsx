import { Table, Text, Title } from '@mantine/core';
import type { AdminAuditEvent } from '@tendly/domain/api/admin';
import { formatDateTime } from './admin-format';
import classes from '../../platform/admin-console.module.css';
import { ColumnHeaders } from '../../platform/column-headers';

/** What changed in an audit event, in one line: "status: INACTIVE → ACTIVE; reason: …". */
export function describeChange(detail: Record<string, unknown>): string {
  const parts: string[] = [];
  const before = (detail.before ?? {}) as Record<string, unknown>;
  const after = (detail.after ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      parts.push(`${key}: ${String(before[key] ?? '—')} → ${String(after[key] ?? '—')}`);
    }
  }
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'before' || key === 'after') continue;
    parts.push(`${key}: ${Array.isArray(value) ? value.join('; ') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return parts.join('; ') || '—';
}

/** An account's history from the audit log, newest first. */
export function AdminHistory({ events, headingId }: { events: readonly AdminAuditEvent[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mt="xl" mb="sm">
        History
      </Title>
      {events.length === 0 ? (
        <Text>Nothing recorded yet.</Text>
      ) : (
        <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="History">
          <Table striped>
            <Table.Caption>The latest changes, newest first</Table.Caption>
            <ColumnHeaders columns={['When', 'What', 'By', 'Details']} />
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{formatDateTime(event.createdAt)}</Table.Td>
                  <Table.Td>{event.action}</Table.Td>
                  <Table.Td>{event.actor?.email ?? 'The system'}</Table.Td>
                  <Table.Td>{describeChange(event.detail)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
