import { z } from 'zod';

/** GET /api/account-details → 200: what /account-details shows. */
export const accountDetailsResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  emailVerified: z.boolean(),
  /** An email change waiting for its code: the new address, until the code expires. */
  pendingEmail: z.string().nullable(),
});
export type AccountDetailsResponse = z.infer<typeof accountDetailsResponseSchema>;

export const accountDetailsMessages = {
  profileSaved: 'Your details are saved.',
  passwordChanged: 'Your password is changed. You have been signed out everywhere else.',
  wrongCurrentPassword: 'Your current password is not right',
  emailCodeSent: 'We sent a 6-digit code to your new email address. Type it here to finish the change. It works for 1 hour.',
  sameEmail: 'That is already your email address',
  emailTaken: 'That email address cannot be used. Choose another one.',
  emailChanged: 'Your email address is changed.',
  emailCodeInvalid: 'That code is not right, or it has expired. Ask for a new one.',
  noEmailChange: 'There is no email change waiting for a code. Start again.',
} as const;

/** GET /api/my-account → 200: the account at a glance and what needs attention, each linking to its page. */
export const attentionItemSchema = z.object({
  kind: z.enum(['emailUnverified', 'noCard', 'providerDetails', 'taxDetails', 'documentsExpiring', 'documentsExpired']),
  message: z.string(),
  /** The route table id of the page that fixes it. */
  routeId: z.string(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const myAccountResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  attention: z.array(attentionItemSchema),
});
export type MyAccountResponse = z.infer<typeof myAccountResponseSchema>;
