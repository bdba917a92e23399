import type { MatchTopic } from '@tendly/domain/api/search';
import type { AvailabilitySlot } from '@tendly/domain/days';
import type { LocationType } from '@tendly/domain/job-options';
import { stateOfCity } from '@tendly/domain/cities';
import type { StateCode } from '@tendly/domain/states';
import { placeKey, type LocalityIndex, type Place } from './locality-index';
import { upperCaseOnly, type Cue, type Lexicon, type Meaning } from './match-lexicon';
import { matchKey, readMatchText, type MatchToken } from './match-text';
import { findDistancePhrases, findTimePhrases } from './times-and-distances';

/** A lexicon phrase found in the text. */
export interface Mention {
  meaning: Meaning;
  /** Token indexes, end exclusive. */
  start: number;
  end: number;
  negated: boolean;
  capitalised: boolean;
  /** Taken by the keyword: "loves Italian cooking" is an interest, not a language. */
  dropped?: boolean;
}

/** A suburb or a postcode found in the text. */
export interface PlaceMention {
  place: Place | null;
  postcode: string | null;
  start: number;
  end: number;
  negated: boolean;
  /** How sure: a state or postcode beside it counts most, then a place word before it. */
  score: number;
  /** The state written after a suburb, or the states of its postcode ("Richmond 3121"); a postcode's own states. */
  states: StateCode[];
}

export interface TimeMention {
  slots: AvailabilitySlot[];
  negated: boolean;
}

/** Everything found in one text, for `readRequest` to interpret. */
export interface TextScan {
  text: string;
  tokens: MatchToken[];
  /** Per token: part of something found. */
  consumed: boolean[];
  /** Per token: which clause it is in (clauses end at , ; . and the like). */
  clauseOf: number[];
  mentions: Mention[];
  places: PlaceMention[];
  times: TimeMention[];
  distances: LocationType[];
}

export interface ScanContext {
  lexicon: Lexicon;
  localities: LocalityIndex;
  /** What the assistant just asked: a lone "Young" answers "where". */
  pendingTopic?: MatchTopic | null | undefined;
}

/**
 * Names people use for a city or region that the localities hold only as a far-off namesake:
 * "Logan" is Logan City in Queensland to anyone who writes it, but the one locality of the name is
 * a hamlet in Victoria. Without a state beside them they name no place; the assistant says it
 * could not use them and asks where. (The regions with no locality at all, "Gold Coast", "Inner
 * West", "Northern Beaches", "Central Coast", are not found and are said the same way.)
 */
const regionNames = new Set(['logan']);

const personIntroducers = new Set(['named', 'called', 'name']);
const postcodeUnits = new Set(['km', 'k', 'kms', 'hours', 'hrs', 'hour', 'dollars', 'per', 'am', 'pm', 'years', 'year', 'minutes', 'mins', 'metres', 'm']);
const yearWords = new Set(['since', 'year', 'in the year', 'born']);
const placeNegators = new Set(['not', 'nt', 'no', 'never', 'except', 'excluding', 'exclude', 'remove', 'drop', 'forget', 'without', 'nor', 'than', 'apart', 'besides']);
const placeNegationFiller = new Set(['the', 'longer', 'anymore', 'in', 'near', 'around', 'at', 'from', 'about', 'living', 'based', 'for']);

export function isCue(meaning: Meaning, cue: Cue): boolean {
  return meaning.kind === 'cue' && meaning.cue === cue;
}

/**
 * Finds what a text names, in this order: clock times and distances; suburb names of two or
 * more capitalised words (or followed by a state); lexicon phrases, longest first; the other
 * suburbs and postcodes; and last, typos of lexicon words. Each word belongs to one find.
 */
export function scanText(input: string, context: ScanContext): TextScan {
  const { lexicon, localities } = context;
  const { text, tokens } = readMatchText(input);
  const times: TimeMention[] = [];
  const distances: LocationType[] = [];
  const consumed: boolean[] = tokens.map(() => false);
  const mentions: Mention[] = [];
  const places: PlaceMention[] = [];

  const clauseOf: number[] = [];
  let clause = 0;
  for (const token of tokens) {
    clauseOf.push(clause);
    if (token.endsClause) clause += 1;
  }

  const spanText = (start: number, end: number) => text.slice(tokens[start]!.start, tokens[end - 1]!.end);
  const isOpenSpan = (start: number, end: number) => {
    if (end > tokens.length) return false;
    if (tokens[start]!.key === '' || tokens[end - 1]!.key === '') return false;
    for (let k = start; k < end; k += 1) if (consumed[k] || tokens[k]!.endsClause) return false;
    return true;
  };
  const isNegated = (start: number, end: number) => tokens.slice(start, end).some((token) => token.negated);
  const markConsumed = (start: number, end: number) => {
    for (let k = start; k < end; k += 1) consumed[k] = true;
  };
  const tokensIn = (from: number, to: number) => tokens.filter((token) => token.start < to && token.end > from);

  // 1. Clock times and distances: matched on the text, before any word is read on its own.
  for (const phrase of findTimePhrases(text)) {
    const covered = tokensIn(phrase.start, phrase.end);
    covered.forEach((token) => (consumed[token.index] = true));
    times.push({ slots: phrase.slots, negated: covered.some((token) => token.negated) });
  }
  for (const phrase of findDistancePhrases(text)) {
    tokensIn(phrase.start, phrase.end).forEach((token) => (consumed[token.index] = true));
    distances.push(phrase.locationType);
  }

  /**
   * A state or a major city written right after a suburb, alone or after a comma or "in":
   * "Box Hill VIC", "Springfield in Queensland", "Carlton, Melbourne". It says which suburb of
   * the name is meant. `isCity`: the words name a city, not another place to search.
   */
  const stateAt = (index: number): { code: StateCode; end: number; isCity: boolean } | null => {
    let at = index;
    if (tokens[at]?.text === ',' || tokens[at]?.key === 'in') at += 1;
    const first = tokens[at];
    if (!first) return null;
    const upper = upperCaseOnly.get(first.text);
    if (upper?.kind === 'state') return { code: upper.code, end: at + 1, isCity: false };
    for (let n = 4; n >= 1; n -= 1) {
      if (at + n > tokens.length) continue;
      const meaning = lexicon.entries.get(matchKey(spanText(at, at + n)));
      if (meaning?.kind === 'state') return { code: meaning.code, end: at + n, isCity: false };
      const city = stateOfCity(spanText(at, at + n));
      if (city && tokens.slice(at, at + n).every((token) => !token.endsClause)) return { code: city, end: at + n, isCity: true };
    }
    return null;
  };
  const postcodeAt = (index: number): string | null => {
    let at = index;
    if (tokens[at]?.text === ',') at += 1;
    const token = tokens[at];
    return token && /^\d{4}$/.test(token.text) && localities.postcodeStates(token.text) ? token.text : null;
  };
  const cueBefore = (index: number, cue: Cue): boolean => mentions.some((mention) => mention.end === index && isCue(mention.meaning, cue));
  /**
   * A place is ruled out only by a negation right before it ("not Marrickville", "isn't in
   * Newtown", "except Parramatta"); "can't find anyone in Tennant Creek" still names the place.
   */
  const isPlaceNegated = (start: number, end: number): boolean => {
    if (!isNegated(start, end)) return false;
    let k = start - 1;
    while (k >= 0 && (placeNegationFiller.has(tokens[k]!.key) || mentions.some((mention) => mention.end === k + 1 && mention.start <= k && isCue(mention.meaning, 'location')))) k -= 1;
    return k >= 0 && placeNegators.has(tokens[k]!.key);
  };
  const followsPerson = (index: number): boolean => {
    const previous = mentions.find((mention) => mention.end === index);
    return (previous?.meaning.kind === 'careFor' && !previous.meaning.weak) || personIntroducers.has(tokens[index - 1]?.key ?? '');
  };

  /**
   * When a run of words names a suburb. Names with a word outside everyday English
   * ("Marrickville", "surry hills") count anywhere. Names made only of everyday words ("Young",
   * "Speed", "Box Hill") count when a state or postcode follows them, or when capitalised and
   * either two or more words long or right after a place word ("near Young"). A suburb right
   * after someone's name-word ("my mum Beverley") is a person, not a place.
   */
  const placeEvidence = (start: number, end: number, requireStrong: boolean): { score: number; states: StateCode[]; cityEnd: number | null } | null => {
    if (followsPerson(start)) return null;
    if (regionNames.has(placeKey(spanText(start, end))) && !stateAt(end)) return null;
    const words = tokens.slice(start, end).filter((token) => /\p{L}/u.test(token.text));
    if (words.length === 0) return null;
    const capitalised = words.every((token) => token.isCapitalised);
    const hasForeignWord = words.some((token) => !token.isEnglishWord);
    const state = stateAt(end);
    const postcode = postcodeAt(end);
    const cue = cueBefore(start, 'location') || (context.pendingTopic === 'location' && tokens[start]!.startsSentence);
    const multiWord = end - start >= 2;
    const strong = Boolean(state || postcode) || (multiWord && capitalised);
    if (requireStrong && !strong) return null;
    const accepted = strong || hasForeignWord || (multiWord && cue) || (capitalised && cue);
    if (!accepted) return null;
    const score = (state || postcode ? 4 : 0) + (cue ? 2 : 0) + (capitalised ? 1 : 0) + (hasForeignWord ? 1 : 0) + (end - start) * 0.1;
    return {
      score,
      states: state ? [state.code] : postcode ? [...(localities.postcodeStates(postcode) ?? [])] : [],
      cityEnd: state?.isCity ? state.end : null,
    };
  };

  const findPlaces = (requireStrong: boolean, minWords: number) => {
    if (localities.isEmpty) return;
    for (let i = 0; i < tokens.length; i += 1) {
      for (let n = Math.min(localities.maxWords, tokens.length - i); n >= minWords; n -= 1) {
        if (!isOpenSpan(i, i + n)) continue;
        const place = localities.suburb(placeKey(spanText(i, i + n)));
        if (!place) continue;
        const evidence = placeEvidence(i, i + n, requireStrong);
        if (!evidence) continue;
        const { cityEnd, ...found } = evidence;
        places.push({ place, postcode: null, start: i, end: i + n, negated: isPlaceNegated(i, i + n), ...found });
        // The city beside the suburb only says where it is: "Melbourne" in "Carlton, Melbourne" is no second place.
        markConsumed(i, cityEnd ?? i + n);
        i = (cityEnd ?? i + n) - 1;
        break;
      }
    }
  };

  const meaningOf = (start: number, end: number): Meaning | undefined => {
    if (end - start === 1) {
      const token = tokens[start]!;
      const upper = upperCaseOnly.get(token.text);
      if (upper) return upper;
      return lexicon.entries.get(token.key) ?? lexicon.entries.get(token.lemmaKey);
    }
    const key = matchKey(spanText(start, end));
    const found = lexicon.entries.get(key);
    if (found) return found;
    const last = tokens[end - 1]!;
    return last.lemmaKey !== last.key ? lexicon.entries.get(`${matchKey(spanText(start, end - 1))} ${last.lemmaKey}`) : undefined;
  };

  // 2. Suburbs of two or more capitalised words, or followed by a state: "St Kilda", "Box Hill VIC".
  findPlaces(true, 2);

  // 3. Lexicon phrases, longest first.
  for (let i = 0; i < tokens.length; i += 1) {
    for (let n = Math.min(lexicon.maxWords, tokens.length - i); n >= 1; n -= 1) {
      if (!isOpenSpan(i, i + n)) continue;
      const meaning = meaningOf(i, i + n);
      if (!meaning) continue;
      mentions.push({ meaning, start: i, end: i + n, negated: isNegated(i, i + n), capitalised: tokens[i]!.isCapitalised });
      markConsumed(i, i + n);
      i += n - 1;
      break;
    }
  }

  // 4. The other suburbs, then postcodes.
  findPlaces(false, 1);
  for (const token of tokens) {
    if (consumed[token.index] || !/^\d{4}$/.test(token.text) || !localities.postcodeStates(token.text)) continue;
    const next = tokens[token.index + 1];
    const previous = tokens[token.index - 1];
    if ((next && postcodeUnits.has(next.key)) || previous?.text === '$' || yearWords.has(previous?.key ?? '')) continue;
    const writtenState = stateAt(token.index + 1)?.code;
    const states = [...(localities.postcodeStates(token.text) ?? [])];
    places.push({ place: null, postcode: token.text, start: token.index, end: token.index + 1, negated: isPlaceNegated(token.index, token.index + 1), score: cueBefore(token.index, 'postcode') ? 3 : 2, states: writtenState ? [writtenState, ...states] : states });
    consumed[token.index] = true;
  }

  // 5. Typos of lexicon words: "dementa", "wednsday". Only words outside everyday English.
  for (const token of tokens) {
    if (consumed[token.index] || token.isEnglishWord || !/^[a-z]{5,}$/.test(token.key)) continue;
    const target = closestTypoTarget(token.key, lexicon.typoTargets, token.key.length >= 9 ? 2 : 1);
    if (!target) continue;
    mentions.push({ meaning: target, start: token.index, end: token.index + 1, negated: token.negated, capitalised: token.isCapitalised });
    consumed[token.index] = true;
  }
  // 6. Typos in two-word skills: "cerebal palsy". One of the two words is outside everyday English.
  for (let k = 0; k + 1 < tokens.length; k += 1) {
    const [first, second] = [tokens[k]!, tokens[k + 1]!];
    if (consumed[k] || consumed[k + 1] || first.endsClause || (first.isEnglishWord && second.isEnglishWord)) continue;
    const key = `${first.key} ${second.key}`;
    if (!/^[a-z]{3,} [a-z]{3,}$/.test(key)) continue;
    const target = closestTypoTarget(key, lexicon.phraseTypoTargets, key.length >= 9 ? 2 : 1);
    if (!target) continue;
    mentions.push({ meaning: target, start: k, end: k + 2, negated: first.negated || second.negated, capitalised: first.isCapitalised });
    consumed[k] = consumed[k + 1] = true;
    k += 1;
  }
  mentions.sort((a, b) => a.start - b.start);
  return { text, tokens, consumed, clauseOf, mentions, places, times, distances };
}

/** Typo of a lexicon word: one edit for words up to 8 letters, two beyond; the only such word. */
function closestTypoTarget(key: string, targets: Lexicon['typoTargets'], allowed: number): Meaning | undefined {
  let best: { meaning: Meaning; distance: number } | undefined;
  let tie = false;
  for (const target of targets) {
    if (Math.abs(target.key.length - key.length) > allowed) continue;
    const distance = editDistance(key, target.key, allowed);
    if (distance > allowed) continue;
    if (!best || distance < best.distance) {
      best = { meaning: target.meaning, distance };
      tie = false;
    } else if (distance === best.distance && JSON.stringify(target.meaning) !== JSON.stringify(best.meaning)) {
      tie = true;
    }
  }
  return best && !tie ? best.meaning : undefined;
}

/** Optimal string alignment distance (Levenshtein with swaps of neighbours), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
    if (i > 0 && Math.min(...rows[i]!) > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}
