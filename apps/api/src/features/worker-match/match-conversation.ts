import { matchTopics, type MatchFilters, type MatchTopic } from '@tendly/domain/api/search';
import { matchKey } from './match-text';

/**
 * The assistant's side of the conversation: which topics the filters already answer, when a
 * reply skips the question asked, and what to ask next. It asks about each topic in the order of
 * `matchTopics` until every one is answered or skipped, then stops asking (nextQuestion null),
 * and the search runs on what it has.
 */

/** The topics a set of filters answers by itself. */
export function topicsAnsweredBy(filters: MatchFilters): MatchTopic[] {
  const answered: MatchTopic[] = [];
  if (filters.skillType?.length || filters.personalCare || filters.qualifications?.length) answered.push('support');
  if (filters.careFor) answered.push('careFor');
  if (filters.location) answered.push('location');
  if (filters.availability?.length || filters.timesOfDay?.length) answered.push('when');
  if (filters.gender || filters.carerLanguage?.length || filters.driving || filters.hasVerifiedNDISScreening || filters.keyword) {
    answered.push('preferences');
  }
  return answered;
}

/** Every topic in `matchTopics` order, once. */
export function orderTopics(topics: Iterable<MatchTopic>): MatchTopic[] {
  const set = new Set(topics);
  return matchTopics.filter((topic) => set.has(topic));
}

export function nextTopic(answered: readonly MatchTopic[]): MatchTopic | null {
  return matchTopics.find((topic) => !answered.includes(topic)) ?? null;
}

/**
 * Replies that pass on the question asked: "skip", "any", "no preference", "not fussed",
 * "anywhere", "whenever". Only a whole reply counts: "any Greek speaker" is an answer.
 */
const skipReplies = new Set(
  [
    'skip', 'skip it', 'skip this', 'skip that', 'pass', 'next', 'next question', 'any', 'anything', 'anyone', 'anybody', 'either', 'whatever',
    'none', 'no', 'nope', 'nah', 'nothing', 'nothing else', 'no thanks', 'no thank you', 'nothing thanks', 'thats all', 'thats it', 'that is all',
    'no preference', 'no preferences', 'no particular preference', 'not really', 'not fussed', 'im not fussed', 'dont mind', 'i dont mind',
    'doesnt matter', 'it doesnt matter', 'not sure', 'im not sure', 'dont know', 'i dont know', 'unsure', 'rather not say', 'id rather not say',
    'prefer not to say', 'flexible', 'im flexible', 'anytime', 'any time', 'whenever', 'anywhere', 'all good', 'all good thanks', 'thats fine',
    'its fine', 'fine', 'ok', 'okay', 'n a', 'na',
  ].map(matchKey),
);

export function isSkipReply(text: string): boolean {
  const key = matchKey(text).replace(/\s*\b(thanks|thank you|please|cheers|mate)$/, '').trim();
  return skipReplies.has(key);
}

/** What the assistant asks for each topic. */
export function questionFor(topic: MatchTopic, filters: MatchFilters): string {
  const isForMe = filters.careFor === 'Me';
  switch (topic) {
    case 'support':
      return 'What kind of support are you looking for? For example, help at home, personal care, or someone experienced with dementia, autism or mental health.';
    case 'careFor':
      return 'Who is the support for: yourself, or someone you care for, like a parent, partner, child or client?';
    case 'location':
      return isForMe
        ? 'Whereabouts do you need support? A suburb or postcode is perfect.'
        : 'Whereabouts do they need support? A suburb or postcode is perfect.';
    case 'when':
      return 'Which days and times suit best? For example, weekday mornings or Saturday afternoons. If you are flexible, just say any time.';
    case 'preferences':
      return 'Anything else that matters to you? For example, a female or male worker, a language spoken, someone who can drive, or a shared interest. Say no preference if not.';
  }
}
