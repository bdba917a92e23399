import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from './platform/http/compression';
import { createTestApp, type TestApp } from './test-support/test-app';

let subject: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'tendly-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--site-config--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  subject = await createTestApp({ env: { WEB_DIST_DIR: webDist, BRAND_NAME: 'Tendly', SUPPORT_EMAIL: 'help@example.org' } });
});

afterAll(async () => {
  await subject?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers 200 ok while the database answers', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('unknown paths', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/nothing/here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'There is no POST /api/nothing/here in the API.', code: 'NOT_FOUND' });
  });

  it('serves the web app index, with the site configuration written in, at client routes', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/care-workers/search?location=Sydney' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const match = /<script id="site-config" type="application\/json">(.*?)<\/script>/.exec(response.body);
    expect(match).not.toBeNull();
    const site = JSON.parse(match?.[1] ?? '{}') as { brandName: string; supportEmail: string };
    expect(site.brandName).toBe('Tendly');
    expect(site.supportEmail).toBe('help@example.org');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});

describe('security headers', () => {
  it('sends a strict content security policy and the usual hardening headers', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The admin console shows private documents from object URLs (features/admin/document-viewer.tsx).
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI 3.1 document listing the routes', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/site', '/api/avatars/{file}']));
  });

  it('serves the documentation page at /api/docs', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 404 at /api/docs and /api/docs/json when API_DOCS_PUBLIC is false', async () => {
    const hidden = await createTestApp({ env: { API_DOCS_PUBLIC: 'false' } });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
        const response = await hidden.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await hidden.close();
    }
  });
});

describe('GET /api/site', () => {
  it('answers the public site configuration', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    // Public content keeps its own caching; the no-store default is for everything else under /api (issue 29).
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const unknown = await subject.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ brandName: 'Tendly', supportEmail: 'help@example.org', partners: { one: { slug: 'harbourside' } } });
  });
});

describe('response compression (issue 32)', () => {
  const get = (url: string, headers: Record<string, string> = {}) => subject.app.inject({ method: 'GET', url, headers });

  it('compresses API JSON with brotli or gzip, as the browser accepts, to the same JSON', async () => {
    // The OpenAPI document: JSON well past the threshold, and past the size compressed in one go.
    const url = '/api/docs/json';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // Streamed: no Content-Length rather than the uncompressed one.
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    // The route's own headers survive.
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
  });

  it('sends plain bytes to a client that accepts no encoding, or only identity', async () => {
    const requests: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of requests) {
      const response = await get('/api/site', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ brandName: 'Tendly' });
    }
  });

  it('leaves a small response alone: under the threshold, encoding costs more than it saves', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br' });
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/avatars/{seed}.svg', () => {
  it('draws the same avatar for the same seed, cached for a year', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/api/avatars/worker-0001.svg' });
    const second = await subject.app.inject({ method: 'GET', url: '/api/avatars/worker-0001.svg' });
    const other = await subject.app.inject({ method: 'GET', url: '/api/avatars/worker-0002.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(first.body).toMatch(/^<svg/);
    expect(second.body).toBe(first.body);
    expect(other.body).not.toBe(first.body);
    expect(first.headers['cache-control']).toContain('max-age=31536000');
  });

  it('answers a cache that asks again with a 304 while the drawing is the same', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/api/avatars/worker-0001.svg' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await subject.app.inject({ method: 'GET', url: '/api/avatars/worker-0001.svg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await subject.app.inject({ method: 'GET', url: '/api/avatars/worker-0002.svg', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('sends a page of 20 avatars compressed within the budget (issue 32: was 289 KB raw, 125 KB brotli)', async () => {
    let plainBytes = 0;
    let brotliBytes = 0;
    for (let i = 1; i <= 20; i += 1) {
      const url = `/api/avatars/worker-${String(i).padStart(4, '0')}.svg`;
      const plain = await subject.app.inject({ method: 'GET', url });
      const br = await subject.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/image\/svg\+xml/);
      // Small ones are compressed in one go and carry their length; larger ones stream with none. Never a wrong one.
      expect(br.headers['content-length'] ?? String(br.rawPayload.length)).toBe(String(br.rawPayload.length));
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      plainBytes += plain.rawPayload.length;
      brotliBytes += br.rawPayload.length;
    }
    // Measured 181 KB raw and 79 KB brotli for these 20.
    expect(plainBytes).toBeLessThan(200_000);
    expect(brotliBytes).toBeLessThan(90_000);
  });

  it('refuses a name that is not a plain seed with a 400', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/avatars/..%2Fetc%2Fpasswd.svg' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', errors: { file: expect.any(String) } });
  });
});

describe('GET /api/health when the database is gone', () => {
  it('answers 503 with a message', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.', reason: 'The database failed the check query.' });
    } finally {
      await broken.app.close();
      await broken.database.dispose().catch(() => undefined);
    }
  });
});
