import { describe, expect, it } from 'vitest';
import { itemsOf, nextPageStart, resultCountStatement, totalOf, type ResultPage } from './paged-results';

const page = (size: number, total: ResultPage<number>['total'] = null): ResultPage<number> => ({
  items: Array.from({ length: size }, (_, index) => index),
  total,
});

describe('paging a list by 25', () => {
  it('asks for the next 25 after a full page', () => {
    expect(nextPageStart(page(25), [page(25)])).toBe(25);
    expect(nextPageStart(page(25), [page(25), page(25)])).toBe(50);
  });

  it('flags the end when fewer than 25 come back, even none', () => {
    expect(nextPageStart(page(24), [page(25), page(24)])).toBeUndefined();
    expect(nextPageStart(page(0), [page(25), page(0)])).toBeUndefined();
    expect(nextPageStart(page(0), [page(0)])).toBeUndefined();
  });

  it('gathers the items of every page and keeps the latest total', () => {
    const pages = [page(25, { count: 40, isCapped: false }), page(15, { count: 41, isCapped: false })];
    expect(itemsOf(pages)).toHaveLength(40);
    expect(totalOf(pages)).toEqual({ count: 41, isCapped: false });
    expect(itemsOf(undefined)).toEqual([]);
    expect(totalOf(undefined)).toBeNull();
  });
});

describe('resultCountStatement', () => {
  const workers = { one: 'worker', many: 'workers', none: 'No workers match your search' };

  it('shows how many of the total are showing', () => {
    expect(resultCountStatement(25, { count: 1234, isCapped: false }, workers)).toBe('Showing 25 of 1,234 workers');
    expect(resultCountStatement(50, { count: 51, isCapped: false }, workers)).toBe('Showing 50 of 51 workers');
    expect(resultCountStatement(25, { count: 1000, isCapped: true }, workers)).toBe('Showing 25 of more than 1,000 workers');
  });

  it('says when every match is showing, and when there is none', () => {
    expect(resultCountStatement(12, { count: 12, isCapped: false }, workers)).toBe('Showing all 12 workers');
    expect(resultCountStatement(1, { count: 1, isCapped: false }, workers)).toBe('Showing 1 worker');
    expect(resultCountStatement(0, { count: 0, isCapped: false }, workers)).toBe('No workers match your search');
  });

  it('counts what is showing when the server sent no total', () => {
    expect(resultCountStatement(25, null, workers)).toBe('Showing 25 workers');
    expect(resultCountStatement(1, null, workers)).toBe('Showing 1 worker');
    expect(resultCountStatement(0, null, workers)).toBe('No workers match your search');
  });
});
