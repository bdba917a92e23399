import { useState, type MouseEvent } from 'react';
import { Anchor, Text } from '@mantine/core';
import type { Message, MessageAttachment } from '@tendly/domain/api/conversations';
import { errorText } from './api-client';
import { attachmentUrl, downloadAttachment } from './conversations-api';
import classes from './message-view.module.css';
import { formatDayAndMonth, formatInstantDateTime, formatTimeOfDay } from '@tendly/domain/format';


/** A message's time in the list: the time today, else the day. */
export function shortMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? formatTimeOfDay(date) : formatDayAndMonth(date);
}

export function fullMessageTime(iso: string): string {
  return formatInstantDateTime(iso);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * One message in a thread: who sent it (and the coordinator who wrote it for a client), when,
 * its text with line breaks kept, and its attachments as download links.
 */
export function MessageItem({ message, senderName, isMine }: { message: Message; senderName: string; isMine: boolean }) {
  return (
    <li className={classes.item} data-mine={isMine || undefined}>
      <div className={classes.bubble}>
        <Text size="sm" fw={700} component="p" className={classes.sender}>
          {senderName}
          {message.sentByCoordinatorName && <span className={classes.coordinator}> (written by {message.sentByCoordinatorName})</span>}
          <Text component="time" size="xs" c="gray.7" ml="xs" dateTime={message.sentAt}>
            {fullMessageTime(message.sentAt)}
          </Text>
        </Text>
        <Text className={classes.text}>{message.text}</Text>
        {message.attachments.length > 0 && (
          <ul className={classes.attachments} aria-label="Attachments">
            {message.attachments.map((attachment) => (
              <li key={attachment.id}>
                <AttachmentLink conversationId={message.conversationId} attachment={attachment} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function AttachmentLink({ conversationId, attachment }: { conversationId: string; attachment: MessageAttachment }) {
  const [failure, setFailure] = useState<string | null>(null);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setFailure(null);
    downloadAttachment(conversationId, attachment).catch((error: unknown) => {
      setFailure(errorText(error));
    });
  }

  return (
    <>
      <Anchor href={attachmentUrl(conversationId, attachment.id)} download={attachment.name} onClick={onClick} className={classes.attachment}>
        Download {attachment.name}
      </Anchor>{' '}
      <Text component="span" size="xs" c="gray.7">
        ({formatFileSize(attachment.byteSize)})
      </Text>
      {failure && (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}
