/** An email as the product composes it: one recipient, and the same content as HTML and plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
