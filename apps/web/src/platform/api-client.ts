import type { Place } from '@tendly/domain/api/places';
import { NOT_AUTHORIZED, PLEASE_LOGIN, INACTIVE_PROFILE } from '@tendly/domain/errors';
import { isStateCode } from '@tendly/domain/states';
import { currentAuthToken } from './session';
import { isAbsentOr, isRecord, isRecordOf, isString } from './shape-checks';

/**
 * The one API client (ARCHITECTURE.md): every call goes through `apiRequest`, which prefixes
 * /api, sends the auth-token header, parses the response with the caller's zod schema and turns
 * an error body into an `ApiError`. It also applies the global rule of spec section 8 for 401 and
 * 403; what that rule does to the app (sign out, go to /login) is the handler the app shell
 * registers with `onAuthFailure`, so this module knows nothing of the router.
 */
export const API_PREFIX = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Field path → first message, for forms. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** With a place the API could not use: the place it may have meant, or the places to choose from. */
  readonly places: readonly Place[];

  constructor(status: number, message: string, code?: string, fieldErrors: Record<string, string> = {}, places: readonly Place[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.places = places;
  }
}

/** Shown when the server answers with something other than the agreed error body (our wording). */
export const UNEXPECTED_RESPONSE_MESSAGE = 'Something went wrong on our side. Please try again in a few minutes.';
export const NETWORK_ERROR_MESSAGE = 'We could not reach our servers. Please check your internet connection and try again.';

/**
 * What to tell the user about a failed request: the API's message (its error on `field`, where
 * the form shows the failure beside one field and the API named it), or our general one for
 * anything else (a bug in the screen, an answer we could not read). The one place that decides it.
 */
export function errorText(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return UNEXPECTED_RESPONSE_MESSAGE;
  return (field === undefined ? undefined : error.fieldErrors[field]) ?? error.message;
}

/** Whether the API refused the request with errors on named fields, for a form to show at them. */
export function hasFieldErrors(error: unknown): error is ApiError {
  return error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
}

/** Whether the API answered with a 4xx: the answer, which another try would only repeat. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Whether the API answered 404: what was asked for is not there (or not for this person to see). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  readonly method?: HttpMethod;
  /** Sent as JSON, or as is when it is FormData (file uploads). */
  readonly body?: unknown;
  /** Arrays become repeated parameters (`skillType=A&skillType=B`, spec section 7). */
  readonly query?: QueryParams;
  /**
   * Parses the response body (a domain zod schema, full or `zod/mini`); use `z.undefined()` for
   * an empty response. The client calls the schema's own `safeParse` and imports no zod itself,
   * so zod loads with the screens that parse, not with the first page.
   */
  readonly schema: ResponseSchema<T>;
  /** Cancels the request; a fetch function passes on the one it was given, or none (`undefined`). */
  readonly signal?: AbortSignal | undefined;
  /** Headers beside the usual ones, e.g. an `Idempotency-Key` so a repeated payment charges once. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What the client needs of a zod schema: both zod and `zod/mini` schemas have it. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

/**
 * The error body every API route sends (`apiErrorSchema` in the domain's errors.ts), checked by
 * hand so that the first page load does not need zod to read an error.
 */
function readErrorBody(
  payload: unknown,
): { message: string; code?: string | undefined; errors?: Record<string, string> | undefined; places: Place[] } | null {
  if (!isRecord(payload) || !isString(payload.message) || !isAbsentOr(payload.code, isString)) return null;
  if (!isAbsentOr(payload.errors, (value): value is Record<string, string> => isRecordOf(value, isString))) return null;
  return {
    message: payload.message,
    code: isString(payload.code) ? payload.code : undefined,
    errors: isRecordOf(payload.errors, isString) ? { ...payload.errors } : undefined,
    places: Array.isArray(payload.places) ? payload.places.filter(isPlace) : [],
  };
}

function isPlace(value: unknown): value is Place {
  return isRecord(value) && isString(value.suburb) && isStateCode(value.state) && isString(value.postcode) && /^\d{4}$/.test(value.postcode);
}

export type AuthFailure =
  | { readonly kind: 'signedOut'; readonly status: 401; readonly message: string }
  | { readonly kind: 'forbidden'; readonly status: 403; readonly message: string }
  | { readonly kind: 'inactiveProfile'; readonly status: 403; readonly message: string };

type AuthFailureHandler = (failure: AuthFailure) => void;
let authFailureHandler: AuthFailureHandler | null = null;

/** The app shell says what a 401/403 does to the app; returns a function that unregisters it. */
export function onAuthFailure(handler: AuthFailureHandler): () => void {
  authFailureHandler = handler;
  return () => {
    if (authFailureHandler === handler) authFailureHandler = null;
  };
}

/**
 * Spec section 8: a 401 signs the user out, except on sign-in and email verification (where it
 * means wrong credentials or an unverified email, which those screens show), on sign-out itself,
 * and on invoice calls
 * (an emailed invoice link may be opened signed out; its screen explains). Any 403 signs out,
 * except INACTIVE_PROFILE, which sends the worker away with the inactive message instead
 * (spec section 6), and ACCOUNT_DEACTIVATED, the sign-in screen's own 403 whose message it shows
 * (spec section 8, login failures; see the note in domain errors.ts).
 */
export function authFailureFor(status: number, path: string, code: string | undefined): AuthFailure | null {
  if (status === 401) {
    return isExemptFromSignOut(path) ? null : { kind: 'signedOut', status, message: PLEASE_LOGIN };
  }
  if (status === 403) {
    if (code === 'ACCOUNT_DEACTIVATED') return null;
    if (code === 'INACTIVE_PROFILE') return { kind: 'inactiveProfile', status, message: INACTIVE_PROFILE };
    return { kind: 'forbidden', status, message: NOT_AUTHORIZED };
  }
  return null;
}

function isExemptFromSignOut(path: string): boolean {
  const segments = path.split(/[?#]/, 1)[0]?.split('/').filter(Boolean) ?? [];
  const [first, second] = segments;
  if (first === 'signin') return true;
  // Signing out with a session that already ended: the user is on the way out anyway.
  if (first === 'signout') return true;
  if (first === 'auth' && second === 'verify') return true;
  return segments.some((segment) => segment.toLowerCase().includes('invoice'));
}

export function buildApiUrl(path: string, query?: QueryParams): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const search = params.toString();
  return `${API_PREFIX}${normalised}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  return (await apiResponse(path, options)).data;
}

/** `apiRequest` with the response's headers, for what an API sends beside the body (a list's total). */
export async function apiResponse<T>(path: string, options: ApiRequestOptions<T>): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, query, schema, signal } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = currentAuthToken();
  if (token) headers.set('auth-token', token);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      ...(requestBody !== undefined ? { body: requestBody } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const body = readErrorBody(payload);
    const error = body
      ? new ApiError(response.status, body.message, body.code, body.errors, body.places)
      : new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
    const failure = authFailureFor(response.status, path, error.code);
    if (failure) authFailureHandler?.(failure);
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE, 'INVALID_RESPONSE');
  }
  return { data: parsed.data, headers: response.headers };
}

/**
 * A file the API serves (an invoice PDF, a CSV of shift notes, a receipt), fetched with the
 * auth-token header, which a plain link cannot send, and saved through a temporary link. An error
 * answer is read as `apiRequest` reads one (an ApiError with its field errors) and goes through
 * the same 401/403 rule. `path` is under /api (or a full `/api/...` address the API gave out).
 * Returns the file name saved: the server's (Content-Disposition), else `fallbackFileName`.
 */
export async function apiDownload(path: string, options: { readonly query?: QueryParams; readonly fallbackFileName: string }): Promise<string> {
  const headers = new Headers({ Accept: '*/*' });
  const token = currentAuthToken();
  if (token) headers.set('auth-token', token);
  const relative = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;
  let response: Response;
  try {
    response = await fetch(buildApiUrl(relative, options.query), { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }
  if (!response.ok) {
    const body = readErrorBody(await readJson(response));
    const error = body ? new ApiError(response.status, body.message, body.code, body.errors, body.places) : new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
    const failure = authFailureFor(response.status, relative, error.code);
    if (failure) authFailureHandler?.(failure);
    throw error;
  }
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? options.fallbackFileName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(objectUrl);
  return fileName;
}

/** The file name of a Content-Disposition header: `filename="a.pdf"` or `filename*=UTF-8''a%20b.pdf`. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(contentDisposition)?.[1] ?? /filename=([^;\s]+)/i.exec(contentDisposition)?.[1] ?? null;
}
