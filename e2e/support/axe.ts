import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: any violation fails the test. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Waits until every finite animation and transition on the page has ended. A dialog that is
 * still fading in has blended colours, which axe would report as poor contrast; looping
 * animations (skeletons, spinners) never end and are left alone.
 */
async function waitForTransitionsToEnd(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        const endTime = animation.effect?.getComputedTiming().endTime;
        return animation.playState !== 'running' || endTime === undefined || endTime === Infinity;
      }),
    undefined,
    { timeout: 5_000 },
  );
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForTransitionsToEnd(page);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
}
