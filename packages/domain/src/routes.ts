import type { Role } from './roles';

/**
 * The route table of spec section 2: every path of the web app with its access rule, page title
 * and description. The web router and its guard are built from it; the API's authorisation reads
 * the same access rules (see `access.ts`), so a rule is written once.
 *
 * Paths use React Router syntax (`:param`). Three paths depend on configuration and carry a
 * placeholder resolved by `resolveRoutePath`: `{brand}` (the brand in lower case, spec README),
 * `{partnerOne}` and `{partnerTwo}` (the partner organisations' slugs).
 */
export type RouteAccess =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'roles';
      readonly roles: readonly Role[];
      /** Spec 2.5 and 2.6: an INACTIVE worker profile may not open this route. */
      readonly blockedForInactive?: boolean;
    };

export interface RouteDef {
  /** Stable identifier; the web app maps it to a screen. Routes sharing a screen share `screen`. */
  readonly id: string;
  readonly path: string;
  readonly access: RouteAccess;
  /** The screen that renders this route; routes that are "the same page" name the same screen. */
  readonly screen: string;
  /** Page title without the brand suffix. */
  readonly title: string;
  readonly description: string;
}

const publicAccess: RouteAccess = { kind: 'public' };
const only = (...allowed: Role[]): RouteAccess => ({ kind: 'roles', roles: allowed });
const activeOnly = (...allowed: Role[]): RouteAccess => ({
  kind: 'roles',
  roles: allowed,
  blockedForInactive: true,
});

type RouteInput = Omit<RouteDef, 'screen'> & { readonly screen?: string };

function route(input: RouteInput): RouteDef {
  return { ...input, screen: input.screen ?? input.id };
}

function publicRoute(id: string, path: string, title: string, description: string, screen?: string): RouteDef {
  return route({ id, path, access: publicAccess, title, description, ...(screen ? { screen } : {}) });
}

function policyRoute(id: string, path: string, title: string, description: string): RouteDef {
  return route({ id, path, access: publicAccess, title, description, screen: 'policy' });
}

export const routeTable: readonly RouteDef[] = [
  // 2.1, 2.2 sign-in and registration
  publicRoute('login', '/login', 'Log in', 'Sign in to manage your care, your work or your clients.'),
  publicRoute('forgotPassword', '/forgot-password', 'Forgot your password', 'Get a link to reset your password.'),
  publicRoute('resetPassword', '/resetPassword', 'Reset your password', 'Choose a new password for your account.'),
  publicRoute('workerRegister', '/careworker/register', 'Become a care worker', 'Register as an independent care and support worker.'),

  // 2.3 public routes
  publicRoute('home', '/', 'Find care and support workers you choose', 'Find, hire and pay independent aged care, disability and mental health support workers near you, with NDIS or aged care funding or your own money.'),
  publicRoute('postJob', '/careseeker/post-a-job', 'Post a job', 'Tell local support workers what you need and hear from the ones who fit.'),
  // Spec path /careseeker/post-a-job/step-{step}: React Router matches whole segments, so the
  // screen reads the `step-N` segment itself.
  publicRoute('postJobStep', '/careseeker/post-a-job/:step', 'Post a job', 'Tell local support workers what you need and hear from the ones who fit.', 'postJob'),
  publicRoute('jobDetails', '/jobs/:jobId', 'Job details', 'A care or support job posted on the marketplace.'),
  publicRoute('workerSearch', '/care-workers/search', 'Find care and support workers', 'Search independent care and support workers by location, skills, languages and availability.'),
  publicRoute('workerPublicProfile', '/carer/profile/:carerId', 'Care worker profile', 'Skills, experience, rates, checks and reviews of an independent care and support worker.'),
  publicRoute('workerLanding', '/careworker', 'Work as an independent support worker', 'Set your own rates and hours, choose your clients and get paid on time.'),
  publicRoute('workerLandingAlias', '/carer', 'Work as an independent support worker', 'Set your own rates and hours, choose your clients and get paid on time.', 'workerLanding'),
  publicRoute('coordinatorLanding', '/support-coordinator', 'For support coordinators', 'Find workers for your clients and manage their supports in one place.'),
  publicRoute('claimAccount', '/claim-account', 'Claim your account', 'Choose a password for the account your support coordinator made for you.'),
  publicRoute('coordinatorLinkAnswer', '/coordinator-link', 'Support coordinator request', 'Accept or decline a support coordinator\'s request to link to your account.'),
  publicRoute('coordinatorRegister', '/support-coordinator/register', 'Register as a support coordinator', 'Create a support coordinator account to manage your clients.'),
  publicRoute('providers', '/providers', 'For providers', 'Partner with us so your clients can choose their own support workers.'),
  publicRoute('providersAlias', '/csproviders', 'For providers', 'Partner with us so your clients can choose their own support workers.', 'providers'),
  publicRoute('referrals', '/referrals', 'Make a referral', 'Refer a client who needs care or support.'),
  publicRoute('referralDisability', '/referral/disability', 'Disability support referral', 'Refer a person with disability for support.'),
  publicRoute('quickRequest', '/quick-request', 'Quick request for support', 'Tell us briefly what you need and we will help you find a worker.'),
  publicRoute('covid19', '/covid-19', 'COVID-19 information', 'How we keep clients and workers safe from COVID-19.'),
  publicRoute('disabilitySupportWorkers', '/services/disability-support-workers', 'Disability support workers', 'Find disability support workers for NDIS and privately funded support.'),
  publicRoute('mentalHealthSupportWorkers', '/services/mental-health-support-workers', 'Mental health support workers', 'Find psychosocial and mental health support workers.'),
  publicRoute('agedCareWorkers', '/services/aged-care-workers', 'Aged care workers', 'Find aged care workers for care at home.'),
  publicRoute('homeCarePackage', '/home-care-package', 'Support at Home and Home Care Packages', 'Use your Support at Home or Home Care Package budget on workers you choose.'),
  publicRoute('partnerOne', '/{partnerOne}', 'Partner offer', 'Support workers for customers of our partner organisation.', 'partnerLanding'),
  publicRoute('partnerTwo', '/{partnerTwo}', 'Partner offer', 'Support workers for customers of our partner organisation.', 'partnerLanding'),
  publicRoute('aboutUs', '/about-us', 'About us', 'Who we are and why we built a better way to find care.'),
  publicRoute('founders', '/founders', 'Our founders', 'The people who started the marketplace.'),
  publicRoute('workers', '/workers', 'Our care and support workers', 'Meet the independent workers on the marketplace.'),
  publicRoute('testimonials', '/testimonials', 'Testimonials', 'What clients, families and workers say about us.'),
  publicRoute('mediaCentre', '/media-centre', 'Media centre', 'News, media releases and contacts for journalists.'),
  publicRoute('contactUs', '/contact-us', 'Contact us', 'Phone, email or write to our support team.'),
  publicRoute('ndisFundedSupport', '/ndis-funded-support', 'NDIS funded support', 'Use your NDIS plan to pay for workers you choose.'),
  policyRoute('privacyPolicy', '/privacy-policy', 'Privacy policy', 'How we collect, use, store and disclose personal information.'),
  policyRoute('termsConditions', '/terms-conditions', 'Terms and conditions', 'The terms for using the marketplace.'),
  policyRoute('complaintsPolicy', '/complaints-policy', 'Complaints policy', 'How to make a complaint and how we handle it.'),
  policyRoute('policeCheckPolicy', '/police-check-policy', 'Police check policy', 'The background checks every worker must hold.'),
  policyRoute('customerServiceCharter', '/customer-service-charter', 'Customer service charter', 'The service you can expect from us.'),
  policyRoute('codeOfConduct', '/code-of-conduct', 'Code of conduct', 'The conduct we expect of everyone on the marketplace.'),
  policyRoute('humanRightsPolicy', '/protection-of-human-rights-freedom-from-abuse-and-neglect', 'Protection of human rights and freedom from abuse and neglect', 'How we protect the rights and safety of the people we support.'),
  policyRoute('insurancePolicy', '/insurance-policy', 'Insurance policy', 'The insurance that covers workers on the marketplace.'),
  publicRoute('feedbackHub', '/feedback-complaints-incident-reports', 'Feedback, complaints and incident reports', 'Give feedback, make a complaint or report an incident.'),
  publicRoute('feedback', '/feedback', 'Give feedback', 'Tell us what went well or what we can improve.'),
  publicRoute('makeComplaint', '/make-a-complaint', 'Make a complaint', 'Tell us about a problem so we can put it right.'),
  publicRoute('reportIncident', '/report-incident', 'Report an incident', 'Report an incident involving a client or a worker.'),
  policyRoute('workHealthSafety', '/work-health-and-safety', 'Work health and safety', 'How we keep workers and clients safe at work.'),
  policyRoute('incidentResponse', '/incident-response-investigation', 'Incident response and investigation', 'How we respond to and investigate incidents.'),
  policyRoute('fireSafety', '/fire-safety-emergency-disaster-policy', 'Fire safety, emergency and disaster policy', 'How support continues safely through fires, emergencies and disasters.'),
  policyRoute('yourRights', '/your-rights-using-{brand}', 'Your rights', 'Your rights as a client of an NDIS registered provider.'),
  // Issue 11: the three documents a worker accepts at registration (spec section 5), each on its own page.
  policyRoute('termsOfEngagement', '/terms-of-engagement', 'Terms of engagement', 'The terms on which independent workers offer their services through the marketplace.'),
  policyRoute('ndisCodeOfConduct', '/ndis-code-of-conduct', 'NDIS Code of Conduct', 'The seven obligations of everyone who delivers NDIS supports, and what they mean in practice.'),
  policyRoute('agedCareCodeOfConduct', '/aged-care-code-of-conduct', 'Aged Care Code of Conduct', 'The eight obligations of everyone who delivers aged care, and what they mean in practice.'),

  // 2.4 care seeker only
  route({ id: 'careSeekerDashboard', path: '/dashboard', access: only('CS'), title: 'Dashboard', description: 'Your jobs, workers, bookings and invoices at a glance.' }),
  route({ id: 'invoicesAndHours', path: '/invoices-and-hours', access: only('CS'), title: 'Invoices and hours', description: 'Approve hours and pay invoices.' }),
  route({ id: 'myAccount', path: '/my-account', access: only('CS'), title: 'My account', description: 'Your account, payment and compliance details.' }),
  route({ id: 'accountDetails', path: '/account-details', access: only('CS'), title: 'Account details', description: 'Your name, contact details and password.' }),
  route({ id: 'complianceDetails', path: '/compliance-details', access: only('CS'), title: 'Compliance details', description: 'Service agreements, plans and other compliance records.' }),
  route({ id: 'complianceSection', path: '/compliance-details/:section', access: only('CS'), title: 'Compliance details', description: 'Service agreements, plans and other compliance records.', screen: 'complianceDetails' }),
  // Issue 15: the care seeker's saved cards and whether invoices are paid automatically.
  route({ id: 'paymentDetails', path: '/payment-details', access: only('CS'), title: 'Payment details', description: 'Your saved cards and how your invoices are paid.' }),
  // Issue 16: the plan's budgets by category, what is spent and committed, and when the money runs out.
  route({ id: 'fundingWallet', path: '/funding-wallet', access: only('CS'), title: 'Funding wallet', description: 'Your plan budgets, what is spent and booked, and how long the money lasts.' }),
  route({ id: 'providerDetails', path: '/provider-details', access: only('CS'), title: 'Provider and plan details', description: 'Your NDIS or aged care funding details.' }),
  route({ id: 'myWorkers', path: '/my-workers', access: only('CS'), title: 'My workers', description: 'Your shortlisted and contracted workers.' }),
  // Issue 13: offering a service agreement to a worker, optionally for one of the care seeker's jobs.
  route({ id: 'offerContract', path: '/offer-contract', access: only('CS'), title: 'Offer a service agreement', description: 'Offer a worker a service agreement with your terms and rates.' }),
  route({ id: 'myJobPosts', path: '/my-job-posts', access: only('CS'), title: 'My job posts', description: 'Your jobs and the workers who applied.' }),
  route({ id: 'editJob', path: '/edit-job/:jobId', access: only('CS'), title: 'Edit job', description: 'Change the details of your job post.' }),
  route({ id: 'pendingInvoices', path: '/pending-invoices', access: only('CS'), title: 'Pending invoices', description: 'Invoices waiting for payment.' }),
  route({ id: 'pastInvoices', path: '/past-invoices', access: only('CS'), title: 'Past invoices', description: 'Invoices you have paid.' }),

  // 2.5 care worker only
  route({ id: 'myJobs', path: '/my-jobs', access: activeOnly('CR'), title: 'My jobs', description: 'Your applications and contracts.' }),
  route({ id: 'submitTimesheet', path: '/submit-timesheet', access: activeOnly('CR'), title: 'Submit hours', description: 'Submit the hours you worked.' }),
  // Spec 2.5 lists this under the worker's routes, but the one-click link in a job alert email
  // must work signed out (issue 6): the page is public and the signed token is the proof. The
  // page itself shows a signed-in worker the switch and asks anyone else without a token to sign in.
  // Issue 14: the nominee's emailed link approves hours without signing in; the signed token is the proof.
  publicRoute('approveHours', '/approve-hours', 'Approve hours', 'Approve the hours a worker has submitted, from the link in your email.'),
  publicRoute('unsubscribeNearbyJobs', '/carer/unsubscribe/nearbyjobs', 'Job alert emails', 'Stop emails about new jobs near you.'),
  // Issue 17: the link in an email's footer stops that topic's emails; public, the signed token is the proof.
  publicRoute('emailOptOut', '/unsubscribe', 'Stop these emails', 'Stop one kind of email from the link at the bottom of it.'),
  route({ id: 'findJob', path: '/find-a-job', access: only('CR'), title: 'Find a job', description: 'Care and support jobs near you.', screen: 'jobSearch' }),
  route({ id: 'jobSearch', path: '/jobs/search', access: only('CR'), title: 'Find a job', description: 'Care and support jobs near you.' }),
  route({ id: 'workerInvoices', path: '/invoices', access: only('CR'), title: 'Invoices', description: 'Invoices issued for your work.' }),
  route({ id: 'paidInvoices', path: '/paid-invoices', access: only('CR'), title: 'Remittances', description: 'Payments made to you.' }),
  route({ id: 'savedHours', path: '/saved-hours', access: only('CR'), title: 'Saved hours', description: 'Hours you saved but have not submitted yet.' }),
  route({ id: 'workerWelcome', path: '/care-worker/welcome', access: only('CR'), title: 'Welcome', description: 'Your next steps to start working.' }),
  route({ id: 'workerOwnProfile', path: '/carer/profile', access: only('CR'), title: 'My profile', description: 'Your profile as care seekers see it.' }),
  route({ id: 'workerDashboard', path: '/care-worker/dashboard', access: only('CR'), title: 'My dashboard', description: 'Your jobs, shifts, hours and payments at a glance.' }),
  route({ id: 'updateWorkerProfile', path: '/care-worker/update-profile', access: only('CR'), title: 'Update my profile', description: 'Your photo, bio, skills, rates and availability.' }),
  // Issue 12: the worker's two referees, and the public form each referee answers from their email.
  route({ id: 'workerReferees', path: '/care-worker/referees', access: only('CR'), title: 'Referees', description: 'The two people who can vouch for your work.' }),
  publicRoute('referenceForm', '/reference/:token', 'Give a reference', 'Tell us about a support worker who named you as a referee.'),
  // Issue 12: a worker's checks and documents. Not blocked for inactive profiles: renewing a lapsed check is how they become active again.
  route({ id: 'workerDocuments', path: '/care-worker/documents', access: only('CR'), title: 'Checks and documents', description: 'Your police check, NDIS worker screening and other documents, and when each expires.' }),
  route({ id: 'taxAndSuper', path: '/tax-and-super', access: only('CR'), title: 'Tax and super', description: 'Your ABN, GST and superannuation details.' }),
  route({ id: 'learningHub', path: '/learning-hub', access: only('CR'), title: 'Learning hub', description: 'Training and resources for independent workers.' }),
  // Issue 12: one learning hub module, its content and its quiz.
  route({ id: 'learningModule', path: '/learning-hub/:code', access: only('CR'), title: 'Learning hub module', description: 'Read a learning hub module and take its quiz.' }),
  route({ id: 'workerCheckIns', path: '/care-worker/check-ins', access: only('CR'), title: 'Check-ins', description: 'Your quarterly check-ins.' }),
  route({ id: 'workerAnnualReview', path: '/care-worker/annual-review', access: only('CR'), title: 'Annual review', description: 'Your annual review.' }),
  // Issue 16: every role's account settings; the care seeker's are at /account-details (spec 2.4).
  route({ id: 'workerAccountDetails', path: '/care-worker/account-details', access: only('CR'), title: 'Account details', description: 'Your name, contact details and password.', screen: 'accountDetails' }),

  // 2.6 shared care seeker and care worker
  route({ id: 'platformFee', path: '/platform-fee', access: only('CS', 'CR'), title: 'Platform fee', description: 'What the platform fee is and what it pays for.' }),
  route({ id: 'unapprovedInvoices', path: '/unapproved-invoices', access: only('CS', 'CR'), title: 'Job reports', description: 'Hours waiting for approval.' }),
  route({ id: 'shiftNotes', path: '/shift-notes', access: only('CS', 'CR'), title: 'Shift notes', description: 'Notes written after each shift.' }),
  route({ id: 'shiftNotesDownload', path: '/shift-notes/download', access: only('CS', 'CR'), title: 'Download shift notes', description: 'Download the shift notes of a date range as a PDF or a CSV file.' }),
  // Issue 14: one invoice or credit note, for its two parties (the API answers anyone else 404).
  // Not blocked for inactive workers: an invoice already issued is theirs to read, download and correct.
  route({ id: 'invoice', path: '/invoice/:invoiceId', access: only('CS', 'CR'), title: 'Invoice', description: 'One invoice: its lines, totals, platform fee and PDF.' }),
  // Issue 13: one service agreement, for its two parties; blocked for inactive workers like My jobs.
  route({ id: 'contract', path: '/contracts/:contractId', access: activeOnly('CS', 'CR'), title: 'Service agreement', description: 'The terms of a service agreement, and accepting, declining or ending it.' }),
  route({ id: 'contractDownload', path: '/contract/download', access: only('CS', 'CR'), title: 'Download contract', description: 'Download a contract as a PDF.' }),
  route({ id: 'messages', path: '/messages', access: activeOnly('CS', 'CR'), title: 'Messages', description: 'Your conversations.' }),
  route({ id: 'myCalendar', path: '/my-calendar', access: activeOnly('CS', 'CR'), title: 'My calendar', description: 'Your shifts by week and month.' }),
  route({ id: 'myBookings', path: '/my-bookings', access: activeOnly('CS', 'CR'), title: 'My bookings', description: 'Your booked shifts.' }),
  // Issue 31 item 8: one shift, which each shift email opens; for its two sides (the API answers
  // anyone else 404), blocked for inactive workers like My bookings.
  route({ id: 'shift', path: '/my-bookings/:shiftId', access: activeOnly('CS', 'CR'), title: 'Shift', description: 'One shift: when, with whom, its status, its series and what you can do about it.' }),

  // 2.7 support coordinator only
  route({ id: 'coordinatorDash', path: '/support-coordinator/dash', access: only('SUPPORT'), title: 'My SC Dashboard', description: 'Your clients and their supports.', screen: 'coordinatorDashboard' }),
  route({ id: 'coordinatorDashboard', path: '/support-coordinator/dashboard', access: only('SUPPORT'), title: 'My SC Dashboard', description: 'Your clients and their supports.' }),
  route({ id: 'coordinatorAddClient', path: '/support-coordinator/add-client', access: only('SUPPORT'), title: 'Add a client', description: 'Create an account for a new client.' }),
  route({ id: 'coordinatorFunding', path: '/support-coordinator/funding', access: only('SUPPORT'), title: 'Client funding', description: 'Every client\'s plan budgets and what is spent.' }),
  route({ id: 'coordinatorRequestLinking', path: '/support-coordinator/request-linking', access: only('SUPPORT'), title: 'Request linking', description: 'Ask an existing client to link their account to you.' }),
  route({ id: 'coordinatorAccountDetails', path: '/support-coordinator/account-details', access: only('SUPPORT'), title: 'Account details', description: 'Your name, contact details and password.', screen: 'accountDetails' }),

  // Issue 17: the notification centre, which the header's bell opens: every signed-in role (a
  // coordinator acting for a client sees the client's), inactive workers included.
  route({ id: 'notifications', path: '/notifications', access: only('CS', 'CR', 'SUPPORT', 'ADMIN'), title: 'Notifications', description: 'What has happened that concerns you, newest first.' }),
  // Issue 29: the "Download my data" email links here; the file is given only to its owner signed in.
  route({ id: 'dataExportDownload', path: '/my-data/:exportId', access: only('CS', 'CR', 'SUPPORT', 'ADMIN'), title: 'Download my data', description: 'Download the copy of your data you asked for.' }),

  // Administrators (spec section 6: ADMIN's home is the admin area, ADMIN_URL). The admin console
  // lives in this app at /admin, ADMIN_URL's default (issue 12); its pages share one navigation
  // (apps/web/src/features/admin/admin-console-nav.tsx).
  route({ id: 'adminHome', path: '/admin', access: only('ADMIN'), title: 'Admin home', description: 'What exists on the marketplace: accounts, workers, jobs and applications.' }),
  route({ id: 'adminReviewQueue', path: '/admin/review', access: only('ADMIN'), title: 'Review queue', description: 'Workers waiting for their profile and checks to be reviewed, oldest first.' }),
  route({ id: 'adminWorkerReview', path: '/admin/workers/:workerId', access: only('ADMIN'), title: 'Review a worker', description: 'A worker’s whole profile, documents and referees, to approve or ask for changes.' }),
  route({ id: 'adminPeople', path: '/admin/people', access: only('ADMIN'), title: 'People', description: 'Find an account by name, email, phone or role.' }),
  route({ id: 'adminPerson', path: '/admin/people/:userId', access: only('ADMIN'), title: 'Account', description: 'One account: its details, status and history.' }),
  route({ id: 'adminInbox', path: '/admin/inbox', access: only('ADMIN'), title: 'Inbox', description: 'Feedback, complaints, incident reports and other forms sent from the site.' }),
  route({ id: 'adminInboxItem', path: '/admin/inbox/:submissionId', access: only('ADMIN'), title: 'Inbox item', description: 'One form sent from the site, with its status, assignee and notes.' }),
  route({ id: 'adminAudit', path: '/admin/audit', access: only('ADMIN'), title: 'Audit log', description: 'Who did what to whom, newest first.' }),
  // Issue 27: background jobs that failed (emails first of all), to send again or discard.
  route({ id: 'adminJobs', path: '/admin/jobs', access: only('ADMIN'), title: 'Background jobs', description: 'Emails and other background work that failed, to try again or discard.' }),
  // Issue 12: annual reviews waiting for an administrator's sign-off.
  route({ id: 'adminAnnualReviews', path: '/admin/annual-reviews', access: only('ADMIN'), title: 'Annual reviews', description: 'Workers’ annual self-reviews waiting for sign-off, and those signed off.' }),
  // Issue 15: money received, payouts to workers and NDIA claims.
  route({ id: 'adminPayments', path: '/admin/payments', access: only('ADMIN'), title: 'Payments received', description: 'Invoices waiting for money, and recording a transfer received.' }),
  route({ id: 'adminPayouts', path: '/admin/payouts', access: only('ADMIN'), title: 'Payouts', description: 'Payout runs to workers, their bank files, and workers held back.' }),
  route({ id: 'adminNdisClaims', path: '/admin/ndis-claims', access: only('ADMIN'), title: 'NDIA claims', description: 'Agency-managed invoices to claim from the NDIA, claim files and their results.' }),
  // Issue 28: the books on one screen, a section per topic (receivables by payer first).
  route({ id: 'adminMoney', path: '/admin/money', access: only('ADMIN'), title: 'Money', description: 'The books on one screen: what payers owe by payer and age, the NDIA’s claims by state and the payouts by bank file, tied to the ledger.' }),
  // Issue 17: moderating reviews, and care seekers flagged by workers' private ratings.
  route({ id: 'adminReviews', path: '/admin/reviews', access: only('ADMIN'), title: 'Reviews', description: 'The newest reviews of workers, hiding those that break the guidelines, and clients flagged by workers.' }),
];

export type RouteId = string;

/** The title and description of the not-found page, which no route of the table names. */
export const notFoundPage = {
  title: 'Page not found',
  description: 'We could not find the page you asked for.',
} as const;

export interface RoutePlaceholders {
  readonly brandName: string;
  readonly partnerOneSlug: string;
  readonly partnerTwoSlug: string;
}

/** Resolves the configuration placeholders of a route path. */
export function resolveRoutePath(path: string, site: RoutePlaceholders): string {
  return path
    .replace('{brand}', site.brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
    .replace('{partnerOne}', site.partnerOneSlug)
    .replace('{partnerTwo}', site.partnerTwoSlug);
}

export function findRoute(id: string): RouteDef {
  const found = routeTable.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}

/** A route's path with its parameters filled in, e.g. `routePath('jobDetails', { jobId })`. */
export function routePath(id: string, params: Record<string, string> = {}): string {
  return findRoute(id).path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing parameter ${name} for route ${id}`);
    return encodeURIComponent(value);
  });
}
