import { routePath } from '@tendly/domain/routes';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout } from '../../platform/mail/email-site';

/** What the enquiry email needs to know about the site. */
export interface EnquiryEmailSite {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  publicUrl: string;
}

/**
 * The email that brings a care seeker's first message to a worker (issue 5). It names the care
 * seeker by first name only and asks the worker to answer through the product, which keeps both
 * of them covered by its safeguards; it never gives the care seeker's email address or phone.
 */
export function enquiryEmail(
  site: EnquiryEmailSite,
  worker: { email: string; firstName: string },
  careSeeker: { firstName: string },
  message: string,
  conversationId: string,
): MailMessage {
  const paragraphs = message
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `${careSeeker.firstName} found your profile on ${site.brandName} and sent you a message.`,
    heading: `${careSeeker.firstName} would like to talk about support`,
    paragraphs: [
      `Hi ${worker.firstName}, ${careSeeker.firstName} found your profile on ${site.brandName} and sent you this message:`,
      ...paragraphs.map((paragraph) => `"${paragraph}"`),
      `Please reply through ${site.brandName} rather than to this email: open the conversation to answer ${careSeeker.firstName}. Keeping your conversations, agreements and payments on ${site.brandName} keeps a record you can both rely on and keeps you both protected by our safeguards.`,
    ],
    // The conversation itself (issue 31, item 8): signed out, the login page brings the worker back to it.
    action: { label: `Reply to ${careSeeker.firstName}`, url: `${site.publicUrl}${routePath('messages')}?conversation=${encodeURIComponent(conversationId)}` },
    calloutAfter: paragraphs.length + 2,
  });
  return { to: worker.email, category: 'MESSAGES', subject: `${careSeeker.firstName} sent you a message on ${site.brandName}`, html, text };
}
