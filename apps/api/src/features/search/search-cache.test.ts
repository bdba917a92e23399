import { describe, expect, it } from 'vitest';
import { workerSearchQuerySchema, workerSearchResultsSchema } from '@tendly/domain/api/search';
import { useTestApp } from '../../test-support/test-app';
import { createWorker } from '../auth/test-factories';
import { searchCacheKey } from './search-service';

const { subject } = useTestApp({ env: { SEARCH_CACHE_TTL_MS: '60000' } });

async function names(query: string): Promise<string[]> {
  const response = await subject.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode).toBe(200);
  return workerSearchResultsSchema.parse(response.json()).map((worker) => worker.firstName).sort();
}

const worker = (firstName: string) =>
  createWorker(subject.database.db, { user: { firstName }, profile: { skills: ['PARKINSONS'], joinedAt: new Date() } });

describe('cached search results (SEARCH_CACHE_TTL_MS)', () => {
  it('answers an equal search from the cache, and a different one from the database', async () => {
    await worker('Iris');
    expect(await names('skillType=PARKINSONS&skillType=FRAIL')).toEqual(['Iris']);
    await worker('Jude');
    // The same search, its parameters in another order and with a default spelt out.
    expect(await names('skillType=FRAIL&sortType=bestMatch&skillType=PARKINSONS')).toEqual(['Iris']);
    expect(await names('skillType=PARKINSONS')).toEqual(['Iris', 'Jude']);
  });
});

describe('searchCacheKey', () => {
  const key = (params: Record<string, unknown>) => searchCacheKey(workerSearchQuerySchema.parse(params));

  it('is the same for the same search however it is written', () => {
    expect(key({ location: 'Marrickville', skillType: 'DEMENTIA' })).toBe(
      key({ location: 'marrickville', skillType: ['DEMENTIA'], sortType: 'bestMatch', start: '0' }),
    );
    expect(key({ skillType: ['DEMENTIA', 'AGEDGEN'] })).toBe(key({ skillType: ['AGEDGEN', 'DEMENTIA'] }));
  });

  it('differs when anything that changes the answer differs', () => {
    const base = key({ skillType: 'DEMENTIA' });
    for (const other of [{ start: '25' }, { limit: '10' }, { sortType: 'newest' }, { gender: 'FEMALE' }, { keyword: 'garden' }, { driving: 'true' }]) {
      expect(key({ skillType: 'DEMENTIA', ...other })).not.toBe(base);
    }
  });
});
