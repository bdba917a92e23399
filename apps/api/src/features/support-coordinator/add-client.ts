import { fullName } from '@tendly/domain/format';
import { managedClientAddress } from '../../platform/mail/managed-recipients';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addClientMessages, type AddClientResponse, type addClientSchema } from '@tendly/domain/api/coordinator-links';
import type { MessageResponse } from '@tendly/domain/api/auth';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { hashPassword } from '../../platform/auth/passwords';
import { SUBJECT_BASE36_PATTERN, SUBJECT_ID_PATTERN, type LinkSigner } from '../../platform/auth/signed-links';
import { sessions, supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { fundingDetails } from '../../platform/db/schema/payments';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import type { LinkContext } from './link-requests';
import { emailLayoutOf } from '../../platform/mail/email-site';
import { subjectEmail } from '../../platform/mail/subject-email';

/**
 * A client account the coordinator creates (issue 16, /support-coordinator/add-client). The account
 * has no usable password (a random one nobody knows) and its link to the coordinator is ACTIVE
 * from the start, so the coordinator acts for it at once. With an email, the client is invited to
 * claim it: a signed link that expires after CLAIM_DAYS and works once (it names a fingerprint of
 * the password hash, which claiming replaces). Without one, the account gets an address of the
 * reserved `.invalid` domain that no mail reaches and nobody can sign in with.
 */
export const CLAIM_DAYS = 14;
const CLAIM_PURPOSE = 'client-account-claim';

type AddClientValues = z.output<typeof addClientSchema>;

const fingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex').slice(0, 16);

export function signClaimLink(signer: LinkSigner, claim: { userId: string; passwordHash: string; expiresAt: Date }): Promise<string> {
  return signer.sign(CLAIM_PURPOSE, [claim.userId, Math.floor(claim.expiresAt.getTime() / 1000).toString(36), fingerprint(claim.passwordHash)].join('_'));
}

/** POST /support-coordinator/clients: creates the account, its funding details and the ACTIVE link, in one transaction. */
export async function addClient(ctx: LinkContext, auth: RequestAuth, input: AddClientValues, origin: { ip: string }, now = new Date()): Promise<AddClientResponse> {
  if (auth.actor) throw forbidden(addClientMessages.emailTaken);
  const id = randomUUID();
  const email = input.email ?? managedClientAddress(id);
  if (input.email) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, input.email)).limit(1);
    if (taken) throw new AppError(409, addClientMessages.emailTaken, { code: 'CONFLICT', fieldErrors: { email: addClientMessages.emailTaken } });
  }
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  // Signed before the transaction: the signing key may be read from the database the first time.
  const claimToken = input.email ? await signClaimLink(ctx.linkSigner, { userId: id, passwordHash, expiresAt: new Date(now.getTime() + CLAIM_DAYS * 86_400_000) }) : null;
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'CS',
        passwordHash,
        state: input.state,
        postcode: input.postcode,
      });
      await tx.insert(fundingDetails).values({
        userId: id,
        fundingType: input.fundingType,
        ndisNumber: input.ndisNumber,
        planManagerName: input.planManagerName,
        planManagerEmail: input.planManagerEmail,
      });
      await tx.insert(supportCoordinatorLinks).values({ coordinatorId: auth.user.id, clientId: id, status: 'ACTIVE', acceptedAt: now, requestedAt: now });
      if (claimToken && input.email) {
        await queueMail(tx, claimEmail(ctx.config, { email: input.email, firstName: input.firstName }, auth.user, claimToken));
      }
      await recordAudit(tx, { actorUserId: auth.user.id, subjectUserId: id, action: 'coordinator-client.added', detail: { invited: claimToken !== null }, ip: origin.ip });
    });
  } catch (error) {
    // Two adds of one address at once: the unique index answers for the second.
    if (error instanceof Error && /users_email_lower_key/.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)) {
      throw new AppError(409, addClientMessages.emailTaken, { code: 'CONFLICT', fieldErrors: { email: addClientMessages.emailTaken } });
    }
    throw error;
  }
  return {
    id,
    name: fullName(input),
    invited: claimToken !== null,
    message: claimToken ? addClientMessages.addedAndInvited : addClientMessages.added,
  };
}

function claimEmail(config: LinkContext['config'], client: { email: string; firstName: string }, coordinator: { firstName: string; lastName: string }, token: string) {
  const coordinatorName = fullName(coordinator);
  const subject = `${coordinatorName} made you an account on ${config.BRAND_NAME}`;
  const url = `${config.publicUrl.replace(/\/+$/, '')}/claim-account?token=${encodeURIComponent(token)}`;
  return subjectEmail(emailLayoutOf(config), {
    to: client.email,
    category: 'ACCOUNT',
    subject,
    paragraphs: [
      `Hi ${client.firstName},`,
      `${coordinatorName}, your support coordinator, made you an account on ${config.BRAND_NAME} to find workers and manage your supports. They act on it for you.`,
      `Choose a password to sign in yourself whenever you like. Your coordinator stays linked until you revoke them from your dashboard. This link works once and expires in ${CLAIM_DAYS} days.`,
    ],
    action: { label: 'Claim your account', url },
  });
}

/** POST /claim-account: sets the password from the invitation; the link then stops working. */
export async function claimAccount(ctx: LinkContext, token: string, password: string, origin: { ip: string }, now = new Date()): Promise<MessageResponse> {
  const subject = await ctx.linkSigner.verify(CLAIM_PURPOSE, token);
  const [userId, expiry, print, ...rest] = subject?.split('_') ?? [];
  if (!subject || rest.length > 0 || !userId || !SUBJECT_ID_PATTERN.test(userId) || !expiry || !SUBJECT_BASE36_PATTERN.test(expiry) || !print) throw notFound(addClientMessages.claimNotValid);
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) throw new AppError(410, addClientMessages.claimExpired, { code: 'LINK_EXPIRED' });
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status !== 'ACTIVE' || fingerprint(user.passwordHash) !== print) throw notFound(addClientMessages.claimNotValid);
  const newHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({ passwordHash: newHash, emailVerifiedAt: now })
      .where(sql`${users.id} = ${userId} and ${users.passwordHash} = ${user.passwordHash}`)
      .returning({ id: users.id });
    if (!claimed) throw conflict(addClientMessages.claimNotValid);
    // Nobody else's session of this account survives the owner taking it over (alias sessions are the coordinator's and stay).
    await tx.update(sessions).set({ revokedAt: now }).where(sql`${sessions.userId} = ${userId} and ${sessions.kind} = 'USER' and ${sessions.revokedAt} is null`);
    await recordAudit(tx, { actorUserId: userId, subjectUserId: userId, action: 'coordinator-client.claimed', detail: {}, ip: origin.ip });
  });
  return { message: addClientMessages.claimed };
}
