import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SITE_CONFIG_ELEMENT_ID } from '@tendly/domain/constants';
import type { SiteConfig } from '@tendly/domain/site-config';
import { sendApiNotFound } from './error-handler';
import { createPageResolver, type ScreenChunks, type ServedPage } from './server-page-meta';

const CONFIG_PLACEHOLDER = '<!--site-config-->';
/** Written by the web build beside index.html (apps/web screen-chunks-plugin.ts). */
const SCREEN_CHUNKS_FILE = 'screen-chunks.json';

/** Each screen's chunks, from the build; none (no preloads) from a build that did not write them. */
function readScreenChunks(distDir: string): ScreenChunks {
  const file = path.join(distDir, SCREEN_CHUNKS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScreenChunks) : {};
}

/**
 * The pages go compressed when the browser accepts it, like the API's answers (compression.ts,
 * which hooks declared routes only: the pages come from the not-found handler). Each route's page
 * is the same for everyone, so each is compressed once, at its best, when first asked for.
 */
const pageEncodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });
const compressedPages = new WeakMap<ServedPage, { br?: Buffer; gzip?: Buffer }>();

function compressedPage(page: ServedPage, encoding: 'br' | 'gzip'): Buffer {
  const known = compressedPages.get(page) ?? {};
  compressedPages.set(page, known);
  known[encoding] ??= encoding === 'br' ? brotliCompressSync(page.html) : gzipSync(page.html, { level: 9 });
  return known[encoding];
}

/** JSON inside a script element must not be able to close it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function injectSiteConfig(html: string, site: SiteConfig): string {
  const element = `<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">${scriptSafeJson(site)}</script>`;
  return html.includes(CONFIG_PLACEHOLDER) ? html.replace(CONFIG_PLACEHOLDER, element) : html.replace('</head>', `${element}</head>`);
}

/**
 * Serves the built web app: hashed assets with a long cache, and the app's index (with the site
 * configuration written in) for every other non-API path, so client routes load on refresh. The
 * index carries the matched route's title and description; a path no route matches gets the
 * not-found title and a 404 status (the web app still renders its not-found page). Unknown /api
 * paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string; site: SiteConfig }): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const indexHtml = hasBuild ? injectSiteConfig(readFileSync(indexPath, 'utf8'), options.site) : undefined;
  // Each route's page, with its own title and description, is rendered once here, not per request.
  const pageFor = indexHtml ? createPageResolver(indexHtml, options.site, readScreenChunks(options.distDir)) : undefined;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset (scripts/build.mjs); send the one the browser accepts.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return sendApiNotFound(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    if (!pageFor) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build`, or `npm start`, which builds it.');
    }
    const page = pageFor(pathname);
    reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = pageEncodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (encoding !== 'br' && encoding !== 'gzip') return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(compressedPage(page, encoding));
  });
}
