import type { EmailCategory } from '@tendly/domain/api/notification-preferences';
import { renderEmail } from './email-layout';
import { emailLayout, type EmailLayout } from './email-site';
import type { MailAttachment, MailMessage } from './mail-message';

export interface SubjectEmailContent {
  to: string;
  category: EmailCategory;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  attachments?: MailAttachment[];
}

/**
 * An email whose heading and preheader are its subject: how most product emails read, so the
 * subject a recipient sees in their inbox is the first line of the message.
 */
export function subjectEmail(layout: EmailLayout, content: SubjectEmailContent): MailMessage {
  const { to, category, subject, paragraphs, action, attachments } = content;
  const { html, text } = renderEmail({ ...emailLayout(layout), preheader: subject, heading: subject, paragraphs, ...(action ? { action } : {}) });
  return { to, category, subject, html, text, ...(attachments ? { attachments } : {}) };
}
