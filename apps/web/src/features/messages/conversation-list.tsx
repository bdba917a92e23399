import { Avatar, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Conversation } from '@tendly/domain/api/conversations';
import { shortMessageTime } from '../../platform/message-view';
import classes from './conversation-list.module.css';

/** The conversations, most recent first: each person's photo or initial, name, last message, time and unread count. */
export function ConversationList({ conversations, selectedId }: { conversations: readonly Conversation[]; selectedId: string | null }) {
  const sorted = [...conversations].sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)));
  return (
    <ul className={classes.list}>
      {sorted.map((conversation) => (
        <li key={conversation.id}>
          <ConversationLink conversation={conversation} isSelected={conversation.id === selectedId} />
        </li>
      ))}
    </ul>
  );
}

function lastActivity(conversation: Conversation): string {
  return new Date(conversation.lastMessage?.sentAt ?? conversation.createdAt).toISOString();
}

function ConversationLink({ conversation, isSelected }: { conversation: Conversation; isSelected: boolean }) {
  const person = conversation.withPerson;
  const name = `${person.firstName} ${person.lastName}`.trim();
  const last = conversation.lastMessage;
  const excerpt = last ? excerptOf(last.text, last.senderId !== person.id) : 'No messages yet';
  return (
    <Link
      to={{ search: `?conversation=${encodeURIComponent(conversation.id)}` }}
      className={classes.link}
      aria-current={isSelected ? 'page' : undefined}
      data-unread={conversation.unreadCount > 0 || undefined}
    >
      <Avatar src={person.avatarUrl} alt="" radius="xl" color="tendlyTeal" aria-hidden="true">
        {person.firstName.slice(0, 1).toUpperCase()}
      </Avatar>
      <span className={classes.body}>
        <span className={classes.top}>
          <Text component="span" fw={700} className={classes.name}>
            {name}
          </Text>
          {last && (
            <Text component="time" size="xs" c="gray.7" dateTime={last.sentAt}>
              {shortMessageTime(last.sentAt)}
            </Text>
          )}
        </span>
        <span className={classes.bottom}>
          <Text component="span" size="sm" c="gray.7" className={classes.excerpt}>
            {excerpt}
          </Text>
          {conversation.unreadCount > 0 && (
            <>
              <span className={classes.badge} aria-hidden="true">
                {conversation.unreadCount}
              </span>
              <VisuallyHidden>, {conversation.unreadCount} unread</VisuallyHidden>
            </>
          )}
          {conversation.blocked && <VisuallyHidden>, blocked</VisuallyHidden>}
        </span>
      </span>
    </Link>
  );
}

const EXCERPT_LENGTH = 80;

function excerptOf(text: string, isMine: boolean): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
  return isMine ? `You: ${short}` : short;
}
