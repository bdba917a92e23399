import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { shouldRetryRequest } from './retry-rule';

describe('shouldRetryRequest', () => {
  it('retries a network failure and a server failure once', () => {
    for (const error of [new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK'), new ApiError(500, 'x', 'INTERNAL'), new ApiError(503, 'x')]) {
      expect(shouldRetryRequest(0, error)).toBe(true);
      expect(shouldRetryRequest(1, error)).toBe(false);
    }
  });

  it('never retries a client error: the answer would be the same', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryRequest(0, new ApiError(status, 'x'))).toBe(false);
    }
    expect(shouldRetryRequest(0, new ApiError(400, 'We could not find "Atlantis".', 'UNKNOWN_PLACE'))).toBe(false);
  });

  it('does not retry an answer it could not read, a cancelled request or any other error', () => {
    expect(shouldRetryRequest(0, new ApiError(200, UNEXPECTED_RESPONSE_MESSAGE, 'INVALID_RESPONSE'))).toBe(false);
    expect(shouldRetryRequest(0, new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(shouldRetryRequest(0, new TypeError('x is undefined'))).toBe(false);
  });
});
