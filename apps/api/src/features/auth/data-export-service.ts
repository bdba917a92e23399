import { and, eq, getTableColumns, isTable, or, type Column, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log';
import type { LinkSigner } from '../../platform/auth/signed-links';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { schema } from '../../platform/db/schema';
import { dataExports } from '../../platform/db/schema/account-settings';
import { users } from '../../platform/db/schema/accounts';
import type { FileStore } from '../../platform/files/file-store';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { AppError } from '../../platform/errors';
import { emailSiteOf } from './account-context';
import { findUserById } from './account-repository';

export const DATA_EXPORT_JOB = 'account.data-export';
/** The emailed link works for 7 days. */
export const DATA_EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const LINK_PURPOSE = 'data-export';
/** Columns never exported: secrets and their hashes, even the person's own. */
const SECRET_COLUMN = /hash|token|secret|cipher|encrypted|password/i;

/**
 * Every row that names the person: their users row, and the rows of each table with a column that
 * refers to users.id holding their id. Another person's rows are never read, only rows the person
 * is party to (an agreement lists both sides: the person's own copy of it).
 */
export async function collectPersonData(db: DbExecutor, userId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as PgTable;
    const config = getTableConfig(table);
    const personColumns: Column[] = [];
    if (table === users) {
      personColumns.push(users.id);
    } else {
      for (const fk of config.foreignKeys) {
        const reference = fk.reference();
        if (reference.foreignTable === users && reference.foreignColumns.length === 1 && reference.foreignColumns[0] === users.id) {
          personColumns.push(...reference.columns);
        }
      }
    }
    if (personColumns.length === 0) continue;
    const conditions: SQL[] = personColumns.map((column) => eq(column, userId));
    const rows = await db.select().from(table).where(conditions.length === 1 ? conditions[0] : or(...conditions));
    if (rows.length === 0) continue;
    const columns = Object.keys(getTableColumns(table));
    out[config.name] = rows.map((row) =>
      Object.fromEntries(columns.filter((name) => !SECRET_COLUMN.test(name)).map((name) => [name, (row as Record<string, unknown>)[name]])),
    );
  }
  return out;
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
  linkSigner: LinkSigner;
}

/** The job: builds the JSON, stores it, emails the signed link. */
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
  const token = await deps.linkSigner.sign(LINK_PURPOSE, `${exportId}_${Math.floor(expiresAt.getTime() / 1000)}`);
  const site = emailSiteOf(deps.config);
  const url = `${site.publicUrl}/api/account-details/export/${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await tx.update(dataExports).set({ status: 'READY', storageKey: key, readyAt: now, expiresAt }).where(eq(dataExports.id, exportId));
    const { html, text } = renderEmail({
      brandName: site.brandName,
      supportEmail: site.supportEmail,
      supportPhone: site.supportPhone,
      preheader: 'Your data is ready to download.',
      heading: `Hi ${user.firstName}, your data is ready`,
      paragraphs: [
        `You asked for a copy of everything ${site.brandName} holds about you. It is a JSON file you can open with any text editor.`,
        'The link works for 7 days. Keep the file somewhere safe: it has your personal details in it.',
        "If you didn't ask for this, contact us and change your password.",
      ],
      action: { label: 'Download my data', url },
    });
    await queueMail(tx, { to: user.email, subject: `Your ${site.brandName} data is ready to download`, html, text });
  });
}

/** GET /account-details/export/{token}: the file, while the signed link has not expired. */
export async function downloadDataExport(db: DbExecutor, deps: Pick<ExportDeps, 'fileStore' | 'linkSigner'>, token: string, now: Date = new Date()): Promise<Buffer> {
  const gone = new AppError(404, 'This download link is not valid or has expired. Ask for a new copy from Account details.', { code: 'NOT_FOUND' });
  const subject = await deps.linkSigner.verify(LINK_PURPOSE, token);
  const match = subject ? /^([0-9a-f-]{36})_(\d{1,12})$/.exec(subject) : null;
  if (!match?.[1] || !match[2]) throw gone;
  if (Number(match[2]) * 1000 <= now.getTime()) throw gone;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, match[1]));
  if (!row?.storageKey || row.status !== 'READY') throw gone;
  const bytes = await deps.fileStore.get(row.storageKey);
  if (!bytes) throw gone;
  return bytes;
}

export function dataExportHandlers(deps: ExportDeps): JobHandlers {
  return {
    async [DATA_EXPORT_JOB](payload, job) {
      const { exportId } = z.object({ exportId: z.uuid() }).parse(payload);
      await buildDataExport(job.db, deps, exportId);
    },
  };
}

