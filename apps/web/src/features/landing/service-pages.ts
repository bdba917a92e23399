import type { SkillGroupCode } from '@tendly/domain/skills';
import type { TaskGroupCode } from '@tendly/domain/tasks';
import type { ServiceArt } from './landing-illustrations';

/**
 * What differs between the three service pages (/services/...): their words, which skill groups
 * they show and which funding pays. The skill and task labels themselves come from the domain.
 */
export type ServiceRouteId = 'disabilitySupportWorkers' | 'mentalHealthSupportWorkers' | 'agedCareWorkers';
export const serviceRouteIds: readonly ServiceRouteId[] = [
  'disabilitySupportWorkers',
  'mentalHealthSupportWorkers',
  'agedCareWorkers',
];

export type FundingKind = 'ndis' | 'supportAtHome' | 'private';

export interface ServicePage {
  readonly heading: string;
  /** The lead under the heading; `{brand}` is the brand name. */
  readonly lead: string;
  readonly art: ServiceArt;
  readonly supportIntro: string;
  /** Task groups in the order this page shows them. */
  readonly taskGroups: readonly TaskGroupCode[];
  readonly skillGroups: readonly SkillGroupCode[];
  readonly skillsIntro: string;
  readonly funding: readonly FundingKind[];
}

export const servicePages: Record<ServiceRouteId, ServicePage> = {
  disabilitySupportWorkers: {
    heading: 'Disability support workers you choose',
    lead: 'Find independent disability support workers who fit your life, your goals and your routine. Pay with your NDIS plan or your own money through {brand}.',
    art: 'disability',
    supportIntro:
      'Support is shaped around you: the tasks you want help with, at the times that suit you, with a worker you are comfortable with. Here is some of what workers help with.',
    taskGroups: ['PERSONAL', 'COMMUNITY', 'HOUSEHOLD'],
    skillGroups: ['DISABILITY', 'OTHER_CARE'],
    skillsIntro: 'Workers list the experience they bring, so you can look for someone who already understands your needs.',
    funding: ['ndis', 'private'],
  },
  mentalHealthSupportWorkers: {
    heading: 'Mental health support workers who understand',
    lead: 'Find independent workers experienced in psychosocial and mental health support, for everyday life, building routines and getting back into the things you enjoy. Pay with your NDIS plan or your own money through {brand}.',
    art: 'mentalHealth',
    supportIntro:
      'Good support is steady, respectful and at your pace: someone to help with daily tasks, get out and about, and work towards your goals. Here is some of what workers help with.',
    taskGroups: ['COMMUNITY', 'PERSONAL', 'HOUSEHOLD'],
    skillGroups: ['MENTAL_HEALTH'],
    skillsIntro: 'Workers list the experience they bring, so you can look for someone who understands what you live with.',
    funding: ['ndis', 'private'],
  },
  agedCareWorkers: {
    heading: 'Aged care workers for care at home',
    lead: 'Find independent aged care workers who help you stay independent at home, on your terms. Pay with your Support at Home budget or your own money through {brand}.',
    art: 'agedCare',
    supportIntro:
      'From a hand around the house to personal care and company on an outing, support fits around the way you like to live. Here is some of what workers help with.',
    taskGroups: ['HOUSEHOLD', 'PERSONAL', 'COMMUNITY'],
    skillGroups: ['AGED_CARE', 'OTHER_CARE'],
    skillsIntro: 'Workers list the experience they bring, so you can look for someone who knows the care you need.',
    funding: ['supportAtHome', 'private'],
  },
};
