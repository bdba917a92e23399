import winkNLP, { type ItemToken, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * The care seeker's text as tokens, read by wink-nlp: the words as written, where each one
 * starts, whether it is capitalised or starts a sentence, its part of speech, whether it is an
 * ordinary English word, and whether a negation ("not", "no", "without", "remove") covers it.
 */
export interface MatchToken {
  index: number;
  /** As written. */
  text: string;
  /** Offsets in `MatchText.text` (the normalised text). */
  start: number;
  end: number;
  /** `matchKey(text)`: how the lexicon and the localities compare words. */
  key: string;
  /** The key of wink's lemma ("mornings" → "morning", "women" → "woman"). */
  lemmaKey: string;
  isCapitalised: boolean;
  startsSentence: boolean;
  /** Punctuation that ends a clause: , ; . ! ? : and line breaks. */
  endsClause: boolean;
  isNumber: boolean;
  /** In the English model's vocabulary: "young", "speed" are; "Marrickville", "Parramatta" are not. */
  isEnglishWord: boolean;
  pos: string;
  negated: boolean;
}

export interface MatchText {
  /** The text after `normaliseText`; token offsets point into it. */
  text: string;
  tokens: MatchToken[];
}

let nlp: WinkMethods | undefined;
/**
 * The English model loads once per process: 0.4 s or more of unpacking that blocks the process.
 * The server loads it when it starts listening (`WorkerMatch.warmUp`), so no message waits for
 * it; anything else loads it on first use.
 */
export function englishNlp(): WinkMethods {
  nlp ??= winkNLP(model);
  return nlp;
}

/**
 * How words are compared: lower case, accents and apostrophes dropped, dashes and slashes as
 * spaces ("Parkinson's" → "parkinsons", "Mon–Fri" → "mon fri", "Yolŋu" → "yolngu"). The lexicon
 * and the locality names are keyed the same way, so "St. Kilda" meets "St Kilda".
 */
export function matchKey(text: string): string {
  const lower = text.toLowerCase();
  // Most text is plain ASCII: skip the Unicode work for it (the parser keys thousands of spans).
  const ascii = /^[\x20-\x7e]*$/.test(lower) ? lower : lower.replace(/\u014b/g, 'ng').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .replace(/['\u2019.]/g, '')
    .replace(/[-\u2013\u2014/_]+/g, ' ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Evens out what people type before wink reads it: curly quotes, dashes, "7.30am" (which the
 * tokeniser would split into "7.3" and "0am") and "w/" for "with". The regular expressions name
 * characters beyond ASCII by their code (ŋ, ’ ‘, “ ”, – —): the API's bundle must stay ASCII (build.mjs).
 */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u2019\u2018]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\b(\d{1,2})\.(\d{2})\s*(am|pm)\b/gi, '$1:$2$3')
    .replace(/\bw\/(?=\s)/gi, 'with');
}

/**
 * Words that start a negation wink does not know: "remove the language", "drop Tuesdays",
 * "except Sundays", "no longer". Their scope runs like wink's: to the end of the clause.
 */
const negatingKeys = new Set(['remove', 'drop', 'delete', 'forget', 'clear', 'except', 'excluding', 'exclude', 'minus', 'without']);
const negatingPairs = new Set(['apart from', 'other than', 'no longer', 'rather than', 'better than', 'instead of', 'take off', 'take out', 'get rid']);

/** "swap Greek for Italian", "change Tuesday to Wednesday": what comes before "for"/"to" goes. */
const swappingKeys = new Set(['swap', 'replace', 'change', 'switch']);
const swapEnds = new Set(['for', 'with', 'to', 'into']);

/** "but", "however" and "instead" end a negation: "not Marrickville but Newtown". */
const scopeBreakers = new Set(['but', 'however', 'instead', 'though', 'although', 'just']);

/**
 * "don't mind", "not fussed", "doesn't matter": negative in form, permissive in meaning. Within
 * their clause nothing counts as negated ("I don't mind if it's a man or a woman").
 */
const permissivePhrases = ['dont mind', 'do not mind', 'doesnt mind', 'does not mind', 'not fussed', 'doesnt matter', 'does not matter', 'dont care', 'do not care', 'not bothered', 'no preference', 'no preferences'];

const writerSubjects = new Set(['i', 'we']);
const cannotForms = ['cant', 'cannot', 'can not', 'couldnt', 'could not', 'can no longer', 'am not able to', 'arent able to', 'are not able to'];
const abilityVerbs = new Set(['do', 'manage', 'cope', 'handle', 'lift', 'keep']);

export function readMatchText(input: string): MatchText {
  const text = normaliseText(input);
  const wink = englishNlp();
  const its = wink.its;
  // wink's typings declare `its.lemma` with an `addons` parameter its own `out()` type does not accept.
  const lemma = its.lemma as unknown as ItsFunction<string>;
  const doc = wink.readDoc(text);
  const tokens: MatchToken[] = [];
  let offset = 0;
  let previous: MatchToken | undefined;
  doc.tokens().each((token: ItemToken) => {
    const value = String(token.out(its.value));
    const spaces = String(token.out(its.precedingSpaces));
    const type = String(token.out(its.type));
    offset += spaces.length;
    const start = offset;
    offset += value.length;
    if (type === 'tabCRLF' || (type === 'word' && value.trim() === '')) {
      // Line breaks end clauses; wink keeps them as tokens.
      if (previous) previous.endsClause = true;
      return;
    }
    const key = matchKey(value);
    const lemmaKey = matchKey(String(token.out(lemma)));
    const current: MatchToken = {
      index: tokens.length,
      text: value,
      start,
      end: offset,
      key,
      lemmaKey: lemmaKey || key,
      isCapitalised: /^\p{Lu}/u.test(value),
      startsSentence: !previous || /^[.!?]+$/.test(previous.text) || previous.endsClause && /[\n]/.test(spaces),
      // A dash between spaces separates clauses too: "Can't find anyone in Tennant Creek - need someone".
      endsClause: /^[,;.!?:()]+$/.test(value) || (/^-+$/.test(value) && spaces.length > 0),
      isNumber: type === 'number' || /^\d+$/.test(value),
      isEnglishWord: key !== '' && !doc.isOOV(value.toLowerCase()),
      pos: String(token.out(its.pos)),
      negated: Boolean(token.out(its.negationFlag)),
    };
    if (/\n/.test(spaces) && previous) {
      previous.endsClause = true;
      current.startsSentence = true;
    }
    tokens.push(current);
    previous = current;
  });
  adjustNegation(tokens);
  return { text, tokens };
}

/**
 * wink marks the words a negation covers up to the end of the clause. Three corrections make it
 * fit requests: a new clause joined by "and"/"or" + a verb ends it ("doesn't need to drive and
 * speaks Greek"); removal words negate too ("remove the language"); and "don't mind" is not a
 * negation at all.
 */
function adjustNegation(tokens: MatchToken[]): void {
  let inRemoval = false;
  let inSwap = false;
  let broken = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const pair = next ? `${token.key} ${next.key}` : '';
    if (token.endsClause) {
      inRemoval = false;
      inSwap = false;
      // wink may carry a negation across a clause break it does not know (a dash): end it here.
      broken = true;
      token.negated = false;
      continue;
    }
    if (!token.negated) broken = false;
    const joinsNewClause = (token.key === 'and' || token.key === 'or') && next !== undefined && (next.pos === 'VERB' || next.pos === 'AUX' || next.key === 'who' || next.key === 'i');
    if (scopeBreakers.has(token.key) || joinsNewClause) {
      broken = true;
      inRemoval = false;
    }
    if (broken) token.negated = false;
    if (inSwap && swapEnds.has(token.key)) inSwap = false;
    if (inRemoval || inSwap) token.negated = true;
    if (swappingKeys.has(token.key)) inSwap = true;
    if (negatingKeys.has(token.key) || negatingPairs.has(pair)) {
      inRemoval = true;
      broken = false;
    }
  }
  // "I can't do showers anymore", "we can't manage the lifting": what the writer can no longer
  // do is what they need help with, not something they rule out.
  for (let i = 0; i < tokens.length; i += 1) {
    if (!writerSubjects.has(tokens[i]!.key)) continue;
    const after = [i + 1, i + 2].find((j) => cannotForms.some((form) => phraseAt(tokens, j, form)));
    if (after === undefined) continue;
    let j = after;
    while (j < tokens.length && !abilityVerbs.has(tokens[j]!.key) && j - after < 3) j += 1;
    if (!abilityVerbs.has(tokens[j]?.key ?? '')) continue;
    for (let k = j; k < tokens.length && !tokens[k]!.endsClause; k += 1) tokens[k]!.negated = false;
  }
  // Permissive phrases clear negation to the end of their clause.
  for (let i = 0; i < tokens.length; i += 1) {
    if (!permissivePhrases.some((phrase) => phraseAt(tokens, i, phrase))) continue;
    for (let j = i; j < tokens.length && !tokens[j]!.endsClause; j += 1) tokens[j]!.negated = false;
  }
}

/** Whether the tokens from `index` spell `phrase` (a key, words separated by spaces). */
export function phraseAt(tokens: readonly MatchToken[], index: number, phrase: string): boolean {
  const words = phrase.split(' ');
  let j = index;
  for (const word of words) {
    // "don't" is one or two tokens ("do" + "n't"); keys join them.
    let key = '';
    while (j < tokens.length && key.length < word.length) {
      key += tokens[j]!.key;
      j += 1;
    }
    if (key !== word) return false;
  }
  return true;
}
