import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '@tendly/domain/constants';
import { accountDetailsMessages, type AccountDetailsResponse } from '@tendly/domain/api/account-details';
import type { MessageResponse } from '@tendly/domain/api/auth';
import type {
  AccountProfileInput,
  ChangePasswordInput,
  ConfirmEmailChangeInput,
  RequestEmailChangeInput,
} from '@tendly/domain/validation/account-details';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { digestsEqual } from '../../platform/auth/session-tokens';
import type { DbExecutor } from '../../platform/db/client';
import { emailChangeCodes } from '../../platform/db/schema/account-settings';
import { sessions, users } from '../../platform/db/schema/accounts';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { checkLimit, countFailure, peekLimit, resetLimit, tooManyRequests, type RateLimitRule } from '../../platform/rate-limit/rate-limiter';
import type { AccountContext } from './account-context';
import { emailSiteOf } from './account-context';
import { findUserByEmail, findUserById, setPasswordHash } from './account-repository';
import { generateVerificationCode } from './verification-service';
import { emailChangeCodeEmail, emailChangedEmail, emailChangeRequestedEmail, passwordChangedEmail } from './account-details-emails';

/** An email change code works for 1 hour. */
export const EMAIL_CHANGE_CODE_TTL_MS = 60 * 60 * 1000;
/** Wrong current passwords: 5 per person in 15 minutes, then 429 until the window ends. */
export const WRONG_PASSWORD_LIMIT = 5;
export const WRONG_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
/** Email change codes asked for: 5 per person an hour. */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

const wrongPasswordRule = (userId: string): RateLimitRule => ({
  key: `account:wrong-password:${userId}`,
  limit: WRONG_PASSWORD_LIMIT,
  windowMs: WRONG_PASSWORD_WINDOW_MS,
});

/** The password and the email address are the person's own: a coordinator acting for a client may not change them. */
function refuseAlias(auth: RequestAuth): void {
  if (auth.actor) {
    throw forbidden('Only the account holder can change the password or email address, not a coordinator acting for them.', 'ALIAS_NOT_ALLOWED');
  }
}

export function hashEmailChangeCode(userId: string, newEmail: string, code: string): string {
  return createHash('sha256').update(`${userId}:${newEmail}:${code}`, 'utf8').digest('hex');
}

async function openEmailChange(db: DbExecutor, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(emailChangeCodes)
    .where(and(eq(emailChangeCodes.userId, userId), isNull(emailChangeCodes.consumedAt), isNull(emailChangeCodes.voidedAt), sql`${emailChangeCodes.expiresAt} > ${now}`))
    .orderBy(desc(emailChangeCodes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function accountDetailsOf(db: DbExecutor, userId: string): Promise<AccountDetailsResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(404, 'This account does not exist.', { code: 'NOT_FOUND' });
  const pending = await openEmailChange(db, userId, new Date());
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: pending?.newEmail ?? null,
  };
}

/** PUT /account-details: name and phone. A coordinator acting may correct them for the client. */
export async function saveProfile(ctx: AccountContext, auth: RequestAuth, input: AccountProfileInput, ip: string): Promise<AccountDetailsResponse> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone }).where(eq(users.id, auth.user.id));
    await recordAudit(tx, { actorUserId: auth.actor?.id ?? auth.user.id, subjectUserId: auth.user.id, action: 'account.details_changed', ip });
  });
  return accountDetailsOf(ctx.db, auth.user.id);
}

/** Checks the current password, counting wrong ones; 429 once too many were wrong. */
async function assertCurrentPassword(ctx: AccountContext, userId: string, passwordHash: string, password: string): Promise<void> {
  const rule = wrongPasswordRule(userId);
  const allowance = await peekLimit(ctx.rateLimitStore, rule);
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  if (await verifyPassword(passwordHash, password)) {
    await resetLimit(ctx.rateLimitStore, rule.key);
    return;
  }
  await countFailure(ctx.rateLimitStore, rule);
  throw new AppError(400, accountDetailsMessages.wrongCurrentPassword, {
    code: 'WRONG_PASSWORD',
    fieldErrors: { currentPassword: accountDetailsMessages.wrongCurrentPassword },
  });
}

/**
 * POST /account-details/password: the current password is required; the new one is set and every
 * other session of the person ends (their own elsewhere, alias sessions acting for them, alias
 * sessions started from those). This session and the alias sessions it started stay.
 */
export async function changePassword(ctx: AccountContext, auth: RequestAuth, input: ChangePasswordInput, ip: string): Promise<MessageResponse> {
  refuseAlias(auth);
  const user = await findUserById(ctx.db, auth.user.id);
  if (!user) throw new AppError(404, 'This account does not exist.', { code: 'NOT_FOUND' });
  await assertCurrentPassword(ctx, user.id, user.passwordHash, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const currentSessionId = auth.session.id;
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          or(eq(sessions.userId, user.id), eq(sessions.actingUserId, user.id)),
          ne(sessions.id, currentSessionId),
          or(isNull(sessions.parentSessionId), ne(sessions.parentSessionId, currentSessionId)),
          isNull(sessions.revokedAt),
        ),
      );
    await queueMail(tx, passwordChangedEmail(emailSiteOf(ctx.config), user));
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.password_changed', ip });
  });
  return { message: accountDetailsMessages.passwordChanged };
}

/**
 * POST /account-details/email: asks to move the account to a new address. The current password
 * is required; a 6-digit code goes to the new address and the old one is told. When the new
 * address already has an account the answer is the same and nothing is sent, so the form cannot
 * be used to find out who has an account. At most 5 requests an hour.
 */
export async function requestEmailChange(ctx: AccountContext, auth: RequestAuth, input: RequestEmailChangeInput, ip: string): Promise<MessageResponse> {
  refuseAlias(auth);
  const user = await findUserById(ctx.db, auth.user.id);
  if (!user) throw new AppError(404, 'This account does not exist.', { code: 'NOT_FOUND' });
  if (input.newEmail === user.email.toLowerCase()) {
    throw badRequest(accountDetailsMessages.sameEmail, { newEmail: accountDetailsMessages.sameEmail });
  }
  await assertCurrentPassword(ctx, user.id, user.passwordHash, input.currentPassword);
  const limit = await checkLimit(ctx.rateLimitStore, { key: `account:email-change:${user.id}`, limit: EMAIL_CHANGE_REQUESTS_PER_HOUR, windowMs: 60 * 60 * 1000 });
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const now = new Date();
  const site = emailSiteOf(ctx.config);
  const taken = (await findUserByEmail(ctx.db, input.newEmail)) !== null;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailChangeCodes)
      .set({ voidedAt: now })
      .where(and(eq(emailChangeCodes.userId, user.id), isNull(emailChangeCodes.consumedAt), isNull(emailChangeCodes.voidedAt)));
    if (taken) return;
    const code = generateVerificationCode();
    await tx.insert(emailChangeCodes).values({
      userId: user.id,
      newEmail: input.newEmail,
      codeHash: hashEmailChangeCode(user.id, input.newEmail, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_CODE_TTL_MS),
    });
    await queueMail(tx, emailChangeCodeEmail(site, { email: input.newEmail, firstName: user.firstName }, code));
    await queueMail(tx, emailChangeRequestedEmail(site, user));
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.email_change_requested', ip });
  });
  return { message: accountDetailsMessages.emailCodeSent };
}

type ConfirmOutcome = 'changed' | 'none' | 'invalid' | 'taken';

/**
 * POST /account-details/email/confirm: the code from the new address. The right code, before it
 * expires, moves the account to the new address (verified, since the code proved it) and tells
 * the old one. A wrong code counts against the code; the 5th voids it.
 */
export async function confirmEmailChange(ctx: AccountContext, auth: RequestAuth, input: ConfirmEmailChangeInput, ip: string): Promise<MessageResponse> {
  refuseAlias(auth);
  const now = new Date();
  const site = emailSiteOf(ctx.config);
  const outcome = await ctx.db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const user = await findUserById(tx, auth.user.id);
    if (!user) return 'none';
    const [code] = await tx
      .select()
      .from(emailChangeCodes)
      .where(and(eq(emailChangeCodes.userId, user.id), isNull(emailChangeCodes.consumedAt), isNull(emailChangeCodes.voidedAt)))
      .orderBy(desc(emailChangeCodes.createdAt))
      .limit(1)
      .for('update');
    if (!code || code.expiresAt <= now) return 'none';
    if (!digestsEqual(code.codeHash, hashEmailChangeCode(user.id, code.newEmail, input.code))) {
      const attempts = code.attempts + 1;
      await tx
        .update(emailChangeCodes)
        .set({ attempts, ...(attempts >= VERIFICATION_CODE_MAX_ATTEMPTS ? { voidedAt: now } : {}) })
        .where(eq(emailChangeCodes.id, code.id));
      return 'invalid';
    }
    if (await findUserByEmail(tx, code.newEmail)) {
      await tx.update(emailChangeCodes).set({ voidedAt: now }).where(eq(emailChangeCodes.id, code.id));
      return 'taken';
    }
    await tx.update(emailChangeCodes).set({ consumedAt: now }).where(eq(emailChangeCodes.id, code.id));
    await tx.update(users).set({ email: code.newEmail, emailVerifiedAt: now }).where(eq(users.id, user.id));
    await queueMail(tx, emailChangedEmail(site, user, code.newEmail));
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.email_changed', ip });
    return 'changed';
  });
  switch (outcome) {
    case 'changed':
      return { message: accountDetailsMessages.emailChanged };
    case 'none':
      throw new AppError(400, accountDetailsMessages.noEmailChange, { code: 'INVALID_VERIFICATION_CODE', fieldErrors: { code: accountDetailsMessages.noEmailChange } });
    case 'invalid':
      throw new AppError(400, accountDetailsMessages.emailCodeInvalid, { code: 'INVALID_VERIFICATION_CODE', fieldErrors: { code: accountDetailsMessages.emailCodeInvalid } });
    case 'taken':
      throw new AppError(409, accountDetailsMessages.emailTaken, { code: 'CONFLICT' });
  }
}
