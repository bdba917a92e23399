import type { Config } from '../../platform/config';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { formatInstantDate } from '@tendly/domain/format';

/** What the referee emails need to know about the site. */
export interface OnboardingEmailSite {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  publicUrl: string;
}

export function onboardingEmailSite(config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>): OnboardingEmailSite {
  return {
    brandName: config.BRAND_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
  };
}

function layout(site: OnboardingEmailSite) {
  return { brandName: site.brandName, supportEmail: site.supportEmail, supportPhone: site.supportPhone };
}

/** To a referee: a link to the short reference form. */
export function referenceRequestEmail(
  site: OnboardingEmailSite,
  referee: { name: string; email: string },
  worker: { firstName: string; lastName: string },
  token: string,
  expiresAt: Date,
): MailMessage {
  const workerName = `${worker.firstName} ${worker.lastName}`;
  const until = formatInstantDate(expiresAt, { timeZone: 'Australia/Sydney' });
  const { html, text } = renderEmail({
    ...layout(site),
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
