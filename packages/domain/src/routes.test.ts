import { describe, expect, it } from 'vitest';
import { resolveRoutePath, routePath, routeTable } from './routes';

const paths = routeTable.map((r) => r.path);
const byPath = (path: string) => {
  const found = routeTable.find((r) => r.path === path);
  if (!found) throw new Error(`No route ${path}`);
  return found;
};

describe('the route table', () => {
  it('has unique ids and unique paths', () => {
    expect(new Set(routeTable.map((r) => r.id)).size).toBe(routeTable.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a title and a description', () => {
    for (const route of routeTable) {
      expect(route.title.length, route.path).toBeGreaterThan(2);
      expect(route.description.length, route.path).toBeGreaterThan(10);
    }
  });

  it('holds every public route of spec 2.1 to 2.3 as public', () => {
    const spec = [
      '/', '/login', '/forgot-password', '/resetPassword', '/careworker', '/carer', '/careworker/register',
      '/careseeker/post-a-job', '/jobs/:jobId', '/care-workers/search', '/carer/profile/:carerId', '/support-coordinator',
      '/support-coordinator/register', '/providers', '/csproviders', '/referrals', '/referral/disability', '/quick-request',
      '/covid-19', '/services/disability-support-workers', '/services/mental-health-support-workers',
      '/services/aged-care-workers', '/home-care-package', '/about-us', '/founders', '/workers', '/testimonials',
      '/media-centre', '/contact-us', '/ndis-funded-support', '/privacy-policy', '/terms-conditions', '/complaints-policy',
      '/police-check-policy', '/customer-service-charter', '/code-of-conduct',
      '/protection-of-human-rights-freedom-from-abuse-and-neglect', '/insurance-policy',
      '/feedback-complaints-incident-reports', '/feedback', '/make-a-complaint', '/report-incident',
      '/work-health-and-safety', '/incident-response-investigation', '/fire-safety-emergency-disaster-policy',
      '/your-rights-using-{brand}', '/{partnerOne}', '/{partnerTwo}',
      // Issue 6: the one-click unsubscribe link in a job alert email works signed out.
      '/carer/unsubscribe/nearbyjobs',
    ];
    for (const path of spec) expect(byPath(path).access, path).toEqual({ kind: 'public' });
  });

  it('gives each document a worker accepts at registration its own public policy page (issue 11)', () => {
    const documents = ['/terms-of-engagement', '/ndis-code-of-conduct', '/aged-care-code-of-conduct'].map(byPath);
    for (const route of documents) {
      expect(route.access, route.path).toEqual({ kind: 'public' });
      expect(route.screen, route.path).toBe('policy');
    }
    expect(new Set(documents.map((route) => route.title)).size).toBe(3);
  });

  it('limits the care seeker routes of spec 2.4 to CS', () => {
    const spec = [
      '/dashboard', '/invoices-and-hours', '/my-account', '/account-details', '/compliance-details',
      '/compliance-details/:section', '/provider-details', '/my-workers', '/my-job-posts', '/edit-job/:jobId',
      '/pending-invoices', '/past-invoices',
      // Issue 15.
      '/payment-details',
    ];
    for (const path of spec) expect(byPath(path).access, path).toEqual({ kind: 'roles', roles: ['CS'] });
  });

  it('limits the worker routes of spec 2.5 to CR, blocking /my-jobs and /submit-timesheet for inactive profiles', () => {
    const blocked = ['/my-jobs', '/submit-timesheet'];
    const open = [
      '/find-a-job', '/jobs/search', '/invoices', '/paid-invoices', '/saved-hours',
      '/care-worker/welcome', '/carer/profile', '/care-worker/dashboard', '/care-worker/update-profile', '/tax-and-super',
      '/learning-hub', '/care-worker/check-ins', '/care-worker/annual-review',
    ];
    for (const path of blocked) expect(byPath(path).access, path).toEqual({ kind: 'roles', roles: ['CR'], blockedForInactive: true });
    for (const path of open) expect(byPath(path).access, path).toEqual({ kind: 'roles', roles: ['CR'] });
  });

  it('shares the routes of spec 2.6 between CS and CR, blocking messages, calendar and bookings for inactive workers', () => {
    for (const path of ['/platform-fee', '/unapproved-invoices', '/shift-notes', '/shift-notes/download', '/contract/download']) {
      expect(byPath(path).access, path).toEqual({ kind: 'roles', roles: ['CS', 'CR'] });
    }
    for (const path of ['/messages', '/my-calendar', '/my-bookings']) {
      expect(byPath(path).access, path).toEqual({ kind: 'roles', roles: ['CS', 'CR'], blockedForInactive: true });
    }
  });

  it('opens one invoice to both parties, inactive workers included (issue 14)', () => {
    const invoice = byPath('/invoice/:invoiceId');
    expect([invoice.id, invoice.title]).toEqual(['invoice', 'Invoice']);
    expect(invoice.access).toEqual({ kind: 'roles', roles: ['CS', 'CR'] });
    expect(routePath('invoice', { invoiceId: 'b2b2b2b2-2222-4222-8222-222222222222' })).toBe('/invoice/b2b2b2b2-2222-4222-8222-222222222222');
  });

  it('limits the coordinator routes of spec 2.7 to SUPPORT', () => {
    for (const path of ['/support-coordinator/dash', '/support-coordinator/dashboard', '/support-coordinator/add-client', '/support-coordinator/request-linking']) {
      expect(byPath(path).access, path).toEqual({ kind: 'roles', roles: ['SUPPORT'] });
    }
  });

  it('renders pages the spec calls "the same page" with one screen', () => {
    expect(byPath('/carer').screen).toBe(byPath('/careworker').screen);
    expect(byPath('/csproviders').screen).toBe(byPath('/providers').screen);
    expect(byPath('/find-a-job').screen).toBe(byPath('/jobs/search').screen);
    expect(byPath('/support-coordinator/dash').screen).toBe(byPath('/support-coordinator/dashboard').screen);
    expect(byPath('/careseeker/post-a-job/:step').screen).toBe(byPath('/careseeker/post-a-job').screen);
  });
});

describe('route paths', () => {
  it('resolves the brand and partner placeholders from configuration', () => {
    const site = { brandName: 'Tendly', partnerOneSlug: 'harbourside', partnerTwoSlug: 'riverbend' };
    expect(resolveRoutePath('/your-rights-using-{brand}', site)).toBe('/your-rights-using-tendly');
    expect(resolveRoutePath('/your-rights-using-{brand}', { ...site, brandName: 'Care Hub' })).toBe('/your-rights-using-care-hub');
    expect(resolveRoutePath('/{partnerOne}', site)).toBe('/harbourside');
    expect(resolveRoutePath('/{partnerTwo}', site)).toBe('/riverbend');
  });

  it('fills route parameters, encoded, and refuses a missing one', () => {
    expect(routePath('jobDetails', { jobId: 'a b' })).toBe('/jobs/a%20b');
    expect(() => routePath('jobDetails')).toThrow(/jobId/);
  });
});
