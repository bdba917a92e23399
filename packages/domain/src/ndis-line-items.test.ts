import { describe, expect, it } from 'vitest';
import {
  ndisLineItem,
  ndisLineItemCodes,
  ndisLineItems,
  ndisSupportItemGroups,
  ndisTimeBandCodes,
  ndisTimeBands,
  supportLevels,
} from './ndis-line-items';

describe('NDIS line items', () => {
  it('has the ten line items of spec section 3, in order', () => {
    expect(ndisLineItems.map((item) => item.code)).toEqual([...ndisLineItemCodes]);
    expect(ndisLineItems.map((item) => item.label)).toEqual([
      'Assistance with self-care',
      'Personal domestic activities',
      'Community access',
      'Activity based transport',
      'Coordination of supports',
      'Psychosocial recovery coaching',
      'Increased social participation',
      'Night-time sleepover',
      'Active overnight',
      'Other',
    ]);
  });

  it('maps active overnight to the self-care weekday night item (ndis.md)', () => {
    expect(ndisLineItem('ACTIVE_OVERNIGHT')).toMatchObject({
      supportItemGroup: 'SELF_CARE',
      fixedTimeBand: 'WEEKDAY_NIGHT',
    });
  });

  it('maps OTHER to OTHER and every other item to the group of the same name', () => {
    for (const item of ndisLineItems) {
      if (item.code !== 'ACTIVE_OVERNIGHT') expect(item.supportItemGroup).toBe(item.code);
    }
  });

  it('uses every catalogue group', () => {
    expect(new Set(ndisLineItems.map((item) => item.supportItemGroup))).toEqual(new Set(ndisSupportItemGroups));
  });

  it('fixes the band only where the catalogue does', () => {
    expect(ndisLineItem('SLEEPOVER').fixedTimeBand).toBe('SLEEPOVER');
    expect(ndisLineItems.filter((item) => item.fixedTimeBand !== null).map((item) => item.code)).toEqual([
      'SLEEPOVER',
      'ACTIVE_OVERNIGHT',
    ]);
  });
});

describe('time bands and support levels', () => {
  it('matches the timeBand values of ndis-support-items.json', () => {
    expect([...ndisTimeBandCodes].sort()).toEqual(
      ['ANY', 'PUBLIC_HOLIDAY', 'SATURDAY', 'SLEEPOVER', 'SUNDAY', 'WEEKDAY_DAYTIME', 'WEEKDAY_EVENING', 'WEEKDAY_NIGHT'],
    );
    expect(ndisTimeBands.map((band) => band.code)).toEqual([...ndisTimeBandCodes]);
  });

  it('names the levels as spec section 9 does', () => {
    expect(supportLevels).toEqual([
      { code: 'ONE', label: 'Standard Level 1', level: 1 },
      { code: 'TWO', label: 'High Intensity Level 2', level: 2 },
    ]);
  });
});
