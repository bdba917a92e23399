import { useEffect, useRef } from 'react';
import { Anchor, Button, Container, Loader, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { conversationQueryKey, conversationsQueryKey, startConversation } from '../../platform/conversations-api';
import { Notice } from '../../platform/notice';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { useConversations } from './use-conversation';
import classes from './messages-page.module.css';
import { errorText } from '../../platform/api-client';

/**
 * Messages (issue 13): the conversations on the left and the open one on the right; on a phone
 * one pane at a time, with a link back to the list. `?conversation=<id>` opens a conversation;
 * `?with=<userId>` starts (or finds) the conversation with that person and then shows it as
 * `?conversation=<id>`, so other screens can link to someone without knowing the conversation.
 */
export default function MessagesPage() {
  const [params] = useSearchParams();
  const selectedId = params.get('conversation');
  const withUserId = params.get('with');
  const conversations = useConversations();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const previousId = useRef(selectedId);

  useEffect(() => {
    // Back from a conversation (on a phone the list comes back in its place): focus the list.
    if (previousId.current && !selectedId) listHeading.current?.focus();
    previousId.current = selectedId;
  }, [selectedId]);

  const list = conversations.data?.conversations ?? [];
  const selected = list.find((conversation) => conversation.id === selectedId);

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md">
        Messages
      </Title>
      {withUserId && !selectedId ? (
        <StartConversation withUserId={withUserId} />
      ) : (
        <div className={classes.panes} data-open={selectedId ? true : undefined}>
          <section className={classes.listPane} aria-labelledby="conversations-heading">
            <Title order={2} size="h3" id="conversations-heading" ref={listHeading} tabIndex={-1} className={classes.paneHeading}>
              Conversations
            </Title>
            {conversations.isPending ? (
              <Loader size="sm" aria-label="Loading your conversations" />
            ) : conversations.isError ? (
              <Notice tone="error" role="alert">
                <Text>{errorText(conversations.error)}</Text>
                <Button mt="sm" variant="outline" onClick={() => void conversations.refetch()}>
                  Try again
                </Button>
              </Notice>
            ) : list.length === 0 ? (
              <NoConversations />
            ) : (
              <ConversationList conversations={list} selectedId={selectedId} />
            )}
          </section>
          <section className={classes.threadPane} aria-label="Conversation">
            <Anchor component={Link} to={{ search: '' }} className={classes.back}>
              ← Back to conversations
            </Anchor>
            {selectedId ? (
              <ConversationThread key={selectedId} id={selectedId} fromList={selected} />
            ) : (
              list.length > 0 && <Text c="gray.7">Choose a conversation to read it.</Text>
            )}
          </section>
        </div>
      )}
    </Container>
  );
}

function NoConversations() {
  return (
    <div className={classes.empty}>
      <Text fw={700}>You have no conversations yet.</Text>
      <Text mt="xs">A conversation starts when:</Text>
      <ul>
        <li>a care seeker contacts a worker with the Contact button on the worker’s profile,</li>
        <li>a care seeker messages someone who applied to one of their jobs, or</li>
        <li>either side opens it from a service agreement.</li>
      </ul>
      <Text>Every message you send or receive will be kept here.</Text>
    </div>
  );
}

/** `?with=<userId>`: find or start the conversation, then show it under its own address. */
function StartConversation({ withUserId }: { withUserId: string }) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationQueryKey(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
      setParams({ conversation: conversation.id }, { replace: true });
    },
  });
  const started = useRef<string | null>(null);
  const { mutate } = start;

  useEffect(() => {
    if (started.current === withUserId) return;
    started.current = withUserId;
    mutate(withUserId);
  }, [withUserId, mutate]);

  if (start.isError) {
    return (
      <Notice tone="error" role="alert">
        <Text>{errorText(start.error)}</Text>
        <Anchor component={Link} to={{ search: '' }} mt="sm" display="inline-block">
          See all your conversations
        </Anchor>
      </Notice>
    );
  }
  return <Loader size="sm" aria-label="Opening the conversation" />;
}
