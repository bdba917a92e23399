import type { MailMessage } from '../../platform/mail/mail-message';
import { renderEmail } from '../../platform/mail/email-layout';
import { emailLayout } from '../../platform/mail/email-site';
import type { EmailSite } from './account-emails';

/** The code that confirms a new email address, sent to the new address. */
export function emailChangeCodeEmail(site: EmailSite, to: { email: string; firstName: string }, code: string): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `Your code to change your ${site.brandName} email address.`,
    heading: `Hi ${to.firstName}, confirm your new email address`,
    paragraphs: [
      `Someone (hopefully you) asked to use this address for their ${site.brandName} account. Type this code on the Account details page to finish the change:`,
      'The code works for 1 hour. Until it is typed, your account keeps its old address.',
      "If you didn't ask for this, you can ignore this email.",
    ],
    code,
    calloutAfter: 1,
  });
  return { to: to.email, category: 'SECURITY', subject: `Confirm your new email address for ${site.brandName}`, html, text };
}

/** Tells the old address that a change to another one was asked for. */
export function emailChangeRequestedEmail(site: EmailSite, to: { email: string; firstName: string }): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: 'Someone asked to change the email address of your account.',
    heading: `Hi ${to.firstName}, your email address is being changed`,
    paragraphs: [
      `Someone signed in to your ${site.brandName} account asked to change its email address. We sent a code to the new address; the change happens only when that code is typed.`,
      `If this wasn't you, change your password now and contact us at ${site.supportEmail}.`,
    ],
  });
  return { to: to.email, category: 'SECURITY', subject: `Your ${site.brandName} email address is being changed`, html, text };
}

/** Tells the old address that the change is done. */
export function emailChangedEmail(site: EmailSite, to: { email: string; firstName: string }, newEmail: string): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: 'The email address of your account has changed.',
    heading: `Hi ${to.firstName}, your email address has changed`,
    paragraphs: [
      `Your ${site.brandName} account now uses ${newEmail}. We will write to that address from now on.`,
      `If this wasn't you, contact us at ${site.supportEmail} straight away.`,
    ],
  });
  return { to: to.email, category: 'SECURITY', subject: `Your ${site.brandName} email address has changed`, html, text };
}

/** Tells the person their password changed and other sessions ended. */
export function passwordChangedEmail(site: EmailSite, to: { email: string; firstName: string }): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: 'The password of your account has changed.',
    heading: `Hi ${to.firstName}, your password has changed`,
    paragraphs: [
      `The password of your ${site.brandName} account was changed, and every other device was signed out.`,
      `If this wasn't you, reset your password from the log in page and contact us at ${site.supportEmail}.`,
    ],
  });
  return { to: to.email, category: 'SECURITY', subject: `Your ${site.brandName} password has changed`, html, text };
}
