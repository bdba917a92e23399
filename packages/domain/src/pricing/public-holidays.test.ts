import { describe, expect, it } from 'vitest';
import { stateCodes, type StateCode } from '../states';
import { holidayAreaOf, nationalPublicHoliday, partDayPublicHoliday, publicHoliday } from './public-holidays';

/** The states (of all eight) where a date is a whole-day public holiday, with an optional postcode per state. */
function statesOff(date: string, postcodes: Partial<Record<StateCode, string>> = {}): StateCode[] {
  return stateCodes.filter((state) => publicHoliday(state, date, postcodes[state]) !== null);
}

const everyState = [...stateCodes];

describe('Christmas 2027 (Saturday 25, Sunday 26 December) as each state gazettes it', () => {
  it('keeps Saturday 25 December in SA and NT', () => {
    // SafeWork SA's public holidays 2027 (Public Holidays Act 2023 (SA)): Christmas Day Saturday 25
    // December and Monday 27 December. NT Government's public holidays 2027 (Public Holidays Act
    // 1981 (NT)): the same. date-holidays 3.37 lists only the Monday for both.
    expect(publicHoliday('SA', '2027-12-25')).toBe('Christmas Day');
    expect(publicHoliday('NT', '2027-12-25')).toBe('Christmas Day');
  });

  it('moves Christmas to Monday 27 December in Tasmania, and keeps no weekend day', () => {
    // WorkSafe Tasmania's statutory holidays 2027 (Statutory Holidays Act 2000 (Tas)): Christmas Day
    // Monday 27 December, Boxing Day Tuesday 28 December. date-holidays also keeps Saturday 25.
    expect(publicHoliday('TAS', '2027-12-25')).toBeNull();
    expect(publicHoliday('TAS', '2027-12-26')).toBeNull();
    expect(publicHoliday('TAS', '2027-12-27')).not.toBeNull();
    expect(publicHoliday('TAS', '2027-12-28')).toBe('Boxing Day');
  });

  it('gives each state its days from 25 to 28 December', () => {
    // Each state's 2027 list: every state keeps Monday 27 and Tuesday 28 December; Tasmania alone
    // keeps neither weekend day (above); SA's 26 December is Proclamation Day.
    expect(statesOff('2027-12-25')).toEqual(everyState.filter((state) => state !== 'TAS'));
    expect(statesOff('2027-12-26')).toEqual(everyState.filter((state) => state !== 'TAS'));
    expect(statesOff('2027-12-27')).toEqual(everyState);
    expect(statesOff('2027-12-28')).toEqual(everyState);
    expect(publicHoliday('SA', '2027-12-26')).toBe('Proclamation Day');
  });

  it('keeps Tasmania’s weekday Christmas and its Boxing Day moved from a Saturday (2026)', () => {
    // WorkSafe Tasmania 2026: Christmas Day Friday 25 December, Boxing Day Monday 28 December.
    expect(publicHoliday('TAS', '2026-12-25')).toBe('Christmas Day');
    expect(publicHoliday('TAS', '2026-12-26')).toBeNull();
    expect(publicHoliday('TAS', '2026-12-28')).toBe('Boxing Day');
  });

  it('in 2028 (a Monday and Tuesday) has no substitute days', () => {
    expect(statesOff('2028-12-25')).toEqual(everyState);
    expect(statesOff('2028-12-26')).toEqual(everyState);
    expect(statesOff('2028-12-27')).toEqual([]);
  });
});

describe('Anzac Day', () => {
  it('adds the Monday after a Sunday Anzac Day in SA (2027)', () => {
    // SafeWork SA's public holidays 2027 (Public Holidays Act 2023 (SA)): Anzac Day Sunday 25 April
    // and Monday 26 April. date-holidays 3.37 has only the Sunday.
    expect(publicHoliday('SA', '2027-04-25')).toBe('Anzac Day');
    expect(publicHoliday('SA', '2027-04-26')).toBe('Anzac Day (additional day)');
  });

  it('keeps both the Sunday and the Monday in NT (2027)', () => {
    // NT Government's public holidays 2027 (Public Holidays Act 1981 (NT)): Anzac Day Sunday 25 April
    // and Monday 26 April. date-holidays 3.37 has only the Monday.
    expect(publicHoliday('NT', '2027-04-25')).toBe('Anzac Day');
    expect(publicHoliday('NT', '2027-04-26')).not.toBeNull();
  });

  it('adds no Monday in SA or NT after a Saturday Anzac Day (2026)', () => {
    // SafeWork SA and NT Government lists for 2026: Anzac Day Saturday 25 April only.
    expect(publicHoliday('SA', '2026-04-25')).toBe('Anzac Day');
    expect(publicHoliday('SA', '2026-04-27')).toBeNull();
    expect(publicHoliday('NT', '2026-04-27')).toBeNull();
  });

  it('is Tuesday 25 April 2028 in every state, with no substitute', () => {
    expect(statesOff('2028-04-25')).toEqual(everyState);
    expect(statesOff('2028-04-24')).toEqual([]);
    expect(nationalPublicHoliday('2028-04-25')).toBe('Anzac Day');
  });
});

describe('holidays kept in part of a state, by the client’s postcode', () => {
  it('keeps Melbourne Cup Day to metropolitan Melbourne', () => {
    // Public Holidays Act 1993 (Vic): Melbourne Cup Day, the first Tuesday in November, is the
    // metropolitan holiday; councils outside Melbourne may keep a local day instead.
    expect(publicHoliday('VIC', '2026-11-03', '3000')).toBe('Melbourne Cup'); // Melbourne
    expect(publicHoliday('VIC', '2026-11-03', '3150')).toBe('Melbourne Cup'); // Glen Waverley (Monash)
    expect(publicHoliday('VIC', '2026-11-03', '3810')).toBe('Melbourne Cup'); // Pakenham (Cardinia)
    expect(publicHoliday('VIC', '2026-11-03', '3939')).toBe('Melbourne Cup'); // Rosebud (Mornington Peninsula)
    expect(publicHoliday('VIC', '2026-11-03', '3350')).toBeNull(); // Ballarat
    expect(publicHoliday('VIC', '2026-11-03', '3220')).toBeNull(); // Geelong
    expect(publicHoliday('VIC', '2026-11-03', '3550')).toBeNull(); // Bendigo
    // Without a postcode only the state-wide holidays count.
    expect(publicHoliday('VIC', '2026-11-03')).toBeNull();
    expect(publicHoliday('VIC', '2026-11-03', null)).toBeNull();
    // 2027 and 2028: Tuesday 2 November and Tuesday 7 November.
    expect(publicHoliday('VIC', '2027-11-02', '3000')).toBe('Melbourne Cup');
    expect(publicHoliday('VIC', '2028-11-07', '3000')).toBe('Melbourne Cup');
    expect(publicHoliday('VIC', '2028-11-07', '3350')).toBeNull();
    expect(publicHoliday('VIC', '2028-10-31', '3000')).toBeNull();
    // A Melbourne postcode means nothing in another state.
    expect(publicHoliday('NSW', '2026-11-03', '3000')).toBeNull();
  });

  it('keeps Royal Hobart Regatta to the south of Tasmania and Recreation Day to the north', () => {
    // Statutory Holidays Act 2000 (Tas) and WorkSafe Tasmania's statutory holidays: Royal Hobart
    // Regatta on the second Monday in February in the southern municipal areas; Recreation Day on
    // the first Monday in November in the areas that do not keep the Regatta. date-holidays has neither.
    const hobart = '7000';
    const kingston = '7050';
    const launceston = '7250';
    const burnie = '7320';
    expect(publicHoliday('TAS', '2026-02-09', hobart)).toBe('Royal Hobart Regatta');
    expect(publicHoliday('TAS', '2027-02-08', kingston)).toBe('Royal Hobart Regatta');
    expect(publicHoliday('TAS', '2028-02-14', hobart)).toBe('Royal Hobart Regatta');
    expect(publicHoliday('TAS', '2027-02-08', launceston)).toBeNull();
    expect(publicHoliday('TAS', '2027-02-01', hobart)).toBeNull();
    expect(publicHoliday('TAS', '2026-11-02', launceston)).toBe('Recreation Day');
    expect(publicHoliday('TAS', '2027-11-01', burnie)).toBe('Recreation Day');
    expect(publicHoliday('TAS', '2028-11-06', launceston)).toBe('Recreation Day');
    expect(publicHoliday('TAS', '2027-11-01', hobart)).toBeNull();
    expect(publicHoliday('TAS', '2027-02-08')).toBeNull();
    expect(publicHoliday('TAS', '2027-11-01')).toBeNull();
  });

  it('reads the area from a four-digit postcode of the same state only', () => {
    expect(holidayAreaOf('VIC', '3000')).toBe('MELBOURNE_METRO');
    expect(holidayAreaOf('VIC', ' 3000 ')).toBe('MELBOURNE_METRO');
    expect(holidayAreaOf('VIC', '3212')).toBeNull(); // Lara (Greater Geelong)
    expect(holidayAreaOf('TAS', '7000')).toBe('TAS_SOUTH');
    expect(holidayAreaOf('TAS', '7199')).toBe('TAS_SOUTH');
    expect(holidayAreaOf('TAS', '7200')).toBe('TAS_NORTH');
    expect(holidayAreaOf('TAS', '3000')).toBeNull();
    expect(holidayAreaOf('NSW', '2000')).toBeNull();
    for (const bad of ['300', '30000', 'abcd', '3\u00000', '', undefined, null]) expect(holidayAreaOf('VIC', bad), String(bad)).toBeNull();
  });
});

describe('part-day holidays', () => {
  it('knows the evenings QLD, SA and NT gazette, which the bands do not make whole-day holidays', () => {
    // Holidays Act 1983 (Qld): Christmas Eve from 6 pm; Public Holidays Act 2023 (SA) and Public
    // Holidays Act 1981 (NT): Christmas Eve and New Year's Eve from 7 pm.
    expect(partDayPublicHoliday('QLD', '2026-12-24')).toEqual({ name: 'Christmas Eve', fromMinute: 18 * 60 });
    expect(partDayPublicHoliday('SA', '2027-12-24')).toEqual({ name: 'Christmas Eve', fromMinute: 19 * 60 });
    expect(partDayPublicHoliday('SA', '2027-12-31')).toEqual({ name: "New Year's Eve", fromMinute: 19 * 60 });
    expect(partDayPublicHoliday('NT', '2028-12-31')).toEqual({ name: "New Year's Eve", fromMinute: 19 * 60 });
    expect(partDayPublicHoliday('NSW', '2027-12-24')).toBeNull();
    expect(partDayPublicHoliday('QLD', '2027-12-31')).toBeNull();
    for (const state of ['QLD', 'SA', 'NT'] as const) {
      expect(publicHoliday(state, '2027-12-24'), state).toBeNull();
      expect(publicHoliday(state, '2028-12-24'), state).toBeNull();
    }
  });
});

describe('nationalPublicHoliday', () => {
  it('names a day that is a holiday across every state and territory', () => {
    expect(nationalPublicHoliday('2027-01-01')).toBe("New Year's Day");
    expect(nationalPublicHoliday('2027-01-26')).toBe('Australia Day');
    expect(nationalPublicHoliday('2027-03-26')).toBe('Good Friday');
    expect(nationalPublicHoliday('2027-03-29')).toBe('Easter Monday');
    expect(nationalPublicHoliday('2026-12-25')).toBe('Christmas Day');
    // 2027's Monday and Tuesday after a weekend Christmas: a holiday everywhere, named as most states name it.
    expect(nationalPublicHoliday('2027-12-27')).not.toBeNull();
    expect(nationalPublicHoliday('2027-12-28')).not.toBeNull();
    // 1 January 2028 is a Saturday: Monday 3 January is the holiday everywhere, Tasmania included.
    expect(nationalPublicHoliday('2028-01-03')).toBe("New Year's Day");
  });

  it('gives null for a holiday some states or areas do not keep', () => {
    expect(nationalPublicHoliday('2027-12-25')).toBeNull(); // not Tasmania (moved to the Monday)
    expect(nationalPublicHoliday('2027-04-26')).toBeNull(); // Anzac Monday: not VIC or TAS
    expect(nationalPublicHoliday('2026-11-03')).toBeNull(); // Melbourne Cup: metropolitan Melbourne only
    expect(nationalPublicHoliday('2027-02-08')).toBeNull(); // Royal Hobart Regatta
    expect(nationalPublicHoliday('2026-06-08')).toBeNull(); // King's Birthday: not WA or QLD
    expect(nationalPublicHoliday('2026-04-04')).toBeNull(); // Easter Saturday: not TAS or WA
    expect(nationalPublicHoliday('2026-11-04')).toBeNull();
  });
});
