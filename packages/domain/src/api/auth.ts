import { z } from 'zod';
import { roles } from '../roles';
import { workerProfileStatuses } from '../profile-options';

/**
 * Request and response schemas of the accounts API (spec sections 3, 7 and 8; issue 3). The API
 * validates and serialises with them; the web app parses responses with them. Request bodies use
 * the schemas of `validation/account.ts`.
 */

const profileStatusSchema = z.enum(workerProfileStatuses).nullable();

/** Someone as other people see them in account answers. */
export const personSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type Person = z.infer<typeof personSchema>;

/** POST /api/signin → 200. The spec's fields (section 3), plus the worker's profile status. */
export const signInResponseSchema = personSchema.extend({
  phone: z.string().nullable(),
  authToken: z.string(),
  superUserLogin: z.boolean(),
  freshchatId: z.string().nullable(),
  /** ACTIVE or INACTIVE for a worker (CR), null for every other role. */
  profileStatus: profileStatusSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

// Defined with zod/mini in message.ts (kept out of the first page load); exported here too
// because every account route answers it.
export { messageResponseSchema, type MessageResponse } from './message';

/** POST /api/signup → 201. The account is created unverified; a code is emailed. */
export const signUpResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  message: z.string(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;


/**
 * GET /api/me → 200: the current user. When a support coordinator acts for a client through an
 * alias session, the user is the client and `actingFor` is null while `actor` is the coordinator
 * who is really acting. Otherwise `actor` is null.
 */
export const meResponseSchema = personSchema.extend({
  phone: z.string().nullable(),
  profileStatus: profileStatusSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  actor: personSchema.nullable(),
  /** For a worker: how complete the profile is, and what is missing (labels for people). */
  workerProfile: z
    .object({
      status: z.enum(workerProfileStatuses),
      completenessPercent: z.number().int().min(0).max(100),
      missing: z.array(z.string()),
    })
    .nullable(),
  /** For a support coordinator: the organisation. */
  organisation: z.string().nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/support-coordinator/clients/{clientId}/alias → 200 (spec section 3: the alias session). */
export const aliasSessionResponseSchema = z.object({
  aliasToken: z.string(),
  name: z.string(),
  firstName: z.string(),
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type AliasSessionResponse = z.infer<typeof aliasSessionResponseSchema>;

/**
 * What the coordinator's dashboard shows of a linked client (issue 16), worked out on the server
 * for all clients at once. Money in cents.
 */
export const coordinatorClientFiguresSchema = z.object({
  /** Booked shifts still to come (not cancelled). */
  upcomingShiftCount: z.number().int().nonnegative(),
  /** The next of them: its start, and the same as a local time in the zone of the state where it happens. */
  nextShift: z.object({ startsAt: z.iso.datetime({ offset: true }), startsAtLocal: z.string(), timeZone: z.string() }).nullable(),
  /** Job reports submitted and waiting for the client to approve or reject them. */
  hoursAwaitingApprovalCount: z.number().int().nonnegative(),
  unpaidInvoiceCount: z.number().int().nonnegative(),
  unpaidInvoiceCents: z.number().int().nonnegative(),
  /** The plan's dates from /provider-details; null when not given. */
  planStartDate: z.iso.date().nullable(),
  planEndDate: z.iso.date().nullable(),
  /** Invoices issued (and not credited) between the plan's dates, in the state's local time; null without plan dates. */
  invoicedThisPlanCents: z.number().int().nonnegative().nullable(),
});
export type CoordinatorClientFigures = z.infer<typeof coordinatorClientFiguresSchema>;

/** A client whose link is ACTIVE: the coordinator acts for them and sees their figures. */
export const linkedCoordinatorClientSchema = personSchema.extend({
  linkStatus: z.literal('ACTIVE'),
  phone: z.string().nullable(),
  linkedAt: z.string(),
  figures: coordinatorClientFiguresSchema,
});
/**
 * A request the care seeker has not answered yet: only the address the coordinator typed, nothing
 * about the account, until the care seeker accepts.
 */
export const pendingCoordinatorClientSchema = z.object({
  linkStatus: z.literal('PENDING'),
  linkId: z.string(),
  email: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
});

/** GET /api/support-coordinator/clients → 200: the coordinator's linked clients (by name), then the requests waiting for an answer. */
export const coordinatorClientSchema = z.discriminatedUnion('linkStatus', [linkedCoordinatorClientSchema, pendingCoordinatorClientSchema]);
export const coordinatorClientsResponseSchema = z.array(coordinatorClientSchema);
export type CoordinatorClient = z.infer<typeof coordinatorClientSchema>;
export type LinkedCoordinatorClient = z.infer<typeof linkedCoordinatorClientSchema>;
export type PendingCoordinatorClient = z.infer<typeof pendingCoordinatorClientSchema>;

/** GET /api/dev/outbox?to=EMAIL → 200, newest first (outside production only). */
export const outboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export const outboxResponseSchema = z.array(outboxMessageSchema);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Success texts of the accounts API that the spec does not give (ours). */
export const accountMessages = {
  signedUp: 'Your account has been created. We have emailed you a 6-digit code to verify your email address.',
  resetLinkSent: 'If an account exists for that email address, we have emailed a link to reset your password. The link works for 1 hour.',
  passwordReset: 'Your password has been changed. You can now login with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  verificationCodeVoid: 'This verification code has been entered wrongly too many times. Please request a new code.',
  verificationCodeExpired: 'This verification code has expired. Please request a new code.',
  alreadyVerified: 'Your email address is already verified. You can login now.',
  signedOut: 'You have signed out.',
  aliasEnded: 'You are no longer acting for your client.',
  clientNotLinked: 'This person is not one of your linked clients.',
} as const;

/** How long to wait, as people say it: "45 seconds", "1 minute", "12 minutes". */
function waitingTime(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 text: says when to try again (issue 3). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${waitingTime(retryAfterSeconds)}.`;
}

/**
 * 429 text when an address has had its hour's verification codes (issue 11): no new code was
 * sent, so the person is pointed at the newest one they have, and told when they may ask again.
 */
export function tooManyVerificationCodesMessage(retryAfterSeconds: number): string {
  return `We have sent several verification codes to this email address in the last hour, so we did not send another. Please enter the newest code we sent you, or ask for a new one in ${waitingTime(retryAfterSeconds)}.`;
}
