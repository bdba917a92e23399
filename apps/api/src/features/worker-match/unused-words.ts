import type { MatchToken } from './match-text';
import { editDistance, type Mention } from './scan-text';

/**
 * Words that carry no filter of their own in any request: the asking ("need", "looking for"),
 * the worker ("carer", "support worker"), the greeting, and the words around a person's age
 * ("85 year old"). They are never reported as not used.
 */
const requestWords = new Set([
  // asking
  'need', 'needs', 'needed', 'needing', 'want', 'wants', 'wanted', 'wanting', 'look', 'looks', 'looking', 'find', 'finding', 'found', 'seek',
  'seeking', 'require', 'requires', 'required', 'requiring', 'request', 'get', 'gets', 'getting', 'got', 'try', 'trying', 'hope', 'hoping',
  'wonder', 'wondering', 'know', 'anyone', 'anybody', 'someone', 'somebody', 'something', 'thing', 'things', 'please', 'pls', 'plz', 'thanks',
  'thank', 'cheers', 'hi', 'hello', 'hey', 'mate', 'help', 'helps', 'helping', 'helped', 'hand', 'assist', 'assistance', 'assisting',
  'support', 'supports', 'supporting', 'supported', 'care', 'cares', 'caring', 'carer', 'carers', 'caregiver', 'caregivers', 'worker', 'workers',
  'person', 'people', 'staff', 'provider', 'providers', 'service', 'services', 'agency', 'go', 'goes', 'going', 'come', 'comes', 'coming',
  'make', 'makes', 'keep', 'keeps', 'take', 'takes', 'let', 'lets', 'say', 'said', 'think', 'thinks', 'reckon', 'guess', 'like', 'likes',
  'would', 'could', 'should', 'can', 'will', 'may', 'might', 'must', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'has', 'have',
  'had', 'having', 'do', 'does', 'did', 'doing', 'done', 'available', 'availability', 'possible', 'ideally', 'ideal', 'preferably', 'prefer',
  'prefers', 'preferred', 'preference', 'happy', 'fine', 'ok', 'okay', 'good', 'great', 'lovely', 'nice', 'really', 'urgent', 'urgently',
  'asap', 'soon', 'now', 'currently', 'start', 'starting', 'ongoing', 'regular', 'regularly', 'week', 'weeks', 'weekly', 'fortnight',
  'fortnightly', 'month', 'months', 'monthly', 'time', 'times', 'hour', 'hours', 'hrs', 'hr', 'shift', 'shifts', 'visit', 'visits', 'day', 'days',
  'lot', 'lots', 'bit', 'little', 'much', 'more', 'less', 'few', 'couple', 'each', 'every', 'other', 'others', 'same', 'also', 'too',
  // the person cared for
  'year', 'years', 'yr', 'yrs', 'yo', 'old', 'older', 'aged', 'age', 'lives', 'live', 'living', 'lived', 'based', 'home', 'house', 'place',
  'stay', 'stays', 'staying', 'area', 'around', 'near', 'nearby', 'local', 'locally', 'suburb', 'suburbs', 'region', 'side',
  // experience words: they qualify a skill the text names
  'experience', 'experienced', 'skills', 'skill', 'trained', 'training', 'knowledge', 'background', 'understanding', 'familiar', 'used', 'able',
  'ndis', 'plan', 'funding', 'funded', 'package', 'hcp', 'self', 'managed', 'participant', 'client', 'clients',
  // the conversation itself
  'im', 'ive', 'id', 'ill', 'gday', 'oops', 'sorry', 'meant', 'mean', 'remove', 'forget', 'drop', 'change', 'moved', 'move', 'last', 'member',
  'speaker', 'speakers', 'uses', 'use', 'using', 'part', 'full', 'recovering', 'break', 'check', 'checks', 'checking',
]);

/** Tasks that say what any worker does, not something to filter on: "help at home". */
const generalTasks = new Set(['help at home', 'home help', 'in home support', 'support at home', 'daily living', 'daily tasks', 'daily routines', 'daily routine', 'daily life', 'daily activities']);

/** A request word, or a misspelling of a long one ("experiance"). */
function isRequestWord(token: MatchToken): boolean {
  if (requestWords.has(token.key) || requestWords.has(token.lemmaKey)) return true;
  if (token.isEnglishWord || token.key.length < 6) return false;
  for (const word of requestWords) if (word.length >= 6 && Math.abs(word.length - token.key.length) <= 1 && editDistance(token.key, word, 1) <= 1) return true;
  return false;
}

/** The parts of speech that name something a person asked for: things, qualities, actions. */
const contentParts = new Set(['NOUN', 'PROPN', 'ADJ', 'VERB']);

/**
 * The words and phrases of a request that no filter came from (issue 31): the tasks the search
 * has no filter for ("meals", "shopping"), and the other things asked for that the parser did
 * not read ("a patient carer who cooks halal"). Adjacent words read as one phrase. Each phrase is
 * written as the person wrote it, lower case unless it is a name, once.
 */
export function unusedPhrases(input: {
  text: string;
  tokens: readonly MatchToken[];
  /** Per token: part of something a filter came from (a word the scan found, the keyword). */
  used: readonly boolean[];
  mentions: readonly Mention[];
  /** Mentions the reading set aside though they were found (a language word with no "speaks"). */
  ignored: readonly Mention[];
}): string[] {
  const { text, tokens, used, mentions, ignored } = input;
  const unused = tokens.map(() => false);
  // Tasks the search cannot filter on ("meals"), and mentions the reading set aside.
  const spanKey = (mention: Mention) => tokens.slice(mention.start, mention.end).map((token) => token.key).join(' ');
  const taskMentions = mentions.filter((mention) => mention.meaning.kind === 'task' && !mention.dropped && !mention.negated && !generalTasks.has(spanKey(mention)));
  for (const mention of [...taskMentions, ...ignored.filter((mention) => !mention.negated)]) {
    for (let k = mention.start; k < mention.end; k += 1) unused[k] = true;
  }
  for (const token of tokens) {
    if (used[token.index] || token.negated || token.isNumber || token.key === '' || token.key.length < 2) continue;
    if (!contentParts.has(token.pos) || isRequestWord(token)) continue;
    unused[token.index] = true;
  }

  const phrases: string[] = [];
  const seen = new Set<string>();
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const first = tokens[start]!;
    const last = tokens[end - 1]!;
    const written = text.slice(first.start, last.end);
    // Names keep their capitals ("Palmerston North"); a capital that only starts the sentence goes ("Respite").
    const isName = tokens.slice(start, end).every((token) => token.isCapitalised && (!token.startsSentence || !token.isEnglishWord));
    const phrase = isName ? written : written.toLowerCase();
    const key = phrase.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      phrases.push(phrase);
    }
    start = -1;
  };
  for (let k = 0; k < tokens.length; k += 1) {
    if (unused[k] && start < 0) start = k;
    if (!unused[k]) close(k);
    else if (tokens[k]!.endsClause) close(k + 1);
  }
  close(tokens.length);
  return phrases;
}
