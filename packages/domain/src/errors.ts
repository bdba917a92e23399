import { z } from 'zod/mini';
import { isOneOf } from './coded-options';

/**
 * The error catalogue of spec section 8, word for word. Where a text says "using the product",
 * the spec's {product} placeholder stands for the brand (spec README), which comes from
 * configuration (BRAND_NAME): those texts are functions of the brand. Where the spec gives only
 * the beginning of a message ("begins ..."), the text keeps that beginning exactly, dots
 * included, and finishes the thought in our words.
 */

// Login (spec section 8).
/** The message code of an unverified email address (spec section 8: "401 with message code EVF"). */
export const EMAIL_NOT_VERIFIED_CODE = 'EVF';

export function emailNotVerifiedMessage(brandName: string): string {
  return `You must verify your email address before you can login and start using ${brandName}. Please check your email for instructions on how to verify your email address.`;
}

export function accountDeactivatedMessage(supportEmail: string): string {
  return `Your account has been deactivated by an administrator. If you feel this is a mistake, or if you have any questions, please send an email to ${supportEmail}.`;
}

export const INVALID_CREDENTIALS = 'Invalid email address or password';

// Route guard and global request handling (spec sections 6 and 8).
export const PLEASE_LOGIN = 'Please login with your account to continue';
export const NOT_AUTHORIZED = 'You are not authorized to perform that action.';
export const INACTIVE_PROFILE = 'This feature is not available for inactive profiles';

// Verification (spec section 8).
export const INVALID_VERIFICATION_CODE =
  'Invalid verification code. Please double check the verification code sent to your email address and try again.';
export function verificationSuccessMessage(brandName: string): string {
  return `You have successfully verified your email address. You can now login and start using ${brandName}!`;
}
export const VERIFICATION_RESENT =
  'We have re-sent the verification code to your email address with instructions to verify your account.';
export const VERIFICATION_RESEND_FAILED =
  'Our servers are having some issues and we could not re-send your verification code. Please try again later.';

// Other failures (spec section 8).
export const WORKER_SEARCH_FAILED = {
  title: "We're so sorry!",
  message: 'Our servers are having some issues and your search could not be completed. Please try again later.',
} as const;
export const RECENT_WORKERS_FAILED =
  "We're having trouble finding recent workers... Please try again in a few minutes.";
export const MY_CARERS_FAILED =
  'Your care workers could not be fetched... Please refresh the page or try again later.';
export const WORKER_PROFILE_FAILED =
  'We could not fetch your care worker profile at this time... Please try again later.';
export const NEWSLETTER_SUCCESS = 'Thank you for subscribing to our newsletter!';
export const NEWSLETTER_FAILED =
  'We were unable to subscribe you to our newsletter at this time... Please try again later.';

// Not in the spec: a date the request gave that no calendar arithmetic can use (year 0, year
// 10,000 and beyond), caught where no rule of the feature caught it first.
export const DATE_OUT_OF_RANGE_MESSAGE = 'A date in your request is outside the range we can work with. Please check the dates and try again.';

/**
 * Codes carried in the API's error body (`code`), one per kind of failure, with the HTTP status
 * each is sent with (ARCHITECTURE.md). EVF is the spec's own code for an unverified email.
 */
export const errorCodes = [
  'EVF',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DEACTIVATED',
  'INVALID_VERIFICATION_CODE',
  'VALIDATION',
  'UNKNOWN_PLACE',
  'AMBIGUOUS_PLACE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INACTIVE_PROFILE',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  // Issue 14: hours that were submitted cannot change; an emailed approval link that has run out.
  'TIMESHEET_NOT_EDITABLE',
  'LINK_EXPIRED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Note for the web client: spec section 8 logs the user out on any 403. INACTIVE_PROFILE is a
 * 403 that must not: it sends the worker to /dashboard with INACTIVE_PROFILE (spec section 6), so
 * the client checks the code before applying the 403 rule. Likewise ACCOUNT_DEACTIVATED only
 * comes from POST /signin, where the user is not logged in yet.
 */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  EVF: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DEACTIVATED: 403,
  INVALID_VERIFICATION_CODE: 400,
  VALIDATION: 400,
  UNKNOWN_PLACE: 400,
  AMBIGUOUS_PLACE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INACTIVE_PROFILE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  TIMESHEET_NOT_EDITABLE: 409,
  LINK_EXPIRED: 410,
};

/**
 * The one error body every API route sends (ARCHITECTURE.md). `code` stays a plain string so a
 * client never fails to parse an error from a newer server; `errors` maps field paths
 * ("emergencyContacts.0.phoneNumber") to the first message for that field. The web app's
 * API client checks error bodies by hand instead, and the pure annotations let a bundle that
 * only needs this file's messages drop zod (issue 4 budget).
 */
export const apiErrorSchema = /* @__PURE__ */ z.object({
  message: /* @__PURE__ */ z.string(),
  code: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  errors: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.string())),
  /**
   * With UNKNOWN_PLACE, the place it may have meant (none when nothing is close); with
   * AMBIGUOUS_PLACE, every place of that name, to choose from (api/places.ts).
   */
  places: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.array(
      /* @__PURE__ */ z.object({
        suburb: /* @__PURE__ */ z.string(),
        state: /* @__PURE__ */ z.string(),
        postcode: /* @__PURE__ */ z.string(),
      }),
    ),
  ),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return isOneOf(errorCodes, value);
}
