import { describe, expect, it } from 'vitest';
import { shouldRetryRequest } from '../platform/retry-rule';
import { createQueryClient } from './app';

describe('createQueryClient', () => {
  it('retries queries by the shared rule, so a 4xx is never sent twice', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetryRequest);
  });
});
