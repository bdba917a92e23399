import { decideAccess, type AccessDecision, type Viewer } from './access';
import { roles, type Role } from './roles';
import { findRoute, type RouteAccess } from './routes';

/**
 * Access rules of the API (STYLE.md rule 5, deny by default). Every route under /api declares
 * one of these in `config.access`; the API refuses to start when a route lacks one. They reuse the
 * route table's `RouteAccess` and `decideAccess`, so the web guard and the API answer alike.
 *
 * `'signedIn'` is any signed-in person, whatever the role.
 */
export type ApiAccess = RouteAccess | 'signedIn';

const signedInAccess: RouteAccess = { kind: 'roles', roles };

/** The `RouteAccess` an API rule stands for. */
export function toRouteAccess(access: ApiAccess): RouteAccess {
  return access === 'signedIn' ? signedInAccess : access;
}

/** The one access check of the API: the same decision as the web guard. */
export function decideApiAccess(access: ApiAccess, viewer: Viewer | null): AccessDecision {
  return decideAccess(toRouteAccess(access), viewer);
}

const publicAccess = { kind: 'public' } as const satisfies RouteAccess;
const only = (...allowed: Role[]): RouteAccess => ({ kind: 'roles', roles: allowed });

/**
 * The screens of the route table that each API rule below serves: the data those screens show, or
 * the action they offer. A rule that serves a screen blocked for inactive worker profiles (spec
 * sections 2.5, 2.6 and 4) blocks them too, so that the API never gives an inactive worker what
 * the web keeps from them (issue 10); the route table is the one place that says which screens
 * those are.
 */
export const apiAccessScreens = {
  /** The job board (spec 2.5: open to every worker). */
  jobBoard: ['jobSearch', 'findJob'],
  /** An application is made from a job's page but lives on My jobs, which spec 2.5 blocks. */
  applyToJob: ['myJobs'],
  /** A worker's applications and invitations: My jobs. */
  myApplications: ['myJobs'],
  /**
   * The job alert switch is on the public unsubscribe page: a worker must always be able to stop
   * emails, whatever their profile (an inactive profile gets no alerts in the first place).
   */
  jobAlertSettings: ['unsubscribeNearbyJobs'],
  /**
   * The learning hub (issue 12). Open to inactive workers: the induction must be passed before a
   * new worker's profile is reviewed, and a new profile is inactive until it is approved.
   */
  learningHub: ['learningHub'],
  /**
   * Quarterly check-ins and the annual review (issue 12). Spec section 4 hides them from an
   * inactive worker's menu, but the route table does not block their screens (spec 2.5 blocks
   * only My jobs and Submit hours among the worker's own routes), so the API follows the screens.
   */
  checkIns: ['workerCheckIns'],
  annualReview: ['workerAnnualReview'],
  /** Service agreements (issue 13): the agreement page, which My jobs and My workers link to. */
  contracts: ['contract'],
  /** The agreement as a PDF: its download page, which the route table leaves open to inactive workers (it is their record). */
  contractPdf: ['contractDownload'],
  /** Bookings and shifts (issue 13): My bookings, blocked for inactive workers (spec 2.5). */
  myBookings: ['myBookings'],
  /** The calendar and its private feed address (issue 13). */
  myCalendar: ['myCalendar'],
  /** Messages (issue 13): care seekers (a coordinator acting counts as the client) and active workers. */
  messages: ['messages'],
  /**
   * The live event stream and the header's unread count carry what the Messages screen shows (new
   * messages, unread totals), so they follow that screen: an inactive worker is refused, as there.
   */
  liveEvents: ['messages'],
  // Issue 14: invoices and pricing
  /** Invoices: the worker's /invoices, the care seeker's /pending-invoices, /past-invoices and /invoices-and-hours. */
  invoices: ['workerInvoices', 'pendingInvoices', 'pastInvoices', 'invoicesAndHours'],
  /** Crediting an invoice: from the worker's /invoices. */
  creditInvoice: ['workerInvoices'],
  /** The platform fee page, which lists the fee per invoice. */
  platformFees: ['platformFee'],
  /** The cost estimate of a shift at its agreement's rates, on the booking form of My bookings. */
  contractEstimate: ['myBookings'],
  // Issue 14: hours, job reports and shift notes
  /** Recording hours (saving, submitting, receipts): Submit hours, blocked for inactive workers (spec 2.5), and Saved hours. */
  reportHours: ['submitTimesheet', 'savedHours'],
  /** What hours can be recorded for: the Submit hours screen's choices. */
  workToReport: ['submitTimesheet'],
  /** The worker's own hours: Saved hours and their Job reports (open to inactive workers: reading is their record). */
  myTimesheets: ['savedHours', 'unapprovedInvoices'],
  /** One set of hours and its receipts: either side's hours and job report screens. */
  timesheet: ['savedHours', 'unapprovedInvoices', 'pendingInvoices', 'invoicesAndHours'],
  /** Job reports: /unapproved-invoices for both sides and the care seeker's overview. */
  jobReports: ['unapprovedInvoices', 'invoicesAndHours'],
  shiftNotes: ['shiftNotes'],
  shiftNotesDownload: ['shiftNotesDownload'],
  // Issue 15: payouts and remittances
  /** Remittances: the worker's /paid-invoices. */
  remittances: ['paidInvoices'],
  /** Why a worker is not paid: their dashboard. */
  payoutStatus: ['workerDashboard'],
} as const satisfies Record<string, readonly string[]>;

/** `roles` may call it; an inactive worker is refused when any of the screens refuses them. */
function servingScreens(allowed: readonly Role[], routeIds: readonly string[]): RouteAccess {
  const blockedForInactive = routeIds.some((id) => {
    const access = findRoute(id).access;
    return access.kind === 'roles' && access.blockedForInactive === true;
  });
  return blockedForInactive ? { kind: 'roles', roles: allowed, blockedForInactive } : { kind: 'roles', roles: allowed };
}

/** Named rules, so a route says what it allows in words (`config: { access: apiAccess.me }`). */
export const apiAccess = {
  /** Anyone, signed in or not. */
  public: publicAccess,
  /** Signing in, signing up, verifying an email address, resetting a password. */
  accountRecovery: publicAccess,
  /** The current user, signing out, ending an alias session: anyone signed in. */
  me: 'signedIn',
  signOut: 'signedIn',
  /** /account-details (issue 16): every role's own account; password and email refuse a coordinator acting (403). */
  accountDetails: 'signedIn',
  endAlias: 'signedIn',
  /** A support coordinator's linked clients, and acting as one of them (spec sections 2.7 and 6). */
  coordinatorClients: only('SUPPORT'),
  startAlias: only('SUPPORT'),
  /** Linking (issue 16): the coordinator asks; the care seeker answers or revokes (never a coordinator acting); the emailed links work signed out. */
  coordinatorLinkRequest: only('SUPPORT'),
  myCoordinatorLinks: only('CS'),
  coordinatorLinkByToken: publicAccess,
  /** Adding a client account the coordinator manages; the client claims it from the emailed link, signed out. */
  coordinatorAddClient: only('SUPPORT'),
  claimClientAccount: publicAccess,
  /** The public site's forms and the newsletter sign-up (issue 4): anyone, signed in or not. */
  submitForm: publicAccess,
  newsletterSignup: publicAccess,
  /** Worker search, recent workers, public profiles and the AI worker match (spec section 6: public). */
  workerSearch: publicAccess,
  /** Suburb suggestions as a place is typed (issue 11): reference data, public like search. */
  placeSuggestions: publicAccess,
  /** A care seeker's shortlist and workers; a coordinator acting as a client counts as the client. */
  shortlist: only('CS'),
  myCarers: only('CS'),
  contactWorker: only('CS'),
  /** Jobs (issue 6). Posting, editing, closing, applicants and invitations: the care seeker who owns the job (or a coordinator acting as them). */
  postJob: only('CS'),
  jobOwner: only('CS'),
  /** A job's public page: anyone; the private fields only for the owner. */
  jobDetails: publicAccess,
  /** The job board, applying, a worker's applications and invitations, and job alerts: workers, as their screens allow. */
  jobBoard: servingScreens(['CR'], apiAccessScreens.jobBoard),
  applyToJob: servingScreens(['CR'], apiAccessScreens.applyToJob),
  myApplications: servingScreens(['CR'], apiAccessScreens.myApplications),
  jobAlertSettings: servingScreens(['CR'], apiAccessScreens.jobAlertSettings),
  /** The one-click unsubscribe link in a job alert email works without signing in: the signed token is the proof. */
  unsubscribeJobAlerts: publicAccess,
  /** The link in an email's footer that stops one topic's emails (issue 17): the signed token is the proof. */
  emailOptOut: publicAccess,
  /**
   * A worker's own onboarding (issue 12): the profile editor, the checklist, submitting for review,
   * tax and super, and referees. Open to INACTIVE profiles: it is how they become ACTIVE.
   */
  workerOnboarding: only('CR'),
  /** The public reference form a referee opens from their email: the token is the proof. Rate-limited. */
  referenceForm: publicAccess,
  /** A worker's referees with their answers (issue 12): administrators only. */
  adminWorkerReferees: only('ADMIN'),
  /** The learning hub, quarterly check-ins and the annual review (issue 12): workers, as their screens allow. */
  learningHub: servingScreens(['CR'], apiAccessScreens.learningHub),
  checkIns: servingScreens(['CR'], apiAccessScreens.checkIns),
  annualReview: servingScreens(['CR'], apiAccessScreens.annualReview),
  /** Annual reviews waiting for sign-off, and signing one off (issue 12): administrators only. */
  adminAnnualReviews: only('ADMIN'),
  /** The admin home's counts of what exists (issue 11): administrators only. */
  adminSummary: only('ADMIN'),
  /**
   * A worker's own photo and compliance documents (issue 12): workers, including inactive ones —
   * a lapsed check is fixed by uploading a new one, and a new worker adds them before approval.
   */
  workerPhoto: only('CR'),
  workerDocuments: only('CR'),
  /**
   * A document's file: any signed-in person may ask, and only its owner gets it — anyone else is
   * told it does not exist (404), so that ids reveal nothing.
   */
  ownDocumentFile: 'signedIn',
  /** Profile photos show on cards and public profiles: anyone. */
  profilePhotoFile: publicAccess,
  /** Reviewing workers' compliance documents and opening their files: administrators only. */
  adminDocuments: only('ADMIN'),
  /**
   * The admin console (issue 12): the review queue, people, the inbox and the audit log. ADMIN
   * only; a coordinator acting for a client is the client (CS) and is refused like any other role.
   */
  adminConsole: only('ADMIN'),
  /** Background jobs that failed, retrying and discarding them (issue 27): administrators only. */
  adminBackgroundJobs: only('ADMIN'),
  /** Issue 17: a care seeker (or a coordinator acting) reviews a worker; the worker replies; administrators moderate. */
  writeReview: only('CS'),
  replyToReview: only('CR'),
  /** A worker's private rating of a client they worked for. */
  rateClient: only('CR'),
  adminReviews: only('ADMIN'),
  /** Service agreements (issue 13): offering one and its form's defaults are the care seeker's (or a coordinator acting). */
  offerContract: only('CS'),
  /** Reading an agreement and its moves: the two parties, as the agreement page allows; ownership is checked per agreement. */
  contracts: servingScreens(['CS', 'CR'], apiAccessScreens.contracts),
  contractPdf: servingScreens(['CS', 'CR'], apiAccessScreens.contractPdf),
  /** An NDIS item's price limit, shown beside each rate on the offer form and to workers. */
  ndisPriceLimit: only('CS', 'CR'),
  /**
   * Bookings (issue 13): the care seeker (or a coordinator acting for them) books and changes
   * shifts; the worker confirms; either side lists and cancels their own.
   */
  bookShifts: only('CS'),
  myBookings: servingScreens(['CS', 'CR'], apiAccessScreens.myBookings),
  confirmShift: servingScreens(['CR'], apiAccessScreens.myBookings),
  myCalendar: servingScreens(['CS', 'CR'], apiAccessScreens.myCalendar),
  /** The iCalendar feed: public, its secret address is the key. */
  calendarFeed: publicAccess,
  /**
   * Messages (issue 13). Writing: the two sides of a conversation (an inactive worker is refused,
   * as the Messages screen refuses them). Reading also lets an administrator in (audited); the
   * service answers 404 to anyone who is not a participant.
   */
  messages: servingScreens(['CS', 'CR'], apiAccessScreens.messages),
  readMessages: servingScreens(['CS', 'CR', 'ADMIN'], apiAccessScreens.messages),
  /**
   * The live event stream and the header's unread count: anyone signed in (each gets only their
   * own events; a person with no conversation simply gets none), except an inactive worker, whom
   * the Messages screen refuses (403 INACTIVE_PROFILE; the browser stops listening on a 403).
   */
  liveEvents: servingScreens(roles, apiAccessScreens.liveEvents),
  unreadMessages: servingScreens(roles, apiAccessScreens.liveEvents),
  // Issue 14: invoices and pricing
  /**
   * Invoices, one invoice and its PDF: the worker who issued it and the care seeker it was issued
   * to (a coordinator acting for the client is the client); the service answers 404 to anyone else.
   */
  invoices: servingScreens(['CS', 'CR'], apiAccessScreens.invoices),
  /** A credit note: only the worker who issued the invoice (checked per invoice). */
  creditInvoice: servingScreens(['CR'], apiAccessScreens.creditInvoice),
  /** The care seeker's /invoices-and-hours overview. */
  invoiceOverview: only('CS'),
  platformFees: servingScreens(['CS', 'CR'], apiAccessScreens.platformFees),
  /** The public NDIS quote (issue 14): anyone, rate-limited per address. */
  ndisQuote: publicAccess,
  /** A shift's cost at an agreement's rates: the agreement's parties (checked per agreement). */
  contractEstimate: servingScreens(['CS', 'CR'], apiAccessScreens.contractEstimate),
  // Issue 14: hours, job reports and shift notes
  /**
   * Writing hours (saving, submitting, deleting a draft, uploading a receipt): workers, refused to
   * an inactive one as the Submit hours screen refuses them; reading saved hours stays open.
   */
  reportHours: servingScreens(['CR'], apiAccessScreens.reportHours),
  workToReport: servingScreens(['CR'], apiAccessScreens.workToReport),
  myTimesheets: servingScreens(['CR'], apiAccessScreens.myTimesheets),
  /**
   * One set of hours or a receipt: the worker and the care seeker (a coordinator acting is the
   * client); the service answers 404 to anyone who is not a party.
   */
  timesheet: servingScreens(['CS', 'CR'], apiAccessScreens.timesheet),
  jobReports: servingScreens(['CS', 'CR'], apiAccessScreens.jobReports),
  /** Approving or rejecting a job report: the care seeker, or a coordinator acting for them. */
  decideJobReports: servingScreens(['CS'], apiAccessScreens.jobReports),
  /** The nominee's emailed link shows and approves one report without signing in: the signed token is the proof. Rate-limited. */
  jobReportLink: publicAccess,
  /** The nominee on the care seeker's account, on their Invoices and hours overview. */
  nominee: servingScreens(['CS'], ['invoicesAndHours']),
  shiftNotes: servingScreens(['CS', 'CR'], apiAccessScreens.shiftNotes),
  shiftNotesDownload: servingScreens(['CS', 'CR'], apiAccessScreens.shiftNotesDownload),
  // Issue 15: payouts, remittances and NDIA claims
  /** A worker's own remittances (/paid-invoices); anyone else's are 404. Open to inactive workers: it is their record. */
  remittances: servingScreens(['CR'], apiAccessScreens.remittances),
  /** Whether a worker can be paid and why not, on their dashboard. */
  payoutStatus: servingScreens(['CR'], apiAccessScreens.payoutStatus),
  /** Payout runs (list, run now), their lodgement batches (download, mark lodged), returned payments and held workers: administrators only. */
  adminPayouts: only('ADMIN'),
  /** NDIA bulk payment requests (export, download, result upload): administrators only. */
  adminNdisClaims: only('ADMIN'),
  // Issue 15: cards, paying invoices, funding details and receivables
  /**
   * A care seeker's cards, payment settings and funding details, and paying an invoice: the care
   * seeker, or a coordinator acting for them (an administrator never handles someone's card).
   */
  paymentMethods: only('CS'),
  payInvoice: only('CS'),
  fundingDetails: only('CS'),
  /** How an invoice is paid and what was paid: its two parties (the service answers 404 to anyone else). */
  invoicePayments: servingScreens(['CS', 'CR'], apiAccessScreens.invoices),
  /** The payment provider's webhook: public, its signature is the proof. */
  paymentWebhook: publicAccess,
  /** Money waiting and recording a transfer received: administrators only. */
  adminReceivables: only('ADMIN'),
  /** Issue 28: the books on one screen (/admin/money: receivables by payer and age, NDIA claims by state, payouts by bank file): administrators only. */
  adminMoney: only('ADMIN'),
  // Issue 16: compliance details
  /** A care seeker's compliance details (/compliance-details): the care seeker, or a coordinator acting for them. */
  complianceDetails: only('CS'),
  /**
   * A client's support plan, medication and emergency plan, read by a worker from the agreement
   * page: workers with an ACTIVE agreement with that client (checked per client; anyone else 404).
   */
  clientCompliance: servingScreens(['CR'], apiAccessScreens.contracts),
  // Issue 31: the care seeker's home
  /** The /dashboard summary (shifts, hours, invoices, workers, messages): the care seeker, or a coordinator acting for them. */
  careSeekerDashboard: only('CS'),
  // Issue 16: the funding wallet
  /** A care seeker's funding wallet (/funding-wallet): the care seeker, or a coordinator acting for them. */
  fundingWallet: only('CS'),
  /** Every linked client's wallet on one screen: support coordinators (their ACTIVE links only). */
  coordinatorWallets: only('SUPPORT'),
  // Issue 17: notifications
  /**
   * The notification centre: anyone signed in, each their own only (a coordinator acting reads the
   * client's). Open to inactive workers: a document about to expire concerns them most.
   */
  notifications: 'signedIn',
} as const satisfies Record<string, ApiAccess>;

/**
 * Policy: may this person act as that client through an alias session (spec section 6: "A support
 * coordinator can act as a linked client")? Only a support coordinator, not already acting for
 * someone, for a client whose link to them is ACTIVE (a PENDING request does not count) and whose
 * account is not deactivated.
 */
export function canActAsClient(input: {
  readonly actorRole: Role;
  readonly isAlreadyActingForSomeone: boolean;
  readonly linkStatus: 'ACTIVE' | 'PENDING' | 'DECLINED' | 'REVOKED' | null;
  readonly isClientActive: boolean;
}): boolean {
  return (
    input.actorRole === 'SUPPORT' &&
    !input.isAlreadyActingForSomeone &&
    input.linkStatus === 'ACTIVE' &&
    input.isClientActive
  );
}
