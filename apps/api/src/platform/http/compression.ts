import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this many bytes a response goes as it is: it fits in one packet anyway, and the encoding
 * would cost more time than it saves (the plugin's own default, said here so it is a choice).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The types worth compressing: text, JSON and XML, SVG among them (the generated avatars). Not the
 * live event stream (`text/event-stream`): each event must reach the browser as it is written, and
 * a compressor holds bytes back. Not types that are compressed already (PDF, WebP and other
 * pictures, zip) or unknown bytes (`application/octet-stream`): a second pass only costs time.
 * (The plugin also compresses a type this declines when mime-db calls it compressible; none of
 * those above is.)
 */
const COMPRESSIBLE_TYPE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)\b|image\/svg\+xml\b|application\/javascript\b)/i;

function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * Issue 32: API JSON and the SVG avatars are compressed, brotli first, gzip for the rest, when the
 * browser says it accepts them. The plugin hooks each route as it is declared, so the web app's
 * pages, sent by the not-found handler, are compressed there (web-app.ts), once per route. The built web assets
 * carry their own .br and .gz files (web-app.ts): @fastify/static sets their Content-Encoding, and
 * the plugin leaves a response that has one alone, so nothing is compressed twice. Downloads stay correct: a buffered file gets
 * the Content-Length of its compressed bytes, a streamed one none (chunked).
 *
 * BREACH (a secret and attacker-chosen text in one compressed body, the size watched over many
 * requests the victim's browser is made to send) needs a credential the browser attaches by
 * itself. Ours never does: the session token travels in the `auth-token` header, which a page on
 * another site cannot make the browser send, and there are no session cookies. Each token-issuing
 * response (sign-in, sign-up, alias session) holds a token made fresh for it, never a secret that
 * repeats across responses to be guessed a byte at a time. So those routes are compressed like the
 * rest; a cookie session would change this answer.
 *
 * Request bodies are not decompressed: no client sends them compressed, and accepting them would
 * let a small upload expand before the body limits see it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: isCompressibleType,
    globalDecompression: false,
  });
}
