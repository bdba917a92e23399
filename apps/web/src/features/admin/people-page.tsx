import { Anchor, Badge, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@tendly/domain/api/admin';
import { roleLabels, roles, type Role } from '@tendly/domain/roles';
import { routePath } from '@tendly/domain/routes';
import { badRequestMessage } from '../../platform/paged-results';
import { AdminPage } from '../../platform/admin-console';
import { usePeople } from './admin-api';
import { formatDateTime } from './admin-format';
import { PagedAdminTable } from './paged-admin-table';
import { LoadState, startOf, withStart } from './list-state';
import { shownEmail } from '@tendly/domain/contact-email';

const roleOptions = [{ value: '', label: 'Any role' }, ...roles.map((role) => ({ value: role, label: roleLabels[role] }))];
const statusOptions = [
  { value: '', label: 'Any status' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'DEACTIVATED', label: 'Deactivated' },
];

/** /admin/people: find accounts by name, email, phone, role and status (issue 12). */
export default function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const start = startOf(params);
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const [draft, setDraft] = useState({ q, role, status });
  const people = usePeople({ start, limit: ADMIN_PAGE_SIZE, q: q || undefined, role: role || undefined, status: status || undefined });
  const filterError = badRequestMessage(people.error);

  function search(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (draft.q.trim()) next.q = draft.q.trim();
    if (draft.role) next.role = draft.role;
    if (draft.status) next.status = draft.status;
    setParams(next);
  }

  return (
    <AdminPage title="People" intro={<Text mt="xs">Find an account by part of a name, an email address or a phone number.</Text>}>
      <form role="search" aria-label="Find people" onSubmit={search}>
        <Group align="flex-end" mt="md" wrap="wrap">
          <TextInput
            label="Name, email or phone"
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            error={filterError ?? undefined}
            style={{ flex: '1 1 16rem' }}
          />
          <Select label="Role" data={roleOptions} value={draft.role} onChange={(value) => setDraft({ ...draft, role: value ?? '' })} allowDeselect={false} />
          <Select label="Status" data={statusOptions} value={draft.status} onChange={(value) => setDraft({ ...draft, status: value ?? '' })} allowDeselect={false} />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <LoadState isPending={people.isPending} error={filterError ? null : people.error} what="accounts" />
      {people.data && (
        <PagedAdminTable
          start={start}
          shown={people.data.items.length}
          total={people.data.total}
          noun="accounts"
          empty="No accounts match. Try part of the name, or fewer filters."
          label="People found"
          caption="Accounts, newest first"
          columns={['Name', 'Email', 'Phone', 'Role', 'Joined']}
          onPage={(next) => setParams(withStart(params, next))}
        >
          {people.data.items.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Th scope="row">
                <Anchor component={Link} to={routePath('adminPerson', { userId: person.id })}>
                  {`${person.firstName} ${person.lastName}`.trim() || shownEmail(person.email)}
                </Anchor>
                {person.status === 'DEACTIVATED' && (
                  <Badge ml="xs" color="red.9" variant="outline">
                    Deactivated
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{shownEmail(person.email)}</Table.Td>
              <Table.Td>{person.phone ?? '—'}</Table.Td>
              <Table.Td>{roleLabels[person.role as Role]}</Table.Td>
              <Table.Td>{formatDateTime(person.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </PagedAdminTable>
      )}
    </AdminPage>
  );
}
