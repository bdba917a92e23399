import { truncateSummary } from '@tendly/domain/format';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout, emailSite, type EmailSite } from '../../platform/mail/email-site';

export type JobEmailSite = EmailSite;

export const jobEmailSite = emailSite;

export function jobUrl(site: JobEmailSite, jobId: string): string {
  return `${site.publicUrl}/jobs/${jobId}`;
}

interface Recipient {
  email: string;
  firstName: string;
}

interface JobInEmail {
  id: string;
  title: string;
  summary: string;
  suburb: string;
  state: string;
}

/**
 * Declining an application (PATCH .../applications/{id} DECLINED): a kind, plain note, so that
 * a worker is never left wondering. It gives no reason (the care seeker gave none) and points to
 * the other jobs on the board.
 */
export function applicationDeclinedEmail(site: JobEmailSite, worker: Recipient, job: JobInEmail): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `An update on your application for "${job.title}".`,
    heading: 'An update on your application',
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Thank you for applying for "${job.title}" in ${job.suburb} ${job.state}. The care seeker has decided not to go ahead with your application this time.`,
      'Choices like this often come down to timing, distance or a particular need, and are rarely about you. Thank you for the care you took with your message.',
      `New jobs are posted on ${site.brandName} every week. We hope you find the right one soon.`,
    ],
    action: { label: 'Find more jobs', url: `${site.publicUrl}/jobs/search` },
  });
  return { to: worker.email, category: 'JOBS', subject: `An update on your application for "${job.title}"`, html, text };
}

/** A care seeker invites a worker to apply (POST .../invitations): the job, their note, and a link to it. */
export function jobInvitationEmail(
  site: JobEmailSite,
  worker: Recipient,
  careSeeker: { firstName: string },
  job: JobInEmail,
  message: string,
): MailMessage {
  const note = message.trim() === '' ? [] : [`${careSeeker.firstName} wrote: "${message.trim()}"`];
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `${careSeeker.firstName} would like you to apply for a job in ${job.suburb}.`,
    heading: `${careSeeker.firstName} invited you to apply for a job`,
    paragraphs: [
      `Hi ${worker.firstName}, ${careSeeker.firstName} saw your profile on ${site.brandName} and would like you to apply for "${job.title}" in ${job.suburb} ${job.state}.`,
      ...note,
      ...truncateSummary(job.summary).split('\n'),
      `If it suits you, open the job and apply with a short message. If it does not, there is nothing you need to do.`,
    ],
    action: { label: 'See the job and apply', url: jobUrl(site, job.id) },
  });
  return { to: worker.email, category: 'JOBS', subject: `${careSeeker.firstName} invited you to apply for a job on ${site.brandName}`, html, text };
}

/** Kilometres for people: one decimal place below 10 km, whole kilometres above. */
export function formatKilometres(metres: number): string {
  const km = metres / 1000;
  if (km < 1) return 'less than 1 km';
  return `${km < 10 ? km.toFixed(1) : Math.round(km).toString()} km`;
}

/**
 * A job alert: a new job near the worker that needs skills they have. Every alert carries the
 * one-click link that stops them, in the footer and as the List-Unsubscribe header.
 */
export function jobAlertEmail(site: JobEmailSite, worker: Recipient, job: JobInEmail, metres: number, unsubscribeUrl: string): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `A new job ${formatKilometres(metres)} from you, in ${job.suburb}.`,
    heading: 'A new job near you',
    paragraphs: [
      `Hi ${worker.firstName}, a new job that needs your skills was just posted in ${job.suburb} ${job.state}, ${formatKilometres(metres)} from you.`,
      `"${job.title}"`,
      ...truncateSummary(job.summary).split('\n'),
    ],
    action: { label: 'See the job', url: jobUrl(site, job.id) },
    optOut: {
      reason: `You get these emails because your ${site.brandName} profile lists skills this job needs and you live nearby.`,
      label: 'Stop emails about new jobs near me',
      url: unsubscribeUrl,
    },
  });
  return { to: worker.email, category: 'JOB_ALERTS', subject: `New job near you: ${job.title}`, html, text, listUnsubscribe: unsubscribeUrl };
}
