import { describe, expect, it } from 'vitest';
import { decideAccess, guardRoute, roleHomes, type Viewer } from './access';
import { findRoute, routeTable } from './routes';

const careSeeker: Viewer = { role: 'CS', isInactiveWorker: false };
const worker: Viewer = { role: 'CR', isInactiveWorker: false };
const inactiveWorker: Viewer = { role: 'CR', isInactiveWorker: true };
const coordinator: Viewer = { role: 'SUPPORT', isInactiveWorker: false };

describe('decideAccess', () => {
  it('lets anyone open a public route', () => {
    expect(decideAccess({ kind: 'public' }, null)).toBe('allowed');
  });

  it('tells apart anonymous, wrong role and inactive profile', () => {
    const myJobs = findRoute('myJobs').access;
    expect(decideAccess(myJobs, null)).toBe('unauthenticated');
    expect(decideAccess(myJobs, careSeeker)).toBe('wrongRole');
    expect(decideAccess(myJobs, inactiveWorker)).toBe('inactiveProfile');
    expect(decideAccess(myJobs, worker)).toBe('allowed');
  });

  it('lets an inactive worker open routes that are not blocked for inactive profiles', () => {
    expect(decideAccess(findRoute('workerDashboard').access, inactiveWorker)).toBe('allowed');
  });
});

describe('guardRoute (spec section 6)', () => {
  it('sends an anonymous visitor to /login with the target kept and the message', () => {
    expect(guardRoute(findRoute('careSeekerDashboard'), null, '/dashboard?tab=1', routeTable)).toEqual({
      kind: 'redirect',
      to: { kind: 'internal', path: '/login' },
      message: 'Please login with your account to continue',
      returnTo: '/dashboard?tab=1',
    });
  });

  it('sends a signed-in user with the wrong role to their own home', () => {
    expect(guardRoute(findRoute('careSeekerDashboard'), worker, '/dashboard', routeTable)).toEqual({
      kind: 'redirect',
      to: { kind: 'internal', path: '/care-worker/dashboard' },
    });
    expect(guardRoute(findRoute('myJobs'), coordinator, '/my-jobs', routeTable)).toEqual({
      kind: 'redirect',
      to: { kind: 'internal', path: '/support-coordinator/dashboard' },
    });
    expect(guardRoute(findRoute('myJobs'), { role: 'ADMIN', isInactiveWorker: false }, '/my-jobs', routeTable)).toEqual({
      kind: 'redirect',
      to: { kind: 'external', link: 'adminArea' },
    });
  });

  it('sends an inactive worker to a page they may see, with the inactive message', () => {
    const outcome = guardRoute(findRoute('messages'), inactiveWorker, '/messages', routeTable);
    expect(outcome).toEqual({
      kind: 'redirect',
      to: { kind: 'internal', path: '/care-worker/dashboard' },
      message: 'This feature is not available for inactive profiles',
    });
  });

  it('uses /dashboard for the inactive redirect when the viewer may open it', () => {
    const table = routeTable.map((r) => (r.path === '/dashboard' ? { ...r, access: { kind: 'public' as const } } : r));
    expect(guardRoute(findRoute('messages'), inactiveWorker, '/messages', table)).toMatchObject({
      to: { kind: 'internal', path: '/dashboard' },
    });
  });

  it('renders an allowed route', () => {
    expect(guardRoute(findRoute('myJobs'), worker, '/my-jobs', routeTable)).toEqual({ kind: 'render' });
  });

  it('has a home for every role as spec section 6 lists', () => {
    expect(roleHomes).toEqual({
      CS: { kind: 'internal', path: '/dashboard' },
      CR: { kind: 'internal', path: '/care-worker/dashboard' },
      SUPPORT: { kind: 'internal', path: '/support-coordinator/dashboard' },
      ADMIN: { kind: 'external', link: 'adminArea' },
      ENGAGEADMIN: { kind: 'internal', path: '/' },
    });
  });
});
