import { z } from 'zod';
import { availabilitySchema } from '../days';
import { languageCodes } from '../languages';
import { genderCodes } from '../profile-options';
import { qualificationCodes } from '../qualifications';
import { skillCodes } from '../skills';
import { taskCodes } from '../tasks';
import { BIO_MAX_LENGTH, BIO_MIN_LENGTH } from '../worker-onboarding';
import { safeText } from './safe-text';
import { formatWholeDollars } from '../format';

/**
 * The worker's own profile editor (/care-worker/update-profile, issue 12), one schema per section:
 * each section is saved on its own (PUT /api/worker/profile/<section>), and the form resolves with
 * the same schema the API validates with (STYLE.md rule 3).
 */

export const workerProfileSections = [
  'about',
  'skills',
  'experience',
  'languages',
  'gender',
  'location',
  'transport',
  'supportsMinors',
  'availability',
  'rates',
] as const;
export type WorkerProfileSection = (typeof workerProfileSections)[number];

export const HEADLINE_MAX_LENGTH = 100;
export const TRAVEL_RADIUS_MIN_KM = 5;
export const TRAVEL_RADIUS_MAX_KM = 100;
/** How far a new worker travels until they say otherwise: their sign-up suburb and this are their area. */
export const DEFAULT_TRAVEL_RADIUS_KM = 20;
export const EXPERIENCE_YEARS_MAX = 70;

/** Hourly rates (issue 12): $20 to $300 an hour, in cents. */
export const HOURLY_RATE_MIN_CENTS = 2_000;
export const HOURLY_RATE_MAX_CENTS = 30_000;
/**
 * A night-time sleepover is a flat amount per night. The NDIS price limit for it was about $300 in
 * 2025-26 (ndis.md), and private clients may pay more; $50 to $600 keeps out typing slips (a
 * sleepover priced as an hourly rate, or with an extra digit) without capping anyone's real price.
 */
export const SLEEPOVER_RATE_MIN_CENTS = 5_000;
export const SLEEPOVER_RATE_MAX_CENTS = 60_000;
/** Travel per km (issue 12): $0 to $5. */
export const TRAVEL_PER_KM_MAX_CENTS = 500;

export const aboutSectionSchema = z.object({
  headline: z
    .string({ error: 'Add a headline' })
    .trim()
    .min(1, { error: 'Add a headline: one line about the support you give' })
    .max(HEADLINE_MAX_LENGTH, { error: `Your headline can be at most ${HEADLINE_MAX_LENGTH} characters` })
    .check(safeText()),
  bio: z
    .string({ error: `Your bio needs at least ${BIO_MIN_LENGTH} characters` })
    .trim()
    .min(BIO_MIN_LENGTH, { error: `Your bio needs at least ${BIO_MIN_LENGTH} characters` })
    .max(BIO_MAX_LENGTH, { error: `Your bio can be at most ${BIO_MAX_LENGTH.toLocaleString('en-AU')} characters` })
    .check(safeText('multi')),
});

const unique = <T>(values: T[]): T[] => [...new Set(values)];

export const skillsSectionSchema = z.object({
  skills: z
    .array(z.enum(skillCodes, { error: 'Choose skills from the list' }), { error: 'Choose at least one type of support or skill' })
    .min(1, { error: 'Choose at least one type of support or skill' })
    .transform(unique),
  tasks: z.array(z.enum(taskCodes, { error: 'Choose tasks from the list' }), { error: 'Choose tasks from the list' }).transform(unique),
});

export const experienceSectionSchema = z.object({
  experienceYears: z
    .number({ error: `Enter your years of experience: a whole number from 0 to ${EXPERIENCE_YEARS_MAX}` })
    .int({ error: `Enter your years of experience: a whole number from 0 to ${EXPERIENCE_YEARS_MAX}` })
    .min(0, { error: `Enter your years of experience: a whole number from 0 to ${EXPERIENCE_YEARS_MAX}` })
    .max(EXPERIENCE_YEARS_MAX, { error: `Enter your years of experience: a whole number from 0 to ${EXPERIENCE_YEARS_MAX}` }),
  qualifications: z
    .array(z.enum(qualificationCodes, { error: 'Choose qualifications from the list' }), { error: 'Choose qualifications from the list' })
    .transform(unique),
});

export const languagesSectionSchema = z.object({
  languages: z.array(z.enum(languageCodes, { error: 'Choose languages from the list' }), { error: 'Choose languages from the list' }).transform(unique),
});

export const genderSectionSchema = z.object({
  gender: z.enum(genderCodes, { error: 'Choose a gender from the list, or prefer not to say' }).nullable(),
});

export const LOCATION_MESSAGE = 'Enter your home suburb or postcode';
export const TRAVEL_RADIUS_MESSAGE = `Choose how far you will travel: ${TRAVEL_RADIUS_MIN_KM} to ${TRAVEL_RADIUS_MAX_KM} km`;

export const locationSectionSchema = z.object({
  /** The home suburb as typed or chosen ("Marrickville NSW 2204"); the API finds the locality. */
  location: z.string({ error: LOCATION_MESSAGE }).trim().min(1, { error: LOCATION_MESSAGE }).max(100, { error: LOCATION_MESSAGE }).check(safeText()),
  travelRadiusKm: z
    .number({ error: TRAVEL_RADIUS_MESSAGE })
    .int({ error: TRAVEL_RADIUS_MESSAGE })
    .min(TRAVEL_RADIUS_MIN_KM, { error: TRAVEL_RADIUS_MESSAGE })
    .max(TRAVEL_RADIUS_MAX_KM, { error: TRAVEL_RADIUS_MESSAGE }),
});

export const transportSectionSchema = z.object({
  hasDriversLicence: z.boolean({ error: 'Say whether you have a driver licence' }),
  hasCar: z.boolean({ error: 'Say whether you have your own car' }),
});

export const supportsMinorsSectionSchema = z.object({
  supportsMinors: z.boolean({ error: 'Say whether you support people under 18' }),
});

export const availabilitySectionSchema = z.object({
  availability: availabilitySchema,
});


function hourlyRate(name: string) {
  const message = `Enter your ${name} rate: ${formatWholeDollars(HOURLY_RATE_MIN_CENTS)} to ${formatWholeDollars(HOURLY_RATE_MAX_CENTS)} an hour`;
  return z
    .number({ error: message })
    .int({ error: 'Enter the rate in dollars and cents' })
    .min(HOURLY_RATE_MIN_CENTS, { error: message })
    .max(HOURLY_RATE_MAX_CENTS, { error: message });
}

const SLEEPOVER_MESSAGE = `Enter your sleepover rate: ${formatWholeDollars(SLEEPOVER_RATE_MIN_CENTS)} to ${formatWholeDollars(SLEEPOVER_RATE_MAX_CENTS)} a night, or leave it empty if you do not do sleepovers`;
export const TRAVEL_RATE_MESSAGE = 'Enter your travel rate: $0 to $5 a km';

/** Rates in integer cents. Active overnight and sleepover may be left empty by workers who do not offer them. */
export const ratesSectionSchema = z.object({
  weekdayRateCents: hourlyRate('weekday'),
  saturdayRateCents: hourlyRate('Saturday'),
  sundayRateCents: hourlyRate('Sunday'),
  publicHolidayRateCents: hourlyRate('public holiday'),
  eveningRateCents: hourlyRate('evening'),
  overnightRateCents: hourlyRate('active overnight').nullable(),
  sleepoverRateCents: z
    .number({ error: SLEEPOVER_MESSAGE })
    .int({ error: 'Enter the rate in dollars and cents' })
    .min(SLEEPOVER_RATE_MIN_CENTS, { error: SLEEPOVER_MESSAGE })
    .max(SLEEPOVER_RATE_MAX_CENTS, { error: SLEEPOVER_MESSAGE })
    .nullable(),
  travelPerKmCents: z
    .number({ error: TRAVEL_RATE_MESSAGE })
    .int({ error: 'Enter the rate in dollars and cents' })
    .min(0, { error: TRAVEL_RATE_MESSAGE })
    .max(TRAVEL_PER_KM_MAX_CENTS, { error: TRAVEL_RATE_MESSAGE }),
});

export const workerProfileSectionSchemas = {
  about: aboutSectionSchema,
  skills: skillsSectionSchema,
  experience: experienceSectionSchema,
  languages: languagesSectionSchema,
  gender: genderSectionSchema,
  location: locationSectionSchema,
  transport: transportSectionSchema,
  supportsMinors: supportsMinorsSectionSchema,
  availability: availabilitySectionSchema,
  rates: ratesSectionSchema,
} as const satisfies Record<WorkerProfileSection, z.ZodType>;

export type AboutSection = z.output<typeof aboutSectionSchema>;
export type SkillsSection = z.output<typeof skillsSectionSchema>;
export type ExperienceSection = z.output<typeof experienceSectionSchema>;
export type LanguagesSection = z.output<typeof languagesSectionSchema>;
export type GenderSection = z.output<typeof genderSectionSchema>;
export type LocationSection = z.output<typeof locationSectionSchema>;
export type TransportSection = z.output<typeof transportSectionSchema>;
export type SupportsMinorsSection = z.output<typeof supportsMinorsSectionSchema>;
export type AvailabilitySection = z.output<typeof availabilitySectionSchema>;
export type RatesSection = z.output<typeof ratesSectionSchema>;

/** Dollars as typed in a form ("45" or "45.50") to cents; null for an empty field, NaN for nonsense. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** Cents as a form shows them in dollars: "45" or "45.50". */
export function centsToDollars(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
