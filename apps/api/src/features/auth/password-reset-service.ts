import { hasNoMailbox } from '@tendly/domain/contact-email';
import { PASSWORD_RESET_TTL_MS } from '@tendly/domain/constants';
import { accountMessages, type MessageResponse } from '@tendly/domain/api/auth';
import type { ForgotPasswordInput, ResetPasswordInput } from '@tendly/domain/validation/account';
import { recordAudit } from '../../platform/audit/audit-log';
import { hashPassword } from '../../platform/auth/passwords';
import { revokeAllSessionsOfUser } from '../../platform/auth/session-repository';
import { generateToken, hashToken } from '../../platform/auth/session-tokens';
import { badRequest } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { emailSiteOf, type AccountContext } from './account-context';
import { passwordResetEmail } from './account-emails';
import {
  findUserByEmail,
  insertPasswordReset,
  retireOpenPasswordResets,
  setPasswordHash,
  usePasswordReset,
} from './account-repository';
import { PASSWORD_RESET_LINK_JOB, queueAccountEmail } from './account-job-queue';
import { clearFailedSignIns, mayEmailRecipient } from './auth-limits';

/** The link in the email: the web app's /resetPassword screen posts its email and token back. */
export function resetPasswordUrl(publicUrl: string, email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${publicUrl}/resetPassword?${query.toString()}`;
}

/**
 * POST /auth/forgot: emails a single-use link valid for 1 hour. The request only queues the work,
 * the same for every address, so neither the answer nor its timing says whether the email has
 * an account (issue 10).
 */
export async function requestPasswordReset(ctx: AccountContext, input: ForgotPasswordInput): Promise<MessageResponse> {
  await queueAccountEmail(ctx.db, PASSWORD_RESET_LINK_JOB, input.email);
  return { message: accountMessages.resetLinkSent };
}

/**
 * The background half of POST /auth/forgot: a new link for an active account, unless the address
 * had its hour's account emails already. A deactivated account could not sign in with a new
 * password anyway.
 */
export async function sendPasswordResetLink(ctx: AccountContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  // A managed client's stand-in address has no mailbox: its email would reach the coordinator.
  if (!user || user.status !== 'ACTIVE' || hasNoMailbox(user.email)) return;
  if (!(await mayEmailRecipient(ctx.rateLimitStore, user.email))) return;
  const now = new Date();
  const site = emailSiteOf(ctx.config);
  const token = generateToken();
  await ctx.db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    await queueMail(tx, passwordResetEmail(site, user, resetPasswordUrl(site.publicUrl, user.email, token)));
  });
}

/**
 * POST /auth/reset: sets the new password, uses up the link (and any other open link), and signs
 * the account out everywhere: whoever knew the old password loses their sessions too.
 */
export async function resetPassword(
  ctx: AccountContext,
  input: ResetPasswordInput,
  origin: { ip: string },
): Promise<MessageResponse> {
  const now = new Date();
  // Hashed before looking anything up, so an unknown email takes as long as a known one.
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return null;
    const isUsable = await usePasswordReset(tx, { userId: user.id, tokenHash: hashToken(input.verificationToken) }, now);
    if (!isUsable) return null;
    await setPasswordHash(tx, user.id, passwordHash);
    await retireOpenPasswordResets(tx, user.id, now);
    await revokeAllSessionsOfUser(tx, user.id, now);
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'auth.password_reset', ip: origin.ip });
    return user.id;
  });
  if (!userId) throw badRequest(accountMessages.resetLinkInvalid);
  // Whoever reset the password proved they own the email: earlier failed sign-ins no longer lock it.
  await clearFailedSignIns(ctx.rateLimitStore, input.email, origin.ip);
  return { message: accountMessages.passwordReset };
}
