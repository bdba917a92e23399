/**
 * Business constants and limits. Spec section 9 unless a comment says otherwise; the rest come
 * from /work/shared/domain/workflows.md or are our own choices, and say so.
 */

// Search and lists (spec sections 7 and 9).
export const SEARCH_PAGE_SIZE = 25;
/** Cap on `limit` for GET /search so one request cannot ask for the whole table (our choice). */
export const SEARCH_MAX_LIMIT = 100;
export const RECENT_WORKERS_DEFAULT = 5;
export const RECENT_WORKERS_FALLBACK = 3;
/** GET /search/recent falls back to newest workers when fewer than this come back (spec section 7). */
export const RECENT_WORKERS_MIN_RESULTS = 2;
export const HOME_RANDOM_WORKERS = 3;
export const DEFAULT_SORT_TYPE = 'bestMatch';
/** "New workers only": joined within this many days (our choice). */
export const NEW_WORKER_DAYS = 30;
/** "Active workers only": active within this many days (our choice). */
export const ACTIVE_WORKER_DAYS = 30;
/**
 * The AI worker match bounds a search by a place it reads (issue 11, our choice): within 25 km at
 * first, widened to 50 km only when fewer than 5 workers match, and never further: a worker
 * hundreds of kilometres away is no match for help at home.
 */
export const MATCH_DEFAULT_LOCATION_TYPE = 'KM_25';
export const MATCH_WIDEST_LOCATION_TYPE = 'KM_50';
export const MATCH_ENOUGH_WORKERS = 5;

/** Workers whose area is within this distance of a new job get an email (workflows.md, a setting). */
export const JOB_ALERT_RADIUS_KM = 25;

// Accounts and sessions.
export const PASSWORD_MIN_LENGTH = 8;
/** Wrong codes allowed before a new verification code must be requested (our choice). */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const VERIFICATION_CODE_LENGTH = 6;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A support coordinator acting as a client gets a shorter session (our choice). */
export const ALIAS_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

// Messages that land in other people's inboxes, per account (issue 10: mail abuse; our choices).
// Each is far above what anyone choosing a worker or filling a job needs, and far below what it
// takes to spam workers with emails in our name. Beyond a limit the API answers 429 with Retry-After.
/** Workers an account may contact from their profiles in an hour. */
export const ENQUIRIES_PER_HOUR = 10;
/** Invitations to apply an account may send in an hour, across all its jobs. */
export const INVITATIONS_PER_HOUR = 20;
/** New jobs an account may post in a day: each one emails the matching workers nearby. */
export const JOB_POSTS_PER_DAY = 10;

// Text.
export const SUMMARY_TRUNCATE_LENGTH = 350;
export const BLURB_TRUNCATE_LENGTH = 100;

// Timings (spec sections 4 and 9).
export const VERIFICATION_SUCCESS_DELAY_MS = 4000;
export const RESEND_SUCCESS_CLEAR_MS = 5000;
export const RESEND_FAILURE_CLEAR_MS = 10000;
export const HERO_CAROUSEL_INTERVAL_MS = 4000;
export const SESSION_RECORDING_RETRY_MS = 1000;
export const SESSION_RECORDING_MAX_RETRIES = 30;

// Home page.
export const SOCIAL_MEDIA_POSTS = 6;

// Money. Amounts are integer cents (ARCHITECTURE.md).
export const CURRENCY = 'AUD';
/** Customers of a partner organisation get $250 towards support worker payments. */
export const PARTNER_OFFER_CENTS = 25000;

// Job defaults (spec sections 3 and 9).
export const DEFAULT_LOCATION_TYPE = 'ANY';
export const DEFAULT_RESTRICTIVE_PRACTICES = 'UNSURE';
export const DEFAULT_PAYING_FOR_CARE_TYPE = 'NONE';
export const DEFAULT_IS_GOAL_VISIBLE = true;

/** The id of the JSON script element in index.html that carries the site configuration. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';
