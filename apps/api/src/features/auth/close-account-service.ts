import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { MessageResponse } from '@tendly/domain/api/auth';
import type { CloseAccountInput } from '@tendly/domain/validation/account-details';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { revokeAllSessionsOfUser } from '../../platform/auth/session-repository';
import type { ComplianceSectionKey } from '@tendly/domain/compliance-details';
import type { DbExecutor } from '../../platform/db/client';
import { emailChangeCodes, notificationPreferences } from '../../platform/db/schema/account-settings';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { accountNominees, invoices } from '../../platform/db/schema/billing';
import { complianceSectionVersions } from '../../platform/db/schema/compliance';
import { calendarFeeds, contracts, messages } from '../../platform/db/schema/engagements';
import { workerDocuments, workerReferees, workerTaxDetails } from '../../platform/db/schema/onboarding';
import { walletBudgets } from '../../platform/db/schema/funding-wallet';
import { notifications } from '../../platform/db/schema/notifications';
import { fundingDetails, payoutItems } from '../../platform/db/schema/payments';
import { storedFiles, type StoredFilePurpose } from '../../platform/db/schema/platform';
import { shortlistItems } from '../../platform/db/schema/search';
import { workerProfiles } from '../../platform/db/schema/workers';
import { AppError, forbidden } from '../../platform/errors';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { countFailure, peekLimit, resetLimit, tooManyRequests } from '../../platform/rate-limit/rate-limiter';
import { emailSiteOf, type AccountContext } from './account-context';
import { findUserById } from './account-repository';
import { deleteDataExports } from './data-export-service';
import type { FileStore } from '../../platform/files/file-store';
import { emailLayout } from '../../platform/mail/email-site';

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
export async function closeAccount(ctx: AccountContext & { fileStore: Pick<FileStore, 'delete'> }, auth: RequestAuth, input: CloseAccountInput, ip: string): Promise<MessageResponse> {
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
  const [owed] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .leftJoin(payoutItems, eq(payoutItems.invoiceId, invoices.id))
    .where(and(eq(invoices.workerId, user.id), eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'PAID'), isNull(payoutItems.invoiceId)))
    .limit(1);
  if (owed) {
    throw new AppError(409, 'We still have money to pay you for an invoice. Once it has been paid out to your bank account, you can close your account.', { code: 'PAYOUT_PENDING' });
  }

  const now = new Date();
  const site = emailSiteOf(ctx.config);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const filesToDelete: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const { html, text } = renderEmail({
      ...emailLayout(site),
      preheader: `Your ${site.brandName} account is closed.`,
      heading: `Goodbye, ${user.firstName}`,
      paragraphs: [
        `Your ${site.brandName} account is closed and you have been signed out everywhere. Your name, email address, phone, address and settings have been removed, and so have your worker profile, photo, documents and referees if you had them, the messages you wrote, your participant and plan details, and your links to support coordinators.`,
        `What we keep, because the law requires it: your invoices, service agreements and the payments on them, for ${INVOICE_RETENTION_YEARS} years after they were issued (Australian tax law), and any incident reports, for as long as the NDIS and aged care rules require. They no longer carry your contact details.`,
        `If you have questions, contact us at ${site.supportEmail}.`,
      ],
    });
    await queueMail(tx, { to: user.email, category: 'ACCOUNT', subject: `Your ${site.brandName} account is closed`, html, text });
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
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    await tx.delete(emailChangeCodes).where(eq(emailChangeCodes.userId, user.id));
    filesToDelete.push(...(await removePersonalRecords(tx, user.id, now)));
    await revokeAllSessionsOfUser(tx, user.id, now);
    await recordAudit(tx, { actorUserId: user.id, subjectUserId: user.id, action: 'account.closed', ip });
  });
  // The bytes go once the rows are gone: a failed delete leaves a file nothing points at, never a row without its file.
  for (const key of filesToDelete) await ctx.fileStore.delete(key).catch(() => undefined);
  await deleteDataExports(ctx.db, ctx.fileStore, { userId: user.id });
  return { message: 'Your account is closed. We have emailed you what we keep and for how long.' };
}

/** Compliance sections kept after closing: incident records and the signed agreement, which the NDIS and aged care rules require. */
const KEPT_COMPLIANCE_SECTIONS: ComplianceSectionKey[] = ['incidentReports', 'serviceAgreement'];
/** Stored files that are the person's own content; contract PDFs, receipts and remittances stay with the invoices. */
const PERSONAL_FILE_PURPOSES: StoredFilePurpose[] = ['PROFILE_PHOTO', 'COMPLIANCE_DOCUMENT', 'CERTIFICATE', 'MESSAGE_ATTACHMENT'];
export const CLOSED_MESSAGE_BODY = 'This message was removed when its writer closed their account.';

/**
 * The rows about a closing account beyond the users row, in the caller's transaction: the worker
 * profile is taken out of search and emptied, documents, referees and tax details deleted, the
 * person's messages replaced by a note, their participant details, plan budgets, nominee,
 * notifications and calendar feed deleted, and coordinator links ended. Answers the storage keys of the files whose rows were deleted.
 */
async function removePersonalRecords(tx: DbExecutor, userId: string, now: Date): Promise<string[]> {
  await tx
    .update(workerProfiles)
    .set({ status: 'INACTIVE', headline: null, bio: null, avatarUrl: null, avatarFileId: null, inactiveReason: 'Account closed', jobAlertsOptedOutAt: now })
    .where(eq(workerProfiles.userId, userId));
  await tx.delete(workerDocuments).where(eq(workerDocuments.workerId, userId));
  await tx.delete(workerReferees).where(eq(workerReferees.workerId, userId));
  await tx.delete(workerTaxDetails).where(eq(workerTaxDetails.workerId, userId));
  await tx.delete(shortlistItems).where(eq(shortlistItems.workerId, userId));
  await tx.update(messages).set({ body: CLOSED_MESSAGE_BODY }).where(eq(messages.senderId, userId));
  await tx.delete(fundingDetails).where(eq(fundingDetails.userId, userId));
  await tx.delete(accountNominees).where(eq(accountNominees.careSeekerId, userId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(walletBudgets).where(eq(walletBudgets.participantId, userId));
  await tx.delete(complianceSectionVersions).where(and(eq(complianceSectionVersions.careSeekerId, userId), notInArray(complianceSectionVersions.section, KEPT_COMPLIANCE_SECTIONS)));
  await tx
    .update(supportCoordinatorLinks)
    .set({ status: 'REVOKED', endedAt: now })
    .where(and(or(eq(supportCoordinatorLinks.clientId, userId), eq(supportCoordinatorLinks.coordinatorId, userId)), inArray(supportCoordinatorLinks.status, ['ACTIVE', 'PENDING'])));
  const files = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.ownerUserId, userId), inArray(storedFiles.purpose, PERSONAL_FILE_PURPOSES)))
    .returning({ key: storedFiles.storageKey });
  return files.map((file) => file.key);
}
