import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

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

/**
 * A real 1 × 1 PNG or JPEG of a few hundred bytes whose header then claims `width` × `height`
 * pixels: the shape of a decompression bomb (the security probe of issue 29 sent 60,000 × 60,000).
 */
export async function imageClaimingSize(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const pixel = sharp({ create: { width: 1, height: 1, channels: 3, background: { r: 255, g: 255, b: 255 } } });
  const bytes = Buffer.from(await (format === 'png' ? pixel.png() : pixel.jpeg()).toBuffer());
  if (format === 'png') {
    // IHDR is the first chunk: its width and height, then its CRC over type and data.
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    return bytes;
  }
  // Walk the JPEG's segments to its start-of-frame, which holds height then width.
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
  }
  throw new Error('No start-of-frame in the JPEG');
}
