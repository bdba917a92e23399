import { createHash } from 'node:crypto';

/**
 * A weak validator for a body the server makes itself: weak (W/) because the compression
 * (compression.ts) sends the same content as br, gzip or plain bytes, which a strong ETag would
 * have to tell apart.
 */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2), so a 304 will do. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
