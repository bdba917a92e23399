import type { CareFor } from '@tendly/domain/care-for';
import { dayCodes, days, availabilitySlotOptions, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import { languages, type LanguageCode } from '@tendly/domain/languages';
import type { Gender } from '@tendly/domain/profile-options';
import { qualifications, type QualificationCode } from '@tendly/domain/qualifications';
import { skillGroups, type SkillCode } from '@tendly/domain/skills';
import { states, type StateCode } from '@tendly/domain/states';
import { taskGroups } from '@tendly/domain/tasks';
import { matchKey } from './match-text';

/** The filters a word can name as a topic: "remove the language", "any gender". */
export type TopicFilter =
  | 'location'
  | 'locationType'
  | 'gender'
  | 'skillType'
  | 'availability'
  | 'timesOfDay'
  | 'carerLanguage'
  | 'qualifications'
  | 'keyword';

export type FlagFilter = 'driving' | 'personalCare' | 'hasVerifiedNDISScreening';

/** What a word or phrase of the lexicon means. */
export type Meaning =
  | { kind: 'skill'; code: SkillCode }
  /**
   * "disability", "mental health": a skill only when the text names no specific one; disability
   * support for adults or for children, decided by the rest of the text.
   */
  | { kind: 'generalSkill'; area: 'disability' | 'mentalHealth' }
  | { kind: 'qualification'; code: QualificationCode }
  /** `needsCue`: also an ordinary word ("polish"); counts when capitalised or near "speaks". */
  | { kind: 'language'; code: LanguageCode; needsCue?: boolean }
  /**
   * `isAbbreviation`: "sat", "sun", "wed": count when capitalised or beside another day.
   * `slots`: "every morning" names the part of the day too.
   */
  | { kind: 'days'; days: readonly DayCode[]; isAbbreviation?: boolean; slots?: readonly AvailabilitySlot[] }
  | { kind: 'slots'; slots: readonly AvailabilitySlot[] }
  | { kind: 'gender'; code: Gender }
  /** `weak`: "I need help" reads as for the writer only when no one else is named. */
  | { kind: 'careFor'; code: CareFor; weak?: boolean }
  | { kind: 'flag'; filter: FlagFilter }
  /** Help the filters cannot express (cleaning, shopping): it answers "what support". */
  | { kind: 'task' }
  | { kind: 'topic'; filter: TopicFilter }
  /** "anytime", "whenever": any day and any time. "anywhere": any location. */
  | { kind: 'anyOf'; filters: readonly TopicFilter[] }
  | { kind: 'state'; code: StateCode }
  /** "start again", "clear everything". */
  | { kind: 'reset' }
  | { kind: 'cue'; cue: Cue };

export type Cue =
  /** near, in, around, at, from: a place follows. */
  | 'location'
  /** "postcode": a postcode follows. */
  | 'postcode'
  /** loves, enjoys, interested in: an interest follows (the keyword). */
  | 'interest'
  /** too, also, as well: add to the list rather than replace it. */
  | 'add'
  /** only, just, instead, actually: replace the list. */
  | 'replace'
  /** any, either, no preference: the named topic has no preference. */
  | 'any'
  /** to, through, until, "-": joins a range of days. */
  | 'range'
  /** speaks, speaking: a language follows or precedes. */
  | 'speak';

export interface Lexicon {
  /** Meanings by `matchKey` of the phrase. */
  entries: ReadonlyMap<string, Meaning>;
  /** The longest phrase, in words. */
  maxWords: number;
  /** Single words long enough to catch a typo of ("dementa", "wednsday"), by key. */
  typoTargets: readonly { key: string; meaning: Meaning }[];
  /** Two-word skills and qualifications to catch a typo of ("cerebal palsy", "motor nuerone"), by key. */
  phraseTypoTargets: readonly { key: string; meaning: Meaning }[];
}

const weekdays: readonly DayCode[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const weekend: readonly DayCode[] = ['sat', 'sun'];

/**
 * Words for each skill beyond the skill's own label (which the lexicon takes from the domain
 * list): everyday names, abbreviations and near-synonyms a family would write.
 */
const skillSynonyms: Readonly<Record<SkillCode, readonly string[]>> = {
  AGEDGEN: ['aged care', 'elderly', 'aged', 'ageing', 'aging', 'old age', 'senior', 'seniors', 'older person', 'older people', 'older adult', 'older adults', 'aged care experience'],
  DEMENTIA: ['dementia', 'alzheimers', 'alzheimers disease', 'alzheimer', 'memory loss', 'memory problems', 'memory issues', 'cognitive decline', 'forgetful', 'lewy body', 'vascular dementia'],
  PARKINSONS: ['parkinsons', 'parkinson', 'parkinsons disease', 'parkinson disease'],
  FRAIL: ['frail', 'frailty', 'frail aged', 'unsteady on her feet', 'unsteady on his feet', 'falls risk', 'prone to falls'],
  CFDA: ['disabled adult', 'adult with a disability', 'adult with disability', 'adults with disability', 'adults with disabilities'],
  CFDC: ['disabled child', 'child with a disability', 'child with disability', 'children with disability', 'children with disabilities', 'kids with disability', 'kids with disabilities'],
  CP: ['cerebral palsy', 'cp'],
  MND: ['motor neurone disease', 'motor neuron disease', 'mnd', 'als'],
  ABI: ['acquired brain injury', 'brain injury', 'abi', 'tbi', 'traumatic brain injury', 'head injury', 'stroke', 'had a stroke', 'stroke survivor'],
  MS: ['multiple sclerosis'],
  AUTISM: ['autism', 'autistic', 'asd', 'aspergers', 'asperger', 'on the spectrum', 'autism spectrum disorder'],
  DS: ['down syndrome', 'downs syndrome', 'downs', 'trisomy 21'],
  ID: ['intellectual disability', 'intellectual disabilities', 'learning disability', 'learning disabilities', 'cognitive disability', 'developmental delay'],
  SCI: ['spinal cord injury', 'spinal injury', 'sci', 'paraplegic', 'paraplegia', 'quadriplegic', 'quadriplegia', 'tetraplegia', 'tetraplegic'],
  VI: ['vision impairment', 'vision impaired', 'visually impaired', 'visual impairment', 'blind', 'low vision', 'legally blind'],
  DISABILITY_OTHER: ['hearing impairment', 'hearing impaired', 'deaf', 'acquired disability', 'rare disability'],
  POC: ['post operative', 'post op', 'post operative care', 'after surgery', 'after an operation', 'after her operation', 'after his operation', 'recovering from surgery', 'post surgery', 'hip replacement', 'knee replacement', 'surgery recovery', 'surgery', 'knee surgery', 'hip surgery', 'operation'],
  PC: ['palliative', 'palliative care', 'end of life', 'end of life care', 'terminal', 'terminally ill', 'terminal illness', 'hospice'],
  CHCR: ['chronic', 'chronic illness', 'chronic condition', 'chronic conditions', 'chronic pain', 'diabetes', 'diabetic', 'heart disease', 'heart failure', 'copd', 'emphysema', 'kidney disease', 'dialysis', 'chronic health'],
  DEPRESSION: ['depression', 'depressed', 'low mood'],
  ANXIETY: ['anxiety', 'anxious', 'panic attacks', 'panic disorder'],
  PSYSOC: ['psychosocial', 'psychosocial disability', 'psychosocial support'],
  SCHIZO: ['schizophrenia', 'schizophrenic', 'schizoaffective'],
  BIPOLAR: ['bipolar', 'bipolar disorder', 'manic depression'],
  OCD: ['ocd', 'obsessive compulsive', 'obsessive compulsive disorder'],
  MENTOTHER: ['ptsd', 'eating disorder', 'borderline', 'bpd', 'personality disorder', 'hoarding', 'psychosis', 'trauma'],
};

/** Upper-case-only abbreviations: "MS" is multiple sclerosis, "ms" is not. */
export const upperCaseOnly: ReadonlyMap<string, Meaning> = new Map<string, Meaning>([
  ['MS', { kind: 'skill', code: 'MS' }],
  ['RN', { kind: 'qualification', code: 'REGISTERED_NURSE' }],
  ['EN', { kind: 'qualification', code: 'ENROLLED_NURSE' }],
  ['ID', { kind: 'skill', code: 'ID' }],
  ['WA', { kind: 'state', code: 'WA' }],
  ['SA', { kind: 'state', code: 'SA' }],
  ['ACT', { kind: 'state', code: 'ACT' }],
  ['NT', { kind: 'state', code: 'NT' }],
]);

const generalSkillWords: Readonly<Record<'disability' | 'mentalHealth', readonly string[]>> = {
  disability: ['disability', 'disabilities', 'disabled', 'special needs', 'additional needs', 'disability support'],
  mentalHealth: ['mental health', 'mental illness', 'mental health condition', 'mental health conditions', 'mental health issues', 'mental health support', 'mental unwell'],
};

const cert3 = ['cert iii', 'cert 3', 'certificate iii', 'certificate 3', 'certificate three', 'cert three'];
const cert4 = ['cert iv', 'cert 4', 'certificate iv', 'certificate 4', 'certificate four', 'cert four'];

function certificatePhrases(prefixes: readonly string[], areas: readonly string[]): string[] {
  return prefixes.flatMap((prefix) => areas.flatMap((area) => [`${prefix} ${area}`, `${prefix} in ${area}`]));
}

const qualificationSynonyms: Readonly<Record<QualificationCode, readonly string[]>> = {
  CERT3_INDIVIDUAL_SUPPORT: [...cert3, ...certificatePhrases(cert3, ['individual support'])],
  CERT3_AGED_CARE: certificatePhrases(cert3, ['aged care', 'ageing']),
  CERT3_DISABILITY: certificatePhrases(cert3, ['disability', 'disabilities']),
  CERT4_DISABILITY: certificatePhrases(cert4, ['disability', 'disabilities']),
  CERT4_AGEING_SUPPORT: certificatePhrases(cert4, ['ageing support', 'aged care', 'ageing']),
  CERT4_MENTAL_HEALTH: certificatePhrases(cert4, ['mental health']),
  CERT4_MENTAL_HEALTH_PEER_WORK: certificatePhrases(cert4, ['mental health peer work', 'peer work']),
  CERT4_COMMUNITY_SERVICES: certificatePhrases(cert4, ['community services']),
  DIPLOMA_COMMUNITY_SERVICES: ['diploma of community services', 'diploma in community services', 'community services diploma'],
  BACHELOR_SOCIAL_WORK: ['social worker', 'social work', 'social work degree', 'bachelor of social work'],
  BACHELOR_NURSING: ['nursing degree', 'bachelor of nursing', 'degree in nursing'],
  ENROLLED_NURSE: ['enrolled nurse', 'diploma of nursing'],
  REGISTERED_NURSE: ['registered nurse', 'nurse', 'a nurse', 'qualified nurse'],
  ALLIED_HEALTH_ASSISTANT: ['allied health assistant', 'allied health assistance'],
  FIRST_AID: ['first aid', 'first aid certificate', 'first aid trained', 'first aider', 'first aid qualified'],
  CPR: ['cpr', 'cpr certificate', 'cpr trained'],
  MANUAL_HANDLING: ['manual handling', 'manual handling training', 'manual handling trained'],
  MEDICATION_ADMIN: ['medication administration', 'administer medication', 'administer medications', 'medication trained', 'medication training', 'medication competency', 'medication competent', 'can give medication', 'medication certificate'],
  INFECTION_CONTROL: ['infection control', 'infection prevention', 'infection control training'],
  NDIS_WORKER_ORIENTATION: ['worker orientation', 'ndis worker orientation', 'orientation module', 'ndis orientation'],
  MENTAL_HEALTH_FIRST_AID: ['mental health first aid', 'mhfa'],
  DEMENTIA_CARE_TRAINING: ['dementia training', 'dementia care training', 'trained in dementia', 'trained in dementia care', 'dementia trained', 'dementia qualified'],
};

/**
 * Other names for languages: nationalities ("a Greek woman" most likely speaks Greek), other
 * spellings, and the names people use ("Chinese" for Mandarin, "Farsi", "sign language").
 */
const languageSynonyms: Partial<Readonly<Record<LanguageCode, readonly string[]>>> = {
  zh: ['chinese', 'mandarin chinese', 'putonghua'],
  ar: ['lebanese', 'arab', 'arabic speaking'],
  yue: ['cantonese'],
  pa: ['punjabi', 'panjabi'],
  el: ['greek'],
  it: ['italian'],
  es: ['spanish', 'latino', 'latina'],
  ne: ['nepalese', 'nepali'],
  tl: ['filipino', 'filipina', 'tagalog', 'pilipino'],
  fa: ['farsi', 'persian', 'iranian'],
  prs: ['dari', 'afghan'],
  ko: ['korean'],
  ja: ['japanese'],
  vi: ['vietnamese'],
  id: ['indonesian', 'bahasa indonesia', 'bahasa'],
  ms: ['malay', 'malaysian', 'bahasa melayu'],
  de: ['german'],
  fr: ['french'],
  sr: ['serbian'],
  hr: ['croatian'],
  mk: ['macedonian'],
  bs: ['bosnian'],
  ru: ['russian'],
  uk: ['ukrainian'],
  tr: ['turkish'],
  si: ['sinhala', 'sinhalese'],
  bn: ['bengali', 'bangla', 'bangladeshi'],
  km: ['khmer', 'cambodian'],
  lo: ['lao', 'laotian'],
  my: ['burmese', 'myanmar'],
  sm: ['samoan'],
  to: ['tongan'],
  fj: ['fijian'],
  mt: ['maltese'],
  nl: ['dutch'],
  pt: ['portuguese', 'brazilian'],
  hu: ['hungarian'],
  hy: ['armenian'],
  aii: ['assyrian', 'aramaic', 'assyrian neo aramaic'],
  he: ['hebrew'],
  af: ['afrikaans'],
  sw: ['swahili'],
  so: ['somali'],
  am: ['amharic', 'ethiopian'],
  asf: ['auslan', 'sign language', 'australian sign language'],
  rop: ['kriol'],
  tcs: ['yumplatok', 'torres strait creole', 'torres strait kriol'],
  djr: ['djambarrpuyngu', 'yolngu matha', 'yolngu'],
  pjt: ['pitjantjatjara'],
  wbp: ['warlpiri'],
  aer: ['arrernte', 'eastern arrernte'],
  mwf: ['murrinh patha'],
  tiw: ['tiwi'],
  en: ['english'],
};

/** Language names that are also everyday words. */
const ambiguousLanguageWords = new Set(['polish']);

const careForWords: Readonly<Record<CareFor, readonly string[]>> = {
  Me: ['myself', 'for me', 'for myself', 'me myself'],
  'Partner/Spouse': ['husband', 'wife', 'partner', 'spouse', 'hubby', 'boyfriend', 'girlfriend', 'fiance', 'fiancee', 'other half', 'de facto'],
  'Immediate Family': [
    'mum', 'mom', 'mother', 'mummy', 'mam', 'dad', 'father', 'daddy', 'parent', 'parents', 'mum and dad',
    'son', 'daughter', 'child', 'children', 'kid', 'kids', 'toddler', 'baby', 'teenager', 'teenage son', 'teenage daughter',
    'brother', 'sister', 'sibling', 'siblings', 'stepson', 'stepdaughter', 'stepmum', 'stepdad', 'stepmother', 'stepfather',
    'little boy', 'little girl', 'my boy', 'my girl', 'my old man', 'my old mum',
    'family', 'family member', 'member of my family', 'immediate family', 'immediate family member', 'my family',
  ],
  'Extended Family': [
    'grandma', 'grandmother', 'gran', 'granny', 'nan', 'nana', 'nanna', 'nonna', 'nonno', 'yiayia', 'yaya', 'papou', 'pappou', 'bubbe', 'lola', 'lolo',
    'grandpa', 'grandfather', 'grandad', 'granddad', 'grandparent', 'grandparents', 'aunt', 'aunty', 'auntie', 'uncle', 'cousin',
    'niece', 'nephew', 'grandson', 'granddaughter', 'grandchild', 'grandchildren', 'grandkids',
    'mother in law', 'father in law', 'sister in law', 'brother in law', 'son in law', 'daughter in law', 'in laws', 'in law',
    'relative', 'relatives', 'relation', 'extended family', 'extended family member', 'my pop', 'poppy', 'my poppy', 'grandpop', 'pop pop',
  ],
  Friend: ['friend', 'friends', 'my mate', 'a mate', 'neighbour', 'neighbor', 'family friend'],
  Client: ['client', 'clients', 'participant', 'participants', 'support coordinator', 'case manager', 'my client', 'a client', 'coordinator', 'support coord', 'ndis coordinator'],
};

/** "I need help", "I have MS": the writer, unless someone else is named. */
const weakMeWords = [
  'i need help', 'i need support', 'i need care', 'i need assistance', 'i need a carer', 'i need a support worker', 'i need a worker',
  'i need someone', 'i am looking for help', 'help me', 'i have', 'i live with', 'i use a wheelchair', 'im autistic', 'i am autistic', 'i myself',
];

const genderWords: Readonly<Record<Gender, readonly string[]>> = {
  FEMALE: ['female', 'females', 'woman', 'women', 'lady', 'ladies', 'gal', 'female carer', 'female worker', 'female support worker'],
  MALE: ['male', 'males', 'man', 'men', 'gentleman', 'gentlemen', 'bloke', 'fella', 'guy', 'male carer', 'male worker', 'male support worker'],
  NON_BINARY: ['non binary', 'nonbinary', 'enby', 'gender diverse'],
};

const slotWords: Readonly<Record<AvailabilitySlot, readonly string[]>> = {
  morning: ['mornings', 'early morning', 'early mornings', 'breakfast', 'before lunch', 'before noon', 'brekkie', 'first thing'],
  afternoon: ['afternoons', 'arvo', 'arvos', 'after lunch', 'after school', 'lunchtime', 'lunch time', 'midday', 'noon', 'pm'],
  evening: ['evenings', 'night', 'nights', 'tonight', 'overnight', 'overnights', 'dinner', 'dinnertime', 'bedtime', 'after work', 'after hours', 'sleepover', 'sleepovers', 'after dark'],
};
const daytime: readonly AvailabilitySlot[] = ['morning', 'afternoon'];

const dayAbbreviations: Readonly<Record<DayCode, readonly string[]>> = {
  mon: ['mon'],
  tue: ['tue', 'tues'],
  wed: ['wed', 'weds'],
  thu: ['thu', 'thur', 'thurs'],
  fri: ['fri'],
  sat: ['sat', 'sats'],
  sun: ['sun', 'suns'],
};

const flagWords: Readonly<Record<FlagFilter, readonly string[]>> = {
  driving: [
    'drive', 'drives', 'driver', 'driving', 'drivers licence', 'drivers license', 'driver licence', 'driving licence', 'licence', 'license',
    'car', 'a car', 'own car', 'own transport', 'vehicle', 'transport', 'lifts', 'a lift', 'give her lifts', 'give him lifts',
    'take her to', 'take him to', 'take them to', 'take me to', 'take mum to', 'take dad to', 'drive her', 'drive him', 'drive me', 'drive them',
    'pick her up', 'pick him up', 'can drive', 'with a car', 'has a car', 'school pick up', 'school pick ups', 'school pickup', 'school pickups',
    'pick up from school', 'pick ups from school', 'school drop off', 'school drop offs', 'drop offs and pick ups',
  ],
  personalCare: [
    'personal care', 'shower', 'showers', 'showering', 'bath', 'baths', 'bathe', 'bathing', 'toilet', 'toileting', 'dressing', 'get dressed',
    'getting dressed', 'hygiene', 'personal hygiene', 'grooming', 'continence', 'incontinence', 'continence care', 'catheter', 'pad changes',
    'wash and dress', 'help in the bathroom', 'intimate care',
  ],
  hasVerifiedNDISScreening: [
    'ndis screening', 'ndis screened', 'ndis worker screening', 'worker screening', 'worker screening check', 'screening check', 'ndis check',
    'ndis cleared', 'ndis clearance', 'ndis screening check', 'ndis worker screening check', 'screened', 'ndis worker check',
  ],
};

const taskWords = [
  'cleaning', 'clean', 'housework', 'house work', 'domestic', 'domestic assistance', 'tidying', 'laundry', 'ironing', 'cooking', 'cook',
  'meals', 'meal prep', 'meal preparation', 'shopping', 'groceries', 'grocery shopping', 'errands', 'paperwork', 'bills', 'admin',
  'companionship', 'company', 'social support', 'someone to talk to', 'outings', 'social outings', 'community access', 'getting out',
  'get out and about', 'out and about', 'appointments', 'doctors appointments', 'medical appointments', 'exercise', 'fitness', 'walks',
  'arts and crafts', 'music', 'life skills', 'independent living', 'live independently', 'medication', 'medications', 'meds',
  'help with medication', 'medication prompts', 'tube feeding', 'peg feeding', 'tracheostomy', 'hoist', 'transfers', 'respite',
  'home help', 'in home support', 'help at home', 'support at home', 'daily living', 'daily tasks', 'daily routines', 'mobility', 'wheelchair',
  'gardening help', 'yard work', 'wound care', 'wound dressing', 'wound dressings', 'daily routine', 'daily life', 'daily activities',
  // What happened, not what is needed: "a car accident" asks for no driver.
  'car accident', 'a car accident', 'the car accident', 'car crash', 'a car crash', 'car accidents', 'motor vehicle accident',
];

const topicWords: Readonly<Record<TopicFilter, readonly string[]>> = {
  location: ['location', 'suburb', 'postcode'],
  locationType: ['distance', 'radius', 'how far'],
  gender: ['gender', 'sex'],
  skillType: ['skill', 'skills', 'condition', 'conditions', 'diagnosis', 'specialty', 'specialties'],
  availability: ['days', 'which day', 'which days', 'availability', 'days of the week', 'set days'],
  timesOfDay: ['times', 'time of day', 'times of day', 'set times'],
  carerLanguage: ['language', 'languages', 'language preference'],
  qualifications: ['qualification', 'qualifications', 'certificate', 'certificates', 'certification', 'certifications', 'certs'],
  keyword: ['keyword', 'interest', 'interests', 'hobby', 'hobbies'],
};

const cueWords: Readonly<Record<Cue, readonly string[]>> = {
  location: ['near', 'in', 'around', 'at', 'from', 'nearby', 'round', 'close to', 'near to', 'next to', 'based in', 'live in', 'lives in', 'living in', 'located in', 'out near', 'out at', 'suburb of', 'area of', 'closer to', 'in or near', 'in or around', 'within'],
  postcode: ['postcode', 'post code', 'pc'],
  interest: ['loves', 'enjoys', 'likes', 'interested in', 'an interest in', 'passionate about', 'keen on', 'fan of', 'plays', 'love of', 'loves to', 'enjoys going to', 'good with'],
  add: ['too', 'also', 'as well', 'add', 'plus', 'additionally', 'and also', 'another', 'extra', 'as well as', 'include'],
  replace: ['only', 'just', 'instead', 'actually', 'rather', 'change', 'change it to', 'switch', 'make it', 'swap', 'update'],
  any: ['any', 'either', 'no preference', 'no preferences', 'dont mind', 'do not mind', 'doesnt matter', 'does not matter', 'not fussed', 'whatever', 'flexible', 'dont care', 'any is fine', 'not important', 'open to any'],
  range: ['to', 'through', 'thru', 'till', 'until', 'til'],
  speak: ['speaks', 'speak', 'speaking', 'spoken', 'fluent', 'fluent in', 'who speaks'],
};

function add(entries: Map<string, Meaning>, phrase: string, meaning: Meaning): void {
  const key = matchKey(phrase);
  // The first meaning given wins: specific lists come before general ones.
  if (key && !entries.has(key)) entries.set(key, meaning);
}

/** The part of a label before any bracket, and the bracketed alternative: "Persian (Farsi)" → Persian, Farsi. */
function labelNames(label: string): string[] {
  const match = /^(.*?)\s*\((.*)\)\s*$/.exec(label);
  return match ? [match[1] ?? '', match[2] ?? ''] : [label];
}

/**
 * The lexicon, built from the domain's reference lists (skills, qualifications, languages, days,
 * parts of the day, who the care is for, tasks, states) and the synonyms above. Order matters
 * where a phrase could mean two things: the first list to claim it keeps it.
 */
export function buildLexicon(): Lexicon {
  const entries = new Map<string, Meaning>();
  // Qualifications first: "dementia care training" and "Cert IV in Disability" are qualifications,
  // and "mental health first aid" is not first aid.
  for (const { code, label } of qualifications) {
    for (const name of labelNames(label)) add(entries, name, { kind: 'qualification', code });
    for (const phrase of qualificationSynonyms[code]) add(entries, phrase, { kind: 'qualification', code });
  }
  for (const group of skillGroups) {
    for (const { code, label } of group.skills) {
      for (const phrase of skillSynonyms[code]) add(entries, phrase, { kind: 'skill', code });
      if (code !== 'DISABILITY_OTHER') for (const name of labelNames(label)) add(entries, name, { kind: 'skill', code });
    }
  }
  for (const area of ['disability', 'mentalHealth'] as const) {
    for (const phrase of generalSkillWords[area]) add(entries, phrase, { kind: 'generalSkill', area });
  }
  for (const [code, phrases] of Object.entries(flagWords) as [FlagFilter, readonly string[]][]) {
    for (const phrase of phrases) add(entries, phrase, { kind: 'flag', filter: code });
  }
  // "Personal care and daily routines" and "Communicating in Auslan" name filters, not just tasks.
  add(entries, 'personal care and daily routines', { kind: 'flag', filter: 'personalCare' });
  add(entries, 'transport and escort to appointments', { kind: 'flag', filter: 'driving' });
  add(entries, 'communicating in auslan', { kind: 'language', code: 'asf' });
  for (const { code, label } of languages) {
    for (const name of labelNames(label)) add(entries, name, { kind: 'language', code, needsCue: ambiguousLanguageWords.has(matchKey(name)) });
    for (const phrase of languageSynonyms[code] ?? []) {
      add(entries, phrase, { kind: 'language', code, needsCue: ambiguousLanguageWords.has(matchKey(phrase)) });
    }
  }
  for (const [code, phrases] of Object.entries(genderWords) as [Gender, readonly string[]][]) {
    for (const phrase of phrases) add(entries, phrase, { kind: 'gender', code });
  }
  for (const [code, phrases] of Object.entries(careForWords) as [CareFor, readonly string[]][]) {
    for (const phrase of phrases) add(entries, phrase, { kind: 'careFor', code });
  }
  for (const phrase of weakMeWords) add(entries, phrase, { kind: 'careFor', code: 'Me', weak: true });
  for (const day of days) {
    add(entries, day.label, { kind: 'days', days: [day.code] });
    add(entries, `${day.label}s`, { kind: 'days', days: [day.code] });
    for (const abbreviation of dayAbbreviations[day.code]) add(entries, abbreviation, { kind: 'days', days: [day.code], isAbbreviation: true });
  }
  for (const phrase of ['weekday', 'weekdays', 'week days', 'during the week', 'workdays', 'work days', 'business days', 'monday to friday', 'mon to fri', 'weekdays only']) {
    add(entries, phrase, { kind: 'days', days: weekdays });
  }
  for (const phrase of ['weekend', 'weekends', 'week end', 'week ends', 'saturday and sunday', 'sat and sun']) add(entries, phrase, { kind: 'days', days: weekend });
  for (const { code, label } of availabilitySlotOptions) {
    for (const every of ['every', 'each']) {
      for (const name of [label, code === 'evening' ? 'night' : label]) add(entries, `${every} ${name}`, { kind: 'days', days: dayCodes, slots: [code] });
    }
  }
  for (const phrase of ['every day', 'everyday', 'daily', 'seven days', '7 days', '7 days a week', 'all week', 'each day', 'every day of the week', 'seven days a week']) {
    add(entries, phrase, { kind: 'days', days: dayCodes });
  }
  for (const { code, label } of availabilitySlotOptions) {
    add(entries, label, { kind: 'slots', slots: [code] });
    for (const phrase of slotWords[code]) add(entries, phrase, { kind: 'slots', slots: [code] });
  }
  for (const phrase of ['daytime', 'day time', 'during the day', 'all day', 'full day', 'whole day', 'business hours', 'office hours', '9 to 5']) {
    add(entries, phrase, { kind: 'slots', slots: daytime });
  }
  for (const state of states) {
    add(entries, state.name, { kind: 'state', code: state.code });
    if (!upperCaseOnly.has(state.code)) add(entries, state.code, { kind: 'state', code: state.code });
  }
  add(entries, 'tassie', { kind: 'state', code: 'TAS' });
  for (const group of taskGroups) for (const task of group.tasks) add(entries, task.label, { kind: 'task' });
  for (const phrase of taskWords) add(entries, phrase, { kind: 'task' });
  for (const phrase of ['anytime', 'any time', 'whenever', 'any day or time', 'any day any time', 'any time any day', 'any days', 'any day']) {
    add(entries, phrase, { kind: 'anyOf', filters: phrase.includes('day') && !phrase.includes('time') ? ['availability'] : ['availability', 'timesOfDay'] });
  }
  for (const phrase of ['anywhere', 'any location', 'any suburb', 'any area', 'anywhere is fine']) add(entries, phrase, { kind: 'anyOf', filters: ['location'] });
  for (const phrase of ['any distance', 'no distance limit', 'dont mind how far', 'any radius']) add(entries, phrase, { kind: 'anyOf', filters: ['locationType'] });
  for (const phrase of ['any gender', 'either gender', 'any sex', 'male or female is fine', 'either is fine']) add(entries, phrase, { kind: 'anyOf', filters: ['gender'] });
  for (const phrase of ['any language', 'any languages', 'language doesnt matter']) add(entries, phrase, { kind: 'anyOf', filters: ['carerLanguage'] });
  for (const phrase of ['start again', 'start over', 'clear all', 'clear everything', 'reset', 'remove all filters', 'clear the filters', 'remove everything', 'new search']) {
    add(entries, phrase, { kind: 'reset' });
  }
  for (const [filter, phrases] of Object.entries(topicWords) as [TopicFilter, readonly string[]][]) {
    for (const phrase of phrases) add(entries, phrase, { kind: 'topic', filter });
  }
  for (const [cue, phrases] of Object.entries(cueWords) as [Cue, readonly string[]][]) {
    for (const phrase of phrases) add(entries, phrase, { kind: 'cue', cue });
  }

  const maxWords = Math.max(...[...entries.keys()].map((key) => key.split(' ').length));
  const typoTargets = [...entries]
    .filter(([key, meaning]) => !key.includes(' ') && key.length >= 5 && ['skill', 'days', 'slots', 'language', 'careFor', 'qualification'].includes(meaning.kind))
    .filter(([, meaning]) => !(meaning.kind === 'days' && meaning.isAbbreviation))
    .map(([key, meaning]) => ({ key, meaning }));
  const phraseTypoTargets = [...entries]
    .filter(([key, meaning]) => key.split(' ').length === 2 && key.length >= 10 && ['skill', 'qualification'].includes(meaning.kind))
    .map(([key, meaning]) => ({ key, meaning }));
  return { entries, maxWords, typoTargets, phraseTypoTargets };
}
