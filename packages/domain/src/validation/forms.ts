import { z } from 'zod';
import { careForCodes } from '../care-for';
import { payingForCareTypeCodes, newsletterSubscriptionTypeCodes, type PayingForCareType } from '../job-options';
import { stateCodes } from '../states';
import { taskCodes } from '../tasks';
import { toCodedOptions } from '../coded-options';
import { emailSchema, mustBeTrue, phoneSchema } from './account';
import { isRealDate } from './real-date';
import { instantToLocalDate } from '../shift-time';
import { safeText, type TextLines } from './safe-text';

/**
 * The public site's forms (issue 4): feedback, complaints and incident reports (spec section 3,
 * "Feedback or incident form"), contact, the quick request for support and the disability
 * referral, plus the newsletter sign-up (spec section 7, POST /support). The web form and the API
 * validate with the same schema (STYLE.md rule 3). The messages are ours: the spec gives none.
 *
 * Choices made here (the spec says "not shown"):
 * - Feedback and complaints may be anonymous: ticking "I want to stay anonymous" makes the name,
 *   email and phone optional and drops whatever was typed in them, so nothing identifies the
 *   person and no confirmation email is sent. Otherwise first name, last name and email are
 *   required so that we can reply.
 * - Incident reports cannot be anonymous: the NDIS Commission expects a reportable incident to be
 *   followed up within 24 hours, which needs someone to contact.
 * - Dates of incidents and of birth cannot be in the future.
 */

export const LONG_TEXT_MAX = 5000;
export const SHORT_TEXT_MAX = 200;
export const NAME_MAX = 50;

/** The kinds of form, as they appear in POST /api/forms/{kind}. */
export const formKinds = ['feedback', 'complaint', 'incident', 'contact', 'quick-request', 'referral'] as const;
export type FormKind = (typeof formKinds)[number];

export const formKindLabels: Readonly<Record<FormKind, string>> = {
  feedback: 'Feedback',
  complaint: 'Complaint',
  incident: 'Incident report',
  contact: 'Contact message',
  'quick-request': 'Quick request for support',
  referral: 'Disability support referral',
};

/**
 * What lands in the operations inbox (admin console): every public form, and conversations that a
 * care seeker or a worker reported (issue 13), which are not a public form.
 */
export const inboxItemKinds = [...formKinds, 'conversation-report'] as const;
export type InboxItemKind = (typeof inboxItemKinds)[number];
export const inboxItemKindLabels: Readonly<Record<InboxItemKind, string>> = {
  ...formKindLabels,
  'conversation-report': 'Reported conversation',
};

export function isFormKind(value: unknown): value is FormKind {
  return typeof value === 'string' && (formKinds as readonly string[]).includes(value);
}

// ----- building blocks ---------------------------------------------------------------------

/**
 * A required text field: the same message whether it is missing, empty or only spaces. Single-line
 * unless `lines` is 'multi' (a text area); either way only text that can be stored (safe-text.ts).
 */
export function requiredText(message: string, max: number, label: string, lines: TextLines = 'single') {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .check(safeText(lines))
    .max(max, { error: `${label} must be ${max} characters or fewer` });
}

/** An optional text field: missing is the same as empty. */
export function optionalText(max: number, label: string, lines: TextLines = 'single') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .check(safeText(lines))
    .max(max, { error: `${label} must be ${max} characters or fewer` })
    .default('');
}

/** An optional Australian phone number: empty, or a valid number (normalised like sign-up's). */
export const optionalPhoneSchema = z
  .string({ error: 'Enter a valid Australian phone number, such as 0412 345 678' })
  .trim()
  .default('')
  .transform((value) => (value === '' ? undefined : value))
  .pipe(phoneSchema.optional())
  .transform((value) => value ?? '');

const postcodeSchema = requiredText('Enter the postcode', 4, 'Postcode').regex(/^\d{4}$/, {
  error: 'Enter a valid 4-digit postcode',
});

/**
 * Today's date (YYYY-MM-DD) where the Australian calendar is furthest ahead (Lord Howe Island), so
 * that an incident "today" anywhere in Australia is never refused as being in the future.
 */
export function latestAustralianDate(now: Date = new Date()): string {
  return instantToLocalDate(now, 'Australia/Lord_Howe');
}

/** A date typed in a date field (YYYY-MM-DD) that is real and not in the future. */
function pastDate(messages: { required: string; future: string }) {
  return requiredText(messages.required, 10, 'Date')
    .refine(isRealDate, { error: 'Enter a real date, such as 2025-03-27', abort: true })
    .refine((value) => value <= latestAustralianDate(), { error: messages.future });
}

function optionalPastDate(future: string) {
  return z
    .string({ error: 'Enter a real date, such as 2025-03-27' })
    .trim()
    .default('')
    .refine((value) => value === '' || isRealDate(value), { error: 'Enter a real date, such as 2025-03-27', abort: true })
    .refine((value) => value === '' || value <= latestAustralianDate(), { error: future });
}

const timeSchema = requiredText('Enter the time it happened', 5, 'Time').regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: 'Enter the time as hours and minutes, such as 14:30',
});

// ----- feedback, complaints and incidents (spec section 3) ---------------------------------

/** Who the person filling in the form is (field `role`). */
export const reporterRoleCodes = [
  'CARE_SEEKER',
  'FAMILY_MEMBER',
  'WORKER',
  'SUPPORT_COORDINATOR',
  'PROVIDER',
  'OTHER',
] as const;
export type ReporterRole = (typeof reporterRoleCodes)[number];

export const reporterRoles = toCodedOptions(reporterRoleCodes, {
  CARE_SEEKER: 'A care seeker or participant',
  FAMILY_MEMBER: 'A family member, friend or carer',
  WORKER: 'A care or support worker',
  SUPPORT_COORDINATOR: 'A support coordinator',
  PROVIDER: 'A provider',
  OTHER: 'Someone else',
});

const reporterRoleSchema = z.enum(reporterRoleCodes, { error: 'Tell us who you are' });

const contactDetails = {
  firstName: requiredText('Tell us your first name', NAME_MAX, 'First name'),
  lastName: requiredText('Tell us your last name', NAME_MAX, 'Last name'),
  email: emailSchema,
  phone: optionalPhoneSchema,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Name, email and phone are required unless the person ticks "I want to stay anonymous"; then
 * whatever was typed in them is dropped, so an anonymous submission stores nothing that
 * identifies its author. `anonymous` may be left out, meaning false.
 */
function contactUnlessAnonymous<S extends z.ZodRawShape>(shape: S) {
  const named = z.object({ ...shape, ...contactDetails, anonymous: z.literal(false) });
  const anonymous = z.object({
    ...shape,
    firstName: z.literal(''),
    lastName: z.literal(''),
    email: z.literal(''),
    phone: z.literal(''),
    anonymous: z.literal(true),
  });
  return z.preprocess(
    (value) => {
      if (!isRecord(value)) return value;
      if (value.anonymous === true) return { ...value, firstName: '', lastName: '', email: '', phone: '' };
      return value.anonymous === undefined ? { ...value, anonymous: false } : value;
    },
    z.discriminatedUnion('anonymous', [named, anonymous], { error: 'Tick the box only if you want to stay anonymous' }),
  );
}

export const feedbackFormSchema = contactUnlessAnonymous({
  role: reporterRoleSchema,
  details: requiredText('Tell us your feedback', LONG_TEXT_MAX, 'Feedback', 'multi'),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

export const complaintFormSchema = contactUnlessAnonymous({
  role: reporterRoleSchema,
  dateOfIncident: optionalPastDate('The date cannot be in the future'),
  location: optionalText(SHORT_TEXT_MAX, 'Where it happened'),
  involved: optionalText(LONG_TEXT_MAX, 'Who was involved', 'multi'),
  details: requiredText('Tell us what your complaint is about', LONG_TEXT_MAX, 'Complaint details', 'multi'),
  actionTaken: optionalText(LONG_TEXT_MAX, 'What has been done so far', 'multi'),
  favourableOutcome: optionalText(LONG_TEXT_MAX, 'The outcome you would like', 'multi'),
});
export type ComplaintForm = z.infer<typeof complaintFormSchema>;

/** Every field of spec section 3's form; incidents are never anonymous (see above). */
export const incidentFormSchema = z.object({
  ...contactDetails,
  role: reporterRoleSchema,
  dateOfIncident: pastDate({ required: 'Enter the date it happened', future: 'The date cannot be in the future' }),
  timeOfIncident: timeSchema,
  location: requiredText('Tell us where it happened', SHORT_TEXT_MAX, 'Where it happened'),
  witnesses: optionalText(LONG_TEXT_MAX, 'Witnesses', 'multi'),
  involved: optionalText(LONG_TEXT_MAX, 'Who was involved', 'multi'),
  details: requiredText('Describe what happened', LONG_TEXT_MAX, 'What happened', 'multi'),
  injuries: optionalText(LONG_TEXT_MAX, 'Injuries', 'multi'),
  concerns: optionalText(LONG_TEXT_MAX, 'Concerns', 'multi'),
  actionTaken: optionalText(LONG_TEXT_MAX, 'Action taken', 'multi'),
  favourableOutcome: optionalText(LONG_TEXT_MAX, 'The outcome you would like', 'multi'),
});
export type IncidentForm = z.infer<typeof incidentFormSchema>;

// ----- contact -----------------------------------------------------------------------------

export const contactTopicCodes = ['FINDING_CARE', 'WORKING', 'COORDINATION', 'PAYMENTS', 'ACCOUNT', 'MEDIA', 'OTHER'] as const;
export type ContactTopic = (typeof contactTopicCodes)[number];

export const contactTopics = toCodedOptions(contactTopicCodes, {
  FINDING_CARE: 'Finding care or support',
  WORKING: 'Working as a care or support worker',
  COORDINATION: 'Support coordination and referrals',
  PAYMENTS: 'Invoices, payments and funding',
  ACCOUNT: 'My account',
  MEDIA: 'Media and partnerships',
  OTHER: 'Something else',
});

export const contactFormSchema = z.object({
  name: requiredText('Tell us your name', 100, 'Name'),
  email: emailSchema,
  phone: optionalPhoneSchema,
  topic: z.enum(contactTopicCodes, { error: 'Choose what your message is about' }),
  message: requiredText('Write your message', LONG_TEXT_MAX, 'Message', 'multi'),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

// ----- quick request -----------------------------------------------------------------------

export const supportStartCodes = ['ASAP', 'WITHIN_WEEK', 'WITHIN_MONTH', 'NOT_SURE'] as const;
export type SupportStart = (typeof supportStartCodes)[number];

export const supportStarts = toCodedOptions(supportStartCodes, {
  ASAP: 'As soon as possible',
  WITHIN_WEEK: 'Within a week',
  WITHIN_MONTH: 'Within a month',
  NOT_SURE: 'Not sure yet',
});

const tasksSchema = (message: string) =>
  z
    .array(z.enum(taskCodes, { error: 'Choose from the list' }), { error: message })
    .min(1, { error: message })
    .max(taskCodes.length, { error: 'Choose from the list' })
    .refine((tasks) => new Set(tasks).size === tasks.length, { error: 'Choose each kind of help once' });

export const quickRequestFormSchema = z.object({
  name: requiredText('Tell us your name', 100, 'Name'),
  email: emailSchema,
  phone: phoneSchema,
  postcode: postcodeSchema,
  careFor: z.enum(careForCodes, { error: 'Tell us who needs support' }),
  tasks: tasksSchema('Choose at least one kind of help'),
  when: z.enum(supportStartCodes, { error: 'Tell us when support should start' }),
  payingForCareType: z.enum(payingForCareTypeCodes, { error: 'Tell us how the support will be paid for' }),
  message: optionalText(2000, 'Message', 'multi'),
});
export type QuickRequestForm = z.infer<typeof quickRequestFormSchema>;

// ----- disability referral -----------------------------------------------------------------

export const referrerRelationshipCodes = [
  'SUPPORT_COORDINATOR',
  'CASE_WORKER',
  'SOCIAL_WORKER',
  'HEALTH_PROFESSIONAL',
  'PROVIDER',
  'FAMILY_MEMBER',
  'OTHER',
] as const;
export type ReferrerRelationship = (typeof referrerRelationshipCodes)[number];

export const referrerRelationships = toCodedOptions(referrerRelationshipCodes, {
  SUPPORT_COORDINATOR: 'Support coordinator',
  CASE_WORKER: 'Case worker',
  SOCIAL_WORKER: 'Social worker',
  HEALTH_PROFESSIONAL: 'Health professional',
  PROVIDER: 'Provider',
  FAMILY_MEMBER: 'Family member or carer',
  OTHER: 'Other',
});

/** How the participant's NDIS plan is managed; the codes and labels are the job's `payingForCareType`. */
export const referralFundingCodes = [
  'NDIS_AGENCY_MANAGED',
  'NDIS_PLAN_MANAGED',
  'NDIS_SELF_MANAGED',
  'PRIVATE',
  'NONE',
] as const satisfies readonly PayingForCareType[];

/** An NDIS number is 9 digits; spaces are removed so "430 123 456" is accepted. */
const ndisNumberSchema = z
  .string({ error: 'An NDIS number is 9 digits' })
  .default('')
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value === '' || /^\d{9}$/.test(value), { error: 'An NDIS number is 9 digits' });

export const referralFormSchema = z.object({
  referrerName: requiredText('Tell us your name', 100, 'Your name'),
  organisation: optionalText(SHORT_TEXT_MAX, 'Organisation'),
  email: emailSchema,
  phone: phoneSchema,
  relationship: z.enum(referrerRelationshipCodes, { error: 'Tell us how you know the participant' }),
  participantFirstName: requiredText("Enter the participant's first name", NAME_MAX, 'First name'),
  participantLastName: requiredText("Enter the participant's last name", NAME_MAX, 'Last name'),
  participantDateOfBirth: pastDate({
    required: "Enter the participant's date of birth",
    future: 'The date of birth cannot be in the future',
  }),
  ndisNumber: ndisNumberSchema,
  postcode: postcodeSchema,
  state: z.enum(stateCodes, { error: 'Choose an Australian state or territory' }),
  fundingManagement: z.enum(referralFundingCodes, { error: 'Tell us how the supports are funded' }),
  supportsNeeded: tasksSchema('Choose at least one support the participant needs'),
  consent: mustBeTrue('Confirm that the participant (or their guardian) agrees to this referral'),
  notes: optionalText(LONG_TEXT_MAX, 'Notes', 'multi'),
});
export type ReferralForm = z.infer<typeof referralFormSchema>;

// ----- all forms ---------------------------------------------------------------------------

/** The schema of each kind of form: POST /api/forms/{kind} validates its body with it. */
export const formSchemas = {
  feedback: feedbackFormSchema,
  complaint: complaintFormSchema,
  incident: incidentFormSchema,
  contact: contactFormSchema,
  'quick-request': quickRequestFormSchema,
  referral: referralFormSchema,
} as const satisfies Record<FormKind, z.ZodType>;

export type FormInputs = { [K in FormKind]: z.infer<(typeof formSchemas)[K]> };
/** Any form's parsed values, tagged with its kind. */
export type FormSubmission = { [K in FormKind]: { kind: K; data: FormInputs[K] } }[FormKind];

/** Labels of every form field, for the emails to the operations team and the forms' own labels. */
export const formFieldLabels: Readonly<Record<string, string>> = {
  anonymous: 'Wants to stay anonymous',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  email: 'Email address',
  phone: 'Phone number',
  role: 'I am',
  dateOfIncident: 'Date it happened',
  timeOfIncident: 'Time it happened',
  location: 'Where it happened',
  witnesses: 'Witnesses',
  involved: 'Who was involved',
  details: 'Details',
  injuries: 'Injuries',
  concerns: 'Concerns',
  actionTaken: 'Action taken so far',
  favourableOutcome: 'The outcome they would like',
  topic: 'Topic',
  message: 'Message',
  postcode: 'Postcode',
  careFor: 'Who needs support',
  tasks: 'Help needed',
  when: 'When support should start',
  payingForCareType: 'How it will be paid for',
  referrerName: 'Referrer name',
  organisation: 'Organisation',
  relationship: 'Relationship to the participant',
  participantFirstName: 'Participant first name',
  participantLastName: 'Participant last name',
  participantDateOfBirth: 'Participant date of birth',
  ndisNumber: 'NDIS number',
  state: 'State',
  fundingManagement: 'Funding',
  supportsNeeded: 'Supports needed',
  consent: 'Participant consent obtained',
  notes: 'Notes',
};

// ----- newsletter (spec sections 3, 4, 7 and 8) --------------------------------------------

/** POST /api/support: the footer's newsletter sign-up. `message` is optional. */
export const newsletterSchema = z.object({
  email: emailSchema,
  userType: z.enum(newsletterSubscriptionTypeCodes, { error: 'Tell us who you are' }),
  message: optionalText(1000, 'Message', 'multi'),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;
