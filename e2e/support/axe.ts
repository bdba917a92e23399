import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: any violation fails the test. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Waits until no finite animation or transition has run on the page for a short while. A dialog
 * that is still fading in has blended colours, which axe would report as poor contrast; and a
 * dialog can sit for a frame at opacity 0 before its transition starts, so a single quiet look is
 * not enough. Looping animations (skeletons, spinners) never end and are left alone.
 */
async function waitForTransitionsToEnd(page: Page): Promise<void> {
  await page.waitForFunction(
    (quietMs) => {
      const isMoving = document.getAnimations().some((animation) => {
        const endTime = animation.effect?.getComputedTiming().endTime;
        return animation.playState === 'running' && endTime !== undefined && endTime !== Infinity;
      });
      const state = window as unknown as { tendlyQuietSince?: number | undefined };
      if (isMoving) {
        state.tendlyQuietSince = undefined;
        return false;
      }
      state.tendlyQuietSince ??= performance.now();
      if (performance.now() - state.tendlyQuietSince < quietMs) return false;
      // Forgotten in the same look, so the next check starts afresh without another round trip.
      state.tendlyQuietSince = undefined;
      return true;
    },
    QUIET_MS,
    { polling: 25, timeout: 5_000 },
  );
}

/** Longer than the frame or two a dialog waits before its transition starts. */
const QUIET_MS = 100;

/**
 * axe-core itself, put into a page once per document rather than at every check. The Playwright
 * wrapper (@axe-core/playwright) injected it afresh and opened a blank page for every check, and
 * asked for every passing node as well: about 2.7 s a check on the busy CI machine, against 0.7 s
 * for the same rules and the same violations this way.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function injectAxe(frame: Frame): Promise<void> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
}

/** Into the page and each frame in it (axe checks a frame's content with the frame's own copy). */
async function injectAxeEverywhere(page: Page): Promise<void> {
  await injectAxe(page.mainFrame());
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A frame that has gone, or shows something without a document to run in (a PDF), is left
    // out; axe reports a frame it could not reach as incomplete, not as passing.
    await injectAxe(frame).catch(() => undefined);
  }
}

/** Checks the whole page, or only the elements a CSS selector picks (`within`), as it is now. */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  await waitForTransitionsToEnd(page);
  await injectAxeEverywhere(page);
  // Only the violations come back in full: every rule still runs on every element.
  const options: RunOptions = { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    ([selector, runOptions]) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } }).axe;
      return axe.run(selector ? { include: [selector] } : document, runOptions);
    },
    [within, options] as const,
  );
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
}
