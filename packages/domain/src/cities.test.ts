import { describe, expect, it } from 'vitest';
import { majorCities, stateOfCity } from './cities';
import { stateCodes } from './states';

describe('major cities', () => {
  it('names every capital with its state', () => {
    const capitals = ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Canberra', 'Darwin'];
    expect(capitals.map(stateOfCity)).toEqual(stateCodes);
  });

  it('reads a city any way it is written, and nothing else as one', () => {
    expect(stateOfCity('melbourne')).toBe('VIC');
    expect(stateOfCity('  Gold   Coast ')).toBe('QLD');
    expect(stateOfCity('Brissie')).toBe('QLD');
    expect(stateOfCity('Carlton')).toBeUndefined();
    expect(stateOfCity('')).toBeUndefined();
  });

  it('lists each city once', () => {
    const names = majorCities.flatMap((city) => [city.name, ...(city.otherNames ?? [])].map((name) => name.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });
});
