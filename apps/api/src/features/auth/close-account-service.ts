import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { MessageResponse } from '@tendly/domain/api/auth';
import type { CloseAccountInput } from '@tendly/domain/validation/account-details';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { revokeAllSessionsOfUser } from '../../platform/auth/session-repository';
import { dataExports, emailChangeCodes, emailPreferences } from '../../platform/db/schema/account-settings';
import { users } from '../../platform/db/schema/accounts';
import { invoices } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';
import { AppError, forbidden } from '../../platform/errors';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { countFailure, peekLimit, resetLimit, tooManyRequests } from '../../platform/rate-limit/rate-limiter';
import { emailSiteOf, type AccountContext } from './account-context';
import { findUserById } from './account-repository';

/** Invoices are kept 7 years (Australian tax law: records for 5 years from lodgement; we keep 7). */
export const INVOICE_RETENTION_YEARS = 7;

/**
 * POST /account-details/close. Refused, with the reason, while the person has a service
 * agreement offered or active, or an invoice unpaid (as either side). Otherwise the account is
 * anonymised in one transaction: name, phone, address and email replaced, password made unusable,
 * status DEACTIVATED, every session ended, settings and pending codes removed. Invoices (kept 7
 * years) and incident records stay, pointing at the anonymised account. The person is emailed at
 * their old address what is kept and for how long. A coordinator acting may not close a client's account.
 */
export async function closeAccount(ctx: AccountContext, auth: RequestAuth, input: CloseAccountInput, ip: string): Promise<MessageResponse> {
  if (auth.actor) throw forbidden('Only the account holder can close their account, not a coordinator acting for them.', 'ALIAS_NOT_ALLOWED');
  const user = await findUserById(ctx.db, auth.user.id);
  if (!user) throw new AppError(404, 'This account does not exist.', { code: 'NOT_FOUND' });
  const rule = { key: `account:wrong-password:${user.id}`, limit: 5, windowMs: 15 * 60 * 1000 };
  const allowance = await peekLimit(ctx.rateLimitStore, rule);
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await countFailure(ctx.rateLimitStore, rule);
    throw new AppError(400, 'Your current password is not right', { code: 'WRONG_PASSWORD', fieldErrors: { currentPassword: 'Your current password is not right' } });
  }
  await resetLimit(ctx.rateLimitStore, rule.key);

  const [live] = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(or(eq(contracts.careSeekerId, user.id), eq(contracts.workerId, user.id)), inArray(contracts.status, ['OFFERED', 'ACTIVE'])))
    .limit(1);
  if (live) {
    throw new AppError(409, 'You have a service agreement that is offered or active. End it first, then close your account.', { code: 'ACTIVE_CONTRACT' });
  }
  const [unpaid] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(or(eq(invoices.careSeekerId, user.id), eq(invoices.workerId, user.id)), eq(invoices.status, 'ISSUED')))
    .limit(1);
  if (unpaid) {
    throw new AppError(409, 'You have an invoice that is not paid yet. Once it is paid or credited, you can close your account.', { code: 'UNPAID_INVOICE' });
  }

  const now = new Date();
  const site = emailSiteOf(ctx.config);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.db.transaction(async (tx) => {
    const { html, text } = renderEmail({
      brandName: site.brandName,
      supportEmail: site.supportEmail,
      supportPhone: site.supportPhone,
      preheader: `Your ${site.brandName} account is closed.`,
      heading: `Goodbye, ${user.firstName}`,
      paragraphs: [
        `Your ${site.brandName} account is closed and you have been signed out everywhere. Your name, email address, phone, address and settings have been removed.`,
        `What we keep, because the law requires it: your invoices and the payments on them, for ${INVOICE_RETENTION_YEARS} years after they were issued (Australian tax law), and any incident reports, for as long as the NDIS and aged care rules require. They no longer carry your contact details.`,
        `If you have questions, contact us at ${site.supportEmail}.`,
      ],
    });
    await queueMail(tx, { to: user.email, subject: `Your ${site.brandName} account is closed`, html, text });
    await tx
      .update(users)
      .set({
        email: `closed-${user.id}@closed.invalid`,
        firstName: 'Former',
        lastName: 'member',
        phone: null,
        streetAddress: null,
        suburb: null,
        state: null,
        postcode: null,
        organisation: null,
        status: 'DEACTIVATED',
        passwordHash: unusable,
      })
      .where(eq(users.id, user.id));
    await tx.delete(emailPreferences).where(eq(emailPreferences.userId, user.id));
    await tx.delete(emailChangeCodes).where(eq(emailChangeCodes.userId, user.id));
    await tx.delete(dataExports).where(eq(dataExports.userId, user.id));
    await revokeAllSessionsOfUser(tx, user.id, now);
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.closed', ip });
  });
  return { message: 'Your account is closed. We have emailed you what we keep and for how long.' };
}
