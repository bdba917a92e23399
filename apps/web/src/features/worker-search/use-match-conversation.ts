import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { interpretRequestSchema, matchTopics, type MatchTopic } from '@tendly/domain/api/search';
import { careForCodes } from '@tendly/domain/care-for';
import { locationTypeCodes } from '@tendly/domain/job-options';
import { ApiError } from '../../platform/api-client';
import { assistantReply } from './assistant-reply';
import { fromMatchFilters, noExtras, toMatchFilters, type ConversationExtras } from './match-filters';
import type { QuickReply } from './quick-replies';
import { emptyFilters, type SearchFilters } from './search-filters';
import { interpretRequest } from './search-api';

/**
 * The AI worker match conversation: what was said, the question on the table, the topics answered
 * or skipped (which the API hands back to be sent with the next message) and the extras that are
 * not search parameters (who the support is for, the radius the assistant chose itself). The
 * filters themselves live in the URL like any search, so the chips, the ordinary filter controls
 * and the conversation all edit the same thing. The conversation is kept for the browser tab, so
 * opening a worker's profile and coming Back finds it as it was.
 */
const questionSchema = z.object({ topic: z.enum(matchTopics), text: z.string() });
export type MatchQuestion = z.infer<typeof questionSchema>;

const messageSchema = z.object({
  id: z.number(),
  from: z.enum(['assistant', 'user']),
  /** What the assistant understood, one line each, shown as a list before the text. */
  understood: z.array(z.string()).optional(),
  /** What the assistant says about where it searched ("… so we widened the search to 50 km."). */
  note: z.string().optional(),
  /** The words it could not use ("I could not use: “meals”. …"). */
  notUsed: z.string().optional(),
  text: z.string(),
  isError: z.boolean().optional(),
});
export type ConversationMessage = z.infer<typeof messageSchema>;

const storedConversationSchema = z.object({
  messages: z.array(messageSchema),
  question: questionSchema.nullable(),
  answered: z.array(z.enum(matchTopics)),
  extras: z.object({
    careFor: z.enum(careForCodes).nullable(),
    autoRadius: z.enum(locationTypeCodes).nullable().default(null),
  }),
});
interface Conversation {
  readonly messages: readonly ConversationMessage[];
  readonly question: MatchQuestion | null;
  readonly answered: readonly MatchTopic[];
  readonly extras: ConversationExtras;
}

export const CONVERSATION_STORAGE_KEY = 'tendly.workerMatch.conversation';

/** The first question is ours: the assistant's later questions come from the API. */
export const OPENING_QUESTION: MatchQuestion = {
  topic: 'support',
  text: 'Hello! Tell me, in your own words, what support you are looking for. For example: “a Greek-speaking woman near Marrickville to help Mum with dementia on weekday mornings”.',
};

/** What the Skip button shows in the conversation, and the reply the API reads as a skip. */
export const SKIP_LABEL = 'Skip this question';
const SKIP_REPLY = 'skip';
export const UNDERSTOOD_LEAD = 'Here’s what I understood:';
export { ALL_SET_TEXT, NOT_UNDERSTOOD_TEXT } from './assistant-reply';
export const INTERPRET_FAILED_TEXT =
  'Sorry, something went wrong on our side and I could not read that. Please send it again in a moment.';

function freshConversation(): Conversation {
  return {
    messages: [{ id: 1, from: 'assistant', text: OPENING_QUESTION.text }],
    question: OPENING_QUESTION,
    answered: [],
    extras: noExtras,
  };
}

function readStored(): Conversation | null {
  try {
    const raw = window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedConversationSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.messages.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

function store(conversation: Conversation): void {
  try {
    window.sessionStorage.setItem(CONVERSATION_STORAGE_KEY, JSON.stringify(conversation));
  } catch {
    // Storage may be off or full: the conversation still works for this page.
  }
}

function forget(): void {
  try {
    window.sessionStorage.removeItem(CONVERSATION_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The start of a reply that understood no filter from the words: null for words typed. */
function acknowledgement(reply: QuickReply | undefined, isSkip: boolean): string | null {
  if (reply) return `Got it: ${reply.label}.`;
  if (isSkip) return 'No problem.';
  return null;
}

export interface MatchConversation {
  readonly messages: readonly ConversationMessage[];
  readonly question: MatchQuestion | null;
  readonly extras: ConversationExtras;
  /** Whether the user has said anything yet. */
  readonly hasStarted: boolean;
  readonly isSending: boolean;
  /** A message for the text box (too long, empty). */
  readonly inputError: string | null;
  clearInputError(): void;
  /** Sends the user's words, or a quick reply (which also sets its filter). Resolves true when sent. */
  send(text: string, reply?: QuickReply): Promise<boolean>;
  skip(): Promise<boolean>;
  setExtras(extras: ConversationExtras): void;
  startOver(): void;
}

export function useMatchConversation(filters: SearchFilters, applyFilters: (filters: SearchFilters) => void): MatchConversation {
  const [conversation, setConversation] = useState<Conversation>(() => readStored() ?? freshConversation());
  const [isSending, setIsSending] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const nextId = useRef(Math.max(...conversation.messages.map((message) => message.id)) + 1);

  useEffect(() => {
    store(conversation);
  }, [conversation]);

  const say = useCallback((from: ConversationMessage['from'], text: string, more: { isError?: boolean; understood?: string[]; note?: string | null; notUsed?: string | null } = {}) => {
    const message: ConversationMessage = {
      id: nextId.current++,
      from,
      text,
      ...(more.understood?.length ? { understood: more.understood } : {}),
      ...(more.note ? { note: more.note } : {}),
      ...(more.notUsed ? { notUsed: more.notUsed } : {}),
      ...(more.isError ? { isError: true } : {}),
    };
    setConversation((current) => ({ ...current, messages: [...current.messages, message] }));
  }, []);

  const exchange = useCallback(
    async (text: string, options: { reply?: QuickReply; isSkip?: boolean }): Promise<boolean> => {
      const parsedText = interpretRequestSchema.shape.text.safeParse(text);
      if (!parsedText.success) {
        setInputError(parsedText.error.issues[0]?.message ?? 'Tell us what support you are looking for');
        return false;
      }
      setInputError(null);
      const before = options.reply ? options.reply.apply({ filters, extras: conversation.extras }) : { filters, extras: conversation.extras };
      say('user', options.isSkip ? SKIP_LABEL : parsedText.data);
      setIsSending(true);
      try {
        const answer = await interpretRequest(parsedText.data, toMatchFilters(before.filters, before.extras), conversation.answered, before.extras.autoRadius);
        const next = fromMatchFilters(answer.filters, before.filters);
        const question = answer.nextQuestion;
        const reply = assistantReply(answer, acknowledgement(options.reply, Boolean(options.isSkip)));
        const area = answer.searchArea;
        const extras: ConversationExtras = { careFor: next.careFor, autoRadius: area?.isAutomatic ? area.locationType : null };
        applyFilters(next.filters);
        setConversation((current) => ({ ...current, extras, question, answered: answer.answered }));
        say('assistant', reply.text, { understood: reply.understood, note: reply.note, notUsed: reply.notUsed });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) say('assistant', error.message, { isError: true });
        else say('assistant', INTERPRET_FAILED_TEXT, { isError: true });
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [applyFilters, conversation.answered, conversation.extras, filters, say],
  );

  const question = conversation.question;
  return {
    messages: conversation.messages,
    question,
    extras: conversation.extras,
    hasStarted: conversation.messages.some((message) => message.from === 'user'),
    isSending,
    inputError,
    clearInputError: () => setInputError(null),
    send: (text, reply) => exchange(text, reply ? { reply } : {}),
    skip: () => (question ? exchange(SKIP_REPLY, { isSkip: true }) : Promise.resolve(false)),
    setExtras: (extras) => setConversation((current) => ({ ...current, extras })),
    /** A new conversation, and a search without the filters the old one set. */
    startOver: () => {
      forget();
      applyFilters({ ...emptyFilters, sortType: filters.sortType });
      const fresh = freshConversation();
      nextId.current = 2;
      setInputError(null);
      setConversation(fresh);
    },
  };
}

