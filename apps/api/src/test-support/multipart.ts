import { randomBytes } from 'node:crypto';

export interface MultipartFilePart {
  bytes: Buffer;
  filename: string;
  /** What the client claims; the API must not believe it. */
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body for `inject`, with text fields and at most one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: MultipartFilePart,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tendly${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The first bytes of a Linux program (ELF) and of a Windows one (MZ ... PE), padded: what a renamed executable looks like. */
export function elfExecutable(): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(4096, 0)]);
}

export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(4096, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
