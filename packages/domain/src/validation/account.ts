import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants';
import { hearAboutUsCodes } from '../profile-options';
import { parseStateCode, stateCodes } from '../states';
import { safeText } from './safe-text';

/**
 * Account schemas: login, sign-up, verification and password reset. The messages in quotes in
 * spec section 5 are used word for word; the others are ours. The form and the API validate with
 * the same schema (STYLE.md rule 3).
 */

/** A required one-line text field: the same message whether it is missing, empty or only spaces. */
function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).check(safeText());
}

/** A box that must be ticked (accepting terms, a declaration): false or missing is refused with `message`. */
export function mustBeTrue(message: string) {
  return z.boolean({ error: message }).refine((value) => value === true, { error: message });
}

export const emailSchema = requiredText('Enter your email address')
  .toLowerCase()
  .max(254, { error: 'Email address must be 254 characters or fewer', abort: true })
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const loginSchema = z.object({
  email: emailSchema,
  // Not trimmed: spaces can be part of a password. Length is not checked at login so that
  // older passwords still work.
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const PASSWORD_MIN_LENGTH_MESSAGE = 'Password must be at least 8 characters in length';

/** 128 caps the work a password hash does on one request (our choice). */
export const passwordSchema = z
  .string({ error: PASSWORD_MIN_LENGTH_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MIN_LENGTH_MESSAGE })
  .max(128, { error: 'Password must be 128 characters or fewer' });

/** Spaces are removed so a code pasted as "123 456" still works. */
export const verificationCodeSchema = z
  .string({ error: 'Enter the verification code sent to your email address' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'Enter the verification code sent to your email address', abort: true })
      .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), {
        error: `The verification code is the ${VERIFICATION_CODE_LENGTH}-digit number in the email we sent you`,
      }),
  );

const PHONE_INVALID = 'Enter a valid Australian phone number, such as 0412 345 678';

/**
 * Normalises an Australian phone number to national digits ("+61 (0)412 345-678" →
 * "0412345678"), so stored numbers compare and dial alike. Accepts mobiles (04), landlines
 * (02, 03, 07, 08), 1300 and 1800 numbers and six-digit 13 numbers. Undefined when invalid.
 */
export function normaliseAustralianPhone(text: string): string | undefined {
  const digits = text.replace(/[\s\-().]/g, '');
  const international = /^(?:\+|00)?61(?:0)?([23478]\d{8})$/.exec(digits);
  if (international) return `0${international[1]}`;
  if (/^0[23478]\d{8}$/.test(digits) || /^1[38]00\d{6}$/.test(digits) || /^13\d{4}$/.test(digits)) {
    return digits;
  }
  return undefined;
}

export const phoneSchema = requiredText('Enter your phone number').transform((value, ctx) => {
  const phone = normaliseAustralianPhone(value);
  if (phone === undefined) {
    ctx.issues.push({ code: 'custom', message: PHONE_INVALID, input: value });
    return z.NEVER;
  }
  return phone;
});

export const firstNameSchema = requiredText('Tell us your first name').max(50, {
  error: 'First name must be 50 characters or fewer',
});
export const lastNameSchema = requiredText('Tell us your last name').max(50, {
  error: 'Last name must be 50 characters or fewer',
});

/** Accepts "NSW", "nsw" or "New South Wales"; yields the code. */
const stateSchema = requiredText('Enter your state')
  .transform((value) => parseStateCode(value) ?? value)
  .pipe(z.enum(stateCodes, { error: 'Choose an Australian state or territory' }));

const postcodeSchema = requiredText('Enter your postcode').regex(/^\d{4}$/, {
  error: 'Enter a valid 4-digit postcode',
});

const acceptTermsSchema = mustBeTrue('You must accept our terms & conditions');

/**
 * Spec section 5 writes this message with the product's name, the spec's {product} placeholder
 * for the brand (spec README): "Please let us know how you came across {product}".
 */
export function hearAboutUsMessage(brandName: string): string {
  return `Please let us know how you came across ${brandName}`;
}

/** What every sign-up asks of the person, before what their role adds. */
const newAccountFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema,
};

function buildWorkerSignupSchema(brandName: string) {
  return z.object({
    role: z.literal('CR'),
    ...newAccountFields,
    address: requiredText('Enter your street address').max(200, {
      error: 'Street address must be 200 characters or fewer',
    }),
    suburb: requiredText('Enter your suburb').max(100, { error: 'Suburb must be 100 characters or fewer' }),
    state: stateSchema,
    postcode: postcodeSchema,
    hearAboutUs: z.enum(hearAboutUsCodes, { error: hearAboutUsMessage(brandName) }),
    acceptTerms: acceptTermsSchema,
    acceptEng: mustBeTrue('You must read and understand the terms of engagement'),
    acceptNDISCode: mustBeTrue('You must read and accept the NDIS Code of Conduct'),
    acceptAgedCareCode: mustBeTrue('You must read and accept the Aged Care Code of Conduct'),
  });
}

/** One schema per brand: the brand is configuration, the same for the life of the process. */
function perBrand<T>(build: (brandName: string) => T): (brandName: string) => T {
  const built = new Map<string, T>();
  return (brandName) => {
    let schema = built.get(brandName);
    if (schema === undefined) {
      schema = build(brandName);
      built.set(brandName, schema);
    }
    return schema;
  };
}

/** The worker's sign-up (spec section 5), its messages naming the brand. */
export const workerSignupSchema = perBrand(buildWorkerSignupSchema);
export type WorkerSignupInput = z.infer<ReturnType<typeof buildWorkerSignupSchema>>;

export const careSeekerSignupSchema = z.object({
  role: z.literal('CS'),
  ...newAccountFields,
  acceptTerms: acceptTermsSchema,
});
export type CareSeekerSignupInput = z.infer<typeof careSeekerSignupSchema>;

export const coordinatorSignupSchema = careSeekerSignupSchema.extend({
  role: z.literal('SUPPORT'),
  organisation: requiredText('Enter the name of your organisation').max(200, {
    error: 'Organisation name must be 200 characters or fewer',
  }),
});
export type CoordinatorSignupInput = z.infer<typeof coordinatorSignupSchema>;

function buildSignupSchema(brandName: string) {
  return z.discriminatedUnion(
    'role',
    [workerSignupSchema(brandName), careSeekerSignupSchema, coordinatorSignupSchema],
    { error: 'Choose the kind of account you want to create' },
  );
}

/** POST /api/signup: any of the three sign-ups, told apart by `role`. */
export const signupSchema = perBrand(buildSignupSchema);
export type SignupInput = z.infer<ReturnType<typeof buildSignupSchema>>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  verificationToken: requiredText('This password reset link is incomplete. Please request a new one.'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
