import { beforeAll, describe, expect, it } from 'vitest';
import type { MatchFilters, MatchTopic } from '@tendly/domain/api/search';
import { readLocalities } from '../../platform/db/reference-data';
import { describeChanges } from './describe-changes';
import { buildLocalityIndex, resolveLocation, stateOfLocation, type LocalityIndex } from './locality-index';
import { isSkipReply, nextTopic, topicsAnsweredBy } from './match-conversation';
import { buildLexicon, type Lexicon } from './match-lexicon';
import { matchKey, readMatchText } from './match-text';
import { readRequest } from './read-request';
import { refineFilters } from './refine-filters';
import { editDistance } from './scan-text';
import { findDistancePhrases, findTimePhrases, nearestRadius } from './times-and-distances';

let lexicon: Lexicon;
let localities: LocalityIndex;

beforeAll(async () => {
  lexicon = buildLexicon();
  // The real localities, straight from the data set the database is loaded from.
  const rows = await readLocalities();
  localities = buildLocalityIndex(rows.map((row) => ({ suburb: row.suburb, state: row.state, postcode: row.postcode, mmmClass: row.mmmClass ?? null })));
});

function read(text: string, current: MatchFilters = {}, pendingTopic: MatchTopic | null = null) {
  return readRequest(text, { lexicon, localities, currentState: stateOfLocation(current.location), pendingTopic });
}

/** The filters after `text`, starting from `current`. */
function filtersOf(text: string, current: MatchFilters = {}, pendingTopic: MatchTopic | null = null): MatchFilters {
  return refineFilters(current, read(text, current, pendingTopic));
}

const negatedWords = (text: string) =>
  readMatchText(text)
    .tokens.filter((token) => token.negated)
    .map((token) => token.text);

describe('reading the text', () => {
  it('keeps each word with its place in the text, its case and where sentences start', () => {
    const { text, tokens } = readMatchText('Mum needs help. She lives in St. Kilda');
    for (const token of tokens) expect(text.slice(token.start, token.end)).toBe(token.text);
    expect(tokens.filter((token) => token.startsSentence).map((token) => token.text)).toEqual(['Mum', 'She']);
    expect(tokens.find((token) => token.text === 'Kilda')).toMatchObject({ isCapitalised: true, isEnglishWord: false });
    expect(tokens.find((token) => token.text === 'lives')?.isEnglishWord).toBe(true);
  });

  it('compares words without case, accents, apostrophes or dashes', () => {
    expect(matchKey("Parkinson's")).toBe('parkinsons');
    expect(matchKey('Mon–Fri')).toBe('mon fri');
    expect(matchKey('Yolŋu Matha')).toBe('yolngu matha');
    expect(matchKey('  St.   Kilda ')).toBe('st kilda');
  });

  it('takes negation from wink to the end of the clause, and no further than a new verb or "but"', () => {
    expect(negatedWords('not on weekends, Mondays are fine')).toEqual(['on', 'weekends']);
    expect(negatedWords("doesn't need to drive and speaks Greek")).toEqual(['need', 'to', 'drive']);
    expect(negatedWords('not Marrickville but Newtown')).toEqual(['Marrickville']);
    expect(negatedWords('no men please')).toEqual(['men', 'please']);
  });

  it('treats removal words as negation, and "don\'t mind" as none', () => {
    expect(negatedWords('remove the language')).toEqual(['the', 'language']);
    expect(negatedWords('any day except Sundays')).toEqual(['Sundays']);
    expect(negatedWords("I don't mind if it's a man or a woman")).toEqual([]);
  });
});

describe('times and distances', () => {
  const slots = (text: string) => findTimePhrases(text).map((phrase) => phrase.slots);

  it('reads clock times and ranges into parts of the day', () => {
    expect(slots('at 7am')).toEqual([['morning']]);
    expect(slots('after 5pm')).toEqual([['evening']]);
    expect(slots('after 3 pm')).toEqual([['afternoon', 'evening']]);
    expect(slots('before 10am')).toEqual([['morning']]);
    expect(slots('9am-3pm')).toEqual([['morning', 'afternoon']]);
    expect(slots('from 10 till 2')).toEqual([['morning', 'afternoon']]);
    expect(slots('9-11am')).toEqual([['morning']]);
    expect(slots('10pm to 6am')).toEqual([['morning', 'evening']]);
    expect(slots('around 12:30pm')).toEqual([['afternoon']]);
    expect(filtersOf('7.30pm please').timesOfDay).toEqual(['evening']);
  });

  it('does not take distances, prices or counts for hours', () => {
    expect(slots('10 to 20 km away')).toEqual([]);
    expect(slots('$35 an hour, 3 days a week')).toEqual([]);
  });

  it('rounds a distance to the nearest radius the search allows', () => {
    const radius = (text: string) => findDistancePhrases(text).map((phrase) => phrase.locationType);
    expect(radius('within 10 km')).toEqual(['KM_10']);
    expect(radius('15km radius')).toEqual(['KM_10']);
    expect(radius('no more than 30 kms')).toEqual(['KM_25']);
    expect(radius('100 kilometres')).toEqual(['KM_50']);
    expect(radius('within walking distance')).toEqual(['KM_5']);
    expect(nearestRadius(7.5)).toBe('KM_10');
    expect(nearestRadius(2)).toBe('KM_5');
  });
});

describe('places', () => {
  const location = (text: string, current: MatchFilters = {}, pendingTopic: MatchTopic | null = null) => filtersOf(text, current, pendingTopic).location;

  it('finds suburbs whose names are not everyday words, written any way', () => {
    expect(location('someone in Marrickville')).toBe('Marrickville NSW');
    expect(location('marrickville please')).toBe('Marrickville NSW');
    expect(location('Surry Hills, weekends')).toBe('Surry Hills NSW');
    expect(location('near surry hills')).toBe('Surry Hills NSW');
    expect(location('St. Kilda')).toBe('St Kilda VIC');
    expect(location('out at Mt Druitt')).toBe('Mount Druitt NSW');
  });

  it('takes everyday words as suburbs only with a capital and a place word, or a state or postcode after them', () => {
    expect(location('a young woman to help mum')).toBeUndefined();
    expect(location('Young woman wanted')).toBeUndefined();
    expect(location('someone near Young')).toBe('Young NSW');
    expect(location('young nsw')).toBe('Young NSW');
    expect(location('a carer in the City on Mondays')).toBeUndefined();
    expect(location('help at home with cooking')).toBeUndefined();
    expect(location('box hill')).toBeUndefined();
    expect(location('Box Hill VIC')).toBe('Box Hill VIC');
    expect(location('near box hill', { location: 'Kew VIC' })).toBe('Box Hill VIC');
  });

  it('answers "where?" with a lone everyday word that is a suburb', () => {
    expect(location('Young', {}, 'location')).toBe('Young NSW');
    expect(location('Young', {}, null)).toBeUndefined();
  });

  it('does not take a person named after a suburb for a place', () => {
    expect(location('my mum Beverley needs help')).toBeUndefined();
  });

  it('picks the state of a suburb several states share from the text, a postcode, the place before, or the most urban', () => {
    expect(location('Richmond')).toBe('Richmond NSW');
    expect(location('Richmond VIC')).toBe('Richmond VIC');
    expect(location('Richmond 3121')).toBe('Richmond VIC');
    expect(location('Richmond in Victoria')).toBe('Richmond VIC');
    expect(location('actually Richmond', { location: 'Kew VIC' })).toBe('Richmond VIC');
    expect(location('in Casuarina')).toBe('Casuarina NSW');
    expect(location('Casuarina NT')).toBe('Casuarina NT');
  });

  it('takes a city or a state beside a suburb as which suburb it is, not as a second place', () => {
    expect(location('Carlton')).toBe('Carlton NSW');
    expect(location('Carlton, Melbourne')).toBe('Carlton VIC');
    expect(location('mum lives in carlton melbourne')).toBe('Carlton VIC');
    expect(location('Carlton in Melbourne, weekday mornings')).toBe('Carlton VIC');
    expect(location('Carlton VIC')).toBe('Carlton VIC');
    expect(location('Springfield')).toBe('Springfield NSW');
    expect(location('Springfield in Queensland')).toBe('Springfield QLD');
    expect(location('Springfield, Brisbane')).toBe('Springfield QLD');
    expect(location('Richmond, Hobart')).toBe('Richmond TAS');
    expect(location('Southport, Gold Coast')).toBe('Southport QLD');
    // A city alone is its own suburb; a city with a suburb of its name in another state still says the state.
    expect(location('near Melbourne')).toBe('Melbourne VIC');
    expect(location('Newtown, Geelong')).toBe('Newtown VIC');
  });

  it('keeps a postcode as a postcode, but not a year, a price or a distance', () => {
    expect(location('in 2204')).toBe('2204');
    expect(location('postcode 3000, weekends')).toBe('3000');
    expect(location('carer since 2019')).toBeUndefined();
    expect(location('budget $2000 a month')).toBeUndefined();
    expect(location('within 2000 km')).toBeUndefined();
  });

  it('takes a place as ruled out only when the negation is right before it', () => {
    expect(read('anywhere apart from Marrickville').location).toMatchObject({ excluded: ['Marrickville NSW'] });
    expect(read("isn't in Newtown any more").location).toMatchObject({ excluded: ['Newtown NSW'] });
    expect(location("Can't find anyone in Tennant Creek - need someone for my aunty")).toBe('Tennant Creek NT');
    expect(filtersOf("Can't find anyone in Tennant Creek - need someone for my aunty").careFor).toBe('Extended Family');
  });

  it('drops a place the text rules out, and moves to the one it names', () => {
    expect(location('not Marrickville, Newtown', { location: 'Marrickville NSW' })).toBe('Newtown NSW');
    expect(filtersOf('not in Marrickville', { location: 'Marrickville NSW', locationType: 'KM_10' })).toEqual({});
    expect(filtersOf('not in Newtown', { location: 'Marrickville NSW' })).toEqual({ location: 'Marrickville NSW' });
  });

  it('resolves a place written elsewhere into the form search takes', () => {
    expect(resolveLocation(localities, 'marrickville')).toBe('Marrickville NSW');
    expect(resolveLocation(localities, 'Richmond, VIC')).toBe('Richmond VIC');
    expect(resolveLocation(localities, 'Richmond Tasmania')).toBe('Richmond TAS');
    expect(resolveLocation(localities, 'Newtown 3220')).toBe('Newtown VIC');
    expect(resolveLocation(localities, 'Box Hill VIC')).toBe('Box Hill VIC');
    expect(resolveLocation(localities, 'Carlton, Melbourne')).toBe('Carlton VIC');
    expect(resolveLocation(localities, 'Springfield in Queensland')).toBe('Springfield QLD');
    expect(resolveLocation(localities, 'North Sydney')).toBe('North Sydney NSW');
    expect(resolveLocation(localities, '2204')).toBe('2204');
    expect(resolveLocation(localities, '0000')).toBeNull();
    expect(resolveLocation(localities, 'Marrickville WA')).toBeNull();
    expect(resolveLocation(localities, 'Atlantis')).toBeNull();
  });
});

describe('who the support is for', () => {
  const careFor = (text: string) => filtersOf(text).careFor;

  it('maps family, partners, friends and clients to the codes', () => {
    expect(careFor('for mum')).toBe('Immediate Family');
    expect(careFor('my dad and my brother')).toBe('Immediate Family');
    expect(careFor('our teenage son')).toBe('Immediate Family');
    expect(careFor('my husband')).toBe('Partner/Spouse');
    expect(careFor('for my nonna')).toBe('Extended Family');
    expect(careFor('my mother-in-law')).toBe('Extended Family');
    expect(careFor('my neighbour')).toBe('Friend');
    expect(careFor('a participant I support')).toBe('Client');
    expect(careFor('for myself')).toBe('Me');
  });

  it('reads "I need help" and "I am blind" as the writer, unless someone else is named', () => {
    expect(careFor('I need help with showering')).toBe('Me');
    expect(careFor('I am blind')).toBe('Me');
    expect(careFor("I'm recovering from a hip operation")).toBe('Me');
    expect(careFor('I need help for my dad')).toBe('Immediate Family');
    expect(careFor("I'm looking for a dementia carer")).toBeUndefined();
    expect(careFor('someone near me')).toBeUndefined();
  });
});

describe('the worker wanted', () => {
  const gender = (text: string) => filtersOf(text).gender;

  it('reads the gender, "no men" as a woman and both as any', () => {
    expect(gender('a female carer')).toBe('FEMALE');
    expect(gender('he prefers a bloke')).toBe('MALE');
    expect(gender('no men please')).toBe('FEMALE');
    expect(gender('not a woman')).toBe('MALE');
    expect(gender('a non-binary support worker')).toBe('NON_BINARY');
    expect(gender('male or female')).toBe('ANY');
    expect(gender("I don't mind if it's a man or a woman")).toBe('ANY');
  });

  it('leaves out the gender of the person cared for', () => {
    expect(gender('an elderly man needs help')).toBeUndefined();
    expect(gender('my dad is 90, a female worker preferred')).toBe('FEMALE');
    expect(gender('a man with MS needs a carer')).toBeUndefined();
    expect(gender('a woman with dementia experience')).toBe('FEMALE');
  });

  it('reads languages, and "polish" as one only when it is', () => {
    expect(filtersOf('Greek-speaking').carerLanguage).toEqual(['el']);
    expect(filtersOf('speaks Mandarin or Cantonese').carerLanguage).toEqual(['zh', 'yue']);
    expect(filtersOf('help in Arabic').carerLanguage).toEqual(['ar']);
    expect(filtersOf('uses Auslan').carerLanguage).toEqual(['asf']);
    expect(filtersOf('someone to polish the silver').carerLanguage).toBeUndefined();
    expect(filtersOf('speaks polish').carerLanguage).toEqual(['pl']);
  });

  it('reads driving, NDIS screening, personal care and qualifications', () => {
    expect(filtersOf('must have a car')).toEqual({ driving: true });
    expect(filtersOf('to take her to appointments')).toEqual({ driving: true });
    expect(filtersOf("mum can't drive so the carer needs a licence")).toEqual({ driving: true, careFor: 'Immediate Family' });
    expect(filtersOf('NDIS screened only')).toEqual({ hasVerifiedNDISScreening: true });
    expect(filtersOf("she's on the NDIS")).toEqual({});
    expect(filtersOf('help with showering and toileting')).toEqual({ personalCare: true });
    expect(filtersOf('a registered nurse with CPR').qualifications).toEqual(['REGISTERED_NURSE', 'CPR']);
    expect(filtersOf('Cert IV in Disability').qualifications).toEqual(['CERT4_DISABILITY']);
    expect(filtersOf('Cert IV in Disability').skillType).toBeUndefined();
    expect(filtersOf('mental health first aid').qualifications).toEqual(['MENTAL_HEALTH_FIRST_AID']);
  });

  it('takes an interest as the keyword, conservatively', () => {
    expect(filtersOf('someone who loves gardening').keyword).toBe('gardening');
    expect(filtersOf('enjoys Italian cooking, and speaks Greek')).toEqual({ keyword: 'italian cooking', carerLanguage: ['el'] });
    expect(filtersOf("mum doesn't like dogs").keyword).toBeUndefined();
    expect(filtersOf('good with dementia').keyword).toBeUndefined();
    expect(filtersOf('a kind and patient carer').keyword).toBeUndefined();
    expect(filtersOf('she likes to go for walks in the park').keyword).toBe('walks');
    expect(filtersOf('he likes to go').keyword).toBeUndefined();
  });
});

describe('support needed', () => {
  const skills = (text: string) => filtersOf(text).skillType;

  it('maps conditions and their everyday names to skills', () => {
    expect(skills('memory loss')).toEqual(['DEMENTIA']);
    expect(skills("Alzheimer's")).toEqual(['DEMENTIA']);
    expect(skills('ASD')).toEqual(['AUTISM']);
    expect(skills('had a stroke')).toEqual(['ABI']);
    expect(skills('she has MS')).toEqual(['MS']);
    expect(skills('ms smith needs help')).toBeUndefined();
    expect(skills('depression and anxiety')).toEqual(['DEPRESSION', 'ANXIETY']);
  });

  it('keeps general words general only when nothing specific is named', () => {
    expect(skills('my elderly mum')).toEqual(['AGEDGEN']);
    expect(skills('my elderly mum with dementia')).toEqual(['DEMENTIA']);
    expect(skills('an adult with a disability')).toEqual(['CFDA']);
    expect(skills('my 8 year old has a disability')).toEqual(['CFDC']);
    expect(skills('disability support for my son who has cerebral palsy')).toEqual(['CP']);
    expect(skills('mental health support')).toEqual(['MENTOTHER']);
    expect(skills('mental health support, bipolar')).toEqual(['BIPOLAR']);
  });

  it('forgives a typo in a word outside everyday English', () => {
    expect(skills('dementa')).toEqual(['DEMENTIA']);
    expect(skills('parkinsns')).toEqual(['PARKINSONS']);
    expect(filtersOf('wednsday').availability).toEqual(['wed']);
    expect(editDistance('thursdy', 'thursday')).toBe(1);
    expect(editDistance('fiday', 'friday')).toBe(1);
    expect(editDistance('teh', 'the')).toBe(1);
  });
});

describe('days and parts of the day', () => {
  const days = (text: string, current: MatchFilters = {}) => filtersOf(text, current).availability;

  it('reads names, short forms, ranges and groups of days', () => {
    expect(days('Mondays and Thursdays')).toEqual(['mon', 'thu']);
    expect(days('Mon-Wed')).toEqual(['mon', 'tue', 'wed']);
    expect(days('Monday to Friday')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(days('Friday to Monday')).toEqual(['mon', 'fri', 'sat', 'sun']);
    expect(days('sat and sun')).toEqual(['sat', 'sun']);
    expect(days('she sat in the sun')).toBeUndefined();
    expect(days('every day')).toHaveLength(7);
    expect(filtersOf('each morning')).toEqual({ availability: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], timesOfDay: ['morning'] });
    expect(filtersOf('weekend arvos')).toEqual({ availability: ['sat', 'sun'], timesOfDay: ['afternoon'] });
  });

  it('reads days and times ruled out as the others', () => {
    expect(days('not on weekends')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(days('any day except Sunday')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(filtersOf('no evenings').timesOfDay).toEqual(['morning', 'afternoon']);
    expect(days('not on weekends', { availability: ['mon', 'sat'] })).toEqual(['mon']);
  });
});

describe('refining the filters so far', () => {
  const before: MatchFilters = {
    carerLanguage: ['el'],
    location: 'Marrickville NSW',
    gender: 'FEMALE',
    skillType: ['DEMENTIA'],
    availability: ['mon', 'tue', 'wed', 'thu', 'fri'],
    timesOfDay: ['morning'],
    careFor: 'Immediate Family',
  };

  it('adds to lists, or replaces them, as told or by the habit of each list', () => {
    expect(filtersOf('actually make it Saturdays too', before).availability).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(filtersOf('and Saturdays', before).availability).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(filtersOf('just Tuesdays', before).availability).toEqual(['tue']);
    expect(filtersOf('Tuesdays', before).availability).toEqual(['tue']);
    expect(filtersOf('she has anxiety', before).skillType).toEqual(['DEMENTIA', 'ANXIETY']);
    expect(filtersOf('only dementia, not anxiety', { skillType: ['DEMENTIA', 'ANXIETY'] }).skillType).toEqual(['DEMENTIA']);
    expect(filtersOf('afternoons instead', before).timesOfDay).toEqual(['afternoon']);
    expect(filtersOf('mornings are better than afternoons', { timesOfDay: ['afternoon'] }).timesOfDay).toEqual(['morning']);
    expect(filtersOf('Italian as well', before).carerLanguage).toEqual(['el', 'it']);
    expect(filtersOf('Parkinson\'s too', before).skillType).toEqual(['DEMENTIA', 'PARKINSONS']);
  });

  it('removes what the text takes away', () => {
    expect(filtersOf('remove the language', before).carerLanguage).toBeUndefined();
    expect(filtersOf('forget about Greek', before).carerLanguage).toBeUndefined();
    expect(filtersOf('swap Greek for Italian', before).carerLanguage).toEqual(['it']);
    expect(filtersOf('change Tuesday to Wednesday', { availability: ['mon', 'tue'] }).availability).toEqual(['mon', 'wed']);
    expect(filtersOf('change the suburb to Coogee', before).location).toBe('Coogee NSW');
    expect(filtersOf('any gender', before).gender).toBe('ANY');
    expect(filtersOf('not Tuesdays', before).availability).toEqual(['mon', 'wed', 'thu', 'fri']);
    expect(filtersOf("doesn't need to drive", { driving: true })).toEqual({});
    expect(filtersOf('any time', before)).toEqual({ carerLanguage: ['el'], location: 'Marrickville NSW', gender: 'FEMALE', skillType: ['DEMENTIA'], careFor: 'Immediate Family' });
    expect(filtersOf('start again: a male carer in Preston', before)).toEqual({ gender: 'MALE', location: 'Preston VIC' });
  });

  it('says what changed, one plain line per filter', () => {
    const after = filtersOf('not Marrickville, Newtown. Weekend afternoons, any language, within 10km', before);
    expect(describeChanges(before, after)).toEqual([
      { filter: 'location', label: 'Within 10 km of Newtown NSW' },
      { filter: 'availability', label: 'Weekend afternoons' },
      { filter: 'carerLanguage', label: 'Any language' },
    ]);
    expect(describeChanges({}, { availability: ['mon', 'wed'], timesOfDay: ['morning', 'evening'] })).toEqual([{ filter: 'availability', label: 'Monday and Wednesday mornings and evenings' }]);
    expect(describeChanges({}, { timesOfDay: ['morning'], availability: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] })).toEqual([{ filter: 'availability', label: 'Mornings, every day' }]);
    expect(describeChanges({ driving: true, keyword: 'chess' }, { location: '2204' })).toEqual([
      { filter: 'location', label: 'Near postcode 2204' },
      { filter: 'driving', label: 'Driving not needed' },
      { filter: 'keyword', label: 'No keyword' },
    ]);
    // The place and its radius read as one line, named by what changed.
    expect(describeChanges({}, { location: 'Parramatta NSW', locationType: 'KM_25' })).toEqual([{ filter: 'location', label: 'Within 25 km of Parramatta NSW' }]);
    expect(describeChanges({ location: '2150', locationType: 'KM_25' }, { location: '2150', locationType: 'KM_50' })).toEqual([{ filter: 'locationType', label: 'Within 50 km of postcode 2150' }]);
    expect(describeChanges({ location: '2150', locationType: 'KM_25' }, {})).toEqual([{ filter: 'location', label: 'Anywhere' }]);
  });
});

describe('the conversation', () => {
  it('knows which topics filters answer and asks the first one left', () => {
    expect(topicsAnsweredBy({ skillType: ['DEMENTIA'], location: '2204' })).toEqual(['support', 'location']);
    expect(nextTopic(['support', 'location'])).toBe('careFor');
    expect(nextTopic(['support', 'careFor', 'location', 'when', 'preferences'])).toBeNull();
  });

  it('takes a whole reply of "skip", "any" or "no preference" as passing on the question', () => {
    for (const reply of ['skip', 'Any', 'no preference', "I'm not fussed", 'Nope, thanks', 'anywhere', 'whenever!']) expect(isSkipReply(reply)).toBe(true);
    for (const reply of ['any Greek speaker', 'no men', 'skip Tuesdays']) expect(isSkipReply(reply)).toBe(false);
  });
});

describe('what the text asks for that no filter came from (issue 31)', () => {
  it('names a task the search has no filter for, as written', () => {
    const reading = read('nan needs help with showers and meals, shes in wollongong');
    expect(refineFilters({}, reading)).toMatchObject({ personalCare: true, careFor: 'Extended Family', location: 'Wollongong NSW' });
    expect(reading.notUsed).toEqual(['meals']);
  });

  it('names the other things asked for the parser did not read, adjacent words as one phrase', () => {
    expect(read('a patient carer for my dad who likes to go fishing, Rockhampton').notUsed).toEqual(['patient']);
    expect(read('he is an old digger and wants a bloke to have a yarn with, Rockhampton').notUsed).toEqual(['digger', 'yarn']);
    expect(read('help with cleaning and cooking for my father in Mount Druitt').notUsed).toEqual(['cleaning', 'cooking']);
    expect(read('my kid has adhd and autism, Campbelltown').notUsed).toEqual(['adhd']);
  });

  it('says nothing of words that became filters, the keyword, the asking, or what is ruled out', () => {
    expect(read('a Greek-speaking woman near Marrickville to help mum with dementia on weekday mornings').notUsed).toEqual([]);
    expect(read('Someone who loves gardening for my grandma in Ashgrove').notUsed).toEqual([]);
    expect(read("Hi, I'm looking for a support worker please, I need some help at home").notUsed).toEqual([]);
    expect(read('no cooking needed, just showering').notUsed).toEqual([]);
    expect(read('Need someone with dementa experiance for my mum in Surry Hills').notUsed).toEqual([]);
  });

  it('keeps the capitals of a name, not of a word that starts the sentence', () => {
    expect(read('Respite care for my wife with dementia in Coffs Harbour').notUsed).toEqual(['respite']);
  });
});

describe('family phrasing (issue 31)', () => {
  it('reads an age after "my" as a child of the writer', () => {
    expect(filtersOf('my 19 yo has an intellectual disability').careFor).toBe('Immediate Family');
    expect(filtersOf('need a hand with my 5 yr old twins both autistic').careFor).toBe('Immediate Family');
    expect(filtersOf('a 19 yo with an intellectual disability').careFor).toBeUndefined();
  });

  it('reads "sat arvos" as Saturday afternoons, but not a lone "sat"', () => {
    expect(filtersOf('respite on sat arvos, he has dementia')).toMatchObject({ availability: ['sat'], timesOfDay: ['afternoon'] });
    expect(filtersOf('she sat with mum all morning').availability).toBeUndefined();
  });

  it('reads what the writer can no longer do as the help needed', () => {
    expect(filtersOf('i cant do showers anymore, need a female').personalCare).toBe(true);
    expect(filtersOf('no showering, just company').personalCare).toBeUndefined();
  });

  it('catches a typo in a two-word condition, and a car accident asks for no driver', () => {
    expect(filtersOf('My son (14) has cerebal palsy').skillType).toEqual(['CP']);
    expect(filtersOf('a brain injury from a car accident').driving).toBeUndefined();
    expect(filtersOf('someone with a car').driving).toBe(true);
  });

  it('knows a pop, a coordinator and school pick ups', () => {
    expect(filtersOf('my pop is end of life').careFor).toBe('Extended Family');
    expect(filtersOf('coordinator - need a worker in alice springs').careFor).toBe('Client');
    expect(filtersOf('school pick ups weekdays').driving).toBe(true);
  });
});

describe('places people name that are no locality (issue 31)', () => {
  it('does not take Logan for the hamlet in Victoria, and says it could not use it', () => {
    const reading = read('my mum lives in Logan and needs help with showers');
    expect(refineFilters({}, reading).location).toBeUndefined();
    expect(reading.notUsed).toEqual(['Logan']);
    expect(filtersOf('Logan VIC').location).toBe('Logan VIC');
  });

  it('names a region that is no suburb as not used, rather than dropping it', () => {
    expect(read('dad is on the Gold Coast, weekday mornings').notUsed).toEqual(['Gold Coast']);
    expect(read('we live in the inner west').notUsed).toEqual(['inner west']);
  });
});
