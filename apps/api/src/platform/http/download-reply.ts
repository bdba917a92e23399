import type { FastifyReply } from 'fastify';

/**
 * Sends a file the product made itself (a PDF, an NDIA claim file, a bank file) to be saved under
 * its name rather than shown. Our own names are plain ASCII, so the simple quoted form is enough;
 * a file a person uploaded goes through sendUploadedFile (file-replies.ts) instead.
 */
export function sendDownload(reply: FastifyReply, file: { bytes: Buffer; fileName: string }, contentType: string): FastifyReply {
  return reply.header('content-disposition', `attachment; filename="${file.fileName}"`).type(contentType).send(file.bytes);
}
