import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';

/**
 * The AI worker match against the real API and the seeded demo workers (issue 11): a place in the
 * request bounds the search, every chip shown is a filter the search applies, and "for a member
 * of my immediate family" is no chip. Screenshots of the panel go to SCREENSHOT_DIR when set.
 */
let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

const screenshotDir = process.env.SCREENSHOT_DIR;

async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

function isSearch(response: Response): boolean {
  return new URL(response.url()).pathname === '/api/search';
}

/** The distance each card states under the name, in km ("Parramatta NSW · 3.66 km away"). */
async function cardDistances(cards: Locator): Promise<number[]> {
  const texts = await cards.locator('p').filter({ hasText: /km away$/ }).allInnerTexts();
  return texts.map((text) => Number(/([\d.,]+) km away$/.exec(text)?.[1]?.replaceAll(',', '')));
}

describe('the AI worker match', () => {
  it('bounds the search by the place it reads, and shows only chips that filter', async () => {
    const page = await session.visit('/care-workers/search?show=whiz');
    await page.setViewportSize({ width: 1280, height: 800 });
    const log = page.getByRole('log', { name: 'Conversation with the AI worker match' });
    const message = page.getByRole('textbox', { name: 'Your message' });
    const chips = page.getByRole('list', { name: 'What I’m looking for' });
    const cards = page.getByRole('list', { name: 'Workers' }).getByRole('article');

    const searched = page.waitForResponse((response) => isSearch(response) && new URL(response.url()).searchParams.has('timesOfDay'));
    await message.fill('Mum lives in Parramatta and needs help with showering in the mornings');
    await message.press('Enter');
    const search = new URL((await searched).url()).searchParams;

    // What it read, every part of it a filter of the search it ran.
    expect(search.get('location')).toBe('Parramatta NSW');
    const radiusKm = Number(/^KM_(\d+)$/.exec(search.get('locationType') ?? '')?.[1]);
    expect([25, 50]).toContain(radiusKm);
    expect(search.getAll('timesOfDay')).toEqual(['morning']);
    expect(search.get('personalCare')).toBe('true');
    expect(search.has('careFor')).toBe(false);
    await expect.poll(() => chips.getByRole('listitem').allInnerTexts()).toEqual([
      `Within ${radiusKm} km of Parramatta NSW`,
      'Mornings',
      'Offers personal care',
    ]);
    // Who it is for is understood, and said, but filters nothing: no chip.
    await log.getByText('For a family member').waitFor();
    if (radiusKm === 50) await log.getByText(/within 25 km of Parramatta NSW, so we widened the search to 50 km\./).waitFor();

    // Every match is within the radius: none hundreds of kilometres away.
    await page.locator('main [role="status"]').filter({ hasText: /^Showing (all )?\d+ (of [\d,]+ )?workers?/ }).waitFor();
    const distances = await cardDistances(cards);
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toHaveLength(await cards.count());
    for (const km of distances) expect(km).toBeLessThanOrEqual(radiusKm);
    await session.checkAccessibility();
    await screenshot(page, 'worker-match-1280');
    await chips.scrollIntoViewIfNeeded();
    await screenshot(page, 'worker-match-1280-chips');

    // Each chip filters: taking it away changes the search that is sent.
    const removals: [string, (params: URLSearchParams) => boolean][] = [
      ['Mornings', (params) => !params.has('timesOfDay') && params.get('personalCare') === 'true'],
      ['Offers personal care', (params) => !params.has('personalCare')],
    ];
    for (const [label, isWithout] of removals) {
      const without = page.waitForResponse((response) => isSearch(response) && isWithout(new URL(response.url()).searchParams));
      await chips.getByRole('button', { name: `Remove “${label}”` }).click();
      await without;
      await expect.poll(() => chips.getByRole('listitem').allInnerTexts()).not.toContain(label);
    }

    // On a phone the panel fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(page, 'worker-match-390');
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'worker-match-390-conversation');
    await chips.scrollIntoViewIfNeeded();
    await screenshot(page, 'worker-match-390-chips');
  });

  it('takes a city beside a suburb as which suburb it is', async () => {
    const page = await session.visit('/care-workers/search?show=whiz');
    const message = page.getByRole('textbox', { name: 'Your message' });
    const searched = page.waitForResponse((response) => isSearch(response) && new URL(response.url()).searchParams.has('location'));
    await message.fill('Carlton, Melbourne');
    await message.press('Enter');
    expect(new URL((await searched).url()).searchParams.get('location')).toBe('Carlton VIC');
    await expect
      .poll(() => page.getByRole('list', { name: 'What I’m looking for' }).getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/^Within (25|50) km of Carlton VIC$/)]);
  });

  it('names the words it could not use, and with no match says so once, with what to take away (issue 31)', async () => {
    const page = await session.visit('/care-workers/search?show=whiz');
    await page.setViewportSize({ width: 1280, height: 900 });
    const log = page.getByRole('log', { name: 'Conversation with the AI worker match' });
    const message = page.getByRole('textbox', { name: 'Your message' });
    const lastReply = log.locator('li[data-from="assistant"]').last();

    // No demo worker near Parramatta speaks Pitjantjatjara; plenty do without it.
    await message.fill('nan needs help with meals, she only speaks Pitjantjatjara, Parramatta');
    await message.press('Enter');
    await lastReply.getByText('I could not use: “meals”. There is no filter for that, so mention it when you message a worker.').waitFor();
    await lastReply.getByText('No workers match all of this yet. To find some, you could take away “Speaks Pitjantjatjara”. The buttons under Your matches do it in one press.').waitFor();
    // One answer about the results: the list says the same, and the assistant asks nothing more.
    await page.getByRole('heading', { name: 'No workers match your search yet' }).waitFor();
    await page.getByRole('button', { name: 'Search without “Speaks Pitjantjatjara”' }).waitFor();
    expect(await log.innerText()).not.toContain('Here are the workers');
    expect(await page.getByRole('group', { name: 'Quick answers' }).count()).toBe(0);
    await session.checkAccessibility();
    await lastReply.scrollIntoViewIfNeeded();
    await screenshot(page, 'worker-match-not-used-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await session.checkAccessibility();
    await lastReply.scrollIntoViewIfNeeded();
    await screenshot(page, 'worker-match-not-used-390');

    // Taking the language away finds workers: the reply moves on, and no longer says none match.
    await message.fill('any language is fine');
    await message.press('Enter');
    await log.getByText('Any language', { exact: true }).waitFor();
    await page.locator('main [role="status"]').filter({ hasText: /^Showing (all )?\d+ (of [\d,]+ )?workers?/ }).waitFor();
    expect(await lastReply.innerText()).not.toContain('No workers match');
    await session.checkAccessibility();
  });
});
