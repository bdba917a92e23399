/**
 * Addresses with no mailbox behind them (issue 31, item 10c). A client a support coordinator adds
 * without an email address still needs a unique `users.email`: the API gives them
 * `client-<id>@managed.invalid`, under a domain reserved never to receive mail (RFC 2606), and a
 * closed account's address moves under `.invalid` too. Such an address is never shown to anyone:
 * screens say there is no email address instead.
 */

/** Said in place of an address with no mailbox. */
export const NO_EMAIL_ADDRESS = 'No email address';

/** An address under a reserved `.invalid` domain: a managed client, a closed account. */
export function hasNoMailbox(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

/** The address as a screen may show it: itself, or "No email address" when there is no mailbox behind it. */
export function shownEmail(address: string): string {
  return hasNoMailbox(address) ? NO_EMAIL_ADDRESS : address;
}
