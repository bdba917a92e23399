import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, weakEtagOf } from './etag';

describe('weak ETags', () => {
  it('gives the same body the same tag and another body another', () => {
    expect(weakEtagOf('<svg/>')).toBe(weakEtagOf(Buffer.from('<svg/>')));
    expect(weakEtagOf('<svg/>')).not.toBe(weakEtagOf('<svg />'));
    expect(weakEtagOf('<svg/>')).toMatch(/^W\/"[\w-]{22}"$/);
  });

  it('matches If-None-Match by weak comparison, in a list or as *', () => {
    const etag = weakEtagOf('<svg/>');
    const opaque = etag.slice(2);
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(opaque, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});
