import { describe, expect, it } from 'vitest';
import { isStateCode, parseStateCode, stateCodes, stateName, states, stateTimeZone } from './states';

describe('states', () => {
  it('covers all eight states and territories, NT included', () => {
    expect(states.map((state) => state.code)).toEqual(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);
    expect([...stateCodes]).toEqual(states.map((state) => state.code));
    expect(stateName('NT')).toBe('Northern Territory');
  });

  it('gives every state a time zone the platform accepts', () => {
    for (const state of states) {
      expect(() => new Intl.DateTimeFormat(undefined, { timeZone: state.timeZone })).not.toThrow();
      expect(new Intl.DateTimeFormat('en-AU', { timeZone: state.timeZone }).resolvedOptions().timeZone).toBe(
        state.timeZone,
      );
    }
  });

  it('puts ACT on Sydney time and keeps QLD and NT off daylight saving', () => {
    expect(stateTimeZone('ACT')).toBe('Australia/Sydney');
    const clockIn = (code: 'QLD' | 'NSW' | 'NT', iso: string) =>
      new Intl.DateTimeFormat('en-AU', {
        timeZone: stateTimeZone(code),
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso));
    // 1 January, daylight saving in NSW: 00:00 UTC is 11:00 in Sydney, 10:00 in Brisbane, 09:30 in Darwin.
    expect(clockIn('NSW', '2026-01-01T00:00:00Z')).toBe('11:00');
    expect(clockIn('QLD', '2026-01-01T00:00:00Z')).toBe('10:00');
    expect(clockIn('NT', '2026-01-01T00:00:00Z')).toBe('09:30');
    // 1 July, no daylight saving anywhere: Sydney and Brisbane agree.
    expect(clockIn('NSW', '2026-07-01T00:00:00Z')).toBe('10:00');
    expect(clockIn('QLD', '2026-07-01T00:00:00Z')).toBe('10:00');
  });

  it('parses abbreviations and full names in any case', () => {
    expect(parseStateCode('nsw')).toBe('NSW');
    expect(parseStateCode(' Vic ')).toBe('VIC');
    expect(parseStateCode('western australia')).toBe('WA');
    expect(parseStateCode('Australian  Capital Territory')).toBe('ACT');
    expect(parseStateCode('NORTHERN TERRITORY')).toBe('NT');
    expect(parseStateCode('')).toBeUndefined();
    expect(parseStateCode('New Zealand')).toBeUndefined();
    expect(parseStateCode('N')).toBeUndefined();
  });

  it('recognises codes exactly', () => {
    expect(isStateCode('TAS')).toBe(true);
    expect(isStateCode('tas')).toBe(false);
    expect(isStateCode(null)).toBe(false);
  });
});
