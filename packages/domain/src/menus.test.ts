import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import {
  coordinatorSidePanel,
  headerMenu,
  helpCentreSection,
  seesCareSeekerCallsToAction,
  visibleItems,
  workerAccountMenu,
  type MenuItem,
} from './menus';
import { findRoute } from './routes';

const labels = (items: readonly MenuItem[]) => items.map((item) => item.label);
const paths = (items: readonly MenuItem[]) =>
  items.map((item) => (item.target.kind === 'route' ? findRoute(item.target.routeId).path + (item.target.search ?? '') : item.target.link));

describe('menus by role (spec 2.8 and 6)', () => {
  it('shows visitors Home, Post a Job, Find Workers, Become a Worker, Login', () => {
    expect(labels(headerMenu(null))).toEqual(['Home', 'Post a Job', 'Find Workers', 'Become a Worker', 'Login']);
    expect(paths(headerMenu(null))).toEqual(['/', '/careseeker/post-a-job', '/care-workers/search', '/careworker', '/login']);
  });

  it('shows each role its own menu', () => {
    expect(labels(headerMenu({ role: 'CS', isInactiveWorker: false }))).toEqual(['Post a Job', 'Find Workers', 'Dashboard']);
    expect(labels(headerMenu({ role: 'CR', isInactiveWorker: false }))).toEqual(['Find Jobs', 'My Dashboard']);
    expect(paths(headerMenu({ role: 'CR', isInactiveWorker: false }))).toEqual(['/jobs/search', '/care-worker/dashboard']);
    expect(labels(headerMenu({ role: 'SUPPORT', isInactiveWorker: false }))).toEqual(['SC Dashboard']);
    expect(labels(headerMenu({ role: 'ADMIN', isInactiveWorker: false }))).toEqual(['Admin Dashboard']);
    expect(labels(headerMenu({ role: 'ENGAGEADMIN', isInactiveWorker: false }))).toEqual(['Engage Platform']);
  });

  it('gives workers the My Account menu of spec 2.8', () => {
    expect(paths(workerAccountMenu).slice(0, 10)).toEqual([
      '/my-jobs', '/submit-timesheet', '/saved-hours', '/unapproved-invoices', '/paid-invoices', '/platform-fee',
      '/my-bookings', '/shift-notes', '/my-calendar', '/messages',
    ]);
    expect(labels(workerAccountMenu)).toContain('Job Reports');
    expect(labels(workerAccountMenu)).toContain('Remittances');
  });

  it('hides jobs, hours, bookings, calendar, messages, check-ins and annual review from an inactive worker', () => {
    const inactive: Viewer = { role: 'CR', isInactiveWorker: true };
    expect(labels(visibleItems(workerAccountMenu, inactive))).toEqual([
      'Saved hours', 'Job Reports', 'Remittances', 'Platform fee', 'Shift notes',
      'Getting started', 'Update my profile', 'Checks and documents', 'Tax and super', 'Learning hub', 'Account details',
    ]);
    expect(visibleItems(workerAccountMenu, { role: 'CR', isInactiveWorker: false })).toHaveLength(workerAccountMenu.length);
  });

  it('gives coordinators the My SC Dashboard side panel', () => {
    expect(labels(coordinatorSidePanel)).toEqual(['My Clients', 'Add Client', 'Request Linking', 'Client Funding', 'Make a Referral', 'Account details', 'Help Centre']);
  });

  it('shows the AI worker match and Post a job calls to action to visitors and care seekers only', () => {
    expect(seesCareSeekerCallsToAction(null)).toBe(true);
    expect(seesCareSeekerCallsToAction({ role: 'CS', isInactiveWorker: false })).toBe(true);
    expect(seesCareSeekerCallsToAction({ role: 'CR', isInactiveWorker: false })).toBe(false);
    expect(seesCareSeekerCallsToAction({ role: 'SUPPORT', isInactiveWorker: false })).toBe(false);
  });

  it('has one help centre section per role', () => {
    const sections = new Set([null, 'CR', 'SUPPORT'].map((role) => helpCentreSection(role ? { role: role as 'CR', isInactiveWorker: false } : null)));
    expect(sections.size).toBe(3);
  });
});
