import { vi } from 'vitest';

/** One request the app sent to the mocked API. */
export interface SentRequest {
  readonly method: string;
  readonly path: string;
  /** The query string's parameters (repeated ones with getAll). */
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly authToken: string | null;
  /** Every header sent (e.g. Idempotency-Key). */
  readonly headers: Headers;
}

/** Status, body and, when the answer has any, headers beside the body (e.g. X-Total-Count). */
type ApiAnswer = readonly [status: number, body?: unknown, headers?: Record<string, string>];
export type ApiReply = ApiAnswer | Promise<ApiAnswer>;
export type ApiRoutes = Record<string, (request: SentRequest) => ApiReply>;

/**
 * Replaces fetch with a small fake API for tests: routes are keyed "METHOD /api/path" (query
 * string left off); anything else answers 404 in the API's error shape. Returns the requests sent.
 */
export function mockApi(routes: ApiRoutes): { requests: SentRequest[] } {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authToken: new Headers(init.headers).get('auth-token'),
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const [status, body, headers] = handler
      ? await handler(request)
      : [404, { message: `No test route for ${method} ${url.pathname}`, code: 'NOT_FOUND' }];
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}

/** A reply that waits until the test lets it go, to see in-between states. */
export function deferredReply(): { reply: () => Promise<readonly [number, unknown?]>; resolve: (value: readonly [number, unknown?]) => void } {
  let resolve: (value: readonly [number, unknown?]) => void = () => {};
  const promise = new Promise<readonly [number, unknown?]>((done) => {
    resolve = done;
  });
  return { reply: () => promise, resolve };
}

type TestRole = 'CS' | 'CR' | 'SUPPORT' | 'ADMIN' | 'ENGAGEADMIN';

/** The person signed in as `role`, as both POST /api/signin and GET /api/me name them. */
function testAccount(role: TestRole) {
  return {
    id: `id-${role}`,
    firstName: 'Alex',
    lastName: 'Nguyen',
    name: 'Alex Nguyen',
    email: `alex.${role.toLowerCase()}@example.com`,
    phone: null,
    role,
    profileStatus: role === 'CR' ? 'ACTIVE' : null,
  };
}

/** What POST /api/signin answers, for a role. */
export function signInAnswer(role: TestRole, overrides: Record<string, unknown> = {}) {
  return {
    ...testAccount(role),
    authToken: `token-${role}`,
    superUserLogin: false,
    freshchatId: null,
    ...overrides,
  };
}

/** What GET /api/me answers, for a role. */
export function meAnswer(role: TestRole, overrides: Record<string, unknown> = {}) {
  return {
    ...testAccount(role),
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    actor: null,
    workerProfile: null,
    organisation: null,
    ...overrides,
  };
}
