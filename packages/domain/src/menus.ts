import type { ExternalLink, Viewer } from './access';

/**
 * Navigation by role (spec sections 2.8 and 6). A menu item points at a route of the route table
 * (by id, with an optional query) or at an external link resolved from configuration.
 */
export type MenuTarget =
  | { readonly kind: 'route'; readonly routeId: string; readonly search?: string }
  | { readonly kind: 'external'; readonly link: ExternalLink };

export interface MenuItem {
  readonly label: string;
  readonly target: MenuTarget;
  /** Spec section 4: an INACTIVE worker does not see this item. */
  readonly hiddenForInactive?: boolean;
}

const toRoute = (label: string, routeId: string, search?: string): MenuItem => ({
  label,
  target: search ? { kind: 'route', routeId, search } : { kind: 'route', routeId },
});
const toExternal = (label: string, link: ExternalLink): MenuItem => ({ label, target: { kind: 'external', link } });

/** The AI worker match opens worker search with show=whiz (spec 2.3, 2.8). */
export const aiWorkerMatchLink = toRoute('AI worker match', 'workerSearch', '?show=whiz');

export const visitorMenu: readonly MenuItem[] = [
  toRoute('Home', 'home'),
  toRoute('Post a Job', 'postJob'),
  toRoute('Find Workers', 'workerSearch'),
  toRoute('Become a Worker', 'workerLanding'),
  toRoute('Login', 'login'),
];

export const careSeekerMenu: readonly MenuItem[] = [
  toRoute('Post a Job', 'postJob'),
  toRoute('Find Workers', 'workerSearch'),
  toRoute('Dashboard', 'careSeekerDashboard'),
];

export const workerMenu: readonly MenuItem[] = [
  toRoute('Find Jobs', 'jobSearch'),
  toRoute('My Dashboard', 'workerDashboard'),
];

/** The worker's My Account side menu (spec 2.8), with what an inactive profile hides (spec 4). */
export const workerAccountMenu: readonly MenuItem[] = [
  { ...toRoute('My jobs', 'myJobs'), hiddenForInactive: true },
  { ...toRoute('Submit hours', 'submitTimesheet'), hiddenForInactive: true },
  toRoute('Saved hours', 'savedHours'),
  toRoute('Job Reports', 'unapprovedInvoices'),
  toRoute('Remittances', 'paidInvoices'),
  toRoute('Platform fee', 'platformFee'),
  { ...toRoute('My bookings', 'myBookings'), hiddenForInactive: true },
  toRoute('Shift notes', 'shiftNotes'),
  { ...toRoute('My calendar', 'myCalendar'), hiddenForInactive: true },
  { ...toRoute('Messages', 'messages'), hiddenForInactive: true },
  { ...toRoute('Check-ins', 'workerCheckIns'), hiddenForInactive: true },
  { ...toRoute('Annual review', 'workerAnnualReview'), hiddenForInactive: true },
  // Issue 12: the profile and its checks, open to inactive workers too — they are how a new or
  // lapsed worker becomes active.
  toRoute('Getting started', 'workerWelcome'),
  toRoute('Update my profile', 'updateWorkerProfile'),
  toRoute('Checks and documents', 'workerDocuments'),
  toRoute('Tax and super', 'taxAndSuper'),
  toRoute('Learning hub', 'learningHub'),
  toRoute('Account details', 'workerAccountDetails'),
];

/**
 * The care seeker's My Account items in the account menu (issue 17: every screen reachable from a
 * menu). Spec 2.8 names no care seeker menu beyond the header; these are the screens a care seeker
 * comes back to, which otherwise only their dashboard's links reached.
 */
export const careSeekerAccountMenu: readonly MenuItem[] = [
  toRoute('My account', 'myAccount'),
  toRoute('My job posts', 'myJobPosts'),
  toRoute('My workers', 'myWorkers'),
  toRoute('Messages', 'messages'),
  toRoute('My bookings', 'myBookings'),
  toRoute('My calendar', 'myCalendar'),
  toRoute('Job reports', 'unapprovedInvoices'),
  toRoute('Invoices to pay', 'pendingInvoices'),
  toRoute('Past invoices', 'pastInvoices'),
  toRoute('Shift notes', 'shiftNotes'),
  toRoute('Funding wallet', 'fundingWallet'),
  toRoute('Provider details', 'providerDetails'),
  toRoute('Payment details', 'paymentDetails'),
  toRoute('Account details', 'accountDetails'),
];

export const coordinatorMenu: readonly MenuItem[] = [toRoute('SC Dashboard', 'coordinatorDashboard')];

/** The coordinator's side panel, My SC Dashboard (spec 2.8). */
export const coordinatorSidePanel: readonly MenuItem[] = [
  toRoute('My Clients', 'coordinatorDashboard'),
  toRoute('Add Client', 'coordinatorAddClient'),
  toRoute('Request Linking', 'coordinatorRequestLinking'),
  // Issue 16: every client's funding wallet on one screen.
  toRoute('Client Funding', 'coordinatorFunding'),
  toRoute('Make a Referral', 'referrals'),
  toRoute('Account details', 'coordinatorAccountDetails'),
  toExternal('Help Centre', 'helpCentre'),
];

export const adminMenu: readonly MenuItem[] = [toExternal('Admin Dashboard', 'adminArea')];
export const engageAdminMenu: readonly MenuItem[] = [toExternal('Engage Platform', 'engagePlatform')];

/** Shown to everyone (spec 2.8). */
export const blogLink = toExternal('Blog', 'blog');

/** The header menu for whoever is looking. */
export function headerMenu(viewer: Viewer | null): readonly MenuItem[] {
  if (!viewer) return visitorMenu;
  switch (viewer.role) {
    case 'CS':
      return careSeekerMenu;
    case 'CR':
      return workerMenu;
    case 'SUPPORT':
      return coordinatorMenu;
    case 'ADMIN':
      return adminMenu;
    case 'ENGAGEADMIN':
      return engageAdminMenu;
  }
}

/** Items of a menu that this viewer sees. */
export function visibleItems(items: readonly MenuItem[], viewer: Viewer | null): readonly MenuItem[] {
  return items.filter((item) => !(item.hiddenForInactive && viewer?.isInactiveWorker));
}

/** Spec section 6: the AI worker match and Post a job links appear to visitors and CS only. */
export function seesCareSeekerCallsToAction(viewer: Viewer | null): boolean {
  return viewer === null || viewer.role === 'CS';
}

/**
 * Spec 2.8: one help centre link per role. The help centre is external (HELP_CENTRE_URL); this is
 * the section of it for the viewer, to append to that address.
 */
export function helpCentreSection(viewer: Viewer | null): string {
  switch (viewer?.role) {
    case 'CR':
      return '/workers';
    case 'SUPPORT':
      return '/support-coordinators';
    case 'CS':
    case undefined:
      return '/care-seekers';
    default:
      return '/';
  }
}
