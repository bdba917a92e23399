import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('constants (spec section 9)', () => {
  it('hold the spec values', () => {
    expect(constants).toMatchObject({
      SEARCH_PAGE_SIZE: 25,
      RECENT_WORKERS_DEFAULT: 5,
      RECENT_WORKERS_FALLBACK: 3,
      HOME_RANDOM_WORKERS: 3,
      PASSWORD_MIN_LENGTH: 8,
      SUMMARY_TRUNCATE_LENGTH: 350,
      BLURB_TRUNCATE_LENGTH: 100,
      VERIFICATION_SUCCESS_DELAY_MS: 4000,
      RESEND_SUCCESS_CLEAR_MS: 5000,
      RESEND_FAILURE_CLEAR_MS: 10000,
      HERO_CAROUSEL_INTERVAL_MS: 4000,
      SESSION_RECORDING_RETRY_MS: 1000,
      SESSION_RECORDING_MAX_RETRIES: 30,
      SOCIAL_MEDIA_POSTS: 6,
      CURRENCY: 'AUD',
      PARTNER_OFFER_CENTS: 25000,
      DEFAULT_LOCATION_TYPE: 'ANY',
      DEFAULT_RESTRICTIVE_PRACTICES: 'UNSURE',
      DEFAULT_PAYING_FOR_CARE_TYPE: 'NONE',
      DEFAULT_IS_GOAL_VISIBLE: true,
      DEFAULT_SORT_TYPE: 'bestMatch',
    });
  });

  it('express durations in milliseconds', () => {
    expect(constants.PASSWORD_RESET_TTL_MS).toBe(3_600_000);
    expect(constants.SESSION_TTL_MS).toBe(2_592_000_000);
    expect(constants.ALIAS_SESSION_TTL_MS).toBe(28_800_000);
  });

  it('keep the search cap above the page size', () => {
    expect(constants.SEARCH_MAX_LIMIT).toBeGreaterThanOrEqual(constants.SEARCH_PAGE_SIZE);
  });
});
