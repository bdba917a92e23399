import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Button, Group, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { BusyButton } from '../../platform/busy-button';
import { quickRepliesFor, type QuickReply } from './quick-replies';
import { UNDERSTOOD_LEAD, type MatchConversation } from './use-match-conversation';
import classes from './worker-search-page.module.css';

export const ASSISTANT_HEADING_ID = 'ai-match-heading';
const MESSAGE_INPUT_ID = 'ai-match-message';

/**
 * The AI worker match's conversation panel. The messages are a log (role="log", polite), so a
 * screen reader reads each new reply without the user moving; the text box is labelled and
 * described by the question on the table; Enter sends. Quick replies and Skip answer in one press.
 * After any answer, focus goes back to the text box (a pressed quick reply disappears with its
 * question, and focus must not fall to the top of the page).
 */
export function MatchAssistant({
  conversation,
  headingRef,
  onUseFilters,
}: {
  conversation: MatchConversation;
  headingRef: Ref<HTMLHeadingElement>;
  onUseFilters: () => void;
}) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const { messages, question, isSending, inputError } = conversation;
  const quickReplies = question ? quickRepliesFor(question.topic) : [];

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, isSending]);

  async function answer(send: () => Promise<boolean>, clearText: boolean) {
    inputRef.current?.focus();
    const sent = await send();
    if (sent && clearText) setText('');
    inputRef.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const message = text;
    setText('');
    void answer(async () => {
      const sent = await conversation.send(message);
      if (!sent) setText(message);
      return sent;
    }, false);
  }

  function pressQuickReply(reply: QuickReply) {
    if (isSending) return;
    void answer(() => conversation.send(reply.label, reply), false);
  }

  return (
    <section aria-labelledby={ASSISTANT_HEADING_ID} className={classes.assistant}>
      <Title order={2} id={ASSISTANT_HEADING_ID} ref={headingRef} tabIndex={-1} size="h3">
        AI worker match
      </Title>
      <Text size="sm" mt={4}>
        Tell it what you need in your own words. It turns your words into search filters you can see and change, and
        explains why each worker fits. You read the profiles and choose.
      </Text>

      <div ref={logRef} role="log" aria-live="polite" tabIndex={0} aria-label="Conversation with the AI worker match" aria-busy={isSending} className={classes.log}>
        <ol className={classes.messages}>
          {messages.map((message) => (
            <li key={message.id} className={classes.message} data-from={message.from} data-error={message.isError || undefined}>
              <VisuallyHidden>{message.from === 'user' ? 'You said: ' : 'AI worker match: '}</VisuallyHidden>
              {message.understood && (
                <>
                  {UNDERSTOOD_LEAD}
                  <ul className={classes.understood}>
                    {message.understood.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              )}
              {message.notUsed && <span className={classes.messageText}>{message.notUsed}</span>}
              {message.note && <span className={classes.messageText}>{message.note}</span>}
              <span className={classes.messageText}>{message.text}</span>
            </li>
          ))}
          {isSending && (
            <li className={classes.message} data-from="assistant">
              Reading your message…
            </li>
          )}
        </ol>
      </div>

      {question && (
        <div role="group" aria-label="Quick answers" className={classes.quickReplies}>
          {quickReplies.map((reply) => (
            <Button key={reply.key} size="xs" variant="light" radius="xl" onClick={() => pressQuickReply(reply)} aria-disabled={isSending || undefined}>
              {reply.label}
            </Button>
          ))}
          <Button
            size="xs"
            variant="subtle"
            radius="xl"
            onClick={() => {
              if (!isSending) void answer(() => conversation.skip(), false);
            }}
            aria-disabled={isSending || undefined}
          >
            Skip this question
          </Button>
        </div>
      )}

      <form onSubmit={submit} className={classes.messageForm}>
        <TextInput
          ref={inputRef}
          id={MESSAGE_INPUT_ID}
          label="Your message"
          // The question on the table describes the box, read out when it gets focus; it is
          // already on screen in the conversation, so the description is hidden from sight.
          description={question?.text}
          classNames={{ description: classes.visuallyHidden }}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={question ? 'Type your answer' : 'Tell me more to refine the list'}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (inputError) conversation.clearInputError();
          }}
          error={inputError}
          maxLength={1000}
          autoComplete="off"
          // The Send button sits beside the box, between the label above and any error below.
          inputContainer={(input) => (
            <div className={classes.messageRow}>
              <div className={classes.messageInput}>{input}</div>
              <BusyButton type="submit" busy={isSending}>
                Send
              </BusyButton>
            </div>
          )}
        />
      </form>

      <Group mt="md" gap="xs">
        <Button variant="outline" size="sm" onClick={onUseFilters}>
          Use the filters instead
        </Button>
        <Button
          variant="subtle"
          size="sm"
          onClick={() => {
            conversation.startOver();
            setText('');
            inputRef.current?.focus();
          }}
        >
          Start over
        </Button>
      </Group>
    </section>
  );
}
