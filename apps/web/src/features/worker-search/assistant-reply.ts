import type { InterpretResponse } from '@tendly/domain/api/search';
import { joinList } from '@tendly/domain/format';

/**
 * What the assistant says after each message (issue 31). Its closing words follow the count of
 * workers the API gives with the filters: with none it says so, once, with what to take away,
 * and never "here are the workers who match"; with some it asks its next question, or says the
 * list is ready. It names the words it could not turn into a filter, so nothing is dropped
 * without a word.
 */
export const ALL_SET_TEXT =
  'Here are the workers who match, with the reasons each one fits. Remove a filter, or tell me more to narrow the list.';
export const NOT_UNDERSTOOD_TEXT =
  'I could not turn that into a filter. Try other words, or use the filters instead.';
/** The count failed: nothing is claimed about how many match. */
export const FILTERS_SET_TEXT = 'I’ve set the filters. The list shows every worker who matches them, with the reasons each one fits.';
export const NO_WORKERS_YET_TEXT = 'There are no workers to show yet. Workers join every week, so please check back soon.';
export const NO_MATCH_LEAD = 'No workers match all of this yet.';
export const NOTHING_TO_RELAX_TEXT =
  'Taking away any one filter on its own does not find anyone either. Try taking away a few, or start over.';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** “I could not use: meals and cooking.” and what to do about them; null when every word was used. */
export function notUsedLine(notUsed: readonly string[]): string | null {
  if (notUsed.length === 0) return null;
  const one = notUsed.length === 1;
  return `I could not use: ${joinList(notUsed.map((phrase) => `“${phrase}”`), 'and')}. There is no filter for ${one ? 'that' : 'those'}, so mention ${one ? 'it' : 'them'} when you message a worker.`;
}

/** The search filters the answer set (who the support is for is no search filter). */
function hasSearchFilter(filters: InterpretResponse['filters']): boolean {
  return Object.entries(filters).some(([key, value]) => key !== 'careFor' && key !== 'locationType' && value !== undefined);
}

/** With no match: say so, and what to take away (the API's `relax`, in its order). */
export function noMatchText(answer: Pick<InterpretResponse, 'filters' | 'results'>): string {
  if (!hasSearchFilter(answer.filters)) return NO_WORKERS_YET_TEXT;
  const relax = answer.results?.relax ?? [];
  if (relax.length === 0) return `${NO_MATCH_LEAD} ${NOTHING_TO_RELAX_TEXT}`;
  const changes = relax.map((item) => (item.filter === 'locationType' ? `search ${lowerFirst(item.label)}` : `take away “${item.label}”`));
  return `${NO_MATCH_LEAD} To find some, you could ${joinList(changes, 'or')}. The buttons under Your matches do it in one press.`;
}

export interface AssistantReply {
  /** The filters understood from this message, one line each. */
  understood: string[];
  /** The words it could not use, as a sentence; null when none. */
  notUsed: string | null;
  /** What it says about where it searched. */
  note: string | null;
  /** Its closing words: the count's answer or the next question. */
  text: string;
}

/**
 * The assistant's reply to an answer. `acknowledgement` starts a reply that understood nothing
 * ("Got it: Dementia." for a quick reply, "No problem." for a skip).
 */
export function assistantReply(answer: InterpretResponse, acknowledgement: string | null): AssistantReply {
  const understood = answer.understood.map((item) => item.label);
  const notUsed = notUsedLine(answer.notUsed);
  const note = answer.searchArea?.note ?? null;
  let closing: string;
  if (answer.results?.count === 0) closing = noMatchText(answer);
  else if (answer.nextQuestion) closing = answer.nextQuestion.text;
  else closing = answer.results ? ALL_SET_TEXT : FILTERS_SET_TEXT;
  const saidSomething = understood.length > 0 || note !== null;
  // Nothing understood: the reply starts by saying so, unless the words not used already do.
  const lead = saidSomething ? null : acknowledgement ?? (notUsed ? null : NOT_UNDERSTOOD_TEXT);
  return { understood, notUsed, note, text: lead ? `${lead} ${closing}` : closing };
}
