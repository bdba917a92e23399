import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Conversation, Message } from '@tendly/domain/api/conversations';
import { errorText, isNotFoundError } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { MessageItem } from '../../platform/message-view';
import { Notice } from '../../platform/notice';
import { useDisclosureMenu } from '../../platform/use-disclosure-menu';
import { MessageComposer } from './message-composer';
import { NextStepPanel } from './next-step-panel';
import { useNextStep } from './use-next-step';
import { ReportDialog } from './report-dialog';
import { useBlock, useConversation, useMarkRead, useMessages } from './use-conversation';
import classes from './conversation-thread.module.css';

/**
 * One conversation: the other person's name, the options (block, report), the next step between
 * the two sides (offer or accept a service agreement, book or confirm the first shift), the messages in a
 * log region (new ones announced politely, older ones a page at a time) and the composer, or a
 * notice in its place while the conversation is blocked. Opening it marks it read.
 */
export function ConversationThread({ id, fromList }: { id: string; fromList: Conversation | undefined }) {
  const conversation = useConversation(id, fromList);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  if (conversation.isError) {
    const notFound = isNotFoundError(conversation.error);
    return (
      <Notice tone="error" role="alert">
        <Text>{errorText(conversation.error)}</Text>
        {notFound ? (
          <Anchor component={Link} to={{ search: '' }} mt="sm" display="inline-block">
            See all your conversations
          </Anchor>
        ) : (
          <Button mt="sm" variant="outline" onClick={() => void conversation.refetch()}>
            Try again
          </Button>
        )}
      </Notice>
    );
  }
  if (!conversation.data) return <Loader size="sm" aria-label="Loading the conversation" />;
  return <OpenConversation conversation={conversation.data} headingRef={heading} />;
}

function OpenConversation({ conversation, headingRef }: { conversation: Conversation; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const person = conversation.withPerson;
  const markRead = useMarkRead(conversation.id);
  const { mutate: markAsRead } = markRead;
  const nextStep = useNextStep(conversation.id, !conversation.blocked);
  const messages = useMessages(conversation.id, (message) => {
    if (message.senderId === person.id) markAsRead();
  });

  useEffect(() => {
    markAsRead();
  }, [markAsRead]);

  return (
    <div className={classes.thread}>
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} className={classes.heading}>
          {person.firstName} {person.lastName}
        </Title>
        <ConversationMenu conversation={conversation} />
      </Group>
      {/* A blocked conversation is no place to suggest hiring: the options menu is for that. */}
      {!conversation.blocked && <NextStepPanel conversation={conversation} nextStep={nextStep} />}
      {/* Below the next step once it is known (or failed: the conversation works without it), so it does not push them down the screen as it comes. */}
      {(conversation.blocked || !nextStep.isPending) && (
        <>
          <MessageLog conversation={conversation} messages={messages} />
          {conversation.blocked ? <BlockedNotice conversation={conversation} /> : <MessageComposer conversation={conversation} />}
        </>
      )}
    </div>
  );
}

type MessagesQuery = ReturnType<typeof useMessages>;

function MessageLog({ conversation, messages }: { conversation: Conversation; messages: MessagesQuery }) {
  const person = conversation.withPerson;
  const log = useRef<HTMLDivElement>(null);
  const held = (messages.data?.pages ?? []).flatMap((page) => page.messages);
  const chronological = [...held].reverse();
  const newestId = held[0]?.id;

  // To the newest message when the thread opens and when one arrives; not when older ones load.
  useLayoutEffect(() => {
    const element = log.current;
    if (element && newestId) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  return (
    <>
      {messages.hasNextPage && (
        <BusyButton
          variant="outline"
          size="sm"
          mb="xs"
          busy={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
          className={classes.earlier}
        >
          Load earlier messages
        </BusyButton>
      )}
      {messages.isFetchNextPageError && (
        <Text c="red.9" size="sm" role="alert">
          {errorText(messages.error)}
        </Text>
      )}
      <div ref={log} role="log" aria-label={`Messages with ${person.firstName}`} tabIndex={0} className={classes.log}>
        {messages.isPending ? (
          <Loader size="sm" aria-label="Loading messages" />
        ) : messages.isError && held.length === 0 ? (
          <Text c="red.9">{errorText(messages.error)}</Text>
        ) : held.length === 0 ? (
          <Text c="gray.7">No messages yet. Say hello to {person.firstName}.</Text>
        ) : (
          <ol className={classes.messages}>
            {chronological.map((message) => (
              <MessageItem key={message.id} message={message} isMine={isMine(message, conversation)} senderName={senderName(message, conversation)} />
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function isMine(message: Message, conversation: Conversation): boolean {
  return message.senderId !== conversation.withPerson.id;
}

function senderName(message: Message, conversation: Conversation): string {
  return isMine(message, conversation) ? 'You' : conversation.withPerson.firstName;
}

/**
 * The conversation's options: a disclosure (a button that shows a short list of actions), as the
 * account menu is; Escape or a click elsewhere closes it, and focus returns to the button.
 */
function ConversationMenu({ conversation }: { conversation: Conversation }) {
  const { panelId, isOpen, choose, containerProps, toggleProps } = useDisclosureMenu();
  const [isReporting, setIsReporting] = useState(false);
  const block = useBlock(conversation.id);
  const name = conversation.withPerson.firstName;
  const blockedByMe = conversation.blocked === 'ME';

  return (
    <div {...containerProps} className={classes.options}>
      <Button {...toggleProps} variant="outline" size="sm" color="dark" aria-busy={block.isPending || undefined}>
        Conversation options
      </Button>
      {isOpen && (
        <Paper id={panelId} shadow="md" withBorder p="xs" className={classes.optionsPanel}>
          <Stack gap={4}>
            {conversation.blocked !== 'THEM' && (
              <Button variant="subtle" color="dark" justify="flex-start" onClick={() => choose(() => block.mutate(!blockedByMe))}>
                {blockedByMe ? 'Unblock' : 'Block'}
              </Button>
            )}
            <Button variant="subtle" color="dark" justify="flex-start" onClick={() => choose(() => setIsReporting(true))}>
              Report conversation
            </Button>
          </Stack>
        </Paper>
      )}
      {block.isError && (
        <Text c="red.9" size="sm" role="alert">
          {errorText(block.error)}
        </Text>
      )}
      <ReportDialog conversationId={conversation.id} personName={name} opened={isReporting} onClose={() => setIsReporting(false)} />
    </div>
  );
}

function BlockedNotice({ conversation }: { conversation: Conversation }) {
  const block = useBlock(conversation.id);
  const name = conversation.withPerson.firstName;
  if (conversation.blocked === 'THEM') {
    return (
      <Notice tone="info" role="status" mt="md">
        <Text fw={700}>You cannot send messages here</Text>
        <Text>{name} has blocked this conversation, so neither of you can send new messages in it.</Text>
      </Notice>
    );
  }
  return (
    <Notice tone="info" role="status" mt="md">
      <Text fw={700}>You blocked this conversation</Text>
      <Text>Neither you nor {name} can send new messages in it until you unblock it.</Text>
      <BusyButton mt="sm" variant="outline" busy={block.isPending} onClick={() => block.mutate(false)}>
        Unblock {name}
      </BusyButton>
      {block.isError && (
        <Text c="red.9" size="sm" role="alert">
          {errorText(block.error)}
        </Text>
      )}
    </Notice>
  );
}
