/** An email as the product composes it: one recipient, and the same content as HTML and plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For email a person can opt out of: the address that opts them out, sent as `List-Unsubscribe`. */
  listUnsubscribe?: string;
}
