import type { FastifyReply } from 'fastify';

/** A file name safe inside a quoted Content-Disposition, with the full name in RFC 5987 form. */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a file a person uploaded (a message attachment, a receipt) to be saved rather than shown:
 * with the type found from its bytes, never sniffed (nosniff), sandboxed (CSP `sandbox`) so that
 * it cannot run script with our origin's rights if a browser shows it anyway, and never cached.
 */
export function sendUploadedFile(reply: FastifyReply, file: { contentType: string; fileName: string; bytes: Buffer }): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** What the OpenAPI document says of a route that answers a PDF through sendDownload (download-reply.ts). */
export const PDF_DOWNLOAD_DESCRIPTION = 'Answers application/pdf with Content-Disposition: attachment; errors are the usual JSON body.';
