import { signInResponseSchema, type SignInResponse } from '@tendly/domain/api/auth';
import { DEMO_PASSWORD } from './accounts';

/**
 * Calls the product's API directly, for what a journey needs in place but does not test through
 * the screens (another person's part, a record to start from). Answers the JSON, or throws with
 * the status and body so that a failed set-up says why.
 */
export async function callApi(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(token ? { 'auth-token': token } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs in through the API, as a person not driven through a browser. */
export async function signInByApi(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<SignInResponse> {
  return signInResponseSchema.parse(await callApi(baseUrl, 'POST', '/signin', null, { email, password }));
}
