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

const isSitePath = (value: unknown): value is string => isString(value) && value.startsWith('/') && !value.startsWith('//');

/** History state can hold anything another page put there; read only what passes the check. */
export function readRedirectState(state: unknown): RedirectState {
  if (!isRecord(state) || !isAbsentOr(state.message, isString) || !isAbsentOr(state.returnTo, isSitePath)) return {};
  return {
    ...(isString(state.message) ? { message: state.message } : {}),
    ...(isString(state.returnTo) ? { returnTo: state.returnTo } : {}),
  };
}
