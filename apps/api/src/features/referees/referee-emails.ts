import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { formatInstantDate } from '@tendly/domain/format';
import { emailLayout, type EmailSite } from '../../platform/mail/email-site';

/** To a referee: a link to the short reference form. */
export function referenceRequestEmail(
  site: EmailSite,
  referee: { name: string; email: string },
  worker: { firstName: string; lastName: string },
  token: string,
  expiresAt: Date,
): MailMessage {
  const workerName = `${worker.firstName} ${worker.lastName}`;
  const until = formatInstantDate(expiresAt, { timeZone: 'Australia/Sydney' });
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `${workerName} named you as a referee. It takes about two minutes.`,
    heading: `A reference for ${worker.firstName}`,
    paragraphs: [
      `Hi ${referee.name},`,
      `${workerName} is applying to work as an independent support worker on ${site.brandName} and named you as a referee.`,
      `Could you answer five short questions about them? It takes about two minutes. The link works once and until ${until}.`,
      `If you don’t know ${worker.firstName}, you can ignore this email.`,
    ],
    action: { label: 'Give a reference', url: `${site.publicUrl}/reference/${token}` },
  });
  return { to: referee.email, category: 'EXTERNAL', subject: `${workerName} asked you for a reference`, html, text };
}
