import { toCodedOptions, type CodedOption } from './coded-options';

/** Skill codes of spec section 3, grouped and ordered as the spec lists them. */
const agedCareSkillCodes = ['AGEDGEN', 'DEMENTIA', 'PARKINSONS', 'FRAIL'] as const;
const disabilitySkillCodes = [
  'CFDA',
  'CFDC',
  'CP',
  'MND',
  'ABI',
  'MS',
  'AUTISM',
  'DS',
  'ID',
  'SCI',
  'VI',
  'DISABILITY_OTHER',
] as const;
const otherCareSkillCodes = ['POC', 'PC', 'CHCR'] as const;
const mentalHealthSkillCodes = [
  'DEPRESSION',
  'ANXIETY',
  'PSYSOC',
  'SCHIZO',
  'BIPOLAR',
  'OCD',
  'MENTOTHER',
] as const;

export const skillCodes = [
  ...agedCareSkillCodes,
  ...disabilitySkillCodes,
  ...otherCareSkillCodes,
  ...mentalHealthSkillCodes,
] as const;
export type SkillCode = (typeof skillCodes)[number];

export const skillGroupCodes = ['AGED_CARE', 'DISABILITY', 'OTHER_CARE', 'MENTAL_HEALTH'] as const;
export type SkillGroupCode = (typeof skillGroupCodes)[number];

const skillLabels: Record<SkillCode, string> = {
  AGEDGEN: 'General aged care',
  DEMENTIA: 'Dementia',
  PARKINSONS: "Parkinson's disease",
  FRAIL: 'Frail aged',
  // Inferred: "caring for disabled adults / children", the usual split on Australian care marketplaces.
  CFDA: 'Disability support for adults',
  CFDC: 'Disability support for children',
  CP: 'Cerebral palsy',
  MND: 'Motor neurone disease',
  ABI: 'Acquired brain injury',
  MS: 'Multiple sclerosis',
  AUTISM: 'Autism',
  DS: 'Down syndrome',
  ID: 'Intellectual disability',
  SCI: 'Spinal cord injury',
  VI: 'Vision impairment',
  DISABILITY_OTHER: 'Other disability',
  // Inferred: post-operative care, palliative care and chronic health conditions (diabetes, heart,
  // lung disease): the non-aged, non-disability care that home care marketplaces list.
  POC: 'Post-operative care',
  PC: 'Palliative care',
  CHCR: 'Chronic health conditions',
  DEPRESSION: 'Depression',
  ANXIETY: 'Anxiety',
  PSYSOC: 'Psychosocial disability',
  SCHIZO: 'Schizophrenia',
  BIPOLAR: 'Bipolar disorder',
  OCD: 'Obsessive compulsive disorder (OCD)',
  MENTOTHER: 'Other mental health conditions',
};

export type SkillGroup = {
  readonly code: SkillGroupCode;
  readonly label: string;
  readonly skills: readonly CodedOption<SkillCode>[];
};

export const skillGroups: readonly SkillGroup[] = [
  { code: 'AGED_CARE', label: 'Aged care', skills: toCodedOptions(agedCareSkillCodes, skillLabels) },
  { code: 'DISABILITY', label: 'Disability', skills: toCodedOptions(disabilitySkillCodes, skillLabels) },
  { code: 'OTHER_CARE', label: 'Other care', skills: toCodedOptions(otherCareSkillCodes, skillLabels) },
  {
    code: 'MENTAL_HEALTH',
    label: 'Mental health',
    skills: toCodedOptions(mentalHealthSkillCodes, skillLabels),
  },
];

export function skillLabel(code: SkillCode): string {
  return skillLabels[code];
}
