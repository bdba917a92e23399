import type { FastifySchema } from 'fastify';
import type { ApiAccess } from '@tendly/domain/permissions';
import { signedInRoute } from './signed-in-route';

/** Room for the form's text fields and multipart framing around the file itself. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The options of a signed-in route that takes one uploaded file (multipart/form-data, read with
 * readUpload): what signedInRoute gives, the form's content type in the API document, and a body
 * limit just above the file's own. readUpload enforces the file's limit with its own 413 message;
 * the body limit only has to let such a file through.
 */
export function uploadRoute<S extends FastifySchema & { response: object }>(access: ApiAccess, maxFileBytes: number, schema: S) {
  return {
    ...signedInRoute(access, { ...schema, consumes: ['multipart/form-data'] }),
    bodyLimit: maxFileBytes + FORM_OVERHEAD_BYTES,
  };
}
