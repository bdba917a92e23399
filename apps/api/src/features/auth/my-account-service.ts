import { hasNoMailbox } from '@tendly/domain/contact-email';
import { and, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { AttentionItem, MyAccountResponse } from '@tendly/domain/api/account-details';
import { todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import type { DbExecutor } from '../../platform/db/client';
import { contracts } from '../../platform/db/schema/engagements';
import { workerDocuments, workerTaxDetails } from '../../platform/db/schema/onboarding';
import { fundingDetails, paymentMethods, paymentSettings } from '../../platform/db/schema/payments';
import { AppError } from '../../platform/errors';
import { findUserById } from './account-repository';

/** Documents expiring within this many days are flagged on /my-account. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;

const liveStatuses = ['OFFERED', 'ACTIVE'] as const;

async function careSeekerAttention(db: DbExecutor, userId: string): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  const [liveContracts, [card], [settings], [funding]] = await Promise.all([
    db.selectDistinct({ fundingType: contracts.fundingType }).from(contracts).where(and(eq(contracts.careSeekerId, userId), inArray(contracts.status, [...liveStatuses]))),
    db.select({ id: paymentMethods.id }).from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt))).limit(1),
    db.select().from(paymentSettings).where(eq(paymentSettings.userId, userId)),
    db.select().from(fundingDetails).where(eq(fundingDetails.userId, userId)),
  ]);
  const types = new Set<string>(liveContracts.map((row) => row.fundingType));
  if (types.has('PRIVATE') && !card && !settings?.payManually) {
    items.push({ kind: 'noCard', message: 'Add a card so your privately funded invoices are paid when they are issued.', routeId: 'paymentDetails' });
  }
  const missing: string[] = [];
  if ([...types].some((type) => type.startsWith('NDIS_')) && !funding?.ndisNumber) missing.push('your NDIS number');
  if (types.has('NDIS_PLAN_MANAGED') && !funding?.planManagerEmail) missing.push('your plan manager’s email');
  if ((types.has('HOME_CARE_PACKAGE') || types.has('SUPPORT_AT_HOME')) && !funding?.agedCareProviderEmail) missing.push('your aged care provider’s email');
  if (missing.length > 0) {
    items.push({ kind: 'providerDetails', message: `Add ${missing.join(' and ')} so your invoices reach whoever pays them.`, routeId: 'providerDetails' });
  }
  return items;
}

async function workerAttention(db: DbExecutor, userId: string, today: string): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  const warnBy = new Date(Date.parse(`${today}T00:00:00Z`) + DOCUMENT_EXPIRY_WARNING_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [[tax], documents] = await Promise.all([
    db.select({ id: workerTaxDetails.workerId }).from(workerTaxDetails).where(eq(workerTaxDetails.workerId, userId)),
    db
      .select({ expiresOn: workerDocuments.expiresOn })
      .from(workerDocuments)
      .where(and(eq(workerDocuments.workerId, userId), ne(workerDocuments.status, 'REJECTED'), lte(workerDocuments.expiresOn, warnBy))),
  ]);
  if (!tax) items.push({ kind: 'taxDetails', message: 'Add your ABN, super and bank details so you can be paid.', routeId: 'taxAndSuper' });
  const expired = documents.filter((row) => row.expiresOn !== null && row.expiresOn < today).length;
  const expiring = documents.length - expired;
  if (expired > 0) items.push({ kind: 'documentsExpired', message: `${expired} of your documents ${expired === 1 ? 'has' : 'have'} expired. Upload a current one.`, routeId: 'workerDocuments' });
  if (expiring > 0) {
    items.push({ kind: 'documentsExpiring', message: `${expiring} of your documents ${expiring === 1 ? 'expires' : 'expire'} within ${DOCUMENT_EXPIRY_WARNING_DAYS} days.`, routeId: 'workerDocuments' });
  }
  return items;
}

/** GET /my-account: who the account is and what needs attention, each with the page that fixes it. */
export async function myAccountOf(db: DbExecutor, userId: string, now: Date = new Date()): Promise<MyAccountResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(404, 'This account does not exist.', { code: 'NOT_FOUND' });
  const attention: AttentionItem[] = [];
  // A managed client with no email address has no code to enter (issue 31, item 10c).
  if (!user.emailVerifiedAt && !hasNoMailbox(user.email)) {
    attention.push({ kind: 'emailUnverified', message: 'Confirm your email address with the code we sent you, so we can reach you.', routeId: 'accountDetails' });
  }
  // Document dates are Australian calendar dates (not UTC's, which is a day behind until 11 am).
  const today = todayInAustralia(now);
  if (user.role === 'CS') attention.push(...(await careSeekerAttention(db, user.id)));
  if (user.role === 'CR') attention.push(...(await workerAttention(db, user.id, today)));
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role, emailVerified: user.emailVerifiedAt !== null, attention };
}
