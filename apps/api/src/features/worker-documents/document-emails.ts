import { complianceDocumentLabel, type ComplianceDocumentKind } from '@tendly/domain/compliance';
import type { StateCode } from '@tendly/domain/states';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout, emailSite, type EmailSite } from '../../platform/mail/email-site';

export type DocumentEmailSite = EmailSite;

export const documentEmailSite = emailSite;

export interface DocumentRecipient {
  email: string;
  firstName: string;
}

export interface DocumentInEmail {
  kind: ComplianceDocumentKind;
  issuingState: StateCode | null;
  expiresOn: string | null;
}

/**
 * The document's name inside a sentence: "your national police check", but a name of its own
 * keeps its capitals ("your NDIS Worker Screening clearance", "your Blue Card").
 */
export function documentNameInSentence(kind: ComplianceDocumentKind, state: StateCode | null): string {
  const label = complianceDocumentLabel(kind, state);
  if (kind === 'WORKING_WITH_CHILDREN' && state) return label;
  if (/^[A-Z]{2,}/.test(label)) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Why the profile went INACTIVE when a required document lapsed; shown on the dashboard too. */
export function lapsedReason(document: DocumentInEmail): string {
  const name = documentNameInSentence(document.kind, document.issuingState);
  const when = document.expiresOn ? ` on ${formatLongDate(document.expiresOn)}` : '';
  return `Your ${name} expired${when}. Upload a renewed one to become active again.`;
}

function documentsUrl(site: DocumentEmailSite): string {
  return `${site.publicUrl}/care-worker/documents`;
}

/** 30 and 7 days before a required document expires. */
export function expiryWarningEmail(site: DocumentEmailSite, worker: DocumentRecipient, document: DocumentInEmail, days: number): MailMessage {
  const name = documentNameInSentence(document.kind, document.issuingState);
  const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  const date = document.expiresOn ? formatLongDate(document.expiresOn) : '';
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `Your ${name} expires on ${date}.`,
    heading: `Your ${name} expires ${when}`,
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Your ${name} expires on ${date}. To keep your profile active and visible to care seekers, please upload the renewed one before then.`,
      `If your profile has no current ${name} after that date, it will be hidden from search until our team approves the new one.`,
    ],
    action: { label: 'Upload the renewed document', url: documentsUrl(site) },
  });
  return { to: worker.email, category: 'PROFILE', subject: `Your ${name} expires ${when}`, html, text };
}

/** The day after a required document lapsed: the profile is now inactive. */
export function documentExpiredEmail(site: DocumentEmailSite, worker: DocumentRecipient, document: DocumentInEmail): MailMessage {
  const name = documentNameInSentence(document.kind, document.issuingState);
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: lapsedReason(document),
    heading: `Your ${name} has expired`,
    paragraphs: [
      `Hi ${worker.firstName},`,
      lapsedReason(document),
      `Until then your profile is inactive: care seekers cannot find it in search. Your account, messages and past work are all still here.`,
      `As soon as our team approves the renewed document, your profile becomes active again.`,
    ],
    action: { label: 'Upload the renewed document', url: documentsUrl(site) },
  });
  return { to: worker.email, category: 'PROFILE', subject: `Your ${name} has expired`, html, text };
}

/** An approved renewal made a lapsed profile active again. */
export function profileActiveAgainEmail(site: DocumentEmailSite, worker: DocumentRecipient, document: DocumentInEmail): MailMessage {
  const name = documentNameInSentence(document.kind, document.issuingState);
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: 'Your profile is active again.',
    heading: 'Your profile is active again',
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Thank you for renewing your ${name}. Our team has approved it, and your profile is active again: care seekers can find you in search.`,
    ],
    action: { label: 'Go to my dashboard', url: `${site.publicUrl}/care-worker/dashboard` },
  });
  return { to: worker.email, category: 'PROFILE', subject: 'Your profile is active again', html, text };
}

/** An administrator could not accept a document: why, and how to fix it. */
export function documentRejectedEmail(site: DocumentEmailSite, worker: DocumentRecipient, document: DocumentInEmail, reason: string): MailMessage {
  const name = documentNameInSentence(document.kind, document.issuingState);
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `We could not accept your ${name}.`,
    heading: `We could not accept your ${name}`,
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Our team checked the ${name} you uploaded and could not accept it. They said: "${reason}"`,
      'Please upload it again with that fixed. If anything is unclear, reply to this email or give us a call.',
    ],
    action: { label: 'Go to my checks and documents', url: documentsUrl(site) },
  });
  return { to: worker.email, category: 'PROFILE', subject: `We could not accept your ${name}`, html, text };
}
