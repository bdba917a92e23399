// First load on a phone (issue 32): Lighthouse's mobile profile (an emulated mid-range phone on
// a slow 4G link, simulated throttling) on the seven pages people land on most, signed in where the
// page needs it, three runs each; prints the median performance score, Largest Contentful Paint
// and Cumulative Layout Shift of each against the goals (score ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.05).
//
// Builds what is out of date and starts the built product with its demo data. A static page served
// from this process is measured in the same run: its figures show what the machine itself allows,
// so a slow or busy machine can be told apart from a slow page. Exits non-zero when a page misses a
// goal. `BENCH_LIGHTHOUSE_RUNS` changes the number of runs (default 3); `BENCH_LIGHTHOUSE_PAGES`
// measures only the pages whose names contain one of its comma-separated words (the reference always).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { browserExecutable } from '../e2e/support/browser';
import { freePort, startProduct } from '../e2e/support/product-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The password of every seeded demo account. */
const DEMO_PASSWORD = 'demo-password';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGE_FILTER = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '').split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);

export const GOALS = { score: 90, lcpMs: 2500, cls: 0.05 } as const;

type Person = 'visitor' | 'worker' | 'careSeeker';
const emails: Record<Exclude<Person, 'visitor'>, string> = { worker: 'worker@example.com', careSeeker: 'careseeker@example.com' };

interface PageToMeasure {
  name: string;
  path: string;
  person: Person;
  /** The static reference page, which has no goal of its own. */
  isReference?: boolean;
}

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
}

/** The median of the runs that gave a figure. */
function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A page with a heading and a paragraph, no script: the fastest a page can be on this machine. */
async function startStaticPage(): Promise<{ url: string; server: Server }> {
  const html =
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Reference</title></head><body><h1>A static page</h1><p>Measured beside the product as the machine’s floor.</p></body></html>';
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** Signs the person in through the product's own sign-in form, so Lighthouse's tab has a real session. */
async function signInAs(context: BrowserContext, baseUrl: string, person: Person): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.evaluate('window.localStorage.clear()');
  if (person !== 'visitor') {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Care workers and care seekers' }).click();
    await page.locator('main input[name="email"]').fill(emails[person]);
    await page.locator('main input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  }
  await page.close();
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The signed-in person's session lives in the page's storage: keep it.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  // What moved, when asked: the element Lighthouse blames for each layout shift, with its share.
  if (process.env.BENCH_LIGHTHOUSE_SHIFTS) {
    const details = lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { selector?: string; nodeLabel?: string }; score?: number }> } | undefined;
    for (const item of details?.items ?? []) {
      console.log(`  shift ${item.score?.toFixed(3)} at ${url}: ${item.node?.selector ?? '?'} ("${(item.node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}")`);
    }
  }
  return {
    // Lighthouse leaves the score out when a metric could not be computed in that run: no score, not 0.
    score: lhr.categories.performance?.score == null ? Number.NaN : Math.round(lhr.categories.performance.score * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

function meetsGoals(figures: Figures): boolean {
  return figures.score >= GOALS.score && figures.lcpMs <= GOALS.lcpMs && figures.cls <= GOALS.cls;
}

export async function benchLighthouse(options: { build?: boolean } = {}): Promise<boolean> {
  if (options.build ?? true) execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const product = await startProduct();
  const reference = await startStaticPage();
  const debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tendly-lighthouse-'));
  // A persistent profile: Lighthouse opens its tabs in the browser's default context, which is
  // where the sign-in form leaves the session.
  const { executablePath, args } = await browserExecutable();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...args, `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const { baseUrl } = product;
    const workers = (await (await fetch(`${baseUrl}/api/search?limit=1`)).json()) as Array<{ carerId: string }>;
    const profileId = workers[0]?.carerId;
    if (!profileId) throw new Error('The demo data has no worker to open a profile of');
    const pages: PageToMeasure[] = [
      { name: 'Static reference page', path: reference.url, person: 'visitor', isReference: true },
      { name: 'Home', path: '/', person: 'visitor' },
      { name: 'Worker search', path: '/care-workers/search', person: 'visitor' },
      { name: 'Worker profile', path: `/carer/profile/${profileId}`, person: 'visitor' },
      { name: 'Post a job, step 1', path: '/careseeker/post-a-job', person: 'visitor' },
      { name: 'Job board (worker)', path: '/jobs/search', person: 'worker' },
      { name: 'Worker My jobs', path: '/my-jobs', person: 'worker' },
      { name: 'Care seeker dashboard', path: '/dashboard', person: 'careSeeker' },
    ];
    const chosen = pages.filter((page) => page.isReference || !PAGE_FILTER.length || PAGE_FILTER.some((word) => page.name.toLowerCase().includes(word)));
    const rows: Array<PageToMeasure & Figures> = [];
    let signedInAs: Person | null = null;
    for (const page of chosen) {
      if (page.person !== signedInAs) {
        await signInAs(context, baseUrl, page.person);
        signedInAs = page.person;
      }
      const url = page.path.startsWith('http') ? page.path : `${baseUrl}${page.path}`;
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(url, debuggingPort));
      rows.push({ ...page, score: median(runs.map((r) => r.score)), lcpMs: median(runs.map((r) => r.lcpMs)), cls: median(runs.map((r) => r.cls)) });
      console.log(`measured ${page.name}: ${runs.map((r) => `${r.score}/${Math.round(r.lcpMs)} ms/${r.cls.toFixed(3)}`).join(', ')}`);
    }
    console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS}` : '1 run'}, mobile profile; goals: score ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s, CLS ≤ ${GOALS.cls}\n`);
    console.log('| Page | Performance | LCP | CLS | |');
    console.log('|---|---|---|---|---|');
    let allMet = true;
    for (const row of rows) {
      const met = meetsGoals(row);
      if (!row.isReference) allMet &&= met;
      const verdict = row.isReference ? '(reference)' : met ? 'within' : 'OVER';
      console.log(`| ${row.name} | ${row.score} | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.cls.toFixed(2)} | ${verdict} |`);
    }
    return allMet;
  } finally {
    await context.close();
    reference.server.close();
    await product.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const allMet = await benchLighthouse();
  process.exitCode = allMet ? 0 : 1;
}
