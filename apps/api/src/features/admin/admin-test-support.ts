import { randomBytes } from 'node:crypto';
import type { ComplianceDocumentKind, DocumentReviewStatus } from '@tendly/domain/compliance';
import type { DbExecutor } from '../../platform/db/client';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';

/** Test data for the admin console: a document on file, without going through the upload. */
export async function giveDocument(
  db: DbExecutor,
  workerId: string,
  kind: ComplianceDocumentKind,
  values: { status?: DocumentReviewStatus; issuedOn?: string; expiresOn?: string | null; supersededAt?: Date | null } = {},
): Promise<string> {
  const [file] = await db
    .insert(storedFiles)
    .values({
      ownerUserId: workerId,
      purpose: 'COMPLIANCE_DOCUMENT',
      storageKey: `test/${randomBytes(8).toString('hex')}.pdf`,
      contentType: 'application/pdf',
      byteSize: 1234,
      originalName: `${kind.toLowerCase()}.pdf`,
    })
    .returning({ id: storedFiles.id });
  if (!file) throw new Error('giveDocument: no file');
  const [document] = await db
    .insert(workerDocuments)
    .values({
      workerId,
      kind,
      number: 'ABC123',
      issuedOn: values.issuedOn ?? '2026-01-10',
      expiresOn: values.expiresOn === undefined ? '2029-01-10' : values.expiresOn,
      fileId: file.id,
      status: values.status ?? 'APPROVED',
      supersededAt: values.supersededAt ?? null,
    })
    .returning({ id: workerDocuments.id });
  if (!document) throw new Error('giveDocument: no document');
  return document.id;
}
