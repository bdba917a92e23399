import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  complianceEntrySchema,
  complianceSectionKeys,
  complianceSectionRule,
  complianceSectionSchema,
  isDueForReview,
  requiredSectionsFor,
  reviewDueOn,
  upsertCheckIn,
  workerReadableSections,
  type ComplianceHistory,
  type ComplianceOverviewItem,
  type ComplianceSectionKey,
  type ComplianceSectionResponse,
} from '@tendly/domain/compliance-details';
import type { PayingForCareType } from '@tendly/domain/job-options';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { latestAustralianDate } from '@tendly/domain/validation/forms';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Db, DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { complianceSectionVersions } from '../../platform/db/schema/compliance';
import { contracts } from '../../platform/db/schema/engagements';
import { fundingDetails } from '../../platform/db/schema/payments';
import { badRequest, conflict, notFound } from '../../platform/errors';

export const CLIENT_COMPLIANCE_NOT_FOUND = 'We could not find this client’s compliance details. You can read them only while your agreement with them is active.';
export const SECTION_CONFLICT = 'Someone else saved this section at the same moment. Reload it to see their changes, then save again.';

interface VersionRow {
  version: number;
  data: Record<string, unknown>;
  savedAt: Date;
  savedByName: string | null;
}

const savedByName = sql<string | null>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`;

/**
 * How the participant's care is funded, for which sections are required: the funding of their
 * agreements (any but declined or withdrawn offers), and what their funding details imply — a plan
 * manager means plan-managed NDIS, an aged care provider means Support at Home, and an NDIS number
 * without a plan manager means agency-managed (the number is kept for the NDIA's claims).
 */
export async function fundingTypesOf(db: DbExecutor, careSeekerId: string): Promise<PayingForCareType[]> {
  const [rows, [details]] = await Promise.all([
    db
      .selectDistinct({ fundingType: contracts.fundingType })
      .from(contracts)
      .where(and(eq(contracts.careSeekerId, careSeekerId), sql`${contracts.status} not in ('DECLINED', 'WITHDRAWN')`)),
    db.select().from(fundingDetails).where(eq(fundingDetails.userId, careSeekerId)),
  ]);
  const types = new Set<PayingForCareType>(rows.map((row) => row.fundingType));
  if (details?.planManagerName) types.add('NDIS_PLAN_MANAGED');
  if (details?.agedCareProviderName) types.add('SUPPORT_AT_HOME');
  if (details?.ndisNumber && !details.planManagerName) types.add('NDIS_AGENCY_MANAGED');
  return [...types].sort();
}

async function latestVersions(db: DbExecutor, careSeekerId: string): Promise<Map<ComplianceSectionKey, VersionRow>> {
  const rows = await db
    .selectDistinctOn([complianceSectionVersions.section], {
      section: complianceSectionVersions.section,
      version: complianceSectionVersions.version,
      data: complianceSectionVersions.data,
      savedAt: complianceSectionVersions.savedAt,
      savedByName,
    })
    .from(complianceSectionVersions)
    .leftJoin(users, eq(users.id, complianceSectionVersions.savedByUserId))
    .where(eq(complianceSectionVersions.careSeekerId, careSeekerId))
    .orderBy(complianceSectionVersions.section, desc(complianceSectionVersions.version));
  return new Map(rows.map((row) => [row.section, row]));
}

async function latestVersion(db: DbExecutor, careSeekerId: string, key: ComplianceSectionKey): Promise<VersionRow | null> {
  const [row] = await db
    .select({ version: complianceSectionVersions.version, data: complianceSectionVersions.data, savedAt: complianceSectionVersions.savedAt, savedByName })
    .from(complianceSectionVersions)
    .leftJoin(users, eq(users.id, complianceSectionVersions.savedByUserId))
    .where(and(eq(complianceSectionVersions.careSeekerId, careSeekerId), eq(complianceSectionVersions.section, key)))
    .orderBy(desc(complianceSectionVersions.version))
    .limit(1);
  return row ?? null;
}

function reviewOf(key: ComplianceSectionKey, row: VersionRow | null, today: string) {
  const dueOn = row ? reviewDueOn(key, latestAustralianDate(row.savedAt), row.data) : null;
  return { reviewDueOn: dueOn, dueForReview: isDueForReview(dueOn, today) };
}

function overviewItem(key: ComplianceSectionKey, row: VersionRow | null, required: Set<ComplianceSectionKey>, today: string): ComplianceOverviewItem {
  const rule = complianceSectionRule(key);
  return {
    key,
    label: rule.label,
    description: rule.description,
    complete: row !== null,
    required: required.has(key),
    ...reviewOf(key, row, today),
    updatedAt: row?.savedAt.toISOString() ?? null,
    version: row?.version ?? null,
    workerReadable: rule.workerReadable,
  };
}

export async function complianceOverview(db: DbExecutor, careSeekerId: string, keys: readonly ComplianceSectionKey[] = complianceSectionKeys) {
  const [fundingTypes, latest] = await Promise.all([fundingTypesOf(db, careSeekerId), latestVersions(db, careSeekerId)]);
  const required = requiredSectionsFor(fundingTypes);
  const today = latestAustralianDate();
  return { fundingTypes, sections: keys.map((key) => overviewItem(key, latest.get(key) ?? null, required, today)) };
}

export async function complianceSection(db: DbExecutor, careSeekerId: string, key: ComplianceSectionKey, readOnly: boolean): Promise<ComplianceSectionResponse> {
  const [row, fundingTypes] = await Promise.all([latestVersion(db, careSeekerId, key), fundingTypesOf(db, careSeekerId)]);
  return {
    key,
    version: row?.version ?? null,
    updatedAt: row?.savedAt.toISOString() ?? null,
    updatedByName: row?.savedByName ?? null,
    data: row?.data ?? null,
    required: requiredSectionsFor(fundingTypes).has(key),
    ...reviewOf(key, row, latestAustralianDate()),
    readOnly,
  };
}

export async function complianceHistory(db: DbExecutor, careSeekerId: string, key: ComplianceSectionKey): Promise<ComplianceHistory> {
  const rows = await db
    .select({ version: complianceSectionVersions.version, data: complianceSectionVersions.data, savedAt: complianceSectionVersions.savedAt, savedByName })
    .from(complianceSectionVersions)
    .leftJoin(users, eq(users.id, complianceSectionVersions.savedByUserId))
    .where(and(eq(complianceSectionVersions.careSeekerId, careSeekerId), eq(complianceSectionVersions.section, key)))
    .orderBy(desc(complianceSectionVersions.version));
  return { key, versions: rows.map((row) => ({ version: row.version, savedAt: row.savedAt.toISOString(), savedByName: row.savedByName, data: row.data })) };
}

function parseOrRefuse<T>(result: { success: true; data: T } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } }): T {
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = Object.values(errors)[0] ?? 'Check the form';
  throw badRequest(first, errors);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}

/** A new version of a section, numbered after the newest one; two saves at once: the second is a 409. */
async function insertVersion(db: Db, careSeekerId: string, key: ComplianceSectionKey, auth: RequestAuth, build: (current: VersionRow | null) => Record<string, unknown>) {
  try {
    await db.transaction(async (tx) => {
      const current = await latestVersion(tx, careSeekerId, key);
      await tx.insert(complianceSectionVersions).values({
        careSeekerId,
        section: key,
        version: (current?.version ?? 0) + 1,
        data: build(current),
        savedByUserId: actingPersonId(auth),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SECTION_CONFLICT);
    throw error;
  }
}

export async function saveComplianceSection(db: Db, auth: RequestAuth, key: ComplianceSectionKey, body: unknown): Promise<ComplianceSectionResponse> {
  const data = parseOrRefuse(complianceSectionSchema(key).safeParse(body));
  await insertVersion(db, auth.user.id, key, auth, () => data);
  return complianceSection(db, auth.user.id, key, false);
}

/**
 * Adds one entry to a list section as a new version: an incident report is added; a check-in
 * replaces the one with the same number and year, otherwise it is added (spec section 4).
 */
export async function addComplianceEntry(db: Db, auth: RequestAuth, key: 'checkIns' | 'incidentReports', body: unknown): Promise<ComplianceSectionResponse> {
  const entry = parseOrRefuse(complianceEntrySchema(key).safeParse(body));
  await insertVersion(db, auth.user.id, key, auth, (current) => {
    const entries = Array.isArray(current?.data.entries) ? (current.data.entries as Record<string, unknown>[]) : [];
    return { entries: key === 'checkIns' ? upsertCheckIn(entries, entry) : [entry, ...entries] };
  });
  return complianceSection(db, auth.user.id, key, false);
}

/**
 * The client behind a worker's agreement, when the agreement is the worker's and ACTIVE; anyone
 * else is told it does not exist (404), so that ids reveal nothing.
 */
export async function clientOfActiveContract(db: DbExecutor, workerId: string, contractId: string): Promise<{ careSeekerId: string; clientName: string }> {
  const [row] = await db
    .select({ careSeekerId: contracts.careSeekerId, clientName: contracts.clientName })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.workerId, workerId), eq(contracts.status, 'ACTIVE')));
  if (!row) throw notFound(CLIENT_COMPLIANCE_NOT_FOUND);
  return row;
}

export function assertWorkerReadable(key: ComplianceSectionKey): void {
  if (!workerReadableSections.includes(key)) throw notFound(CLIENT_COMPLIANCE_NOT_FOUND);
}
