import { createHash, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_MAX_ATTEMPTS } from '@tendly/domain/constants';
import { INVALID_VERIFICATION_CODE, VERIFICATION_RESENT, VERIFICATION_SUCCESS } from '@tendly/domain/errors';
import { accountMessages, type MessageResponse } from '@tendly/domain/api/auth';
import { recordAudit } from '../../platform/audit/audit-log';
import { digestsEqual } from '../../platform/auth/session-tokens';
import type { DbExecutor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { emailSiteOf, type AccountContext } from './account-context';
import { verificationEmail, welcomeEmail, type EmailSite } from './account-emails';
import {
  consumeVerificationCode,
  findUserByEmail,
  insertVerificationCode,
  lockLatestVerificationCode,
  markEmailVerified,
  recordWrongVerificationAttempt,
  voidOpenVerificationCodes,
  type UserRow,
} from './account-repository';

/** A verification code works for 24 hours (issue 3). */
export const VERIFICATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** A uniformly random 6-digit code, leading zeros kept. */
export function generateVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * Only a hash of the code is stored, salted with the person's id so equal codes of two people
 * differ. Guessing online is what the attempt limit stops; the code lives 24 hours at most.
 */
export function hashVerificationCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`, 'utf8').digest('hex');
}

/** Voids the person's open codes and emails a new one; joins the caller's transaction. */
export async function issueVerificationCode(
  db: DbExecutor,
  site: EmailSite,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  now: Date,
): Promise<void> {
  const code = generateVerificationCode();
  await voidOpenVerificationCodes(db, user.id, now);
  await insertVerificationCode(db, {
    userId: user.id,
    codeHash: hashVerificationCode(user.id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
  });
  await queueMail(db, verificationEmail(site, user, code));
}

type VerifyOutcome = 'verified' | 'alreadyVerified' | 'invalid' | 'void' | 'expired';

const invalidCode = (message: string) => new AppError(400, message, { code: 'INVALID_VERIFICATION_CODE' });

/**
 * POST /auth/verify/{email}/{code}. A wrong code counts against the code; at the 5th wrong
 * attempt it is void and a new one must be requested. An unknown email answers like a wrong code.
 */
export async function verifyEmail(
  ctx: AccountContext,
  input: { email: string; code: string; ip: string },
): Promise<MessageResponse> {
  const now = new Date();
  const site = emailSiteOf(ctx.config);
  // The attempt count must be saved even when the answer is an error, so the transaction returns
  // an outcome and the error is thrown once it has committed.
  const outcome = await ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return 'invalid';
    if (user.emailVerifiedAt) return 'alreadyVerified';
    const code = await lockLatestVerificationCode(tx, user.id);
    if (!code || code.consumedAt) return 'invalid';
    if (code.voidedAt) return code.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS ? 'void' : 'invalid';
    if (code.expiresAt <= now) return 'expired';
    if (!digestsEqual(code.codeHash, hashVerificationCode(user.id, input.code))) {
      const attempts = await recordWrongVerificationAttempt(tx, code.id, VERIFICATION_CODE_MAX_ATTEMPTS, now);
      return attempts >= VERIFICATION_CODE_MAX_ATTEMPTS ? 'void' : 'invalid';
    }
    await consumeVerificationCode(tx, code.id, now);
    if (!(await markEmailVerified(tx, user.id, now))) return 'alreadyVerified';
    await queueMail(tx, welcomeEmail(site, user));
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.email_verified', ip: input.ip });
    return 'verified';
  });
  switch (outcome) {
    case 'verified':
      return { message: VERIFICATION_SUCCESS };
    case 'alreadyVerified':
      return { message: accountMessages.alreadyVerified };
    case 'invalid':
      throw invalidCode(INVALID_VERIFICATION_CODE);
    case 'void':
      throw invalidCode(accountMessages.verificationCodeVoid);
    case 'expired':
      throw invalidCode(accountMessages.verificationCodeExpired);
  }
}

/**
 * POST /auth/resetEmailVerification/{email}: a fresh code for an unverified account, which voids
 * the older ones. The answer is the same whether or not the email has an account.
 */
export async function resendVerificationCode(ctx: AccountContext, email: string): Promise<MessageResponse> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailVerifiedAt || user.status !== 'ACTIVE') return;
    await issueVerificationCode(tx, emailSiteOf(ctx.config), user, now);
  });
  return { message: VERIFICATION_RESENT };
}
