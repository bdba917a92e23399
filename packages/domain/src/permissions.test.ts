import { describe, expect, it } from 'vitest';
import { roles } from './roles';
import { decideAccess } from './access';
import { apiAccess, apiAccessScreens, canActAsClient, decideApiAccess, toRouteAccess } from './permissions';
import { findRoute } from './routes';

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

describe('the API rules of routes that serve screens of the route table', () => {
  const inactiveWorker = viewer('CR', true);

  it('refuse an inactive worker exactly where one of their screens does (issue 10)', () => {
    for (const [name, screens] of Object.entries(apiAccessScreens)) {
      const rule = apiAccess[name as keyof typeof apiAccessScreens];
      const blockedByScreen = screens.some((id) => decideAccess(findRoute(id).access, inactiveWorker) === 'inactiveProfile');
      expect(decideApiAccess(rule, inactiveWorker) === 'inactiveProfile', name).toBe(blockedByScreen);
      expect(decideApiAccess(rule, viewer('CR')), name).toBe('allowed');
    }
  });

  it('keep applying, applications and invitations from inactive workers (My jobs), and leave the board and alert emails to them', () => {
    expect(decideApiAccess(apiAccess.applyToJob, inactiveWorker)).toBe('inactiveProfile');
    expect(decideApiAccess(apiAccess.myApplications, inactiveWorker)).toBe('inactiveProfile');
    expect(decideApiAccess(apiAccess.jobBoard, inactiveWorker)).toBe('allowed');
    expect(decideApiAccess(apiAccess.jobAlertSettings, inactiveWorker)).toBe('allowed');
    for (const rule of [apiAccess.applyToJob, apiAccess.myApplications, apiAccess.jobBoard, apiAccess.jobAlertSettings]) {
      expect(decideApiAccess(rule, viewer('CS'))).toBe('wrongRole');
      expect(decideApiAccess(rule, null)).toBe('unauthenticated');
    }
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

describe('the learning hub, check-in and annual review rules (issue 12)', () => {
  it('let inactive workers in: the induction comes before review, and their screens are not blocked', () => {
    for (const rule of [apiAccess.learningHub, apiAccess.checkIns, apiAccess.annualReview]) {
      expect(decideApiAccess(rule, viewer('CR', true))).toBe('allowed');
      expect(decideApiAccess(rule, viewer('CS'))).toBe('wrongRole');
      expect(decideApiAccess(rule, viewer('ADMIN'))).toBe('wrongRole');
      expect(decideApiAccess(rule, null)).toBe('unauthenticated');
    }
  });

  it('keep signing off annual reviews to administrators', () => {
    expect(decideApiAccess(apiAccess.adminAnnualReviews, viewer('ADMIN'))).toBe('allowed');
    for (const role of roles.filter((r) => r !== 'ADMIN')) expect(decideApiAccess(apiAccess.adminAnnualReviews, viewer(role))).toBe('wrongRole');
  });
});
