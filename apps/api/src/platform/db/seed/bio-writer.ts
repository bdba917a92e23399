import { languageLabel, type LanguageCode } from '@tendly/domain/languages';
import { qualificationLabel, type QualificationCode } from '@tendly/domain/qualifications';
import type { SkillCode } from '@tendly/domain/skills';
import type { TaskCode } from '@tendly/domain/tasks';
import type { Random } from './random';
import { capitalise, joinList } from '@tendly/domain/format';

/**
 * Writes a demo worker's headline and bio from sentence fragments, so that 400 profiles read
 * differently and sound like people, not placeholders. Skills are said in plain words, the way
 * a worker would put it, rather than as the reference labels.
 */
const skillWords: Record<SkillCode, string> = {
  AGEDGEN: 'older people who want to stay at home',
  DEMENTIA: 'people living with dementia',
  PARKINSONS: "people with Parkinson's",
  FRAIL: 'frail older people',
  CFDA: 'adults with disability',
  CFDC: 'children and teenagers with disability',
  CP: 'people with cerebral palsy',
  MND: 'people with motor neurone disease',
  ABI: 'people recovering from a brain injury',
  MS: 'people with multiple sclerosis',
  AUTISM: 'autistic kids and adults',
  DS: 'people with Down syndrome',
  ID: 'people with intellectual disability',
  SCI: 'people with spinal cord injuries',
  VI: 'people who are blind or have low vision',
  DISABILITY_OTHER: 'people with a range of other disabilities',
  POC: 'people getting back on their feet after surgery',
  PC: 'people receiving palliative care, and their families',
  CHCR: 'people managing diabetes, heart and lung conditions',
  DEPRESSION: 'people living with depression',
  ANXIETY: 'people who live with anxiety',
  PSYSOC: 'people with psychosocial disability',
  SCHIZO: 'people living with schizophrenia',
  BIPOLAR: 'people with bipolar disorder',
  OCD: 'people with OCD',
  MENTOTHER: 'people with other mental health conditions',
};

const taskWords: Record<TaskCode, string> = {
  CTD: 'keeping the house clean and tidy',
  CTDL: 'washing and ironing',
  COOK: 'cooking proper home meals',
  MEAL: 'meal prep for the week',
  ADM: 'sorting bills and paperwork',
  CAIS: 'building the skills to live independently',
  CTP: 'showering, dressing and grooming',
  CTS: 'a chat and a cuppa',
  AUSLAN: 'signing in Auslan',
  HAM: 'medication prompts and Webster packs',
  TS: 'tracheostomy care',
  CM: 'continence and catheter care',
  PEG: 'PEG feeding',
  HAT: 'hoist and manual transfers',
  CTE: 'driving to appointments',
  CA: 'getting out into the community',
  FIT: 'walks, hydro and gentle exercise',
  ART: 'art and craft',
  MT: 'music and singing',
  SKILLDEV: 'life skills like budgeting and catching public transport',
};

export interface BioFacts {
  firstName: string;
  suburb: string;
  yearsExperience: number;
  skills: readonly SkillCode[];
  tasks: readonly TaskCode[];
  /** Languages other than English. */
  otherLanguages: readonly LanguageCode[];
  qualifications: readonly QualificationCode[];
  hasCar: boolean;
  offersPersonalCare: boolean;
  weekendsAvailable: boolean;
  eveningsAvailable: boolean;
}

export interface WrittenProfile {
  headline: string;
  bio: string;
}

const minBioLength = 250;
const maxBioLength = 900;

export function writeProfile(facts: BioFacts, random: Random): WrittenProfile {
  return { headline: writeHeadline(facts, random), bio: writeBio(facts, random) };
}

function mainArea(skills: readonly SkillCode[]): 'aged care' | 'disability support' | 'mental health support' | 'home care' {
  const has = (codes: readonly SkillCode[]) => skills.filter((s) => codes.includes(s)).length;
  const aged = has(['AGEDGEN', 'DEMENTIA', 'PARKINSONS', 'FRAIL']);
  const disability = has(['CFDA', 'CFDC', 'CP', 'MND', 'ABI', 'MS', 'AUTISM', 'DS', 'ID', 'SCI', 'VI', 'DISABILITY_OTHER']);
  const mental = has(['DEPRESSION', 'ANXIETY', 'PSYSOC', 'SCHIZO', 'BIPOLAR', 'OCD', 'MENTOTHER']);
  const top = Math.max(aged, disability, mental);
  if (top === 0) return 'home care';
  if (top === disability) return 'disability support';
  if (top === aged) return 'aged care';
  return 'mental health support';
}

function writeHeadline(f: BioFacts, random: Random): string {
  const area = mainArea(f.skills);
  const worker = area === 'home care' ? 'support worker' : `${area} worker`;
  const adjective = random.pick(['Reliable', 'Patient', 'Friendly', 'Experienced', 'Caring', 'Calm and capable', 'Down-to-earth', 'Cheerful']);
  const years = f.yearsExperience >= 2 ? `${f.yearsExperience} years` : 'New to the platform';
  const options = [
    `${adjective} ${worker} in ${f.suburb}`,
    `${adjective} ${worker}${f.hasCar ? ' with own car' : ''}`,
    f.yearsExperience >= 2 ? `${years} in ${area}, based in ${f.suburb}` : `${adjective} ${worker}, keen to help`,
    `${capitalise(area)} that fits around your life`,
    f.otherLanguages[0] ? `${adjective} ${worker} who speaks ${languageLabel(f.otherLanguages[0])}` : `${adjective} ${worker}, ${f.suburb} and surrounds`,
  ];
  return random.pick(options);
}

function writeBio(f: BioFacts, random: Random): string {
  const area = mainArea(f.skills);
  const skillPhrases = random.sample(f.skills, 3).map((code) => skillWords[code]);
  const taskPhrases = random.sample(f.tasks, 3).map((code) => taskWords[code]);

  const opening = random.pick([
    `Hi, I'm ${f.firstName}.`,
    `G'day, I'm ${f.firstName}.`,
    `Hello! My name is ${f.firstName}.`,
    `I'm ${f.firstName}, and I live locally in ${f.suburb}.`,
  ]);
  const experience =
    f.yearsExperience >= 2
      ? random.pick([
          `I've worked in ${area} for ${f.yearsExperience} years, in people's homes and out in the community.`,
          `I have ${f.yearsExperience} years of experience in ${area}, mostly one-on-one in the home.`,
          `After ${f.yearsExperience} years in ${area} I still love what I do.`,
        ])
      : random.pick([
          `I'm fairly new to support work, but I bring plenty of life experience and a willingness to learn how you like things done.`,
          `I came to ${area} after caring for a family member, and found it was what I wanted to do.`,
        ]);
  const skills = `${random.pick(['I have supported', 'Most of my work has been with', 'I enjoy working with'])} ${joinList(skillPhrases)}.`;
  const tasks = taskPhrases.length
    ? `${random.pick(['Day to day I can help with', 'I am happy to help with', 'I can lend a hand with'])} ${joinList(taskPhrases)}.`
    : '';
  const personalCare = f.offersPersonalCare
    ? random.pick([
        'I am comfortable with personal care and always make sure it is done with dignity and privacy.',
        'Personal care is part of what I do, and I go at your pace.',
      ])
    : '';
  const languagesSentence = f.otherLanguages.length
    ? `As well as English I speak ${joinList(f.otherLanguages.map(languageLabel))}, which families often find helpful.`
    : '';
  const qualification = writeQualifications(f.qualifications);
  const driving = f.hasCar
    ? random.pick([
        'I have my own car, so appointments, shopping and outings are easy.',
        'I drive and have a reliable car for community access.',
      ])
    : '';
  const availability =
    f.weekendsAvailable && f.eveningsAvailable
      ? 'I can do evenings and weekends as well as weekdays.'
      : f.weekendsAvailable
        ? 'I am usually free on weekends.'
        : f.eveningsAvailable
          ? 'Evening shifts suit me well.'
          : '';
  const approach = random.pick([
    'I believe in choice and control: you are the boss of your support, and I work around your routine.',
    'I am patient, I listen, and I turn up when I say I will.',
    'Building trust matters to me, so I like to start with a meet and greet before the first shift.',
    'I try to make every shift something to look forward to, not just a list of jobs.',
  ]);
  const personal = random.pick([
    'Outside work I love bushwalking and cooking for my family.',
    'In my spare time I garden, read and walk my dog.',
    'When I am not working you will find me at the footy or the beach.',
    'I volunteer at my local community centre on weekends.',
    'I enjoy craft, music and a good cup of tea.',
  ]);
  const closing = random.pick([
    'Send me a message and we can have a chat about what you need.',
    'Feel free to get in touch to see if we are a good fit.',
    'I look forward to hearing from you.',
  ]);

  // Required sentences first; optional ones are added while the bio stays within the limit.
  const required = [opening, experience, skills];
  const optional = [tasks, personalCare, languagesSentence, qualification, driving, availability, approach, personal].filter(Boolean);
  let bio = required.join(' ');
  for (const sentence of optional) {
    if (bio.length + 1 + sentence.length + 1 + closing.length > maxBioLength) continue;
    // Skip some optional sentences at random, but never fall short of the minimum.
    if (bio.length > minBioLength && random.chance(0.3)) continue;
    bio += ' ' + sentence;
  }
  return `${bio} ${closing}`;
}

const nurseWords: Partial<Record<QualificationCode, string>> = {
  REGISTERED_NURSE: "I'm a registered nurse",
  ENROLLED_NURSE: "I'm an enrolled nurse",
};

function writeQualifications(codes: readonly QualificationCode[]): string {
  const nurse = codes.map((code) => nurseWords[code]).find(Boolean);
  const others = codes.filter((code) => !nurseWords[code]).slice(0, 3).map(qualificationLabel);
  if (nurse) return others.length ? `${nurse}; my other qualifications include ${joinList(others)}.` : `${nurse}.`;
  return others.length ? `My qualifications include ${joinList(others)}.` : '';
}
