import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { testUser } from '../app/test-sessions';
import { ApiError, apiDownload, apiRequest, apiResponse, fileNameOf, onAuthFailure, type AuthFailure } from './api-client';
import { setSignedInUser, startAliasSession } from './session';

const fetchMock = vi.fn<typeof fetch>();
let failures: AuthFailure[] = [];
let unregister: () => void = () => {};

function respond(status: number, body?: unknown): void {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('no request was sent');
  return { url: String(call[0]), init: call[1] ?? {} };
}

function sentHeader(name: string): string | null {
  return new Headers(lastRequest().init.headers).get(name);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  failures = [];
  unregister = onAuthFailure((failure) => failures.push(failure));
});

afterEach(() => {
  unregister();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const okSchema = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  it('prefixes /api, repeats array parameters and parses the response with the schema', async () => {
    respond(200, { ok: true, extra: 'dropped' });
    const result = await apiRequest('/search', {
      schema: okSchema,
      query: { skillType: ['DEMENTIA', 'AUTISM'], keyword: 'garden', driving: true, gender: undefined },
    });
    expect(result).toEqual({ ok: true });
    expect(lastRequest().url).toBe('/api/search?skillType=DEMENTIA&skillType=AUTISM&keyword=garden&driving=true');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends no auth-token when nobody is signed in', async () => {
    respond(200, { ok: true });
    await apiRequest('/site', { schema: okSchema });
    expect(sentHeader('auth-token')).toBeNull();
  });

  it("sends the signed-in user's token in the auth-token header", async () => {
    setSignedInUser(testUser('CS', { authToken: 'user-token' }));
    respond(200, { ok: true });
    await apiRequest('/jobs', { schema: okSchema });
    expect(sentHeader('auth-token')).toBe('user-token');
  });

  it('prefers the alias token while a support coordinator acts for a client', async () => {
    setSignedInUser(testUser('SUPPORT', { authToken: 'coordinator-token' }));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', role: 'CS' });
    respond(200, { ok: true });
    await apiRequest('/jobs', { schema: okSchema });
    expect(sentHeader('auth-token')).toBe('alias-token');
  });

  it('sends a body as JSON', async () => {
    respond(200, { ok: true });
    await apiRequest('/support', { method: 'POST', body: { email: 'a@example.com' }, schema: okSchema });
    expect(lastRequest().init.body).toBe('{"email":"a@example.com"}');
    expect(sentHeader('Content-Type')).toBe('application/json');
  });

  it('turns an error body into an ApiError with its status, code and field errors', async () => {
    respond(400, { message: 'Please check the form', code: 'VALIDATION', errors: { email: 'Enter an email address' } });
    const error = await apiRequest('/jobs', { method: 'POST', body: {}, schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please check the form',
      code: 'VALIDATION',
      fieldErrors: { email: 'Enter an email address' },
    });
    expect(failures).toEqual([]);
  });

  it('reads the places offered with a place the API could not use, leaving out malformed ones', async () => {
    const marrickville = { suburb: 'Marrickville', state: 'NSW', postcode: '2204' };
    respond(400, {
      message: 'We could not find "Marickville". Did you mean Marrickville NSW 2204? Try a suburb name or a postcode.',
      code: 'UNKNOWN_PLACE',
      places: [marrickville, { suburb: 'Nowhere', state: 'XX', postcode: '9999' }, 'Bondi'],
    });
    const error = await apiRequest('/search', { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'UNKNOWN_PLACE', places: [marrickville] });
    respond(400, { message: 'Please check the form' });
    expect(await apiRequest('/search', { schema: okSchema }).catch((e: unknown) => e)).toMatchObject({ places: [] });
  });

  it('hands over the response headers with the body when asked (apiResponse)', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '42' } }),
    );
    const { data, headers } = await apiResponse('/search', { schema: okSchema });
    expect(data).toEqual({ ok: true });
    expect(headers.get('x-total-count')).toBe('42');
  });

  it('rejects a success response that does not match the schema', async () => {
    respond(200, { ok: 'yes' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('/jobs', { schema: okSchema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports a 401 to the app, which signs out with the please-login message', async () => {
    respond(401, { message: 'Session expired', code: 'UNAUTHENTICATED' });
    await expect(apiRequest('/my-jobs', { schema: okSchema })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([{ kind: 'signedOut', status: 401, message: PLEASE_LOGIN }]);
  });

  it.each(['/signin', '/signout', '/auth/verify/a%40example.com/123456', '/invoices/42/pay'])(
    'leaves a 401 from %s to the screen that asked',
    async (path) => {
      respond(401, { message: 'Invalid email address or password', code: 'INVALID_CREDENTIALS' });
      await expect(apiRequest(path, { method: 'POST', schema: okSchema })).rejects.toMatchObject({ status: 401 });
      expect(failures).toEqual([]);
    },
  );

  it('reports a 403 to the app with the not-authorised message, on any path', async () => {
    respond(403, { message: 'Forbidden', code: 'FORBIDDEN' });
    await expect(apiRequest('/invoices/42', { schema: okSchema })).rejects.toMatchObject({ status: 403 });
    expect(failures).toEqual([{ kind: 'forbidden', status: 403, message: NOT_AUTHORIZED }]);
  });

  it('leaves the deactivated-account 403 of sign-in to the login screen', async () => {
    respond(403, { message: 'Your account has been deactivated', code: 'ACCOUNT_DEACTIVATED' });
    await expect(apiRequest('/signin', { method: 'POST', schema: okSchema })).rejects.toMatchObject({
      status: 403,
      code: 'ACCOUNT_DEACTIVATED',
    });
    expect(failures).toEqual([]);
  });

  it('reports an inactive-profile 403 as such, not as a sign-out', async () => {
    respond(403, { message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' });
    await expect(apiRequest('/messages', { schema: okSchema })).rejects.toMatchObject({ status: 403 });
    expect(failures).toEqual([{ kind: 'inactiveProfile', status: 403, message: INACTIVE_PROFILE }]);
  });

  it('turns a network failure into an ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/jobs', { schema: okSchema })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('apiDownload', () => {
  function saved(): { names: string[] } {
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { names };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('fetches the file with the session and saves it under the name the server gives', async () => {
    setSignedInUser(testUser('CR'));
    const { names } = saved();
    fetchMock.mockResolvedValueOnce(new Response('%PDF', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="INV-000123.pdf"' } }));
    await expect(apiDownload('/invoices/abc/pdf', { fallbackFileName: 'invoice.pdf' })).resolves.toBe('INV-000123.pdf');
    expect(lastRequest().url).toBe('/api/invoices/abc/pdf');
    expect(sentHeader('auth-token')).toBe('token-cr');
    expect(names).toEqual(['INV-000123.pdf']);
  });

  it('sends the query, takes a full /api address as it is, and falls back to the name it was given', async () => {
    const { names } = saved();
    fetchMock.mockResolvedValueOnce(new Response('a,b', { status: 200 }));
    await apiDownload('/shift-notes/download', { query: { from: '2026-11-01', to: '2026-11-30', format: 'csv' }, fallbackFileName: 'shift-notes.csv' });
    expect(lastRequest().url).toBe('/api/shift-notes/download?from=2026-11-01&to=2026-11-30&format=csv');
    fetchMock.mockResolvedValueOnce(new Response('pdf', { status: 200 }));
    await apiDownload('/api/timesheets/receipts/f1', { fallbackFileName: 'parking.pdf' });
    expect(lastRequest().url).toBe('/api/timesheets/receipts/f1');
    expect(names).toEqual(['shift-notes.csv', 'parking.pdf']);
  });

  it('turns an error body into an ApiError with its field errors, and applies the 401/403 rule', async () => {
    respond(400, { message: 'Invalid', code: 'VALIDATION', errors: { to: 'The last date must be on or after the first' } });
    await expect(apiDownload('/shift-notes/download', { fallbackFileName: 'x' })).rejects.toMatchObject({ status: 400, fieldErrors: { to: 'The last date must be on or after the first' } });
    respond(403, { message: 'No', code: 'FORBIDDEN' });
    await expect(apiDownload('/shift-notes/download', { fallbackFileName: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([{ kind: 'forbidden', status: 403, message: NOT_AUTHORIZED }]);
  });

  it('reads both forms of a Content-Disposition file name', () => {
    expect(fileNameOf('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''shift%20notes.csv")).toBe('shift notes.csv');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeNull();
  });
});
