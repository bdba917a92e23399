import { describe, expect, it } from 'vitest';
import {
  accountDeactivatedMessage,
  apiErrorSchema,
  EMAIL_NOT_VERIFIED_CODE,
  emailNotVerifiedMessage,
  errorCodes,
  errorStatus,
  INACTIVE_PROFILE,
  INVALID_CREDENTIALS,
  INVALID_VERIFICATION_CODE,
  isErrorCode,
  MY_CARERS_FAILED,
  NEWSLETTER_FAILED,
  NEWSLETTER_SUCCESS,
  NOT_AUTHORIZED,
  PLEASE_LOGIN,
  RECENT_WORKERS_FAILED,
  VERIFICATION_RESEND_FAILED,
  VERIFICATION_RESENT,
  verificationSuccessMessage,
  WORKER_PROFILE_FAILED,
  WORKER_SEARCH_FAILED,
} from './errors';

describe('error catalogue (spec section 8)', () => {
  it('has the exact login texts', () => {
    // The spec's {product} is the brand (spec README), never the words "the product".
    expect(EMAIL_NOT_VERIFIED_CODE).toBe('EVF');
    expect(emailNotVerifiedMessage('Carely')).toBe(
      'You must verify your email address before you can login and start using Carely. Please check your email for instructions on how to verify your email address.',
    );
    expect(accountDeactivatedMessage('help@tendly.com.au')).toBe(
      'Your account has been deactivated by an administrator. If you feel this is a mistake, or if you have any questions, please send an email to help@tendly.com.au.',
    );
    expect(INVALID_CREDENTIALS).toBe('Invalid email address or password');
  });

  it('has the exact guard texts', () => {
    expect(PLEASE_LOGIN).toBe('Please login with your account to continue');
    expect(NOT_AUTHORIZED).toBe('You are not authorized to perform that action.');
    expect(INACTIVE_PROFILE).toBe('This feature is not available for inactive profiles');
  });

  it('has the exact verification texts', () => {
    expect(INVALID_VERIFICATION_CODE).toBe(
      'Invalid verification code. Please double check the verification code sent to your email address and try again.',
    );
    expect(verificationSuccessMessage('Carely')).toBe(
      'You have successfully verified your email address. You can now login and start using Carely!',
    );
    expect(VERIFICATION_RESENT).toBe(
      'We have re-sent the verification code to your email address with instructions to verify your account.',
    );
    expect(VERIFICATION_RESEND_FAILED).toMatch(/servers.*try again later/);
  });

  it('keeps the beginnings the spec gives', () => {
    expect(WORKER_SEARCH_FAILED.title).toBe("We're so sorry!");
    expect(WORKER_SEARCH_FAILED.message).toMatch(/servers.*search could not be completed/);
    expect(RECENT_WORKERS_FAILED.startsWith("We're having trouble finding recent workers...")).toBe(true);
    expect(MY_CARERS_FAILED.startsWith('Your care workers could not be fetched...')).toBe(true);
    expect(WORKER_PROFILE_FAILED.startsWith('We could not fetch your care worker profile at this time...')).toBe(true);
    expect(NEWSLETTER_SUCCESS).toBe('Thank you for subscribing to our newsletter!');
    expect(NEWSLETTER_FAILED.startsWith('We were unable to subscribe you to our newsletter at this time...')).toBe(true);
  });
});

describe('error codes', () => {
  it('are unique, include EVF and each has an HTTP error status', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    expect(errorCodes).toContain('EVF');
    for (const code of errorCodes) expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
    expect(errorStatus.CONFLICT).toBe(409);
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('nope')).toBe(false);
  });
});

describe('apiErrorSchema', () => {
  it('accepts the error body with or without code and field errors', () => {
    expect(apiErrorSchema.parse({ message: 'Nope' })).toEqual({ message: 'Nope' });
    const body = { message: 'Check the form', code: 'VALIDATION', errors: { email: 'Enter a valid email address' } };
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it('rejects bodies of another shape', () => {
    expect(apiErrorSchema.safeParse({ error: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ message: 'x', errors: { email: 1 } }).success).toBe(false);
  });
});
