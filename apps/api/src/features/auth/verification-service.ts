import { createHash, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_MAX_ATTEMPTS } from '@tendly/domain/constants';
import { INVALID_VERIFICATION_CODE, VERIFICATION_RESENT, verificationSuccessMessage } from '@tendly/domain/errors';
import { accountMessages, type MessageResponse } from '@tendly/domain/api/auth';
import { recordAudit } from '../../platform/audit/audit-log';
import { digestsEqual } from '../../platform/auth/session-tokens';
import type { DbExecutor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { emailSiteOf, type AccountContext } from './account-context';
import { verificationEmail, welcomeEmail, type EmailSite } from './account-emails';
import { queueAccountEmail, VERIFICATION_CODE_JOB } from './account-job-queue';
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
 * POST /auth/verify/{email}/{code}. A wrong code answers the same whatever it is wrong for: an
 * address without an account, an account already verified, a code expired, replaced or void
 * (issue 10: the answer must not tell who has an account). Only someone who typed the right code
 * learns more: that the account is verified already, or that the code expired or was entered
 * wrongly too many times and a new one is needed. A wrong code counts against the code; at the
 * 5th wrong attempt it is void.
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
    const code = await lockLatestVerificationCode(tx, user.id);
    if (!code) return 'invalid';
    const isOpen = !user.emailVerifiedAt && !code.consumedAt && !code.voidedAt && code.expiresAt > now;
    if (!digestsEqual(code.codeHash, hashVerificationCode(user.id, input.code))) {
      if (isOpen) await recordWrongVerificationAttempt(tx, code.id, VERIFICATION_CODE_MAX_ATTEMPTS, now);
      return 'invalid';
    }
    if (user.emailVerifiedAt) return 'alreadyVerified';
    if (code.consumedAt) return 'invalid';
    if (code.voidedAt) return code.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS ? 'void' : 'invalid';
    if (code.expiresAt <= now) return 'expired';
    await consumeVerificationCode(tx, code.id, now);
    if (!(await markEmailVerified(tx, user.id, now))) return 'alreadyVerified';
    await queueMail(tx, welcomeEmail(site, user));
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.email_verified', ip: input.ip });
    return 'verified';
  });
  switch (outcome) {
    case 'verified':
      return { message: verificationSuccessMessage(ctx.config.BRAND_NAME) };
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
 * the older ones. The request only queues the work, the same for every address, so neither the
 * answer nor its timing says whether the email has an account. The caller has counted the
 * request against the address's hourly limit (`limitVerificationCodeRequests`).
 */
export async function resendVerificationCode(ctx: AccountContext, email: string): Promise<MessageResponse> {
  await queueAccountEmail(ctx.db, VERIFICATION_CODE_JOB, email);
  return { message: VERIFICATION_RESENT };
}

/** The background half of resendVerificationCode: the code, if the address has an account to verify. */
export async function sendVerificationCode(ctx: AccountContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailVerifiedAt || user.status !== 'ACTIVE') return;
  await ctx.db.transaction(async (tx) => {
    await issueVerificationCode(tx, emailSiteOf(ctx.config), user, new Date());
  });
}
