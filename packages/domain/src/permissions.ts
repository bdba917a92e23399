import { decideAccess, type AccessDecision, type Viewer } from './access';
import { roles, type Role } from './roles';
import type { RouteAccess } from './routes';

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

/** Named rules, so a route says what it allows in words (`config: { access: apiAccess.me }`). */
export const apiAccess = {
  /** Anyone, signed in or not. */
  public: publicAccess,
  /** Signing in, signing up, verifying an email address, resetting a password. */
  accountRecovery: publicAccess,
  /** The current user, signing out, ending an alias session: anyone signed in. */
  me: 'signedIn',
  signOut: 'signedIn',
  endAlias: 'signedIn',
  /** A support coordinator's linked clients, and acting as one of them (spec sections 2.7 and 6). */
  coordinatorClients: only('SUPPORT'),
  startAlias: only('SUPPORT'),
  /** The public site's forms and the newsletter sign-up (issue 4): anyone, signed in or not. */
  submitForm: publicAccess,
  newsletterSignup: publicAccess,
  /** Worker search, recent workers, public profiles and the AI worker match (spec section 6: public). */
  workerSearch: publicAccess,
  /** A care seeker's shortlist and workers; a coordinator acting as a client counts as the client. */
  shortlist: only('CS'),
  myCarers: only('CS'),
  contactWorker: only('CS'),
  /** Jobs (issue 6). Posting, editing, closing, applicants and invitations: the care seeker who owns the job (or a coordinator acting as them). */
  postJob: only('CS'),
  jobOwner: only('CS'),
  /** A job's public page: anyone; the private fields only for the owner. */
  jobDetails: publicAccess,
  /** The job board, applying and a worker's applications and invitations: workers (applying needs an active profile). */
  jobBoard: only('CR'),
  applyToJob: only('CR'),
  myApplications: only('CR'),
  jobAlertSettings: only('CR'),
  /** The one-click unsubscribe link in a job alert email works without signing in: the signed token is the proof. */
  unsubscribeJobAlerts: publicAccess,
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
  readonly linkStatus: 'ACTIVE' | 'PENDING' | null;
  readonly isClientActive: boolean;
}): boolean {
  return (
    input.actorRole === 'SUPPORT' &&
    !input.isAlreadyActingForSomeone &&
    input.linkStatus === 'ACTIVE' &&
    input.isClientActive
  );
}
