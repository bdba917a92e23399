import type { Config } from '../../platform/config';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayoutOf } from '../../platform/mail/email-site';

export type ReviewEmailConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;

/** Tells the worker their annual review is signed off, with the administrator's note and a link to it. */
export function annualReviewSignedOffEmail(
  config: ReviewEmailConfig,
  worker: { email: string; firstName: string },
  year: number,
  note: string,
): MailMessage {
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const { html, text } = renderEmail({
    ...emailLayoutOf(config),
    preheader: `Your ${year} annual review is signed off.`,
    heading: `Your ${year} annual review is signed off`,
    paragraphs: [
      `Hi ${worker.firstName},`,
      `Thank you for taking the time to look back on your year. Our team has read your ${year} review and signed it off, with this note for you:`,
      `"${note}"`,
      'If you asked for support in your review, we will be in touch about it.',
    ],
    action: { label: 'See your review', url: `${publicUrl}/care-worker/annual-review` },
  });
  return { to: worker.email, category: 'PROFILE', subject: `Your ${year} annual review is signed off`, html, text };
}
