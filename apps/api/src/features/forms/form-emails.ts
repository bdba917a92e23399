import { formNextSteps, INCIDENT_RESPONSE_HOURS } from '@tendly/domain/api/forms';
import { careForOptions } from '@tendly/domain/care-for';
import type { CodedOption } from '@tendly/domain/coded-options';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { states } from '@tendly/domain/states';
import { taskGroups } from '@tendly/domain/tasks';
import {
  contactTopics,
  formFieldLabels,
  formKindLabels,
  referrerRelationships,
  reporterRoles,
  supportStarts,
  type FormSubmission,
} from '@tendly/domain/validation/forms';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout, type EmailLayout } from '../../platform/mail/email-site';

const tasks: readonly CodedOption<string>[] = taskGroups.flatMap((group) => group.tasks);
const stateOptions: readonly CodedOption<string>[] = states.map((state) => ({ code: state.code, label: state.name }));

/** Fields holding codes, and the list that labels them, so the team reads "Cooking" rather than COOK. */
const codedFields: Readonly<Record<string, readonly CodedOption<string>[]>> = {
  role: reporterRoles,
  topic: contactTopics,
  careFor: careForOptions,
  when: supportStarts,
  payingForCareType: payingForCareTypes,
  fundingManagement: payingForCareTypes,
  relationship: referrerRelationships,
  state: stateOptions,
  tasks,
  supportsNeeded: tasks,
};

function labelOf(field: string, code: string): string {
  return codedFields[field]?.find((option) => option.code === code)?.label ?? code;
}

function readable(field: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((item) => labelOf(field, String(item))).join(', ') : 'Not given';
  if (typeof value === 'string') return value.trim() === '' ? 'Not given' : labelOf(field, value);
  return value === undefined || value === null ? 'Not given' : JSON.stringify(value);
}

/** Every field of the form as "Label: value" lines, in the form's own order. */
export function describeFormFields(data: Record<string, unknown>): string[] {
  return Object.entries(data).map(([field, value]) => `${formFieldLabels[field] ?? field}: ${readable(field, value)}`);
}

/** The sender's name and email address, when they gave them (anonymous forms have none). */
export function senderOf(submission: FormSubmission): { name: string; email: string | null } {
  switch (submission.kind) {
    case 'feedback':
    case 'complaint':
    case 'incident': {
      const { firstName, lastName, email } = submission.data;
      return { name: `${firstName} ${lastName}`.trim(), email: email || null };
    }
    case 'contact':
    case 'quick-request':
      return { name: submission.data.name, email: submission.data.email };
    case 'referral':
      return { name: submission.data.referrerName, email: submission.data.email };
  }
}

/**
 * The email to the operations team (SUPPORT_EMAIL) with everything the person sent. Incidents
 * say in the subject that they may be reportable to the NDIS Commission and need a response
 * within 24 hours (workflows.md).
 */
export function operationsEmail(site: EmailLayout, submission: FormSubmission, reference: string): MailMessage {
  const label = formKindLabels[submission.kind];
  const sender = senderOf(submission);
  const from = sender.name || 'someone who wants to stay anonymous';
  const isIncident = submission.kind === 'incident';
  const subject = isIncident
    ? `URGENT: incident report ${reference}, may be reportable, respond within ${INCIDENT_RESPONSE_HOURS} hours`
    : `${label} ${reference} from ${from}`;
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `${label} ${reference} from ${from}.`,
    heading: `${label} ${reference}`,
    paragraphs: [
      ...(isIncident
        ? [
            `This incident may be reportable to the NDIS Quality and Safeguards Commission. Assess it and respond to the person within ${INCIDENT_RESPONSE_HOURS} hours.`,
          ]
        : []),
      `Sent by ${from}${sender.email ? ` (${sender.email})` : ''}. Reply to them quoting reference ${reference}.`,
      ...describeFormFields(submission.data),
    ],
  });
  return { to: site.supportEmail, category: 'EXTERNAL', subject, html, text };
}

/** The confirmation to the person who sent the form, with its reference and what happens next. */
export function confirmationEmail(
  site: EmailLayout,
  submission: FormSubmission,
  reference: string,
  to: { email: string; name: string },
): MailMessage {
  const label = formKindLabels[submission.kind].toLowerCase();
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `Your reference number is ${reference}.`,
    heading: `We have received your ${label}`,
    paragraphs: [
      `Hi ${to.name}, thank you for contacting ${site.brandName}. Your reference number is:`,
      formNextSteps[submission.kind],
      'Please quote your reference number if you contact us about this.',
    ],
    code: reference,
    calloutAfter: 1,
  });
  return { to: to.email, category: 'EXTERNAL', subject: `We received your ${label} (reference ${reference})`, html, text };
}
