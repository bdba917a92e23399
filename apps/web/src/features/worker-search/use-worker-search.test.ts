import { describe, expect, it } from 'vitest';
import { nextPageStart } from './use-worker-search';

const page = (size: number) => Array.from({ length: size }, (_, index) => index);

describe('paging the search by 25', () => {
  it('asks for the next 25 after a full page', () => {
    expect(nextPageStart(page(25), [page(25)])).toBe(25);
    expect(nextPageStart(page(25), [page(25), page(25)])).toBe(50);
  });

  it('flags the end when fewer than 25 come back, even none', () => {
    expect(nextPageStart(page(24), [page(25), page(24)])).toBeUndefined();
    expect(nextPageStart(page(0), [page(25), page(0)])).toBeUndefined();
    expect(nextPageStart(page(0), [page(0)])).toBeUndefined();
  });
});
