import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type * as FileType from 'file-type';
import { AppError, badRequest } from '../errors';
import type { FileStore } from './file-store';
import { checkImageSize } from './image-size';
import { loadOnce } from '../load-once';

/**
 * Reading one uploaded file (multipart/form-data) with its text fields (issue 12). The file's
 * type is found from its bytes (file-type), never from its name or the type the browser claims,
 * so an executable renamed `.pdf` is refused. Files are read into memory: the limits (10 MB at
 * most) keep that small, and the bytes are needed whole to check their type and re-encode photos.
 */

export interface UploadRules {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** MIME types accepted, as file-type names them from the bytes. */
  allowedTypes: readonly string[];
  /** Said when the file is larger than `maxBytes` (a 413). */
  tooLargeMessage: string;
  /** Said when the bytes are not one of `allowedTypes` (a 400). */
  wrongTypeMessage: string;
  /** Said when no file came (a 400). */
  missingMessage: string;
  /** The form field that carries the file. */
  fileField?: string;
  /** Said when a picture's header cannot be read (a 400); a general sentence when not given. */
  unreadableImageMessage?: string;
}

export interface UploadedFile {
  bytes: Buffer;
  /** Found from the bytes. */
  contentType: string;
  /** The usual extension of that type, without a dot: `pdf`, `jpg`, `png`, `webp`. */
  extension: string;
  /** The name the file was chosen with, trimmed to something safe to show; null when none. */
  originalName: string | null;
}

export interface Upload {
  file: UploadedFile;
  /** The text fields, each its last value. */
  fields: Record<string, string>;
}

/** Text fields a form of ours sends are short: these limits refuse anything else early. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 10_000;

const NOT_MULTIPART = 'Send the form with its file (multipart/form-data).';
const ONE_FILE_ONLY = 'Send one file at a time.';
const TOO_MANY_FIELDS = 'The form has more fields than expected.';

/** file-type loads with the first upload rather than at start (issue 33: about 10 MB resident). */
const loadFileType: () => Promise<typeof FileType> = loadOnce(() => import('file-type'));

/** A safe display name: no path, no control characters, at most 200 characters. */
function displayName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean === '' ? null : clean;
}

function multipartCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Reads the request's one file and its fields, or throws the AppError the client should see:
 * 413 when the file is too large, 400 when it is missing, of a type not allowed, a picture too
 * large in pixels or unreadable (see checkImageSize), or the request is not a multipart form.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  const fileField = rules.fileField ?? 'file';
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string | undefined } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw badRequest(`Send the file in the "${fileField}" field.`);
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    switch (multipartCode(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError(413, rules.tooLargeMessage, { code: 'FILE_TOO_LARGE', fieldErrors: { [fileField]: rules.tooLargeMessage } });
      case 'FST_FILES_LIMIT':
        throw badRequest(ONE_FILE_ONLY, { [fileField]: ONE_FILE_ONLY });
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw badRequest(TOO_MANY_FIELDS);
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw badRequest(NOT_MULTIPART);
      default:
        throw error;
    }
  }
  if (!file || file.bytes.length === 0) throw badRequest(rules.missingMessage, { [fileField]: rules.missingMessage });
  const detected = await (await loadFileType()).fileTypeFromBuffer(file.bytes);
  if (!detected || !rules.allowedTypes.includes(detected.mime)) {
    throw badRequest(rules.wrongTypeMessage, { [fileField]: rules.wrongTypeMessage });
  }
  // Every picture, whichever feature takes it, has its dimensions checked here and nowhere else.
  if (detected.mime.startsWith('image/')) await checkImageSize(file.bytes, fileField, rules.unreadableImageMessage);
  return {
    file: { bytes: file.bytes, contentType: detected.mime, extension: detected.ext, originalName: displayName(file.name) },
    fields,
  };
}

/** A new key for a file: `<folder>/<owner>/<uuid>.<extension>`, all lower case. */
export function newFileKey(folder: string, ownerId: string, extension: string): string {
  return `${folder}/${ownerId.toLowerCase()}/${randomUUID()}.${extension.toLowerCase()}`;
}

/**
 * Writes the bytes, then the database rows that point at them (`record`, which should run its own
 * transaction). When `record` fails, the bytes are deleted again, so no file is left without a
 * row and no row points at a file that was never written.
 */
export async function storeThenRecord<T>(
  store: FileStore,
  file: { key: string; bytes: Buffer; contentType: string },
  record: () => Promise<T>,
): Promise<T> {
  await store.put(file.key, file.bytes, file.contentType);
  try {
    return await record();
  } catch (error) {
    await store.delete(file.key).catch(() => undefined);
    throw error;
  }
}
