import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@tendly/domain/api/admin';
import { ApiError } from '../../platform/api-client';
import { AdminPage } from '../../platform/admin-console';
import { useAuditLog } from './admin-api';
import { formatDateTime } from './admin-format';
import { describeChange } from './admin-history';
import { PagedAdminTable } from './paged-admin-table';
import { LoadState, startOf, withStart } from './list-state';

const filterNames = ['actor', 'target', 'from', 'to'] as const;
type Filters = Record<(typeof filterNames)[number], string>;

/** /admin/audit: who did what to whom, newest first, filtered by actor, target and dates (issue 12). */
export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const start = startOf(params);
  const applied = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const log = useAuditLog({
    start,
    limit: ADMIN_PAGE_SIZE,
    ...Object.fromEntries(filterNames.filter((name) => applied[name]).map((name) => [name, applied[name]])),
  });
  const fieldErrors = log.error instanceof ApiError && log.error.status === 400 ? log.error.fieldErrors : {};

  function filter(event: FormEvent) {
    event.preventDefault();
    setParams(Object.fromEntries(filterNames.filter((name) => draft[name].trim()).map((name) => [name, draft[name].trim()])));
  }

  const field = (name: keyof Filters, label: string, type: 'text' | 'email' | 'date' = 'text', description?: string) => (
    <TextInput
      label={label}
      type={type}
      description={description}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      error={fieldErrors[name]}
    />
  );

  return (
    <AdminPage title="Audit log" intro={<Text mt="xs">Every change made in the console and by people on the site, newest first.</Text>}>
      <form aria-label="Filter the audit log" onSubmit={filter}>
        <Group align="flex-start" mt="md" wrap="wrap">
          {field('actor', 'Done by (email)', 'email')}
          {field('target', 'Concerning', 'text', 'An email address, or the id of a record')}
          {field('from', 'From', 'date')}
          {field('to', 'To', 'date')}
          <Button type="submit" mt={24}>
            Filter
          </Button>
        </Group>
      </form>
      <LoadState isPending={log.isPending} error={Object.keys(fieldErrors).length > 0 ? null : log.error} what="the audit log" />
      {log.data && (
        <PagedAdminTable
          start={start}
          shown={log.data.items.length}
          total={log.data.total}
          noun="events"
          empty="Nothing matches these filters."
          label="Audit events"
          caption="Audit events, newest first"
          columns={['When', 'What', 'Done by', 'Concerning', 'What changed']}
          onPage={(next) => setParams(withStart(params, next))}
        >
          {log.data.items.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{formatDateTime(event.createdAt)}</Table.Td>
              <Table.Td>{event.action}</Table.Td>
              <Table.Td>{event.actor?.email ?? 'The system'}</Table.Td>
              <Table.Td>
                {event.subject?.email ?? ''}
                {event.targetType ? ` ${event.targetType} ${event.targetId ?? ''}` : ''}
              </Table.Td>
              <Table.Td>{describeChange(event.detail)}</Table.Td>
            </Table.Tr>
          ))}
        </PagedAdminTable>
      )}
    </AdminPage>
  );
}
