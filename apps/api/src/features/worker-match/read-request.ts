import type { MatchTopic } from '@tendly/domain/api/search';
import type { CareFor } from '@tendly/domain/care-for';
import { dayCodes, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import type { GenderPreference, LocationType } from '@tendly/domain/job-options';
import type { LanguageCode } from '@tendly/domain/languages';
import type { QualificationCode } from '@tendly/domain/qualifications';
import type { SkillCode } from '@tendly/domain/skills';
import type { StateCode } from '@tendly/domain/states';
import { chooseState, placeLabel, type LocalityIndex } from './locality-index';
import type { Cue, FlagFilter, Lexicon, Meaning, TopicFilter } from './match-lexicon';
import { matchKey, type MatchToken } from './match-text';
import { unusedPhrases } from './unused-words';
import { isCue, scanText, type Mention, type PlaceMention } from './scan-text';

/** Values a text adds to a list filter, takes out of it, or whether it clears it. */
export interface ListChange<T> {
  include: T[];
  exclude: T[];
  clear: boolean;
}

/** What one text says about each filter, before it is merged into the filters so far. */
export interface Reading {
  skillType: ListChange<SkillCode>;
  availability: ListChange<DayCode>;
  timesOfDay: ListChange<AvailabilitySlot>;
  carerLanguage: ListChange<LanguageCode>;
  qualifications: ListChange<QualificationCode>;
  /** `excluded`: places the text rules out ("not Marrickville"), as "Suburb STATE" or postcodes. */
  location: { value?: string; excluded: string[]; clear: boolean };
  locationType?: LocationType;
  gender?: GenderPreference;
  keyword?: string;
  clearKeyword: boolean;
  careFor?: CareFor;
  /** true sets the filter; false takes it away ("doesn't need to drive"). */
  flags: Partial<Record<FlagFilter, boolean>>;
  /**
   * "Tuesdays too" adds to a list, "just Tuesdays" or "actually Tuesdays" replaces it; null when
   * the text says neither, and each list keeps its own habit (see `refineFilters`).
   */
  listMode: 'add' | 'replace' | null;
  /** "start again": the filters so far are dropped first. */
  reset: boolean;
  /** The topics of the conversation this text answered. */
  topics: Set<MatchTopic>;
  /** What the text asks for that no filter came from, as written: "meals", "a patient carer" (issue 31). */
  notUsed: string[];
}

export interface ReadContext {
  lexicon: Lexicon;
  localities: LocalityIndex;
  /** The state of the location chosen before: preferred when a suburb name is in several states. */
  currentState?: StateCode | undefined;
  /** What the assistant just asked: a lone "Young" answers "where", a lone "me" answers "who for". */
  pendingTopic?: MatchTopic | null | undefined;
}

const emptyList = <T>(): ListChange<T> => ({ include: [], exclude: [], clear: false });

/** Specific disabilities: "disability" on its own means general disability support only without one. */
const specificDisabilities: ReadonlySet<SkillCode> = new Set(['CP', 'MND', 'ABI', 'MS', 'AUTISM', 'DS', 'ID', 'SCI', 'VI', 'DISABILITY_OTHER', 'CFDA', 'CFDC']);
const specificAgedCare: ReadonlySet<SkillCode> = new Set(['DEMENTIA', 'PARKINSONS', 'FRAIL']);
const mentalHealthSkills: ReadonlySet<SkillCode> = new Set(['DEPRESSION', 'ANXIETY', 'PSYSOC', 'SCHIZO', 'BIPOLAR', 'OCD', 'MENTOTHER']);
const childWords = new Set(['child', 'children', 'kid', 'kids', 'toddler', 'teen', 'teenager', 'teenage', 'school', 'preschooler', 'baby', 'boy', 'girl', 'schooler', 'primary']);
/** Words before "woman"/"man" that make it the person cared for: "an elderly man", "a 90 year old woman". */
const recipientWords = new Set(['elderly', 'old', 'older', 'aged', 'frail', 'retired', 'elder', 'year', 'years', 'yo', 'yr', 'yrs', 'widowed', 'sick']);
const experienceWords = new Set(['experience', 'experienced', 'skills', 'skill', 'training', 'trained', 'knowledge', 'background', 'expertise', 'understanding']);
const keywordLeaders = new Set(['a', 'an', 'the', 'her', 'his', 'their', 'my', 'our', 'some', 'to', 'go', 'going', 'do', 'doing', 'play', 'playing', 'for', 'watch', 'watching', 'listen', 'listening']);
const keywordStops = new Set([
  'and', 'or', 'but', 'with', 'who', 'that', 'which', 'on', 'in', 'at', 'for', 'near', 'to', 'of', 'from', 'please', 'too', 'also', 'very',
  'so', 'as', 'is', 'are', 'be', 'would', 'could', 'should', 'can', 'will', 'lot', 'lots', 'if', 'when', 'while', 'because', 'like',
]);
const rangeJoiners = new Set(['to', 'through', 'thru', 'till', 'until', 'til']);
const listJoiners = new Set(['and', 'or', 'n', 'plus', ...rangeJoiners]);

function addUnique<T>(list: T[], ...values: readonly T[]): void {
  for (const value of values) if (!list.includes(value)) list.push(value);
}

/**
 * The local parser: scans the text against the lexicon and the localities (`scanText`), then
 * interprets what it found, negation included, as changes to each filter.
 */
export function readRequest(input: string, context: ReadContext): Reading {
  const { text, tokens, consumed, clauseOf, mentions, places, times, distances } = scanText(input, context);
  const reading: Reading = {
    skillType: emptyList(),
    availability: emptyList(),
    timesOfDay: emptyList(),
    carerLanguage: emptyList(),
    qualifications: emptyList(),
    location: { excluded: [], clear: false },
    clearKeyword: false,
    flags: {},
    listMode: null,
    reset: false,
    topics: new Set(),
    notUsed: [],
  };
  /** Mentions found but set aside: a language word with no "speaks" near it ("Indian food"). */
  const ignored: Mention[] = [];
  for (const time of times) {
    addUnique(time.negated ? reading.timesOfDay.exclude : reading.timesOfDay.include, ...time.slots);
    reading.topics.add('when');
  }
  const distance = distances.at(-1);
  if (distance) {
    reading.locationType = distance;
    reading.topics.add('location');
  }

  const live = () => mentions.filter((mention) => !mention.dropped);
  const cueMentions = (cue: Cue) => live().filter((mention) => isCue(mention.meaning, cue));
  const hasAdd = cueMentions('add').length > 0;
  const hasReplace = cueMentions('replace').length > 0;
  const startsWithAnd = ['and', 'plus', 'also'].includes(tokens[0]?.key ?? '');
  reading.listMode = hasAdd || startsWithAnd ? 'add' : hasReplace ? 'replace' : null;
  const anyClauses = new Set(cueMentions('any').map((mention) => clauseOf[mention.start]));
  const strongAnyClauses = new Set(
    cueMentions('any')
      .filter((mention) => !['any', 'either'].includes(matchKey(text.slice(tokens[mention.start]!.start, tokens[mention.end - 1]!.end))))
      .map((mention) => clauseOf[mention.start]),
  );

  const keywordTokens = readKeyword(reading, tokens, mentions, consumed, cueMentions('interest'));

  const speakCues = cueMentions('speak');
  const nearSpeakCue = (mention: Mention) => speakCues.some((cue) => (cue.end <= mention.start && mention.start - cue.end <= 2) || (cue.start >= mention.end && cue.start - mention.end <= 2));

  const dayMentions: { mention: Mention; days: DayCode[] }[] = [];
  const genders: { code: GenderPreference; negated: boolean; clause: number }[] = [];
  let strongCareFor: CareFor | undefined;
  let weakCareFor: CareFor | undefined;
  let generalDisability = false;
  let generalMentalHealth = false;
  const stateHints: StateCode[] = [];

  for (const mention of live()) {
    const { meaning, negated } = mention;
    const inAnyClause = anyClauses.has(clauseOf[mention.start]);
    switch (meaning.kind) {
      case 'skill':
        addUnique(negated ? reading.skillType.exclude : reading.skillType.include, meaning.code);
        reading.topics.add('support');
        break;
      case 'generalSkill':
        if (!negated && meaning.area === 'disability') generalDisability = true;
        if (!negated && meaning.area === 'mentalHealth') generalMentalHealth = true;
        reading.topics.add('support');
        break;
      case 'qualification':
        addUnique(negated ? reading.qualifications.exclude : reading.qualifications.include, meaning.code);
        reading.topics.add('support');
        break;
      case 'language':
        if (meaning.needsCue && !(mention.capitalised || nearSpeakCue(mention))) {
          ignored.push(mention);
          break;
        }
        addUnique(negated ? reading.carerLanguage.exclude : reading.carerLanguage.include, meaning.code);
        reading.topics.add('preferences');
        break;
      case 'days':
        dayMentions.push({ mention, days: [...meaning.days] });
        if (meaning.slots) addUnique(negated ? reading.timesOfDay.exclude : reading.timesOfDay.include, ...meaning.slots);
        break;
      case 'slots':
        addUnique(negated ? reading.timesOfDay.exclude : reading.timesOfDay.include, ...meaning.slots);
        reading.topics.add('when');
        break;
      case 'gender':
        if (describesPersonCaredFor(tokens, mentions, mention)) break;
        genders.push({ code: meaning.code, negated, clause: clauseOf[mention.start] ?? 0 });
        break;
      case 'careFor':
        if (negated) break;
        if (meaning.weak) weakCareFor ??= meaning.code;
        else strongCareFor ??= meaning.code;
        break;
      case 'flag':
        if (negated) reading.flags[meaning.filter] ??= false;
        else reading.flags[meaning.filter] = true;
        reading.topics.add(meaning.filter === 'personalCare' ? 'support' : 'preferences');
        break;
      case 'task':
        if (!negated) reading.topics.add('support');
        break;
      case 'topic':
        if (negated || inAnyClause) clearFilter(reading, meaning.filter);
        break;
      case 'anyOf':
        for (const filter of meaning.filters) clearFilter(reading, filter);
        break;
      case 'state':
        if (!negated) stateHints.push(meaning.code);
        break;
      case 'reset':
        reading.reset = true;
        break;
      case 'cue':
        break;
    }
  }

  readDays(reading, tokens, dayMentions, live().filter((mention) => mention.meaning.kind === 'slots'));
  readGender(reading, genders, strongAnyClauses);

  // "disability" alone: support for children when the text is about a child, else for adults.
  if (generalDisability && !reading.skillType.include.some((code) => specificDisabilities.has(code))) {
    addUnique(reading.skillType.include, isAboutAChild(text, tokens) ? 'CFDC' : 'CFDA');
  }
  if (generalMentalHealth && !reading.skillType.include.some((code) => mentalHealthSkills.has(code))) {
    addUnique(reading.skillType.include, 'MENTOTHER');
  }
  // "elderly mum with dementia": dementia says it all.
  if (reading.skillType.include.some((code) => specificAgedCare.has(code))) {
    reading.skillType.include = reading.skillType.include.filter((code) => code !== 'AGEDGEN');
  }

  if (context.pendingTopic === 'careFor' && !strongCareFor && tokens.some((token) => token.key === 'me' || token.key === 'i')) weakCareFor ??= 'Me';
  if (!strongCareFor && speaksOfOwnCondition(tokens, live())) weakCareFor ??= 'Me';
  // "my 19 yo", "my 5 yr old twins": a parent writing about their child.
  if (!strongCareFor && namesOwnChildByAge(tokens)) weakCareFor ??= 'Immediate Family';
  const careFor = strongCareFor ?? weakCareFor;
  if (careFor) {
    reading.careFor = careFor;
    reading.topics.add('careFor');
  }

  readLocation(reading, places, stateHints, context.currentState);
  const used = consumed.map((isConsumed, index) => isConsumed || keywordTokens.includes(index));
  reading.notUsed = unusedPhrases({ text, tokens, used, mentions, ignored });
  return reading;
}

/** Clears a filter: "remove the language", "any day". Gender and distance have an explicit "any". */
function clearFilter(reading: Reading, filter: TopicFilter): void {
  switch (filter) {
    case 'location':
      reading.location.clear = true;
      reading.topics.add('location');
      break;
    case 'locationType':
      reading.locationType = 'ANY';
      reading.topics.add('location');
      break;
    case 'gender':
      reading.gender = 'ANY';
      reading.topics.add('preferences');
      break;
    case 'keyword':
      reading.clearKeyword = true;
      reading.topics.add('preferences');
      break;
    case 'carerLanguage':
      reading.carerLanguage.clear = true;
      reading.topics.add('preferences');
      break;
    case 'availability':
    case 'timesOfDay':
      reading[filter].clear = true;
      reading.topics.add('when');
      break;
    case 'skillType':
    case 'qualifications':
      reading[filter].clear = true;
      reading.topics.add('support');
      break;
  }
}

/**
 * The first interest after "loves", "enjoys", "interested in", up to three words ("loves
 * gardening" → "gardening", "enjoys Italian cooking" → "italian cooking"). Conservative on
 * purpose: the keyword is a full-text filter, and a wrong one empties the results.
 */
function readKeyword(reading: Reading, tokens: readonly MatchToken[], mentions: Mention[], consumed: readonly boolean[], cues: readonly Mention[]): number[] {
  const allowedInKeyword = new Set<Meaning['kind']>(['language', 'task']);
  for (const cue of cues) {
    if (cue.negated) continue;
    let k = cue.end;
    while (k < tokens.length && keywordLeaders.has(tokens[k]!.key) && !tokens[k]!.endsClause) k += 1;
    const taken: number[] = [];
    while (k < tokens.length && taken.length < 3) {
      const token = tokens[k]!;
      if (token.endsClause || token.key === '' || keywordStops.has(token.key) || token.isNumber) break;
      const mention = mentions.find((candidate) => candidate.start <= k && k < candidate.end);
      if (mention ? !allowedInKeyword.has(mention.meaning.kind) : consumed[k]) break;
      taken.push(k);
      k += 1;
    }
    // A thing or an activity ("chess", "swimming", "walks"), not any verb ("likes to go").
    const isInterest = (index: number) =>
      ['NOUN', 'PROPN'].includes(tokens[index]!.pos) || /ing$/.test(tokens[index]!.key) || mentions.some((mention) => mention.start === index && mention.meaning.kind === 'task');
    if (!taken.some(isInterest)) continue;
    reading.keyword = taken.map((index) => tokens[index]!.text.toLowerCase()).join(' ');
    reading.topics.add('preferences');
    for (const mention of mentions) if (taken.includes(mention.start)) mention.dropped = true;
    return taken;
  }
  return [];
}

/**
 * Days: names, "weekdays", "weekends", "every day", and ranges ("Monday to Friday", "Mon-Wed").
 * Short forms that are also words ("sat", "sun", "wed") count when capitalised or listed beside
 * another day ("sat and sun").
 */
function readDays(reading: Reading, tokens: readonly MatchToken[], dayMentions: { mention: Mention; days: DayCode[] }[], slotMentions: readonly Mention[]): void {
  const between = (a: Mention, b: Mention) => tokens.slice(a.end, b.start);
  const isListedWith = (a: Mention, b: Mention) => between(a, b).every((token) => token.key === '' || listJoiners.has(token.key));
  const accepted = dayMentions.filter(({ mention }, index) => {
    const meaning = mention.meaning;
    if (meaning.kind !== 'days' || !meaning.isAbbreviation || mention.capitalised) return true;
    const previous = dayMentions[index - 1];
    const next = dayMentions[index + 1];
    // "sat arvos", "sun morning": a part of the day right after it says it is a day.
    if (slotMentions.some((slot) => slot.start === mention.end)) return true;
    return Boolean((previous && isListedWith(previous.mention, mention)) || (next && isListedWith(mention, next.mention)));
  });
  for (let index = 0; index < accepted.length; index += 1) {
    const current = accepted[index]!;
    const next = accepted[index + 1];
    let days = current.days;
    if (next && current.days.length === 1 && next.days.length === 1 && current.mention.negated === next.mention.negated) {
      const joiners = between(current.mention, next.mention);
      const isRange = joiners.length > 0 && joiners.every((token) => token.key === '' || rangeJoiners.has(token.key)) && joiners.some((token) => token.text === '-' || rangeJoiners.has(token.key));
      if (isRange) {
        days = dayRange(current.days[0]!, next.days[0]!);
        index += 1;
      }
    }
    const negated = current.mention.negated;
    addUnique(negated ? reading.availability.exclude : reading.availability.include, ...days);
    reading.topics.add('when');
  }
}

/** Monday to Friday, or Friday to Monday round the weekend. */
function dayRange(from: DayCode, to: DayCode): DayCode[] {
  const start = dayCodes.indexOf(from);
  const days: DayCode[] = [];
  for (let offset = 0; offset < 7; offset += 1) {
    const day = dayCodes[(start + offset) % 7]!;
    days.push(day);
    if (day === to) break;
  }
  return days;
}

/**
 * The worker's gender. "no men" and "not a man" ask for a woman (and the other way round), the
 * usual meaning; both genders asked for, or "don't mind" beside one, means any gender.
 */
function readGender(reading: Reading, genders: readonly { code: GenderPreference; negated: boolean; clause: number }[], strongAnyClauses: ReadonlySet<number | undefined>): void {
  if (genders.length === 0) return;
  const wanted = new Set<GenderPreference>();
  for (const { code, negated, clause } of genders) {
    if (strongAnyClauses.has(clause)) {
      wanted.add('ANY');
      continue;
    }
    if (!negated) wanted.add(code);
  }
  if (wanted.size === 0) {
    const refused = genders.map(({ code }) => code);
    if (refused.includes('MALE') && !refused.includes('FEMALE')) wanted.add('FEMALE');
    else if (refused.includes('FEMALE') && !refused.includes('MALE')) wanted.add('MALE');
  }
  if (wanted.size === 0) return;
  reading.gender = wanted.has('ANY') || (wanted.has('FEMALE') && wanted.has('MALE')) ? 'ANY' : [...wanted][wanted.size - 1];
  reading.topics.add('preferences');
}

/**
 * "an elderly man", "a 90 year old woman", "I'm a man", "a man with MS": the person cared for,
 * not the worker wanted. "a woman with dementia experience" is the worker.
 */
function describesPersonCaredFor(tokens: readonly MatchToken[], mentions: readonly Mention[], mention: Mention): boolean {
  for (let k = mention.start - 1; k >= Math.max(0, mention.start - 3); k -= 1) {
    const token = tokens[k]!;
    if (token.endsClause) break;
    if (recipientWords.has(token.key) || (token.isNumber && Number(token.text) >= 18)) return true;
    if (['is', 'am', 'im', 'was'].includes(token.key) && tokens[k - 1]?.key !== 'who' && k === mention.start - 2) return true;
  }
  if (tokens[mention.end]?.key === 'with') {
    const skill = mentions.find((other) => other.start > mention.end && other.start <= mention.end + 2);
    if (skill?.meaning.kind === 'skill' && !experienceWords.has(tokens[skill.end]?.key ?? '')) return true;
  }
  return false;
}

/** Words between "I'm" and a condition that make it a search, not a condition: "I'm looking for a dementia carer". */
const searchingWords = new Set(['looking', 'searching', 'after', 'trying', 'hoping', 'seeking', 'wanting', 'wondering', 'asking', 'enquiring', 'finding', 'find']);

/** "I am blind", "I'm recovering from a hip operation", "I've got MS": the writer needs the support. */
function speaksOfOwnCondition(tokens: readonly MatchToken[], mentions: readonly Mention[]): boolean {
  const isFirstPerson = (k: number) => {
    const key = tokens[k]!.key;
    return key === 'im' || key === 'ive' || (key === 'i' && ['am', 'm', 'have', 've', 'was', 'got'].includes(tokens[k + 1]?.key ?? ''));
  };
  for (const condition of mentions) {
    if ((condition.meaning.kind !== 'skill' && condition.meaning.kind !== 'generalSkill') || condition.negated) continue;
    for (let k = condition.start - 1; k >= Math.max(0, condition.start - 6); k -= 1) {
      if (tokens[k]!.endsClause) break;
      if (!isFirstPerson(k)) continue;
      if (!tokens.slice(k + 1, condition.start).some((between) => searchingWords.has(between.key))) return true;
      break;
    }
  }
  return false;
}

const ageUnits = new Set(['yo', 'yr', 'yrs', 'year', 'years', 'y o']);
/** "my 19 yo", "my 10 yr old": "my", an age, and no other word between. */
function namesOwnChildByAge(tokens: readonly MatchToken[]): boolean {
  return tokens.some((token, k) => token.key === 'my' && tokens[k + 1]?.isNumber === true && ageUnits.has(tokens[k + 2]?.key ?? ''));
}

function isAboutAChild(text: string, tokens: readonly MatchToken[]): boolean {
  if (tokens.some((token) => childWords.has(token.key) || childWords.has(token.lemmaKey))) return true;
  const age = /\b(\d{1,2})\s*(?:-\s*)?(?:years?|yrs?|y\/?o)\b|\baged\s+(\d{1,2})\b/i.exec(text);
  const years = Number(age?.[1] ?? age?.[2]);
  return Number.isFinite(years) && years > 0 && years < 18;
}

/**
 * The place: the best-evidenced suburb or postcode the text does not negate (a state or postcode
 * beside it counts most, then a place word before it: "near", "in"); among equals the last one,
 * as corrections come last ("Newtown, sorry, Enmore"). A postcode alone stays a postcode; beside a
 * suburb it tells the suburb's state.
 */
function readLocation(reading: Reading, places: readonly PlaceMention[], stateHints: readonly StateCode[], currentState: StateCode | undefined): void {
  const positives = places.filter((place) => !place.negated);
  const postcodeStates = positives.filter((place) => place.postcode).flatMap((place) => place.states);
  const label = (mention: PlaceMention): string => {
    if (!mention.place) return mention.postcode ?? '';
    const preferred = [...mention.states, ...postcodeStates, ...stateHints, ...(currentState ? [currentState] : [])];
    return placeLabel(mention.place, chooseState(mention.place, preferred));
  };
  if (places.length > 0) reading.topics.add('location');
  for (const excluded of places.filter((place) => place.negated)) reading.location.excluded.push(label(excluded));
  const best = positives.filter((place) => place.place).sort((a, b) => b.score - a.score || b.start - a.start)[0];
  const postcode = positives.filter((place) => place.postcode).at(-1);
  const value = best ? label(best) : postcode?.postcode;
  if (value) {
    reading.location.value = value;
    reading.location.clear = false;
  }
}
