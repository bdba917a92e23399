import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_BLOCKED_MESSAGE,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_ATTACHMENTS_MAX,
  sendMessageRequestSchema,
  TOO_MANY_ATTACHMENTS,
  type Conversation,
  type Message,
} from '@tendly/domain/api/conversations';
import { ApiError, errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { conversationQueryKey, conversationsQueryKey, sendMessage, uploadAttachment } from '../../platform/conversations-api';
import { formatFileSize } from '../../platform/message-view';
import { Notice } from '../../platform/notice';
import { addMessage } from './use-conversation';
import classes from './message-composer.module.css';

/** A file chosen to go with the next message; uploaded when the message is sent, once. */
interface ChosenFile {
  readonly key: string;
  readonly file: File;
  uploadedId?: string;
}

const ACCEPTED_TYPES: readonly string[] = MESSAGE_ATTACHMENT_TYPES;
const MAX_MB = MESSAGE_ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** Why a chosen file cannot go, or null when it can. */
export function fileProblem(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return `${file.name} is not a PDF or an image (JPEG, PNG or WebP).`;
  if (file.size > MESSAGE_ATTACHMENT_MAX_BYTES) return `${file.name} is larger than ${MAX_MB} MB.`;
  return null;
}

/**
 * Writing a message: Enter starts a new line, Ctrl+Enter (Cmd+Enter on a Mac) or the Send button
 * sends. Files chosen are listed and can be removed before sending. A message that fails to send
 * stays in the box with the reason beside it.
 */
export function MessageComposer({ conversation }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [textError, setTextError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);

  const send = useMutation({
    mutationFn: async (input: { text: string; files: ChosenFile[] }) => {
      const attachmentIds: string[] = [];
      for (const chosen of input.files) {
        chosen.uploadedId ??= (await uploadAttachment(conversation.id, chosen.file)).id;
        attachmentIds.push(chosen.uploadedId);
      }
      return sendMessage(conversation.id, input.text, attachmentIds);
    },
    onSuccess: (message: Message) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
      setText('');
      setFiles([]);
      textarea.current?.focus();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversation.id) });
      }
      if (error instanceof ApiError && error.fieldErrors.text) setTextError(error.fieldErrors.text);
      else setFailure(error instanceof ApiError && error.status === 409 ? CONVERSATION_BLOCKED_MESSAGE : errorText(error));
    },
  });

  function submit() {
    if (send.isPending) return;
    setFailure(null);
    setTextError(null);
    const parsed = sendMessageRequestSchema.safeParse({ text, attachmentIds: [] });
    if (!parsed.success) {
      setTextError(parsed.error.issues[0]?.message ?? 'Check your message.');
      textarea.current?.focus();
      return;
    }
    send.mutate({ text: parsed.data.text, files });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  }

  function onChooseFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const problems = chosen.map(fileProblem).filter((problem): problem is string => problem !== null);
    const usable = chosen.filter((file) => fileProblem(file) === null);
    const room = MESSAGE_ATTACHMENTS_MAX - files.length;
    if (usable.length > room) problems.push(TOO_MANY_ATTACHMENTS);
    setFileErrors(problems);
    setFiles((current) => [
      ...current,
      ...usable.slice(0, Math.max(0, room)).map((file) => ({ key: `file-${(nextKey.current += 1)}`, file })),
    ]);
  }

  function remove(key: string) {
    setFiles((current) => current.filter((chosen) => chosen.key !== key));
    setFileErrors([]);
    fileInput.current?.focus();
  }

  const fileInputId = `${formId}-files`;
  const filesHintId = `${formId}-files-hint`;

  return (
    <form onSubmit={onSubmit} noValidate className={classes.composer} aria-label={`Write to ${conversation.withPerson.firstName}`}>
      {failure && (
        <Notice tone="error" role="alert" mb="sm">
          <Text fw={700}>Your message was not sent</Text>
          <Text>{failure}</Text>
        </Notice>
      )}
      <Textarea
        ref={textarea}
        label="Message"
        description="Enter starts a new line. Press Ctrl+Enter (⌘+Enter on a Mac) or the Send button to send."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={textError}
        rows={4}
      />
      <div className={classes.files}>
        <label htmlFor={fileInputId} className={classes.fileLabel}>
          Attach files
        </label>
        <Text id={filesHintId} size="sm" c="gray.7">
          Up to {MESSAGE_ATTACHMENTS_MAX} PDFs or images (JPEG, PNG, WebP), {MAX_MB} MB each.
        </Text>
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          multiple
          accept={MESSAGE_ATTACHMENT_TYPES.join(',')}
          aria-describedby={filesHintId}
          onChange={onChooseFiles}
          className={classes.fileInput}
        />
        {fileErrors.length > 0 && (
          <div role="alert">
            {fileErrors.map((problem) => (
              <Text key={problem} size="sm" c="red.9">
                {problem}
              </Text>
            ))}
          </div>
        )}
        {files.length > 0 && (
          <ul className={classes.chosen} aria-label="Files to send">
            {files.map((chosen) => (
              <li key={chosen.key}>
                <Text component="span" size="sm">
                  {chosen.file.name} ({formatFileSize(chosen.file.size)})
                </Text>
                <Button variant="outline" color="red.9" size="compact-sm" onClick={() => remove(chosen.key)} aria-label={`Remove ${chosen.file.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Group justify="flex-end" mt="sm">
        <BusyButton type="submit" busy={send.isPending}>
          Send
        </BusyButton>
      </Group>
    </form>
  );
}
