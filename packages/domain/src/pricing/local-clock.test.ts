import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantToLocalDate } from '../shift-time';
import { stateCodes, stateTimeZone } from '../states';
import { localDateOf } from './local-clock';

describe('localDateOf', () => {
  it('agrees with Intl on every state’s local date, daylight saving included', () => {
    fc.assert(
      fc.property(fc.constantFrom(...stateCodes), fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }), (state, instantMs) => {
        const zone = stateTimeZone(state);
        expect(localDateOf(instantMs, zone)).toBe(instantToLocalDate(new Date(instantMs), zone));
      }),
      { numRuns: 2_000 },
    );
    // The minute before and after Sydney's clocks go back at 3 am on 5 April 2026 (16:00 UTC).
    expect(localDateOf(Date.UTC(2026, 3, 4, 13, 59), 'Australia/Sydney')).toBe('2026-04-05');
    expect(localDateOf(Date.UTC(2026, 3, 4, 12, 59), 'Australia/Sydney')).toBe('2026-04-04');
  });
});
