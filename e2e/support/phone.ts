import { expect } from 'vitest';
import type { BrowserSession } from './session';

/** A phone's window: the width the product is checked at for phones (Lighthouse mobile's too). */
export const PHONE = { width: 390, height: 844 } as const;

/** Where journeys put screenshots of the screens they check, when it is set (SCREENSHOT_DIR=…). */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/**
 * The page as it is now, also at 390 px: nothing wider than the screen, axe passes, and a
 * screenshot at each width when SCREENSHOT_DIR is set; then back to the width it had.
 */
export async function checkOnAPhone(session: BrowserSession, name: string): Promise<void> {
  const page = session.page;
  const wide = page.viewportSize() ?? { width: 1280, height: 720 };
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${wide.width}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  try {
    // Once the layout has settled at the new width: nothing runs off the side.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 }).toBeLessThanOrEqual(PHONE.width).catch(async () => {
      const wider = await page.evaluate((width) =>
        Array.from(document.querySelectorAll('body *'))
          .filter((element) => element.getBoundingClientRect().right > width + 1)
          .slice(0, 5)
          .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${Math.round(element.getBoundingClientRect().right)} px`),
      PHONE.width);
      throw new Error(`${name} is wider than a phone: ${wider.join(', ') || 'no element found past the edge'}`);
    });
    await session.checkAccessibility();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${PHONE.width}.png`, fullPage: true });
  } finally {
    await page.setViewportSize(wide);
  }
}
