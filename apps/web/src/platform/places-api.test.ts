import { describe, expect, it } from 'vitest';
import { stateOfAddress } from './places-api';

describe('stateOfAddress', () => {
  it('takes the state of the place with that suburb, else the one state every place with the postcode shares', () => {
    const border = [
      { suburb: 'Albury', state: 'NSW', postcode: '3691' },
      { suburb: 'Wodonga', state: 'VIC', postcode: '3691' },
    ] as const;
    expect(stateOfAddress(border, ' wodonga ')).toBe('VIC');
    expect(stateOfAddress(border, 'Somewhere else')).toBeNull();
    expect(stateOfAddress([{ suburb: 'Enmore', state: 'NSW', postcode: '2042' }], 'Newtown')).toBe('NSW');
    expect(stateOfAddress([], 'Newtown')).toBeNull();
  });
});
