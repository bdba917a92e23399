import { describe, expect, it } from 'vitest';
import { roles } from './roles';
import { apiAccess, canActAsClient, decideApiAccess, toRouteAccess } from './permissions';

const viewer = (role: (typeof roles)[number], isInactiveWorker = false) => ({ role, isInactiveWorker });

describe('decideApiAccess', () => {
  it('lets anybody through a public rule', () => {
    expect(decideApiAccess(apiAccess.public, null)).toBe('allowed');
    expect(decideApiAccess(apiAccess.public, viewer('CR', true))).toBe('allowed');
  });

  it('asks an anonymous visitor to sign in for a signed-in rule, and lets every role through', () => {
    expect(decideApiAccess('signedIn', null)).toBe('unauthenticated');
    for (const role of roles) expect(decideApiAccess(apiAccess.me, viewer(role))).toBe('allowed');
    expect(decideApiAccess(apiAccess.me, viewer('CR', true))).toBe('allowed');
  });

  it('refuses the wrong role', () => {
    expect(decideApiAccess(apiAccess.coordinatorClients, viewer('CS'))).toBe('wrongRole');
    expect(decideApiAccess(apiAccess.coordinatorClients, viewer('SUPPORT'))).toBe('allowed');
    expect(decideApiAccess(apiAccess.coordinatorClients, null)).toBe('unauthenticated');
  });

  it('blocks an inactive worker where the rule says so', () => {
    const activeWorkersOnly = { kind: 'roles', roles: ['CR'], blockedForInactive: true } as const;
    expect(decideApiAccess(activeWorkersOnly, viewer('CR', true))).toBe('inactiveProfile');
    expect(decideApiAccess(activeWorkersOnly, viewer('CR'))).toBe('allowed');
  });

  it('turns signedIn into a rule naming every role', () => {
    expect(toRouteAccess('signedIn')).toEqual({ kind: 'roles', roles });
    expect(toRouteAccess(apiAccess.public)).toEqual({ kind: 'public' });
  });
});

describe('canActAsClient', () => {
  const allowed = { actorRole: 'SUPPORT', isAlreadyActingForSomeone: false, linkStatus: 'ACTIVE', isClientActive: true } as const;

  it('lets a coordinator act for a client linked to them', () => {
    expect(canActAsClient(allowed)).toBe(true);
  });

  it('refuses a pending or missing link, a deactivated client, another role, or an alias inside an alias', () => {
    expect(canActAsClient({ ...allowed, linkStatus: 'PENDING' })).toBe(false);
    expect(canActAsClient({ ...allowed, linkStatus: null })).toBe(false);
    expect(canActAsClient({ ...allowed, isClientActive: false })).toBe(false);
    expect(canActAsClient({ ...allowed, actorRole: 'CS' })).toBe(false);
    expect(canActAsClient({ ...allowed, isAlreadyActingForSomeone: true })).toBe(false);
  });
});
