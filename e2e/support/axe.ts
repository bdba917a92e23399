import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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
      return performance.now() - state.tendlyQuietSince >= quietMs;
    },
    QUIET_MS,
    { polling: 25, timeout: 5_000 },
  );
  await page.evaluate(() => {
    (window as unknown as { tendlyQuietSince?: number | undefined }).tendlyQuietSince = undefined;
  });
}

/** Longer than the frame or two a dialog waits before its transition starts. */
const QUIET_MS = 100;

/** Checks the whole page, or only the elements a CSS selector picks (`within`), as it is now. */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  await waitForTransitionsToEnd(page);
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  const results = await (within ? builder.include(within) : builder).analyze();
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
}
