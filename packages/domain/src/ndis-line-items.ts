import { toCodedOptions } from './coded-options';

/**
 * Groups of the NDIS support items catalogue (`lineItemGroup` in ndis-support-items.json).
 * Prices live in that data, never in code.
 */
export const ndisSupportItemGroups = [
  'SELF_CARE',
  'DOMESTIC',
  'COMMUNITY_ACCESS',
  'TRANSPORT',
  'SUPPORT_COORDINATION',
  'PSYCHOSOCIAL_RECOVERY',
  'SOCIAL_PARTICIPATION',
  'SLEEPOVER',
  'OTHER',
] as const;
export type NdisSupportItemGroup = (typeof ndisSupportItemGroups)[number];

/**
 * Time bands, matching `timeBand` in ndis-support-items.json. SLEEPOVER is its own band (a
 * per-night item) and ANY marks items priced the same at every time (transport, coordination).
 */
export const ndisTimeBandCodes = [
  'WEEKDAY_DAYTIME',
  'WEEKDAY_EVENING',
  'WEEKDAY_NIGHT',
  'SATURDAY',
  'SUNDAY',
  'PUBLIC_HOLIDAY',
  'SLEEPOVER',
  'ANY',
] as const;
export type NdisTimeBand = (typeof ndisTimeBandCodes)[number];

// Labels name the band only. Its hours are the engine's business: the spec says weekday daytime
// starts at 5am, the NDIS says 6am (see /work/shared/domain/ndis.md).
export const ndisTimeBands = toCodedOptions(ndisTimeBandCodes, {
  WEEKDAY_DAYTIME: 'Weekday daytime',
  WEEKDAY_EVENING: 'Weekday evening',
  WEEKDAY_NIGHT: 'Weekday night',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
  PUBLIC_HOLIDAY: 'Public holiday',
  SLEEPOVER: 'Night-time sleepover',
  ANY: 'Any time',
});

/** Support levels (spec section 9); `level` is the catalogue's numeric `level`. */
export const supportLevelCodes = ['ONE', 'TWO'] as const;
export type SupportLevel = (typeof supportLevelCodes)[number];

export const supportLevels: readonly { code: SupportLevel; label: string; level: 1 | 2 }[] = [
  { code: 'ONE', label: 'Standard Level 1', level: 1 },
  { code: 'TWO', label: 'High Intensity Level 2', level: 2 },
];

export const ndisLineItemCodes = [
  'SELF_CARE',
  'DOMESTIC',
  'COMMUNITY_ACCESS',
  'TRANSPORT',
  'SUPPORT_COORDINATION',
  'PSYCHOSOCIAL_RECOVERY',
  'SOCIAL_PARTICIPATION',
  'SLEEPOVER',
  'ACTIVE_OVERNIGHT',
  'OTHER',
] as const;
export type NdisLineItemCode = (typeof ndisLineItemCodes)[number];

export type NdisLineItem = {
  readonly code: NdisLineItemCode;
  readonly label: string;
  readonly supportItemGroup: NdisSupportItemGroup;
  /** Set where the line item is always claimed in one band, whatever the shift's times. */
  readonly fixedTimeBand: NdisTimeBand | null;
};

/** The ten NDIS line items of spec section 3, mapped to catalogue groups as ndis.md says. */
export const ndisLineItems: readonly NdisLineItem[] = [
  { code: 'SELF_CARE', label: 'Assistance with self-care', supportItemGroup: 'SELF_CARE', fixedTimeBand: null },
  { code: 'DOMESTIC', label: 'Personal domestic activities', supportItemGroup: 'DOMESTIC', fixedTimeBand: null },
  {
    code: 'COMMUNITY_ACCESS',
    label: 'Community access',
    supportItemGroup: 'COMMUNITY_ACCESS',
    fixedTimeBand: null,
  },
  { code: 'TRANSPORT', label: 'Activity based transport', supportItemGroup: 'TRANSPORT', fixedTimeBand: null },
  {
    code: 'SUPPORT_COORDINATION',
    label: 'Coordination of supports',
    supportItemGroup: 'SUPPORT_COORDINATION',
    fixedTimeBand: null,
  },
  {
    code: 'PSYCHOSOCIAL_RECOVERY',
    label: 'Psychosocial recovery coaching',
    supportItemGroup: 'PSYCHOSOCIAL_RECOVERY',
    fixedTimeBand: null,
  },
  {
    code: 'SOCIAL_PARTICIPATION',
    label: 'Increased social participation',
    supportItemGroup: 'SOCIAL_PARTICIPATION',
    fixedTimeBand: null,
  },
  { code: 'SLEEPOVER', label: 'Night-time sleepover', supportItemGroup: 'SLEEPOVER', fixedTimeBand: 'SLEEPOVER' },
  // The spec's "active overnight, 8pm to 9am" is claimed as the self-care weekday night item (ndis.md).
  {
    code: 'ACTIVE_OVERNIGHT',
    label: 'Active overnight',
    supportItemGroup: 'SELF_CARE',
    fixedTimeBand: 'WEEKDAY_NIGHT',
  },
  // Spec section 5: OTHER always maps to OTHER.
  { code: 'OTHER', label: 'Other', supportItemGroup: 'OTHER', fixedTimeBand: null },
];

export function ndisLineItem(code: NdisLineItemCode): NdisLineItem {
  const item = ndisLineItems.find((candidate) => candidate.code === code);
  if (!item) throw new RangeError(`Unknown NDIS line item: ${code}`);
  return item;
}
