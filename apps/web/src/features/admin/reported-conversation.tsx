import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MESSAGE_PAGE_MAX, messagePageSchema } from '@tendly/domain/api/conversations';
import { apiRequest } from '../../platform/api-client';
import { formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import { FormSection } from '../../platform/form-section';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The thread of a reported conversation (issue 13), newest first, under its inbox item. An
 * administrator reads it through the messages API, which records each look in the audit log.
 */
export function ReportedConversation({ data }: { data: Record<string, unknown> }) {
  const conversationId = text(data.conversationId);
  const query = useQuery({
    queryKey: ['admin', 'reported-conversation', conversationId],
    queryFn: ({ signal }) =>
      apiRequest(`/conversations/${encodeURIComponent(conversationId)}/messages`, { schema: messagePageSchema, query: { limit: MESSAGE_PAGE_MAX }, signal }),
    enabled: conversationId !== '',
  });
  if (!conversationId) return null;
  const careSeekerName = text(data.careSeekerName) || 'The care seeker';
  const workerName = text(data.workerName) || 'The worker';
  const page = query.data;

  return (
    <FormSection id="conversation-heading" title="The reported conversation" headingGap="sm">
      <Text mb="sm">
        Between {careSeekerName} (care seeker) and {workerName} (worker). Newest first; opening it is recorded in the audit log.
      </Text>
      <LoadState isPending={query.isPending} error={query.error} what="the conversation" />
      {page && page.messages.length === 0 && <Text>No messages yet.</Text>}
      {page && page.messages.length > 0 && (
        <Stack gap="sm" component="ol" aria-label="Messages, newest first" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {page.messages.map((message) => (
            <Paper withBorder p="sm" key={message.id} component="li">
              <Text size="sm" c="gray.7">
                {message.senderId === text(data.careSeekerId) ? careSeekerName : message.senderId === text(data.workerId) ? workerName : 'A former member'}
                {message.sentByCoordinatorName ? ` (written by ${message.sentByCoordinatorName})` : ''}, {formatDateTime(message.sentAt)}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{message.text}</Text>
              {message.attachments.length > 0 && (
                <Text size="sm" c="gray.7">
                  Attached: {message.attachments.map((attachment) => attachment.name).join(', ')}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {page && !page.allLoaded && <Text mt="sm">Only the newest {MESSAGE_PAGE_MAX} messages are shown.</Text>}
    </FormSection>
  );
}
