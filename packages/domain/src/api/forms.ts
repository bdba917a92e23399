import { z } from 'zod';
import type { FormKind } from '../validation/forms';

/**
 * Response schemas and texts of the public site's forms (issue 4): POST /api/forms/{kind} and
 * the newsletter sign-up, POST /api/support (spec section 7). Request bodies use the schemas of
 * `validation/forms.ts`.
 */

/** Reference numbers start with the kind's prefix: FB-7K3Q9M. */
export const formReferencePrefixes: Readonly<Record<FormKind, string>> = {
  feedback: 'FB',
  complaint: 'CP',
  incident: 'IN',
  contact: 'CT',
  'quick-request': 'QR',
  referral: 'RF',
};

/**
 * The characters of a reference after its prefix: digits and capitals without the ones people
 * confuse when they read a reference out over the phone (0/O, 1/I/L, 5/S, 2/Z, 8/B).
 */
export const FORM_REFERENCE_ALPHABET = '345679ACDEFGHJKMNPQRTUVWXY';
export const FORM_REFERENCE_LENGTH = 6;
export const formReferencePattern = new RegExp(`^[A-Z]{2}-[${FORM_REFERENCE_ALPHABET}]{${FORM_REFERENCE_LENGTH}}$`);

/** POST /api/forms/{kind} → 201. */
export const formSubmittedResponseSchema = z.object({ reference: z.string() });
export type FormSubmittedResponse = z.infer<typeof formSubmittedResponseSchema>;

/** POST /api/support → 200: NEWSLETTER_SUCCESS of the error catalogue. */
export const newsletterResponseSchema = z.object({ message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** Incidents that may be reportable to the NDIS Commission get a response within this time (workflows.md). */
export const INCIDENT_RESPONSE_HOURS = 24;

/** What happens after each kind of form is sent: shown on the confirmation and in the confirmation email. */
export const formNextSteps: Readonly<Record<FormKind, string>> = {
  feedback: 'Thank you for taking the time to tell us. Our team reads all feedback, and if you asked for a reply we will be in touch within 2 business days.',
  complaint: 'Our team will acknowledge your complaint within 2 business days, look into it fairly and keep you informed until it is resolved. You can ask for help from an advocate at any time.',
  incident: `Our team will respond within ${INCIDENT_RESPONSE_HOURS} hours. If the incident is reportable to the NDIS Quality and Safeguards Commission, we will report it and tell you what happens next. If anyone is in danger, call 000.`,
  contact: 'Our support team will reply within 1 business day, usually sooner.',
  'quick-request': 'One of our team will call you within 1 business day to talk about the support you need and help you find suitable workers.',
  referral: 'Our team will contact you within 2 business days to talk about the referral and the next steps for the participant.',
};

/** The message of a 404 for an unknown form kind. */
export function unknownFormKindMessage(kind: string): string {
  return `There is no form called "${kind}".`;
}

/** The message of a 400 for a form with invalid fields (the fields' own messages are in `errors`). */
export const FORM_INVALID_MESSAGE = 'Some of the details are not valid. Please check them and try again.';

/** When the support team answers the phone (ours: the spec does not say), in Sydney time. */
export const SUPPORT_OFFICE_HOURS = 'Monday to Friday, 8:30am to 5:30pm (Sydney time), except public holidays';
