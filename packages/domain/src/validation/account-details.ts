import { z } from 'zod';
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema, phoneSchema, verificationCodeSchema } from './account';

/**
 * /account-details (issue 16): the forms and the API validate with these, built from the sign-up's
 * own field schemas so a name or phone accepted at sign-up is accepted here and nothing else is.
 */

/**
 * The password the person has now, asked before a change that needs it. Not trimmed or
 * length-checked: an older, shorter password must still be accepted as the current one.
 */
const currentPasswordSchema = z.string({ error: 'Enter your current password' }).min(1, { error: 'Enter your current password' }).max(128, { error: 'Enter your current password' });

export const accountProfileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
});
export type AccountProfileInput = z.infer<typeof accountProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const requestEmailChangeSchema = z.object({
  newEmail: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type RequestEmailChangeInput = z.infer<typeof requestEmailChangeSchema>;

export const confirmEmailChangeSchema = z.object({ code: verificationCodeSchema });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

export const closeAccountSchema = z.object({
  currentPassword: currentPasswordSchema,
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;
