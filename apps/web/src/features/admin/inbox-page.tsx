import { Anchor, Button, Group, Select, Table, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE, inboxStatusCodes, inboxStatusLabels } from '@tendly/domain/api/admin';
import { routePath } from '@tendly/domain/routes';
import { inboxItemKindLabels, inboxItemKinds } from '@tendly/domain/validation/forms';
import { AdminPage } from '../../platform/admin-console';
import { useInbox } from './admin-api';
import { formatDateTime } from './admin-format';
import { PagedAdminTable } from './paged-admin-table';
import { LoadState, startOf, withStart } from './list-state';
import { UrgentBadge } from './urgent-badge';

const statusOptions = [{ value: '', label: 'Any status' }, ...inboxStatusCodes.map((code) => ({ value: code, label: inboxStatusLabels[code] }))];
const kindOptions = [{ value: '', label: 'Any kind' }, ...inboxItemKinds.map((kind) => ({ value: kind, label: inboxItemKindLabels[kind] }))];

/** /admin/inbox: feedback, complaints, incident reports and the other forms (issue 12). */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const start = startOf(params);
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const [draft, setDraft] = useState({ status, kind });
  const inbox = useInbox({ start, limit: ADMIN_PAGE_SIZE, status: status || undefined, kind: kind || undefined });

  function filter(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (draft.status) next.status = draft.status;
    if (draft.kind) next.kind = draft.kind;
    setParams(next);
  }

  return (
    <AdminPage
      title="Inbox"
      intro={<Text mt="xs">Forms sent from the site. Incident reports that may need reporting come first until they are resolved.</Text>}
    >
      <form aria-label="Filter the inbox" onSubmit={filter}>
        <Group align="flex-end" mt="md" wrap="wrap">
          <Select label="Status" data={statusOptions} value={draft.status} onChange={(value) => setDraft({ ...draft, status: value ?? '' })} allowDeselect={false} />
          <Select label="Kind of form" data={kindOptions} value={draft.kind} onChange={(value) => setDraft({ ...draft, kind: value ?? '' })} allowDeselect={false} />
          <Button type="submit">Filter</Button>
        </Group>
      </form>
      <LoadState isPending={inbox.isPending} error={inbox.error} what="the inbox" />
      {inbox.data && (
        <PagedAdminTable
          start={start}
          shown={inbox.data.items.length}
          total={inbox.data.total}
          noun="items"
          empty="Nothing here. Try another filter."
          label="Inbox items"
          caption="Inbox items, urgent ones first, then newest first"
          columns={['Reference', 'Kind', 'From', 'Status', 'Assigned to', 'Sent']}
          onPage={(next) => setParams(withStart(params, next))}
        >
          {inbox.data.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Th scope="row">
                <Anchor component={Link} to={routePath('adminInboxItem', { submissionId: item.id })}>
                  {item.reference}
                </Anchor>{' '}
                <UrgentBadge item={item} />
              </Table.Th>
              <Table.Td>{inboxItemKindLabels[item.kind]}</Table.Td>
              <Table.Td>{item.senderName}</Table.Td>
              <Table.Td>{inboxStatusLabels[item.status]}</Table.Td>
              <Table.Td>{item.assignee?.name || item.assignee?.email || 'Nobody'}</Table.Td>
              <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </PagedAdminTable>
      )}
    </AdminPage>
  );
}
