/** An email as the product composes it: one recipient, and the same content as HTML and plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For email a person can opt out of: the address that opts them out, sent as `List-Unsubscribe`. */
  listUnsubscribe?: string;
  /** Files sent with it (issue 15: an invoice PDF to a plan manager); keep them small, they wait in the outbox. */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
