import { describe, expect, it } from 'vitest';
import { RESULT_TOTAL_CAP, readTotalCountHeaders, resultTotalOf, totalCountHeaders } from './result-total';

/** Response headers as fetch's Headers reads them: names in any case. */
function headers(values: Record<string, string> = {}) {
  const byName = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  return { get: (name: string) => byName.get(name.toLowerCase()) ?? null };
}

describe('result totals', () => {
  it('caps a count that went past the cap, and keeps one that did not', () => {
    expect(resultTotalOf(0)).toEqual({ count: 0, isCapped: false });
    expect(resultTotalOf(RESULT_TOTAL_CAP)).toEqual({ count: RESULT_TOTAL_CAP, isCapped: false });
    expect(resultTotalOf(RESULT_TOTAL_CAP + 1)).toEqual({ count: RESULT_TOTAL_CAP, isCapped: true });
  });

  it('travels in headers and is read back', () => {
    for (const total of [resultTotalOf(42), resultTotalOf(RESULT_TOTAL_CAP + 1)]) {
      expect(readTotalCountHeaders(headers(totalCountHeaders(total)))).toEqual(total);
    }
    expect(totalCountHeaders(resultTotalOf(3))).toEqual({ 'x-total-count': '3' });
  });

  it('reads no total from missing or unreadable headers', () => {
    expect(readTotalCountHeaders(headers())).toBeNull();
    expect(readTotalCountHeaders(headers({ 'x-total-count': 'lots' }))).toBeNull();
    expect(readTotalCountHeaders(headers({ 'x-total-count': '-1' }))).toBeNull();
  });
});
