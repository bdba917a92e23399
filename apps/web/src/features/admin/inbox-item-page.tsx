import { Button, Group, Paper, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { inboxStatusCodes, inboxStatusLabels, type InboxStatusCode } from '@tendly/domain/api/admin';
import { inboxItemKindLabels } from '@tendly/domain/validation/forms';
import { ApiError, errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { AdminPage } from '../../platform/admin-console';
import { useAdministrators, useInboxItem, useInboxNote, useInboxUpdate } from './admin-api';
import { formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import { ReportedConversation } from './reported-conversation';
import { UrgentBadge } from './urgent-badge';
import classes from '../../platform/admin-console.module.css';
import { FormSection } from '../../platform/form-section';

/** A submitted field's name as a heading: `dateOfIncident` → "Date of incident". */
function fieldLabel(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** /admin/inbox/:submissionId: one form with every field, its status, assignee and notes (issue 12). */
export default function InboxItemPage() {
  const { submissionId = '' } = useParams();
  const query = useInboxItem(submissionId);
  const administrators = useAdministrators();
  const update = useInboxUpdate(submissionId);
  const addNote = useInboxNote(submissionId);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const item = query.data;

  const assigneeOptions = [
    { value: '', label: 'Nobody' },
    ...(administrators.data ?? []).map((admin) => ({ value: admin.id, label: admin.name || admin.email })),
  ];

  return (
    <AdminPage title={item ? `${inboxItemKindLabels[item.kind]} ${item.reference}` : 'Inbox item'}>
      <LoadState isPending={query.isPending} error={query.error} what="the item" />
      {item && (
        <Stack gap="lg" mt="sm">
          <Group gap="xs">
            <UrgentBadge item={item} />
            <Text>
              Sent {formatDateTime(item.createdAt)} by {item.senderName}
              {item.email ? ` (${item.email})` : ''}
              {item.sentBy ? `, signed in as ${item.sentBy.email}` : ''}.
            </Text>
          </Group>

          <FormSection id="handling-heading" title="Handling" headingGap="sm">
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Status"
                data={inboxStatusCodes.map((code) => ({ value: code, label: inboxStatusLabels[code] }))}
                value={item.status}
                allowDeselect={false}
                onChange={(value) => value && update.mutate({ status: value as InboxStatusCode })}
              />
              <Select
                label="Assigned to"
                data={assigneeOptions}
                value={item.assignee?.id ?? ''}
                allowDeselect={false}
                onChange={(value) => update.mutate({ assigneeUserId: value ? value : null })}
              />
              <Switch
                label="Needs the 24-hour response"
                checked={item.needsUrgentResponse}
                onChange={(event) => update.mutate({ needsUrgentResponse: event.currentTarget.checked })}
              />
            </Group>
            {update.isPending && (
              <Text role="status" mt="xs">
                Saving…
              </Text>
            )}
            {update.isError && (
              <Notice tone="error" role="alert" mt="sm">
                <Text>{errorText(update.error)}</Text>
              </Notice>
            )}
            {item.resolvedAt && <Text mt="xs">Resolved {formatDateTime(item.resolvedAt)}.</Text>}
          </FormSection>

          <FormSection id="fields-heading" title="What they sent" headingGap="sm">
            <dl className={classes.fields}>
              {Object.entries(item.data).map(([name, value]) => (
                <div key={name} style={{ display: 'contents' }}>
                  <dt>{fieldLabel(name)}</dt>
                  <dd>{fieldValue(value)}</dd>
                </div>
              ))}
            </dl>
          </FormSection>

          {item.kind === 'conversation-report' && <ReportedConversation data={item.data} />}

          <FormSection id="notes-heading" title="Notes" headingGap="sm">
            {item.notes.length === 0 ? (
              <Text>No notes yet.</Text>
            ) : (
              <Stack gap="sm">
                {item.notes.map((entry) => (
                  <Paper withBorder p="sm" key={entry.id}>
                    <Text size="sm" c="dimmed">
                      {entry.author?.name || entry.author?.email || 'A former administrator'}, {formatDateTime(entry.createdAt)}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.body}</Text>
                  </Paper>
                ))}
              </Stack>
            )}
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!note.trim()) {
                  setNoteMissing(true);
                  return;
                }
                addNote.mutate(note.trim(), { onSuccess: () => setNote('') });
              }}
            >
              <Textarea
                mt="md"
                label="Add a note"
                rows={3}
                value={note}
                onChange={(event) => {
                  setNote(event.currentTarget.value);
                  setNoteMissing(false);
                }}
                error={noteMissing ? 'Enter a note' : addNote.error instanceof ApiError ? addNote.error.fieldErrors.body : undefined}
              />
              {addNote.isError && !(addNote.error instanceof ApiError && addNote.error.fieldErrors.body) && (
                <Notice tone="error" role="alert" mt="sm">
                  <Text>{errorText(addNote.error)}</Text>
                </Notice>
              )}
              <Group mt="sm">
                <BusyButton type="submit" busy={addNote.isPending}>
                  Add note
                </BusyButton>
                {note && (
                  <Button variant="default" onClick={() => setNote('')}>
                    Clear
                  </Button>
                )}
              </Group>
            </form>
          </FormSection>
        </Stack>
      )}
    </AdminPage>
  );
}
