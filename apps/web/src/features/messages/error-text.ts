import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';

/** What to tell the user about a failed request: the API's message, or our general one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE;
}
