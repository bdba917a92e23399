import { routePath } from '@tendly/domain/routes';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout, type EmailSite } from '../../platform/mail/email-site';

interface Worker {
  firstName: string;
  lastName: string;
  email: string;
}

/** To the operations team: a worker asks for their profile to be reviewed. */
export function reviewRequestedEmail(site: EmailSite, worker: Worker, workerId: string): MailMessage {
  const name = `${worker.firstName} ${worker.lastName}`;
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `${name} has finished onboarding and is waiting for review.`,
    heading: 'A worker profile is ready for review',
    paragraphs: [
      `${name} (${worker.email}) has finished every onboarding step and submitted their profile for review.`,
      'Please check their documents and referees, then approve the profile or ask for changes.',
    ],
    action: { label: `Review ${worker.firstName}’s profile`, url: `${site.publicUrl}${routePath('adminWorkerReview', { workerId })}` },
  });
  return { to: site.supportEmail, category: 'EXTERNAL', subject: `Worker profile ready for review: ${name} (${workerId.slice(0, 8)})`, html, text };
}

/** To the worker: we have their profile and what happens next. */
export function reviewSubmittedEmail(site: EmailSite, worker: Worker): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: 'We have your profile and will review it soon.',
    heading: 'We’re reviewing your profile',
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Thanks for completing your ${site.brandName} profile. Our team will now check your documents and contact your referees.`,
      'We’ll email you as soon as your profile is approved, or if there’s anything you need to change. Most reviews take a few business days.',
    ],
    action: { label: 'See your checklist', url: `${site.publicUrl}/care-worker/welcome` },
  });
  return { to: worker.email, category: 'PROFILE', subject: `We’re reviewing your ${site.brandName} profile`, html, text };
}
