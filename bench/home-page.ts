// JavaScript budget of the home page (issue 4: at most 150 KB of gzipped JavaScript for `/`).
// Builds what is out of date, starts the built product, opens `/` in Chromium with an empty
// cache, records every JavaScript response until the network is idle and prints their size
// (gzip measured here with zlib at level 9, as the build writes it; raw; and what actually went
// over the wire), with the time to the load event and to the last response.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/product-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const HOME_PAGE_JS_BUDGET_KB = 150;
const RUNS = 3;

interface ScriptFile {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  transferBytes: number;
}

interface HomePageRun {
  scripts: ScriptFile[];
  loadMs: number;
  networkIdleMs: number;
}

function isScript(response: Response): boolean {
  return (
    response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '')
  );
}

async function measureScript(response: Response): Promise<ScriptFile> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    url: new URL(response.url()).pathname,
    rawBytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    transferBytes: sizes.responseBodySize,
  };
}

/** A fresh browser per run: an empty cache, and the packaged Chromium runs one context per process. */
async function loadHomePage(baseUrl: string): Promise<HomePageRun> {
  const browser = await launchBrowser();
  try {
    return await loadHomePageIn(browser, baseUrl);
  } finally {
    await browser.close();
  }
}

async function loadHomePageIn(browser: Browser, baseUrl: string): Promise<HomePageRun> {
  const context = await browser.newContext({ locale: 'en-AU' });
  const page = await context.newPage();
  const measured: Promise<ScriptFile>[] = [];
  page.on('response', (response) => {
    if (isScript(response)) measured.push(measureScript(response));
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  // A string: the bench is type-checked without the DOM library.
  const timing = await page.evaluate<{ loadMs: number; networkIdleMs: number }>(`(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const lastResponse = Math.max(navigation ? navigation.responseEnd : 0, ...resources.map((entry) => entry.responseEnd));
    return { loadMs: navigation ? navigation.loadEventEnd : 0, networkIdleMs: lastResponse };
  })()`);
  const scripts = await Promise.all(measured);
  return { scripts, loadMs: Math.round(timing.loadMs), networkIdleMs: Math.round(timing.networkIdleMs) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sum = (files: ScriptFile[], key: keyof Omit<ScriptFile, 'url'>) => files.reduce((total, file) => total + file[key], 0);

export async function benchHomePage(options: { build?: boolean; verbose?: boolean } = {}): Promise<{ gzipKb: number }> {
  if (options.build ?? true) execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const product = await startProduct({ DEMO_WORKER_COUNT: '40' });
  try {
    // One run to warm the server (first queries, file cache), then the measured runs.
    await loadHomePage(product.baseUrl);
    const runs: HomePageRun[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await loadHomePage(product.baseUrl));
    const { scripts } = runs[runs.length - 1] ?? { scripts: [] };
    const gzip = sum(scripts, 'gzipBytes');
    const verdict = gzip / 1024 <= HOME_PAGE_JS_BUDGET_KB ? 'within' : 'OVER';
    if (options.verbose ?? true) {
      for (const file of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        process.stdout.write(`  ${kb(file.gzipBytes).padStart(7)} KB gzip ${kb(file.rawBytes).padStart(7)} KB raw  ${file.url}\n`);
      }
    }
    process.stdout.write(
      `home page: ${kb(gzip)} KB gzipped JS (${kb(sum(scripts, 'rawBytes'))} KB raw, ${kb(sum(scripts, 'transferBytes'))} KB transferred) ` +
        `in ${scripts.length} files; load ${median(runs.map((r) => r.loadMs))} ms; ` +
        `network idle ${median(runs.map((r) => r.networkIdleMs))} ms (budget ${HOME_PAGE_JS_BUDGET_KB} KB: ${verdict}; median of ${RUNS} cold loads)\n`,
    );
    return { gzipKb: gzip / 1024 };
  } finally {
    await product.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchHomePage();
}
