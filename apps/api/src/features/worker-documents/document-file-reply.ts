import type { FastifyReply } from 'fastify';
import type { DocumentFile } from './documents-service';

/**
 * Sends a compliance document's file to be shown in the browser: with the type found from its
 * bytes, never sniffed (nosniff), never cached, and sandboxed (CSP `sandbox`) so that a PDF or
 * an image cannot run script with our origin's rights.
 */
export function sendDocumentFile(reply: FastifyReply, file: DocumentFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
