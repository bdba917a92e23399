import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../app/test-sessions';
import {
  clearSession,
  currentAuthToken,
  endAliasSession,
  getSession,
  reloadSession,
  SESSION_STORAGE_KEYS,
  setSignedInUser,
  startAliasSession,
  viewerOf,
} from './session';

const alias = { aliasToken: 'alias-token', id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', role: 'CS' } as const;

describe('session store', () => {
  it('keeps the signed-in user across a reload', () => {
    setSignedInUser(testUser('CS'));
    reloadSession();
    expect(getSession().user?.email).toBe('alex.cs@example.com');
  });

  it('forgets stored values that are not valid JSON or not a user', () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.user, '{not json');
    reloadSession();
    expect(getSession()).toEqual({ user: null, alias: null, isSupportCoordinator: false });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();

    localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ id: 'x', role: 'PIRATE' }));
    reloadSession();
    expect(getSession().user).toBeNull();
  });

  it('works when storage is unavailable', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    reloadSession();
    expect(getSession().user).toBeNull();
    spy.mockRestore();
  });

  it('treats a worker whose profile is INACTIVE as an inactive worker', () => {
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    expect(viewerOf(getSession())).toEqual({ role: 'CR', isInactiveWorker: true });
    setSignedInUser(testUser('CR'));
    expect(viewerOf(getSession())).toEqual({ role: 'CR', isInactiveWorker: false });
  });

  it('acts as the client during an alias session and returns to the coordinator after', () => {
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession(alias);
    expect(viewerOf(getSession())).toEqual({ role: 'CS', isInactiveWorker: false });
    expect(currentAuthToken()).toBe('alias-token');
    endAliasSession();
    expect(viewerOf(getSession())?.role).toBe('SUPPORT');
    expect(currentAuthToken()).toBe('token-support');
    expect(getSession().isSupportCoordinator).toBe(true);
  });

  it('sets the support coordinator flag only for a SUPPORT sign-in, and keeps it across a reload', () => {
    setSignedInUser(testUser('SUPPORT'));
    reloadSession();
    expect(getSession().isSupportCoordinator).toBe(true);
    setSignedInUser(testUser('CS'));
    expect(getSession().isSupportCoordinator).toBe(false);
    expect(() => startAliasSession(alias)).toThrow();
  });

  it('clears every stored key on logout', () => {
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession(alias);
    sessionStorage.setItem('tendly.workerMatch.conversation', '{"messages":[]}');
    clearSession();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.alias)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.supportCoordinator)).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(getSession()).toEqual({ user: null, alias: null, isSupportCoordinator: false });
  });
});
