import { randomUUID } from 'node:crypto';
import { fullName } from '@tendly/domain/format';
import {
  accountMessages,
  type MeResponse,
  type MessageResponse,
  type SignInResponse,
  type SignUpResponse,
} from '@tendly/domain/api/auth';
import { accountDeactivatedMessage, EMAIL_NOT_VERIFIED_CODE, emailNotVerifiedMessage, INVALID_CREDENTIALS } from '@tendly/domain/errors';
import type { LoginInput, SignupInput } from '@tendly/domain/validation/account';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../../platform/auth/passwords';
import type { AuthUser } from '../../platform/auth/session-repository';
import { createUserSession, revokeSessionAndAliases } from '../../platform/auth/session-repository';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { loadOnboardingChecklist } from '../../platform/workers/onboarding-checklist';
import { emailSiteOf, type AccountContext, type RequestOrigin } from './account-context';
import { registrationAttemptEmail } from './account-emails';
import {
  findLocality,
  findUserByEmail,
  findWorkerProfile,
  insertUser,
  insertWorkerProfile,
  type NewUserRow,
  type WorkerProfileRow,
} from './account-repository';
import { queueAccountEmail, REGISTRATION_ATTEMPT_JOB } from './account-job-queue';
import { mayEmailRecipient, recordFailedSignIn, recordSuccessfulSignIn } from './auth-limits';
import { issueVerificationCode } from './verification-service';

/** The columns a sign-up fills, by kind of account (spec section 5). */
function newUserValues(input: SignupInput, passwordHash: string, now: Date): NewUserRow {
  const common = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    role: input.role,
    passwordHash,
    termsAcceptedAt: now,
  } satisfies NewUserRow;
  switch (input.role) {
    case 'CR':
      return {
        ...common,
        streetAddress: input.address,
        suburb: input.suburb,
        state: input.state,
        postcode: input.postcode,
        hearAboutUs: input.hearAboutUs,
        engagementTermsAcceptedAt: now,
        ndisCodeAcceptedAt: now,
        agedCareCodeAcceptedAt: now,
      };
    case 'SUPPORT':
      return { ...common, organisation: input.organisation };
    case 'CS':
      return common;
  }
}

/**
 * POST /signup: creates an unverified account and emails the verification code. A worker also gets
 * an INACTIVE worker profile, placed at their locality when suburb, state and postcode name one.
 *
 * An address that already has an account is answered exactly like a new one, with a made-up id,
 * so that sign-up cannot tell anyone who has an account (issue 10); its owner is emailed instead
 * (account-jobs.ts). The password is hashed either way, so both take as long.
 */
export async function signUp(ctx: AccountContext, input: SignupInput, origin: RequestOrigin): Promise<SignUpResponse> {
  const now = new Date();
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, newUserValues(input, passwordHash, now));
    if (!created) {
      await queueAccountEmail(tx, REGISTRATION_ATTEMPT_JOB, input.email);
      return null;
    }
    if (input.role === 'CR') {
      const locality = await findLocality(tx, { suburb: input.suburb, state: input.state, postcode: input.postcode });
      await insertWorkerProfile(tx, created.id, locality);
    }
    await issueVerificationCode(tx, emailSiteOf(ctx.config), created, now);
    await recordAudit(tx, { actorUserId: created.id, subjectUserId: created.id, action: 'account.signed_up', ip: origin.ip });
    return created;
  });
  return { id: user?.id ?? randomUUID(), email: input.email, role: input.role, message: accountMessages.signedUp };
}

/** The background half of signing up with a registered address: its owner hears of it, within the hourly limit. */
export async function tellOwnerOfRegistrationAttempt(ctx: AccountContext, email: string): Promise<void> {
  const owner = await findUserByEmail(ctx.db, email);
  if (!owner) return;
  if (!(await mayEmailRecipient(ctx.rateLimitStore, owner.email))) return;
  await ctx.db.transaction(async (tx) => {
    await queueMail(tx, registrationAttemptEmail(emailSiteOf(ctx.config), owner));
  });
}

/**
 * POST /signin. The password is checked first, so a wrong password answers the same whether the
 * account is unverified, deactivated, or does not exist, and in about the same time: an unknown
 * email is checked against a dummy hash. Only the owner of the password learns that the email is
 * unverified (401 EVF) or the account deactivated (403). Every wrong password counts towards the
 * locks of auth-limits.ts; a right one clears this address's count.
 */
export async function signIn(ctx: AccountContext, input: LoginInput, origin: RequestOrigin): Promise<SignInResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const isPasswordRight = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummyHash(input.password);
  if (!user || !isPasswordRight) {
    await recordFailedSignIn(ctx.rateLimitStore, input.email, origin.ip);
    throw unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  await recordSuccessfulSignIn(ctx.rateLimitStore, input.email, origin.ip);
  if (user.status === 'DEACTIVATED') {
    throw forbidden(accountDeactivatedMessage(ctx.config.SUPPORT_EMAIL), 'ACCOUNT_DEACTIVATED');
  }
  if (!user.emailVerifiedAt) {
    throw new AppError(401, emailNotVerifiedMessage(ctx.config.BRAND_NAME), { code: EMAIL_NOT_VERIFIED_CODE });
  }

  const now = new Date();
  const { token } = await ctx.db.transaction(async (tx) => {
    const session = await createUserSession(tx, user.id, origin, now);
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'auth.signed_in', ip: origin.ip });
    return session;
  });
  const profile = user.role === 'CR' ? await findWorkerProfile(ctx.db, user.id) : null;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullName(user),
    email: user.email,
    phone: user.phone,
    role: user.role,
    authToken: token,
    // Admins signing in as someone else happens on the separate admin platform, never here.
    superUserLogin: false,
    freshchatId: user.freshchatId,
    profileStatus: user.role === 'CR' ? (profile?.status ?? 'INACTIVE') : null,
  };
}

/**
 * POST /signout: ends the sign-in and every alias session started from it. Signed out with an
 * alias token, it ends the coordinator's own session too: signing out clears every stored key
 * on the device (spec section 4), so nothing there could use that session again.
 */
export async function signOut(ctx: AccountContext, auth: RequestAuth, origin: RequestOrigin): Promise<MessageResponse> {
  const now = new Date();
  const rootSessionId = auth.session.parentSessionId ?? auth.session.id;
  await ctx.db.transaction(async (tx) => {
    await revokeSessionAndAliases(tx, rootSessionId, now);
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: auth.session.userId, action: 'auth.signed_out', ip: origin.ip });
  });
  return { message: accountMessages.signedOut };
}

function personOf(user: AuthUser) {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, name: fullName(user), email: user.email, role: user.role };
}

/** GET /me: the current user (the client, during an alias session) and who is really acting. */
export async function describeCurrentUser(ctx: AccountContext, auth: RequestAuth): Promise<MeResponse> {
  const { user } = auth;
  const profile = user.role === 'CR' ? await findWorkerProfile(ctx.db, user.id) : null;
  return {
    ...personOf(user),
    phone: user.phone,
    profileStatus: user.role === 'CR' ? (profile?.status ?? 'INACTIVE') : null,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    actor: auth.actor ? personOf(auth.actor) : null,
    workerProfile: profile ? await workerProfileCompleteness(ctx.db, profile) : null,
    organisation: user.role === 'SUPPORT' ? user.organisation : null,
  };
}

/** The dashboard's profile completeness: the onboarding checklist's progress and what it still needs. */
async function workerProfileCompleteness(db: AccountContext['db'], profile: WorkerProfileRow) {
  const checklist = await loadOnboardingChecklist(db, profile);
  return { status: profile.status, completenessPercent: checklist.progressPercent, missing: checklist.missing };
}
