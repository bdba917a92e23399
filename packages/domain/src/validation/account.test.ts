import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  careSeekerSignupSchema,
  coordinatorSignupSchema,
  emailSchema,
  forgotPasswordSchema,
  loginSchema,
  normaliseAustralianPhone,
  passwordSchema,
  resetPasswordSchema,
  signupSchema,
  verificationCodeSchema,
  workerSignupSchema,
} from './account';
import { testWorkerSignup as workerSignup } from '../testing/form-answers';
import { fieldErrors } from './field-errors';

/** A brand other than the default, so a message that ignores the configured brand shows. */
const BRAND = 'Carely';

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to fail`);
  return fieldErrors(result.error);
}

const workerRequiredMessages = {
  firstName: 'Tell us your first name',
  lastName: 'Tell us your last name',
  email: 'Enter your email address',
  password: 'Password must be at least 8 characters in length',
  phone: 'Enter your phone number',
  address: 'Enter your street address',
  suburb: 'Enter your suburb',
  state: 'Enter your state',
  postcode: 'Enter your postcode',
  hearAboutUs: 'Please let us know how you came across Carely',
} as const;

const workerConsentMessages = {
  acceptTerms: 'You must accept our terms & conditions',
  acceptEng: 'You must read and understand the terms of engagement',
  acceptNDISCode: 'You must read and accept the NDIS Code of Conduct',
  acceptAgedCareCode: 'You must read and accept the Aged Care Code of Conduct',
} as const;

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Jane.Citizen@Example.COM ')).toBe('jane.citizen@example.com');
  });

  it('asks for the email when missing, empty or blank', () => {
    for (const input of [undefined, null, '', '   ']) {
      expect(errorsOf(emailSchema, input)).toEqual({ '': 'Enter your email address' });
    }
  });

  it('rejects a malformed email with the spec message only', () => {
    for (const input of ['jane', 'jane@', 'jane@example', '@example.com', 'jane example@x.com']) {
      expect(errorsOf(emailSchema, input)).toEqual({ '': 'Enter a valid email address' });
    }
  });
});

describe('loginSchema (spec section 5)', () => {
  it('accepts an email and any non-empty password', () => {
    expect(loginSchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('gives the spec messages for missing and empty fields', () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: 'Enter your email address', password: 'Enter your password' });
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Enter your email address',
      password: 'Enter your password',
    });
    expect(errorsOf(loginSchema, { email: 'nope', password: 'x' })).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('passwordSchema', () => {
  it('needs at least 8 characters', () => {
    expect(passwordSchema.parse('12345678')).toBe('12345678');
    expect(errorsOf(passwordSchema, '1234567')).toEqual({ '': 'Password must be at least 8 characters in length' });
    expect(errorsOf(passwordSchema, undefined)).toEqual({ '': 'Password must be at least 8 characters in length' });
  });

  it('keeps spaces, which count towards the length', () => {
    expect(passwordSchema.parse(' 1234567')).toBe(' 1234567');
  });

  it('caps the length', () => {
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('verificationCodeSchema', () => {
  const required = 'Enter the verification code sent to your email address';

  it('asks for the code when missing or empty', () => {
    for (const input of [undefined, '', '  ']) expect(errorsOf(verificationCodeSchema, input)).toEqual({ '': required });
  });

  it('accepts six digits, spaces removed', () => {
    expect(verificationCodeSchema.parse('123456')).toBe('123456');
    expect(verificationCodeSchema.parse(' 123 456 ')).toBe('123456');
  });

  it('rejects anything but six digits', () => {
    for (const input of ['12345', '1234567', '12345a', '１２３４５６']) {
      expect(errorsOf(verificationCodeSchema, input)).toEqual({
        '': 'The verification code is the 6-digit number in the email we sent you',
      });
    }
  });
});

describe('normaliseAustralianPhone', () => {
  it('accepts mobiles and landlines in the usual ways of writing them', () => {
    expect(normaliseAustralianPhone('0412 345 678')).toBe('0412345678');
    expect(normaliseAustralianPhone('+61 412 345 678')).toBe('0412345678');
    expect(normaliseAustralianPhone('+61 (0)412-345-678')).toBe('0412345678');
    expect(normaliseAustralianPhone('0061 2 9876 5432')).toBe('0298765432');
    expect(normaliseAustralianPhone('(02) 9876 5432')).toBe('0298765432');
    expect(normaliseAustralianPhone('08.8123.4567')).toBe('0881234567');
    expect(normaliseAustralianPhone('1300 123 456')).toBe('1300123456');
    expect(normaliseAustralianPhone('1800 123 456')).toBe('1800123456');
    expect(normaliseAustralianPhone('13 12 34')).toBe('131234');
  });

  it('rejects numbers that are not Australian', () => {
    for (const input of ['041234567', '04123456789', '0112345678', '+64 21 123 4567', '0412abc678', '000']) {
      expect(normaliseAustralianPhone(input)).toBeUndefined();
    }
  });
});

describe('workerSignupSchema (spec section 5)', () => {
  it('accepts a complete sign-up and normalises it', () => {
    const parsed = workerSignupSchema(BRAND).parse(
      workerSignup({ email: ' Jane@Example.com', phone: '+61 412 345 678', state: 'new south wales', firstName: ' Jane ' }),
    );
    expect(parsed).toMatchObject({ email: 'jane@example.com', phone: '0412345678', state: 'NSW', firstName: 'Jane' });
  });

  it('gives each required field its message when missing', () => {
    const input: Record<string, unknown> = workerSignup();
    for (const field of Object.keys(workerRequiredMessages)) delete input[field];
    expect(errorsOf(workerSignupSchema(BRAND), input)).toEqual(workerRequiredMessages);
  });

  it('gives each required field its message when empty', () => {
    const empty = Object.fromEntries(Object.keys(workerRequiredMessages).map((field) => [field, '']));
    expect(errorsOf(workerSignupSchema(BRAND), workerSignup(empty))).toEqual(workerRequiredMessages);
  });

  it('needs every consent ticked, whether false or missing', () => {
    const unticked = Object.fromEntries(Object.keys(workerConsentMessages).map((field) => [field, false]));
    expect(errorsOf(workerSignupSchema(BRAND), workerSignup(unticked))).toEqual(workerConsentMessages);
    const input: Record<string, unknown> = workerSignup();
    for (const field of Object.keys(workerConsentMessages)) delete input[field];
    expect(errorsOf(workerSignupSchema(BRAND), input)).toEqual(workerConsentMessages);
  });

  it('checks formats with clear messages', () => {
    expect(
      errorsOf(
        workerSignupSchema(BRAND),
        workerSignup({ email: 'jane', password: 'short', phone: '12345', state: 'Auckland', postcode: '200', hearAboutUs: 'TV' }),
      ),
    ).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters in length',
      phone: 'Enter a valid Australian phone number, such as 0412 345 678',
      state: 'Choose an Australian state or territory',
      postcode: 'Enter a valid 4-digit postcode',
      hearAboutUs: 'Please let us know how you came across Carely',
    });
  });

  it('accepts the Northern Territory and its 08 postcodes', () => {
    expect(workerSignupSchema(BRAND).parse(workerSignup({ state: 'NT', postcode: '0800' }))).toMatchObject({
      state: 'NT',
      postcode: '0800',
    });
  });
});

describe('care seeker and coordinator sign-up', () => {
  const careSeeker = {
    role: 'CS',
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam@example.com',
    password: 'password1',
    phone: '0298765432',
    acceptTerms: true,
  };

  it('accepts a care seeker without the worker fields', () => {
    expect(careSeekerSignupSchema.parse(careSeeker)).toEqual(careSeeker);
  });

  it('gives the care seeker messages', () => {
    expect(errorsOf(careSeekerSignupSchema, { role: 'CS', firstName: '', acceptTerms: false })).toEqual({
      firstName: 'Tell us your first name',
      lastName: 'Tell us your last name',
      email: 'Enter your email address',
      password: 'Password must be at least 8 characters in length',
      phone: 'Enter your phone number',
      acceptTerms: 'You must accept our terms & conditions',
    });
  });

  it('needs an organisation from a support coordinator', () => {
    expect(errorsOf(coordinatorSignupSchema, { ...careSeeker, role: 'SUPPORT', organisation: ' ' })).toEqual({
      organisation: 'Enter the name of your organisation',
    });
    expect(coordinatorSignupSchema.parse({ ...careSeeker, role: 'SUPPORT', organisation: 'Acme Care' })).toMatchObject({
      role: 'SUPPORT',
      organisation: 'Acme Care',
    });
  });

  it('chooses the schema by role', () => {
    expect(signupSchema(BRAND).parse(careSeeker).role).toBe('CS');
    expect(signupSchema(BRAND).parse(workerSignup()).role).toBe('CR');
    expect(errorsOf(signupSchema(BRAND), { ...careSeeker, role: 'CR' })).toMatchObject({ address: 'Enter your street address' });
    expect(errorsOf(signupSchema(BRAND), { ...careSeeker, role: 'ADMIN' })).toEqual({
      role: 'Choose the kind of account you want to create',
    });
  });
});

describe('password reset', () => {
  it('needs an email to send the reset to', () => {
    expect(forgotPasswordSchema.parse({ email: 'A@b.com' })).toEqual({ email: 'a@b.com' });
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: 'Enter your email address' });
  });

  it('needs the email, a valid new password and the token', () => {
    expect(resetPasswordSchema.parse({ email: 'a@b.com', password: 'newpassword', verificationToken: 'abc' })).toEqual({
      email: 'a@b.com',
      password: 'newpassword',
      verificationToken: 'abc',
    });
    expect(errorsOf(resetPasswordSchema, { email: 'a@b.com', password: 'short', verificationToken: '' })).toEqual({
      password: 'Password must be at least 8 characters in length',
      verificationToken: 'This password reset link is incomplete. Please request a new one.',
    });
  });
});

describe('the brand in sign-up messages', () => {
  it('names the configured brand where the spec writes {product}, and builds each brand once', () => {
    const errors = (brand: string) => errorsOf(workerSignupSchema(brand), workerSignup({ hearAboutUs: '' }));
    expect(errors('Tendly').hearAboutUs).toBe('Please let us know how you came across Tendly');
    expect(errors('Carely').hearAboutUs).toBe('Please let us know how you came across Carely');
    expect(workerSignupSchema('Carely')).toBe(workerSignupSchema('Carely'));
    expect(signupSchema('Carely')).toBe(signupSchema('Carely'));
  });
});
