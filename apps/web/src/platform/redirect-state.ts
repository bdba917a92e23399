import { isAbsentOr, isRecord, isString } from './shape-checks';

/**
 * What a redirect carries in the history state: the message to show on arrival and, for the
 * login redirect, the path to come back to after signing in (spec sections 2.1 and 6).
 */
export interface RedirectState {
  readonly message?: string;
  /** Only a path on this site: a full URL here would make the login page an open redirect. */
  readonly returnTo?: string;
}

/** The query parameter a link to the login page may carry instead: `/login?next=/messages?conversation=...`. */
export const RETURN_PARAM = 'next';

const SITE = 'https://site.invalid';

/**
 * A path on this site and nothing else. `//host`, a backslash (browsers read `/\\host` as `//host`), a
 * full URL, and control characters are refused: otherwise the login page would be an open
 * redirect, sending someone who just signed in to a look-alike site.
 */
export function isSitePath(value: unknown): value is string {
  if (!isString(value) || !value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/** History state can hold anything another page put there; read only what passes the check. */
export function readRedirectState(state: unknown): RedirectState {
  if (!isRecord(state) || !isAbsentOr(state.message, isString) || !isAbsentOr(state.returnTo, isSitePath)) return {};
  return {
    ...(isString(state.message) ? { message: state.message } : {}),
    ...(isString(state.returnTo) ? { returnTo: state.returnTo } : {}),
  };
}

/**
 * Where the login page returns to after signing in: the page the guard sent the person from (in
 * the history state), or else a `next` query parameter; either only when it is a path on this site.
 */
export function returnPathOf(state: unknown, search: string): string | undefined {
  const fromState = readRedirectState(state).returnTo;
  if (fromState) return fromState;
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  return isSitePath(next) ? next : undefined;
}
