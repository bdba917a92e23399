import { describe, expect, it } from 'vitest';
import { testReferral } from '../testing/form-answers';
import { fieldErrors } from './field-errors';
import {
  complaintFormSchema,
  feedbackFormSchema,
  formKinds,
  formSchemas,
  incidentFormSchema,
  latestAustralianDate,
  newsletterSchema,
  referralFormSchema,
} from './forms';
import { formReferencePattern, formReferencePrefixes } from '../api/forms';

const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof fieldErrors>[0]['issues'] } }) =>
  result.error ? fieldErrors(result.error) : {};

const person = { firstName: 'Jo', lastName: 'Citizen', email: 'Jo@Example.com', phone: '' };

describe('feedback and complaints', () => {
  it('need contact details unless the person stays anonymous', () => {
    expect(errorsOf(feedbackFormSchema.safeParse({ role: 'OTHER', details: 'Great service' }))).toEqual({
      firstName: 'Tell us your first name',
      lastName: 'Tell us your last name',
      email: 'Enter your email address',
    });
    const named = feedbackFormSchema.parse({ ...person, role: 'OTHER', details: 'Great service' });
    expect(named).toMatchObject({ anonymous: false, email: 'jo@example.com' });
  });

  it('drop whatever identifies an anonymous person', () => {
    const parsed = complaintFormSchema.parse({ ...person, anonymous: true, role: 'WORKER', details: 'Late again' });
    expect(parsed).toMatchObject({ anonymous: true, firstName: '', lastName: '', email: '', phone: '', favourableOutcome: '' });
  });

  it('ask for the details', () => {
    expect(errorsOf(complaintFormSchema.safeParse({ ...person, role: 'WORKER', details: '   ' }))).toEqual({
      details: 'Tell us what your complaint is about',
    });
  });
});

describe('incident reports', () => {
  const incident = {
    ...person,
    role: 'WORKER',
    dateOfIncident: '2025-03-01',
    timeOfIncident: '14:30',
    location: 'Client home, Bondi',
    details: 'A fall in the bathroom',
  };

  it('need a date, time, place and what happened, and contact details', () => {
    expect(Object.keys(errorsOf(incidentFormSchema.safeParse({})))).toEqual(
      expect.arrayContaining(['firstName', 'email', 'dateOfIncident', 'timeOfIncident', 'location', 'details']),
    );
    expect(incidentFormSchema.parse(incident)).toMatchObject({ witnesses: '', timeOfIncident: '14:30' });
  });

  it('refuse a date in the future or that does not exist, and a time that is not one', () => {
    expect(errorsOf(incidentFormSchema.safeParse({ ...incident, dateOfIncident: '2999-01-01' }))).toEqual({
      dateOfIncident: 'The date cannot be in the future',
    });
    expect(errorsOf(incidentFormSchema.safeParse({ ...incident, dateOfIncident: '2025-02-30', timeOfIncident: '24:00' }))).toEqual({
      dateOfIncident: 'Enter a real date, such as 2025-03-27',
      timeOfIncident: 'Enter the time as hours and minutes, such as 14:30',
    });
  });

  it('accept today wherever it is already today in Australia', () => {
    expect(incidentFormSchema.safeParse({ ...incident, dateOfIncident: latestAustralianDate() }).success).toBe(true);
    // 13:00 UTC on 1 March is midnight on 2 March on Lord Howe Island (UTC+11 in summer).
    expect(latestAustralianDate(new Date('2025-03-01T13:00:00Z'))).toBe('2025-03-02');
  });

  it('limit long text', () => {
    expect(errorsOf(incidentFormSchema.safeParse({ ...incident, details: 'x'.repeat(5001) }))).toEqual({
      details: 'What happened must be 5000 characters or fewer',
    });
  });
});

describe('referrals', () => {
  it('need consent, and take a 9-digit NDIS number with or without spaces', () => {
    const referral = { ...testReferral, supportsNeeded: ['CTP', 'CA'] };
    expect(referralFormSchema.parse(referral)).toMatchObject({ ndisNumber: '430123456', organisation: '' });
    expect(errorsOf(referralFormSchema.safeParse({ ...referral, consent: false, ndisNumber: '1234', supportsNeeded: [] }))).toEqual({
      consent: 'Confirm that the participant (or their guardian) agrees to this referral',
      ndisNumber: 'An NDIS number is 9 digits',
      supportsNeeded: 'Choose at least one support the participant needs',
    });
  });
});

describe('the forms map and references', () => {
  it('has a schema and a reference prefix for every kind', () => {
    for (const kind of formKinds) {
      expect(formSchemas[kind]).toBeDefined();
      expect(formReferencePattern.test(`${formReferencePrefixes[kind]}-7K3Q9M`)).toBe(true);
    }
    expect(new Set(Object.values(formReferencePrefixes)).size).toBe(formKinds.length);
    expect(formReferencePattern.test('FB-0O1I5S')).toBe(false);
  });
});

describe('newsletter sign-up', () => {
  it('takes an email and a subscription type; the message is optional', () => {
    expect(newsletterSchema.parse({ email: ' Sam@Example.com ', userType: 'careworker' })).toEqual({
      email: 'sam@example.com',
      userType: 'careworker',
      message: '',
    });
    expect(errorsOf(newsletterSchema.safeParse({ email: 'sam', userType: 'admin' }))).toEqual({
      email: 'Enter a valid email address',
      userType: 'Tell us who you are',
    });
  });
});
