import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { WalletCategory } from '@tendly/domain/funding-wallet';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { StateCode } from '@tendly/domain/states';
import type { DbExecutor, DbTransaction } from '../../platform/db/client';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { invoiceLines, invoices } from '../../platform/db/schema/billing';
import { contracts, shifts } from '../../platform/db/schema/engagements';
import { walletBudgets, walletNotices } from '../../platform/db/schema/funding-wallet';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { fundingDetails } from '../../platform/db/schema/payments';
import { contractTermsColumns, termsFromRow, type ContractPricingTerms } from '../../platform/billing/pricing-terms';
import { personColumns } from '../../platform/db/person-columns';

/**
 * The SQL of the funding wallet. Every read takes a list of participants, so that one wallet and a
 * coordinator's every client are the same handful of grouped queries (no query per client or shift).
 */

export interface WalletParticipant {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  planStartDate: string | null;
  planEndDate: string | null;
  /** The funding on /provider-details, else the latest agreement's; null when neither is known. */
  fundingType: PayingForCareType | null;
  /** The participant's state (their account's, else their latest agreement's): the wallet's "today". */
  state: StateCode | null;
}

export async function findWalletParticipants(db: DbExecutor, participantIds: readonly string[]): Promise<WalletParticipant[]> {
  if (participantIds.length === 0) return [];
  const latestContract = (column: string) =>
    sql.raw(`(select c.${column} from contracts c where c.care_seeker_id = "users"."id" order by (c.status = 'ACTIVE') desc, c.offered_at desc limit 1)`);
  const rows = await db
    .select({
      ...personColumns(users),
      userState: users.state,
      planStartDate: fundingDetails.planStartDate,
      planEndDate: fundingDetails.planEndDate,
      detailsFunding: fundingDetails.fundingType,
      contractFunding: sql<PayingForCareType | null>`${latestContract('funding_type')}`,
      contractState: sql<StateCode | null>`${latestContract('client_state')}`,
    })
    .from(users)
    .leftJoin(fundingDetails, eq(fundingDetails.userId, users.id))
    .where(inArray(users.id, [...participantIds]));
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    planStartDate: row.planStartDate,
    planEndDate: row.planEndDate,
    fundingType: row.detailsFunding && row.detailsFunding !== 'NONE' ? row.detailsFunding : row.contractFunding,
    state: row.userState ?? row.contractState,
  }));
}

export interface BudgetRow {
  participantId: string;
  category: WalletCategory;
  amountCents: number;
}

export function budgetsOf(db: DbExecutor, participantIds: readonly string[]): Promise<BudgetRow[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .select({ participantId: walletBudgets.participantId, category: walletBudgets.category, amountCents: walletBudgets.amountCents })
    .from(walletBudgets)
    .where(inArray(walletBudgets.participantId, [...participantIds]));
}

export interface SpentRow {
  participantId: string;
  fundingType: PayingForCareType;
  date: string;
  /** The line's support item, else its invoice's first line's (travel and expenses); null when none. */
  supportItemNumber: string | null;
  /** Amount with GST, less what credit notes gave back. */
  cents: number;
}

/**
 * What was invoiced to each participant inside their plan, by local date and support item: every
 * invoice (issued, paid or since credited) adds its lines, every credit note takes its copy of them
 * off again (credits are in full, issue 14), so a credited invoice nets to nothing.
 */
export async function spentRowsOf(db: DbExecutor, participantIds: readonly string[]): Promise<SpentRow[]> {
  if (participantIds.length === 0) return [];
  const lineDate = sql<string>`coalesce(${invoiceLines.date}, ${invoices.periodStart})`;
  const item = sql<string | null>`coalesce(${invoiceLines.supportItemNumber}, (select first_line.support_item_number from invoice_lines first_line
    where first_line.invoice_id = ${invoices.id} and first_line.support_item_number is not null order by first_line.position limit 1))`;
  const rows = await db
    .select({
      participantId: invoices.careSeekerId,
      fundingType: invoices.fundingType,
      date: lineDate,
      supportItemNumber: item,
      cents: sql<string>`sum(case when ${invoices.kind} = 'CREDIT_NOTE' then -1 else 1 end * (${invoiceLines.amountCents} + ${invoiceLines.gstCents}))`,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(fundingDetails, eq(fundingDetails.userId, invoices.careSeekerId))
    .where(
      and(
        inArray(invoices.careSeekerId, [...participantIds]),
        sql`${lineDate} between to_char(${fundingDetails.planStartDate}, 'YYYY-MM-DD') and to_char(${fundingDetails.planEndDate}, 'YYYY-MM-DD')`,
      ),
    )
    .groupBy(invoices.careSeekerId, invoices.fundingType, lineDate, item);
  return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
}

export interface CommittedShift {
  participantId: string;
  contractId: string;
  startsAt: Date;
  endsAt: Date;
}

/** Confirmed shifts still to start, up to the end of each participant's plan (two days' margin for time zones). */
export function committedShiftsOf(db: DbExecutor, participantIds: readonly string[], now: Date): Promise<CommittedShift[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .select({ participantId: shifts.careSeekerId, contractId: shifts.contractId, startsAt: shifts.startsAt, endsAt: shifts.endsAt })
    .from(shifts)
    .innerJoin(fundingDetails, eq(fundingDetails.userId, shifts.careSeekerId))
    .where(
      and(
        inArray(shifts.careSeekerId, [...participantIds]),
        eq(shifts.status, 'CONFIRMED'),
        gt(shifts.startsAt, now),
        sql`${shifts.startsAt} < (${fundingDetails.planEndDate} + 2)::timestamp at time zone 'UTC'`,
      ),
    )
    .orderBy(asc(shifts.startsAt));
}

/** The pricing terms of many contracts in one query. */
export async function pricingTermsOf(db: DbExecutor, contractIds: readonly string[]): Promise<Map<string, ContractPricingTerms>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .select(contractTermsColumns)
    .from(contracts)
    .leftJoin(workerTaxDetails, eq(workerTaxDetails.workerId, contracts.workerId))
    .where(inArray(contracts.id, [...contractIds]));
  return new Map(rows.map((row) => [row.contract.id, termsFromRow(row)]));
}

/** The clients whose link to the coordinator is ACTIVE, by name. */
export function activeClientIdsOf(db: DbExecutor, coordinatorId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: users.id })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.clientId))
    .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinatorId), eq(supportCoordinatorLinks.status, 'ACTIVE')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** The coordinators with an ACTIVE link to the participant: they are told what the participant is told. */
export function activeCoordinatorsOf(db: DbExecutor, participantId: string): Promise<{ email: string; firstName: string }[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.coordinatorId))
    .where(and(eq(supportCoordinatorLinks.clientId, participantId), eq(supportCoordinatorLinks.status, 'ACTIVE')));
}

/** Replaces the participant's budgets and plan dates (one transaction, the caller's). */
export async function replaceWallet(tx: DbTransaction, participantId: string, input: { planStartDate: string; planEndDate: string; budgets: readonly { category: WalletCategory; amountCents: number }[] }): Promise<void> {
  await tx
    .insert(fundingDetails)
    .values({ userId: participantId, planStartDate: input.planStartDate, planEndDate: input.planEndDate })
    .onConflictDoUpdate({ target: fundingDetails.userId, set: { planStartDate: input.planStartDate, planEndDate: input.planEndDate, updatedAt: sql`now()` } });
  // Upserts and a delete of the rest, not delete-then-insert: two saves at once must not collide on the key.
  const kept = input.budgets.map((budget) => budget.category);
  await tx.delete(walletBudgets).where(and(eq(walletBudgets.participantId, participantId), kept.length > 0 ? notInArray(walletBudgets.category, kept) : undefined));
  if (input.budgets.length > 0) {
    await tx
      .insert(walletBudgets)
      .values(input.budgets.map((budget) => ({ participantId, category: budget.category, amountCents: budget.amountCents })))
      .onConflictDoUpdate({ target: [walletBudgets.participantId, walletBudgets.category], set: { amountCents: sql`excluded.amount_cents`, updatedAt: sql`now()` } });
  }
}

/**
 * Records a notice unless it was sent already; true when this call recorded it. Two checks at once
 * both insert: the unique key makes the second wait for the first and then insert nothing.
 */
export async function recordWalletNotice(tx: DbTransaction, notice: { participantId: string; kind: 'EIGHTY_PERCENT' | 'RUNS_OUT'; category: WalletCategory; periodKey: string }): Promise<boolean> {
  const rows = await tx.insert(walletNotices).values(notice).onConflictDoNothing().returning({ id: walletNotices.id });
  return rows.length > 0;
}

/** The notices already sent to these participants, as `participant|kind|category|period` keys. */
export async function sentNoticeKeysOf(db: DbExecutor, participantIds: readonly string[]): Promise<Set<string>> {
  if (participantIds.length === 0) return new Set();
  const rows = await db
    .select({ participantId: walletNotices.participantId, kind: walletNotices.kind, category: walletNotices.category, periodKey: walletNotices.periodKey })
    .from(walletNotices)
    .where(inArray(walletNotices.participantId, [...participantIds]));
  return new Set(rows.map((row) => noticeKey(row)));
}

export function noticeKey(notice: { participantId: string; kind: string; category: string; periodKey: string }): string {
  return `${notice.participantId}|${notice.kind}|${notice.category}|${notice.periodKey}`;
}

/** Participants with budgets and plan dates whose plan has not ended long ago: the daily check's list. */
export async function participantsWithBudgets(db: DbExecutor, onOrAfter: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: walletBudgets.participantId })
    .from(walletBudgets)
    .innerJoin(fundingDetails, eq(fundingDetails.userId, walletBudgets.participantId))
    .where(sql`${fundingDetails.planEndDate} >= ${onOrAfter}::date`);
  return rows.map((row) => row.id);
}
