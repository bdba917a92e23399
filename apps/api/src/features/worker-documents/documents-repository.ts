import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { ComplianceDocumentKind } from '@tendly/domain/compliance';
import type { StateCode } from '@tendly/domain/states';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';

export type DocumentRow = typeof workerDocuments.$inferSelect & { fileName: string | null; contentType: string; storageKey: string };

const documentColumns = {
  document: workerDocuments,
  fileName: storedFiles.originalName,
  contentType: storedFiles.contentType,
  storageKey: storedFiles.storageKey,
};

function flatten(rows: { document: typeof workerDocuments.$inferSelect; fileName: string | null; contentType: string; storageKey: string }[]): DocumentRow[] {
  return rows.map(({ document, ...file }) => ({ ...document, ...file }));
}

/** Every document of a worker, newest first. */
export async function listWorkerDocuments(db: DbExecutor, workerId: string): Promise<DocumentRow[]> {
  const rows = await db
    .select(documentColumns)
    .from(workerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, workerDocuments.fileId))
    .where(eq(workerDocuments.workerId, workerId))
    .orderBy(desc(workerDocuments.createdAt), desc(workerDocuments.id));
  return flatten(rows);
}

export async function findDocument(db: DbExecutor, documentId: string, options: { forUpdate?: boolean } = {}): Promise<DocumentRow | null> {
  const query = db
    .select(documentColumns)
    .from(workerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, workerDocuments.fileId))
    .where(eq(workerDocuments.id, documentId));
  const rows = options.forUpdate ? await query.for('update', { of: workerDocuments }) : await query;
  return flatten(rows)[0] ?? null;
}

export interface WorkerForDocuments {
  userId: string;
  status: 'ACTIVE' | 'INACTIVE';
  supportsMinors: boolean;
  homeState: StateCode | null;
  approvedAt: Date | null;
  suspendedAt: Date | null;
  inactiveReason: string | null;
  email: string;
  firstName: string;
}

export async function findWorkerForDocuments(db: DbExecutor, workerId: string, options: { forUpdate?: boolean } = {}): Promise<WorkerForDocuments | null> {
  const query = db
    .select({
      userId: workerProfiles.userId,
      status: workerProfiles.status,
      supportsMinors: workerProfiles.supportsMinors,
      homeState: users.state,
      approvedAt: workerProfiles.approvedAt,
      suspendedAt: workerProfiles.suspendedAt,
      inactiveReason: workerProfiles.inactiveReason,
      email: users.email,
      firstName: users.firstName,
    })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .where(eq(workerProfiles.userId, workerId));
  const [row] = options.forUpdate ? await query.for('update', { of: workerProfiles }) : await query;
  return row ?? null;
}

/** Marks the older documents of the same kind as replaced by an approved one; returns them. */
export async function supersedeOlderDocuments(
  db: DbExecutor,
  approved: { id: string; workerId: string; kind: ComplianceDocumentKind; createdAt: Date },
  at: Date,
) {
  return db
    .update(workerDocuments)
    .set({ supersededAt: at })
    .where(
      and(
        eq(workerDocuments.workerId, approved.workerId),
        eq(workerDocuments.kind, approved.kind),
        ne(workerDocuments.id, approved.id),
        isNull(workerDocuments.supersededAt),
        lt(workerDocuments.createdAt, approved.createdAt),
      ),
    )
    .returning({ id: workerDocuments.id, expiredAt: workerDocuments.expiredAt, status: workerDocuments.status });
}

/** The verified mark on the profile that each check sets when approved (search and profiles show it). */
export const verifiedColumnOf: Partial<Record<ComplianceDocumentKind, 'policeCheckVerifiedAt' | 'ndisScreeningVerifiedAt' | 'wwccVerifiedAt'>> = {
  POLICE_CHECK: 'policeCheckVerifiedAt',
  NDIS_WORKER_SCREENING: 'ndisScreeningVerifiedAt',
  WORKING_WITH_CHILDREN: 'wwccVerifiedAt',
};
