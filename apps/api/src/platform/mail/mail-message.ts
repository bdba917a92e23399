import type { EmailCategory } from '@tendly/domain/api/notification-preferences';

/** An email as the product composes it: one recipient, and the same content as HTML and plain text. */
export interface MailMessage {
  to: string;
  /**
   * What it is about (issue 17): a notification topic, sent only if the recipient wants email on
   * it, or SECURITY, ACCOUNT, JOB_ALERTS or EXTERNAL (see `EmailCategory`).
   */
  category: EmailCategory;
  subject: string;
  text: string;
  html: string;
  /** For email a person can opt out of: the address that opts them out, sent as `List-Unsubscribe`. */
  listUnsubscribe?: string;
  /**
   * Files sent with it: by where their bytes are in the file store (a remittance PDF), read when it
   * is delivered so queuing stays one small row; or their bytes themselves (a small invoice PDF
   * made for this email), kept in the outbox as base64.
   */
  attachments?: readonly (MailAttachmentRef | MailAttachment)[];
}

/** Where an attachment's bytes are in the file store, and the name and type it is sent with. */
export interface MailAttachmentRef {
  fileName: string;
  contentType: string;
  storageKey: string;
}

/** An attachment with its bytes, as the transport sends it. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A message ready to send: its attachments' bytes read. */
export interface OutgoingMail extends Omit<MailMessage, 'attachments' | 'category'> {
  attachments?: MailAttachment[];
}
