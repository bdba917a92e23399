import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshShortlistViews } from './shortlist-api';

describe('refreshShortlistViews', () => {
  it('marks every screen the one shortlist shows in as out of date, and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = [
      ['shortlist', 'user-cs'],
      ['my-carers', 'user-cs'],
      ['job-applicants', 'job-1'],
      ['job-applicants', 'job-2'],
      ['my-job-posts', 'user-cs'],
      ['job-search', {}],
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    await refreshShortlistViews(queryClient);
    const stale = keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    expect(stale).toEqual(['shortlist', 'my-carers', 'job-applicants', 'job-applicants', 'my-job-posts']);
  });
});
