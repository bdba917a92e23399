import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute } from '@tendly/domain/routes';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const INDEX_HTML = `<!doctype html><html lang="en-AU"><head>
<meta name="description" content="The default description." />
<title>Care and support workers</title>
<!--site-config--></head><body><div id="root"></div></body></html>`;
const SCRIPT = 'export const greeting = "hello";\n'.repeat(50);

let webDist: string;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  const subject = await createTestApp({ env: { WEB_DIST_DIR: webDist, ...env } });
  apps.push(subject);
  return subject;
}

let subject: TestApp;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'tendly-web-app-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'entry-abc123.js'), SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'entry-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'entry-abc123.js.br'), brotliCompressSync(SCRIPT));
  // What the web build writes for each screen (apps/web screen-chunks-plugin.ts).
  writeFileSync(
    path.join(webDist, 'screen-chunks.json'),
    JSON.stringify({
      home: { js: ['/assets/home-page-h1.js'], css: ['/assets/home-page-h1.css'] },
      jobDetails: { js: ['/assets/job-details-j1.js', '/assets/Modal-m1.js'], css: [] },
      notFound: { js: ['/assets/not-found-n1.js'], css: [] },
    }),
  );
  subject = await appWith();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(webDist, { recursive: true, force: true });
});

function titleOf(html: string): string | undefined {
  return /<title>(.*?)<\/title>/.exec(html)?.[1];
}

function descriptionOf(html: string): string | undefined {
  return /<meta name="description" content="(.*?)" \/>/.exec(html)?.[1];
}

async function get(app: TestApp, url: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url, headers });
}

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe("the matched screen's code named in its page", () => {
  it('preloads the screen\'s scripts and links its stylesheets in the head, for that route only', async () => {
    const home = (await get(subject, '/')).body;
    expect(preloadsOf(home)).toEqual(['/assets/home-page-h1.js']);
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/home-page-h1.css">');
    expect(home.indexOf('home-page-h1.js')).toBeLessThan(home.indexOf('</head>'));
    // A parameter route gets its screen's chunks, with what they import.
    expect(preloadsOf((await get(subject, '/jobs/abc')).body)).toEqual(['/assets/job-details-j1.js', '/assets/Modal-m1.js']);
    // A screen the build named nothing for gets no preloads; an unknown path gets the not-found screen's.
    expect(preloadsOf((await get(subject, '/about-us')).body)).toEqual([]);
    const missing = await get(subject, '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(preloadsOf(missing.body)).toEqual(['/assets/not-found-n1.js']);
  });
});

describe('server-rendered page titles', () => {
  it("writes the route's title and description into the page", async () => {
    const response = await get(subject, '/about-us');
    expect(response.statusCode).toBe(200);
    const aboutUs = findRoute('aboutUs');
    expect(titleOf(response.body)).toBe(`${aboutUs.title} | Tendly`);
    expect(descriptionOf(response.body)).toBe(aboutUs.description);
    // One title and one description: replaced, not added.
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body.match(/name="description"/g)).toHaveLength(1);
    expect(response.body).toContain('<script id="site-config"');
  });

  it('titles the home page, a parameter route and a query string', async () => {
    expect(titleOf((await get(subject, '/')).body)).toBe(`${findRoute('home').title} | Tendly`);
    const job = await get(subject, '/jobs/abc');
    expect(job.statusCode).toBe(200);
    expect(titleOf(job.body)).toBe('Job details | Tendly');
    expect(titleOf((await get(subject, '/jobs/search')).body)).toBe('Find a job | Tendly');
    expect(titleOf((await get(subject, '/care-workers/search?location=Sydney')).body)).toBe(
      'Find care and support workers | Tendly',
    );
    expect(titleOf((await get(subject, '/about-us/')).body)).toBe('About us | Tendly');
  });

  it('resolves the brand and partner placeholders from the configuration', async () => {
    expect(titleOf((await get(subject, '/your-rights-using-tendly')).body)).toBe('Your rights | Tendly');
    expect((await get(subject, '/harbourside')).statusCode).toBe(200);
    expect(titleOf((await get(subject, '/riverbend')).body)).toBe('Partner offer | Tendly');
  });

  it('answers a path no route matches with a 404 and the not-found title', async () => {
    for (const url of ['/nope', '/jobs/abc/def', '/about-us/more']) {
      const response = await get(subject, url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(titleOf(response.body)).toBe('Page not found | Tendly');
      expect(descriptionOf(response.body)).toBe('We could not find the page you asked for.');
    }
  });

  it('escapes the brand in the HTML', async () => {
    const branded = await appWith({ BRAND_NAME: 'Care & <Co> "$&"' });
    const response = await get(branded, '/about-us');
    expect(titleOf(response.body)).toBe('About us | Care &amp; &lt;Co&gt; &quot;$&amp;&quot;');
    expect(response.body).not.toContain('<Co>');
    expect(titleOf((await get(branded, '/your-rights-using-care-co-')).body)).toBe(
      'Your rights | Care &amp; &lt;Co&gt; &quot;$&amp;&quot;',
    );
  });
});

describe('compressed pages', () => {
  it('sends a route’s page compressed when the browser accepts it, and plain otherwise', async () => {
    const html = (await get(subject, '/about-us', { 'accept-encoding': 'identity' })).body;
    expect(titleOf(html)).toMatch(/^About us/);
    for (let time = 0; time < 2; time += 1) {
      // The second time from the page compressed the first time.
      const br = await get(subject, '/about-us', { 'accept-encoding': 'gzip, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(html);
    }
    const notFound = await get(subject, '/no-such-page', { 'accept-encoding': 'gzip' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('gzip');
    expect(titleOf(gunzipSync(notFound.rawPayload).toString('utf8'))).toMatch(/^Page not found/);
    const refused = await get(subject, '/about-us', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(html);
  });
});

describe('pre-compressed assets', () => {
  it('sends the brotli or gzip file the browser accepts, and the plain file otherwise', async () => {
    const br = await get(subject, '/assets/entry-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    // The build's own file, sent as it is: the response compression (compression.ts) does not encode it twice.
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SCRIPT);

    const gzip = await get(subject, '/assets/entry-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(SCRIPT);

    const plain = await get(subject, '/assets/entry-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
