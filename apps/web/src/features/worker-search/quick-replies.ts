import type { MatchTopic } from '@tendly/domain/api/search';
import { careForOptions } from '@tendly/domain/care-for';
import { availabilitySlots, dayCodes, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import { skillCodes, skillLabel, type SkillCode } from '@tendly/domain/skills';
import type { ConversationExtras } from './match-filters';
import type { SearchFilters } from './search-filters';

/**
 * One-press answers to the assistant's questions. Each sets its filter itself and is also sent as
 * text, so the answer shows in the conversation and the assistant moves on to its next question
 * whether or not its reading of the words adds anything.
 */
export interface MatchState {
  readonly filters: SearchFilters;
  readonly extras: ConversationExtras;
}

export interface QuickReply {
  readonly key: string;
  readonly label: string;
  readonly apply: (state: MatchState) => MatchState;
}

function addCodes<C extends string>(order: readonly C[], current: readonly C[], added: readonly C[]): C[] {
  return order.filter((code) => current.includes(code) || added.includes(code));
}

const skillReply = (code: SkillCode): QuickReply => ({
  key: `skill:${code}`,
  label: skillLabel(code),
  apply: ({ filters, extras }) => ({ filters: { ...filters, skillType: addCodes(skillCodes, filters.skillType, [code]) }, extras }),
});

const daysReply = (key: string, label: string, days: readonly DayCode[]): QuickReply => ({
  key,
  label,
  apply: ({ filters, extras }) => ({ filters: { ...filters, availability: addCodes(dayCodes, filters.availability, days) }, extras }),
});

const slotReply = (slot: AvailabilitySlot, label: string): QuickReply => ({
  key: `slot:${slot}`,
  label,
  apply: ({ filters, extras }) => ({ filters: { ...filters, timesOfDay: addCodes(availabilitySlots, filters.timesOfDay, [slot]) }, extras }),
});

const repliesByTopic: Readonly<Record<MatchTopic, readonly QuickReply[]>> = {
  support: [
    {
      key: 'personalCare',
      label: 'Personal care',
      apply: ({ filters, extras }) => ({ filters: { ...filters, personalCare: true }, extras }),
    },
    skillReply('DEMENTIA'),
    skillReply('AGEDGEN'),
    skillReply('AUTISM'),
    skillReply('PSYSOC'),
    skillReply('PC'),
  ],
  careFor: careForOptions.map((option) => ({
    key: `careFor:${option.code}`,
    label: option.label,
    apply: ({ filters, extras }) => ({ filters, extras: { ...extras, careFor: option.code } }),
  })),
  location: [],
  when: [
    daysReply('weekdays', 'Weekdays', ['mon', 'tue', 'wed', 'thu', 'fri']),
    daysReply('weekends', 'Weekends', ['sat', 'sun']),
    slotReply('morning', 'Mornings'),
    slotReply('afternoon', 'Afternoons'),
    slotReply('evening', 'Evenings'),
  ],
  preferences: [
    {
      key: 'gender:FEMALE',
      label: 'A female worker',
      apply: ({ filters, extras }) => ({ filters: { ...filters, gender: 'FEMALE' }, extras }),
    },
    {
      key: 'gender:MALE',
      label: 'A male worker',
      apply: ({ filters, extras }) => ({ filters: { ...filters, gender: 'MALE' }, extras }),
    },
    {
      key: 'driving',
      label: 'Someone who drives',
      apply: ({ filters, extras }) => ({ filters: { ...filters, driving: true }, extras }),
    },
    {
      key: 'ndisScreening',
      label: 'NDIS screening verified',
      apply: ({ filters, extras }) => ({ filters: { ...filters, hasVerifiedNDISScreening: true }, extras }),
    },
  ],
};

export function quickRepliesFor(topic: MatchTopic): readonly QuickReply[] {
  return repliesByTopic[topic];
}
