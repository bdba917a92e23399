import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout, emailSite, type EmailSite } from '../../platform/mail/email-site';

export type AdminEmailSite = EmailSite;

export const adminEmailSite = emailSite;

interface Recipient {
  email: string;
  firstName: string;
}

function message(site: AdminEmailSite, to: Recipient, subject: string, content: Omit<Parameters<typeof renderEmail>[0], 'brandName' | 'supportEmail' | 'supportPhone'>): MailMessage {
  const { html, text } = renderEmail({ ...emailLayout(site), ...content });
  return { to: to.email, category: 'PROFILE', subject, html, text };
}

/** The worker's profile is approved: they are ACTIVE and care seekers can find them. */
export function workerApprovedEmail(site: AdminEmailSite, worker: Recipient): MailMessage {
  return message(site, worker, `Your ${site.brandName} profile is approved`, {
    preheader: 'Care seekers can now find you in search.',
    heading: 'You’re approved',
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Good news: we have checked your profile and documents, and your profile is now live on ${site.brandName}. Care seekers can find you in search, and you can apply for jobs on the job board.`,
      'Keep your documents up to date: we will remind you before any of them expires.',
    ],
    action: { label: 'Go to your dashboard', url: `${site.publicUrl}/care-worker/dashboard` },
  });
}

/** The worker needs to fix some things before approval: each one listed. */
export function workerChangesRequestedEmail(site: AdminEmailSite, worker: Recipient, items: readonly string[]): MailMessage {
  return message(site, worker, `A few changes before we can approve your ${site.brandName} profile`, {
    preheader: 'Here is what to update before you send your profile in again.',
    heading: 'A few changes, please',
    paragraphs: [
      `Hi ${worker.firstName},`,
      'Thank you for sending your profile in. Before we can approve it, please update the following:',
      ...items.map((item, index) => `${index + 1}. ${item}`),
      'When you have made these changes, send your profile in for review again from your welcome page and we will take another look.',
    ],
    action: { label: 'Update your profile', url: `${site.publicUrl}/care-worker/welcome` },
  });
}

/** An administrator suspended the worker's profile: out of search until restored. */
export function workerSuspendedEmail(site: AdminEmailSite, worker: Recipient, reason: string): MailMessage {
  return message(site, worker, `Your ${site.brandName} profile is paused`, {
    preheader: 'Your profile is hidden from search for now.',
    heading: 'Your profile is paused',
    paragraphs: [
      `Hi ${worker.firstName},`,
      'Our team has paused your profile, so care seekers cannot find you in search for now. The reason we gave is:',
      reason,
      `If you have any questions, or think this is a mistake, please email ${site.supportEmail} or call ${site.supportPhone}.`,
    ],
  });
}

/** The suspension is lifted. */
export function workerRestoredEmail(site: AdminEmailSite, worker: Recipient, isActive: boolean): MailMessage {
  return message(site, worker, `Your ${site.brandName} profile is no longer paused`, {
    preheader: isActive ? 'Care seekers can find you in search again.' : 'There is one more thing to sort out.',
    heading: 'Your profile is no longer paused',
    paragraphs: [
      `Hi ${worker.firstName},`,
      isActive
        ? 'Our team has lifted the pause on your profile, and care seekers can find you in search again.'
        : 'Our team has lifted the pause on your profile. It is not shown in search yet: your dashboard says what still needs to be done.',
    ],
    action: { label: 'Go to your dashboard', url: `${site.publicUrl}/care-worker/dashboard` },
  });
}
