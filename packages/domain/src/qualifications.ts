import { toCodedOptions } from './coded-options';

/**
 * Qualifications and certificates a worker can list and search can filter on (`qualifications`,
 * spec section 7). Nationally recognised names, as workers will find them on their certificates.
 */
export const qualificationCodes = [
  'CERT3_INDIVIDUAL_SUPPORT',
  'CERT3_AGED_CARE',
  'CERT3_DISABILITY',
  'CERT4_DISABILITY',
  'CERT4_AGEING_SUPPORT',
  'CERT4_MENTAL_HEALTH',
  'CERT4_MENTAL_HEALTH_PEER_WORK',
  'CERT4_COMMUNITY_SERVICES',
  'DIPLOMA_COMMUNITY_SERVICES',
  'BACHELOR_SOCIAL_WORK',
  'BACHELOR_NURSING',
  'ENROLLED_NURSE',
  'REGISTERED_NURSE',
  'ALLIED_HEALTH_ASSISTANT',
  'FIRST_AID',
  'CPR',
  'MANUAL_HANDLING',
  'MEDICATION_ADMIN',
  'INFECTION_CONTROL',
  'NDIS_WORKER_ORIENTATION',
  'MENTAL_HEALTH_FIRST_AID',
  'DEMENTIA_CARE_TRAINING',
] as const;
export type QualificationCode = (typeof qualificationCodes)[number];

const qualificationLabels: Record<QualificationCode, string> = {
  CERT3_INDIVIDUAL_SUPPORT: 'Certificate III in Individual Support',
  CERT3_AGED_CARE: 'Certificate III in Aged Care',
  CERT3_DISABILITY: 'Certificate III in Disability',
  CERT4_DISABILITY: 'Certificate IV in Disability',
  CERT4_AGEING_SUPPORT: 'Certificate IV in Ageing Support',
  CERT4_MENTAL_HEALTH: 'Certificate IV in Mental Health',
  CERT4_MENTAL_HEALTH_PEER_WORK: 'Certificate IV in Mental Health Peer Work',
  CERT4_COMMUNITY_SERVICES: 'Certificate IV in Community Services',
  DIPLOMA_COMMUNITY_SERVICES: 'Diploma of Community Services',
  BACHELOR_SOCIAL_WORK: 'Bachelor of Social Work',
  BACHELOR_NURSING: 'Bachelor of Nursing',
  ENROLLED_NURSE: 'Enrolled Nurse (Diploma of Nursing)',
  REGISTERED_NURSE: 'Registered Nurse',
  ALLIED_HEALTH_ASSISTANT: 'Certificate IV in Allied Health Assistance',
  FIRST_AID: 'First Aid certificate',
  CPR: 'CPR certificate',
  MANUAL_HANDLING: 'Manual handling training',
  MEDICATION_ADMIN: 'Medication administration training',
  INFECTION_CONTROL: 'Infection prevention and control training',
  NDIS_WORKER_ORIENTATION: 'NDIS Worker Orientation Module',
  MENTAL_HEALTH_FIRST_AID: 'Mental Health First Aid',
  DEMENTIA_CARE_TRAINING: 'Dementia care training',
};

export const qualifications = toCodedOptions(qualificationCodes, qualificationLabels);

export function qualificationLabel(code: QualificationCode): string {
  return qualificationLabels[code];
}
