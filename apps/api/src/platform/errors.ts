import type { Place } from '@tendly/domain/api/places';

/**
 * The one error type the API throws on purpose (STYLE.md rule 7). The error handler turns it into
 * `{ message, code?, errors? }` with its HTTP status; anything else is a 500 with a generic message.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string> | undefined;
  /** The places to offer with a place the API could not use (see `apiErrorSchema`). */
  readonly places: readonly Place[] | undefined;

  constructor(
    status: number,
    message: string,
    options: { code?: string; fieldErrors?: Record<string, string>; places?: readonly Place[] } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.places = options.places;
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, message, { code: 'VALIDATION', ...(fieldErrors ? { fieldErrors } : {}) });
export const unauthenticated = (message: string, code = 'UNAUTHENTICATED') => new AppError(401, message, { code });
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, message, { code });
export const notFound = (message: string) => new AppError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string) => new AppError(409, message, { code: 'CONFLICT' });
