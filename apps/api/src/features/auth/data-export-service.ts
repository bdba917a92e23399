import { and, eq, getTableColumns, inArray, isTable, lt, or, type Column, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { routePath } from '@tendly/domain/routes';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { schema } from '../../platform/db/schema';
import { dataExports } from '../../platform/db/schema/account-settings';
import { users } from '../../platform/db/schema/accounts';
import type { FileStore } from '../../platform/files/file-store';
import { dailyJobHandler, scheduleDailyRun, scheduleTodaysRun, type DailySchedule } from '../../platform/jobs/daily-job';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { AppError } from '../../platform/errors';
import { emailSiteOf } from './account-context';
import { findUserById } from './account-repository';
import { emailLayout } from '../../platform/mail/email-site';

export const DATA_EXPORT_JOB = 'account.data-export';
/** The file can be downloaded for 7 days, by its owner signed in (issue 29). */
export const DATA_EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const DATA_EXPORT_GONE = 'This download is not yours, or has expired. Sign in as yourself, or ask for a new copy from Account details.';
/** Columns never exported: secrets and their hashes, even the person's own. */
const SECRET_COLUMN = /hash|token|secret|cipher|encrypted|password/i;

/**
 * Tables whose rows are never followed to their children: the file store's index (a payout run's
 * ABA file lists every worker paid that day), sessions (a coordinator's sessions acting for the
 * person), an NDIA claim batch (every participant claimed in it), and a payout lodgement batch
 * (every worker paid in its file; the administrator who lodged it is named on it).
 */
const NOT_FOLLOWED = new Set(['stored_files', 'sessions', 'ndis_claim_batches', 'payout_runs', 'payout_batches']);
/** Children that are other people's, not the person's: who else was told of a job they posted, who shortlisted a worker. */
const NOT_COLLECTED = new Set(['job_alerts_sent', 'shortlist_items']);
/**
 * Rows about the person that are someone else's private record: a worker's rating of a client
 * (issue 17), which only administrators see, and a worker's payout an administrator recorded as
 * returned by the bank (issue 28). The worker's own ratings and payouts are in their export.
 */
const PRIVATE_ABOUT_PERSON = new Set(['client_ratings.care_seeker_id', 'payouts.returned_by']);
/** Ids read per query when following children. */
const ID_CHUNK = 1_000;

interface TableRows {
  table: PgTable;
  rows: Record<string, unknown>[];
}

/**
 * Every row about the person:
 * - their users row, and the rows of each table with a column that refers to users.id holding
 *   their id (an agreement lists both sides: the person's own copy of it);
 * - then the rows that belong to one of those rows, one level down: the lines of their invoices,
 *   the messages of their conversations, the expenses of their hours, the referees and check-ins
 *   of their worker profile.
 * Another person's rows are read only where they belong to something the person is party to and
 * sees in the product anyway (the other side's messages in their conversation).
 */
export async function collectPersonData(db: DbExecutor, userId: string): Promise<Record<string, unknown[]>> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => isTable(value));
  const named = new Map<PgTable, TableRows>();
  for (const table of tables) {
    const personColumns: Column[] = table === users ? [users.id] : referencesTo(table, users).filter((column) => !PRIVATE_ABOUT_PERSON.has(`${getTableConfig(table).name}.${column.name}`));
    if (personColumns.length === 0) continue;
    const conditions: SQL[] = personColumns.map((column) => eq(column, userId));
    const rows = (await db
      .select()
      .from(table)
      .where(conditions.length === 1 ? conditions[0] : or(...conditions))) as Record<string, unknown>[];
    named.set(table, { table, rows });
  }

  const collected = new Map<PgTable, Map<string, Record<string, unknown>>>();
  const keep = (table: PgTable, rows: Record<string, unknown>[]) => {
    const byKey = collected.get(table) ?? new Map<string, Record<string, unknown>>();
    for (const row of rows) byKey.set(rowKey(table, row), row);
    collected.set(table, byKey);
  };
  for (const { table, rows } of named.values()) keep(table, rows);

  for (const table of tables) {
    if (NOT_COLLECTED.has(getTableConfig(table).name)) continue;
    for (const fk of getTableConfig(table).foreignKeys) {
      const reference = fk.reference();
      const parent = named.get(reference.foreignTable as PgTable);
      const [column] = reference.columns;
      const [parentColumn] = reference.foreignColumns;
      if (!parent || !column || !parentColumn || reference.columns.length !== 1 || reference.foreignTable === users) continue;
      if (NOT_FOLLOWED.has(getTableConfig(parent.table).name) || parent.table === table) continue;
      const parentKey = columnKeyOf(parent.table, parentColumn);
      const ids = [...new Set(parent.rows.map((row) => row[parentKey]).filter((id): id is string => typeof id === 'string'))];
      for (let start = 0; start < ids.length; start += ID_CHUNK) {
        const rows = (await db.select().from(table).where(inArray(column, ids.slice(start, start + ID_CHUNK)))) as Record<string, unknown>[];
        keep(table, rows);
      }
    }
  }

  const out: Record<string, unknown[]> = {};
  for (const [table, rows] of collected) {
    if (rows.size === 0) continue;
    const columns = Object.keys(getTableColumns(table)).filter((name) => !SECRET_COLUMN.test(name));
    out[getTableConfig(table).name] = [...rows.values()].map((row) => Object.fromEntries(columns.map((name) => [name, row[name]])));
  }
  return out;
}

/** The columns of `table` that refer to `target`'s single-column key. */
function referencesTo(table: PgTable, target: PgTable): Column[] {
  return getTableConfig(table).foreignKeys.flatMap((fk) => {
    const reference = fk.reference();
    return reference.foreignTable === target && reference.columns.length === 1 ? reference.columns : [];
  });
}

/** The property name drizzle gives a column in the rows it reads. */
function columnKeyOf(table: PgTable, column: Column): string {
  return Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0] ?? column.name;
}

/** A row's identity within its table: its primary key, or the whole row for a table without one. */
function rowKey(table: PgTable, row: Record<string, unknown>): string {
  const config = getTableConfig(table);
  const keyColumns = [...config.columns.filter((column) => column.primary), ...config.primaryKeys.flatMap((pk) => pk.columns)];
  const values = keyColumns.length > 0 ? keyColumns.map((column) => row[columnKeyOf(table, column)]) : Object.values(row);
  return JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/** POST /account-details/export: queues the job; at most one waiting at a time per person. */
export async function requestDataExport(db: Db, userId: string, actorId: string, ip: string): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'PENDING')));
    if (pending) return;
    const [row] = await tx.insert(dataExports).values({ userId }).returning({ id: dataExports.id });
    if (!row) throw new Error('The export was not recorded');
    await enqueueJob(tx, { type: DATA_EXPORT_JOB, payload: { exportId: row.id } });
    await recordAudit(tx, { actorUserId: actorId, subjectUserId: userId, action: 'account.data_export_requested', ip });
  });
  return { message: 'We are putting your data together. We will email you a link to download it, usually within a few minutes.' };
}

interface ExportDeps {
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;
  fileStore: FileStore;
}

/**
 * The job: builds the JSON, stores it, emails a link to the web page that downloads it. The link
 * names the export only: it is no key. Whoever opens it must be signed in as the person (issue 29:
 * a forwarded or leaked link used to hand anyone the person's whole data for 7 days).
 */
export async function buildDataExport(db: Db, deps: ExportDeps, exportId: string, now: Date = new Date()): Promise<void> {
  const [job] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!job || job.status !== 'PENDING') return;
  const user = await findUserById(db, job.userId);
  if (!user) return;
  const data = await collectPersonData(db, user.id);
  const document = { exportedAt: now.toISOString(), brand: deps.config.BRAND_NAME, personId: user.id, data };
  const key = `data-exports/${user.id.toLowerCase()}/${exportId.toLowerCase()}.json`;
  await deps.fileStore.put(key, Buffer.from(JSON.stringify(document, null, 2), 'utf8'), 'application/json');
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_TTL_MS);
  const site = emailSiteOf(deps.config);
  const url = `${site.publicUrl}${routePath('dataExportDownload', { exportId })}`;
  await db.transaction(async (tx) => {
    await tx.update(dataExports).set({ status: 'READY', storageKey: key, readyAt: now, expiresAt }).where(eq(dataExports.id, exportId));
    const { html, text } = renderEmail({
      ...emailLayout(site),
      preheader: 'Your data is ready to download.',
      heading: `Hi ${user.firstName}, your data is ready`,
      paragraphs: [
        `You asked for a copy of everything ${site.brandName} holds about you. It is a JSON file you can open with any text editor.`,
        'The link works for 7 days, once you have signed in. Keep the file somewhere safe: it has your personal details in it.',
        "If you didn't ask for this, contact us and change your password.",
      ],
      action: { label: 'Download my data', url },
    });
    await queueMail(tx, { to: user.email, category: 'ACCOUNT', subject: `Your ${site.brandName} data is ready to download`, html, text });
  });
}

/**
 * GET /account-details/export/{exportId}: the file, to the person it is about, signed in as
 * themselves, while it has not expired. Anyone else, a coordinator acting for the person
 * included, gets the same 404 as for an export that does not exist.
 */
export async function downloadDataExport(db: DbExecutor, fileStore: Pick<FileStore, 'get'>, auth: RequestAuth, exportId: string, now: Date = new Date()): Promise<Buffer> {
  const gone = new AppError(404, DATA_EXPORT_GONE, { code: 'NOT_FOUND' });
  if (auth.actor) throw gone;
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, auth.user.id)));
  if (!row?.storageKey || row.status !== 'READY' || !row.expiresAt || row.expiresAt.getTime() <= now.getTime()) throw gone;
  const bytes = await fileStore.get(row.storageKey);
  if (!bytes) throw gone;
  return bytes;
}

/** The daily clean-up of exports whose link has expired (kept 7 days, like the link). */
export const DATA_EXPORT_CLEANUP_JOB = 'account.data-export-cleanup';
const CLEANUP_SCHEDULE: DailySchedule = { type: DATA_EXPORT_CLEANUP_JOB, zone: 'Australia/Sydney', time: '03:00' };

export function scheduleDataExportCleanup(db: DbExecutor, day: string): Promise<boolean> {
  return scheduleDailyRun(db, CLEANUP_SCHEDULE, day);
}

export function scheduleTodaysDataExportCleanup(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleTodaysRun(db, CLEANUP_SCHEDULE, now);
}

/**
 * Deletes the exports whose link has expired, or every export of one person (closing the
 * account): the rows, then their files. Answers the storage keys the store could not delete.
 */
export async function deleteDataExports(db: DbExecutor, fileStore: Pick<FileStore, 'delete'>, which: { expiredBy: Date } | { userId: string }): Promise<{ deleted: number; bytesLeft: string[] }> {
  const condition = 'userId' in which ? eq(dataExports.userId, which.userId) : lt(dataExports.expiresAt, which.expiredBy);
  const gone = await db.delete(dataExports).where(condition).returning({ key: dataExports.storageKey });
  const bytesLeft: string[] = [];
  for (const { key } of gone) if (key) await fileStore.delete(key).catch(() => bytesLeft.push(key));
  return { deleted: gone.length, bytesLeft };
}

export function dataExportHandlers(deps: ExportDeps): JobHandlers {
  return {
    [DATA_EXPORT_CLEANUP_JOB]: dailyJobHandler(CLEANUP_SCHEDULE, async (day, job) => {
      const { deleted, bytesLeft } = await deleteDataExports(job.db, deps.fileStore, { expiredBy: new Date() });
      job.logger.info({ jobId: job.jobId, day, deleted }, 'expired data exports deleted');
      if (bytesLeft.length > 0) job.logger.warn({ jobId: job.jobId, keys: bytesLeft }, 'the file store could not delete some expired data exports');
    }),
    async [DATA_EXPORT_JOB](payload, job) {
      const { exportId } = z.object({ exportId: z.uuid() }).parse(payload);
      await buildDataExport(job.db, deps, exportId);
    },
  };
}

