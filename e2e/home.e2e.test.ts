import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

/** The ten sections of spec 2.9 in order, by their h2 (the hero carries the page's h1). */
const sectionHeadings = [
  'How can we help you?',
  'What is Tendly?',
  'How it works',
  'Meet the AI worker match',
  'What can a support worker help with?',
  'Watch your money go further',
  'Your safety is a priority',
  'Meet our care and support workers',
  'Join our community',
];

function section(page: Page, heading: string): Locator {
  return page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
}

describe('the home page', () => {
  it('has the hero and the other nine sections in order, and passes axe', async () => {
    const page = await session.visit('/');
    const main = page.locator('main');
    await expect(main.locator('h1').count()).resolves.toBe(1);
    await expect(main.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Find care and support workers you choose');
    const h2s = (await main.locator('h2').allInnerTexts()).map((text) => text.trim());
    expect(h2s).toEqual(sectionHeadings);
    await expect(main.getByRole('radiogroup').or(main.getByRole('group', { name: 'I am…' })).count()).resolves.toBe(1);
  });

  it('offers the AI worker match to a visitor', async () => {
    const page = await session.visit('/');
    const link = section(page, 'Meet the AI worker match').getByRole('link', { name: 'Try the AI worker match' });
    await expect(link.getAttribute('href')).resolves.toBe('/care-workers/search?show=whiz');
  });

  it('keeps Get started inert until an option is picked', async () => {
    const page = await session.visit('/');
    const button = page.getByRole('button', { name: 'Get started' });
    await expect(button.getAttribute('aria-disabled')).resolves.toBe('true');
    // force: Playwright will not click an aria-disabled button by itself; a person can.
    await button.click({ force: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Choose one of the options above to get started.').count()).resolves.toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it.each([
    ['looking for new care or support', '/careseeker/post-a-job'],
    ['a support worker', '/careworker'],
    ['a support coordinator', '/support-coordinator'],
    ['a provider organisation', '/providers'],
  ])('takes "I am %s" to %s', async (label, target) => {
    const page = await session.visit('/');
    await page.getByRole('radio', { name: label }).check();
    const button = page.getByRole('button', { name: 'Get started' });
    await expect(button.getAttribute('aria-disabled')).resolves.toBeNull();
    await session.checkAccessibility();
    await button.click();
    await page.waitForURL((url) => url.pathname === target);
  });

  it('introduces three workers, with blurbs of at most 100 characters and an ellipsis', async () => {
    const page = await session.visit('/');
    const workers = section(page, 'Meet our care and support workers');
    const cards = workers.getByRole('listitem');
    await cards.first().waitFor();
    await expect(cards.count()).resolves.toBe(3);
    for (const card of await cards.all()) {
      const profile = card.getByRole('link');
      await expect(profile.getAttribute('href')).resolves.toMatch(/^\/carer\/profile\/[^/]+$/);
      const location = await card.locator('p').first().innerText();
      expect(location).toMatch(/^.+ (NSW|VIC|QLD|WA|SA|TAS|ACT|NT)$/);
      const blurb = await card.locator('p').last().innerText();
      expect(blurb.length).toBeGreaterThan(0);
      expect(blurb.length).toBeLessThanOrEqual(101);
    }
    await expect(workers.getByRole('link', { name: 'Learn more about our workers' }).getAttribute('href')).resolves.toBe('/workers');
  });

  it('shows six social media posts, each opening in a new tab, and the social links', async () => {
    const page = await session.visit('/');
    const community = section(page, 'Join our community');
    const posts = community.getByRole('list', { name: 'Latest posts from Tendly' }).getByRole('link');
    await expect(posts.count()).resolves.toBe(6);
    for (const post of await posts.all()) {
      await expect(post.getAttribute('target')).resolves.toBe('_blank');
      await expect(post.innerText()).resolves.toContain('(opens in a new tab)');
    }
    for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube']) {
      await expect(community.getByRole('link', { name: new RegExp(`Tendly on ${network}`) }).count()).resolves.toBe(1);
    }
  });
});

// Last in the file: once installed, Playwright's clock stays on the browser context.
describe('the hero carousel', () => {
  let page: Page;

  beforeAll(() => {
    page = session.page;
  });

  async function currentSlide(): Promise<string | null> {
    return page.locator('[aria-roledescription="slide"][data-selected]').getAttribute('aria-label');
  }

  let hasClock = false;

  /** Opens the page on a fake clock, then stops the clock with a fresh 4000 ms period just begun. */
  async function openOnFakeClock({ pauseFirst = false } = {}): Promise<void> {
    if (hasClock) await page.clock.resume();
    else await page.clock.install({ time: new Date('2025-03-03T09:00:00+11:00') });
    hasClock = true;
    await page.goto('/');
    const pause = page.getByRole('button', { name: 'Pause the slideshow' });
    // Clicks wait for animation frames, which stop with the clock: click while it still runs.
    if (pauseFirst) await pause.click();
    else await pause.waitFor();
    await page.mouse.move(0, 0);
    // Jumping a minute ahead fires the pending timer once; the next one is then due in 4000 ms.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 60_000);
  }

  it('moves to the next of its six slides every 4000 ms', async () => {
    await openOnFakeClock();
    await expect(page.locator('[aria-roledescription="slide"]').count()).resolves.toBe(6);
    await expect(page.getByRole('region', { name: 'People and their support workers' }).getAttribute('aria-roledescription')).resolves.toBe('carousel');
    const start = await currentSlide();
    const number = (label: string | null) => Number(/^Slide (\d) of 6/.exec(label ?? '')?.[1]);
    await page.clock.runFor(3990);
    expect(await currentSlide()).toBe(start);
    await page.clock.runFor(10);
    expect(number(await currentSlide())).toBe((number(start) % 6) + 1);
    await page.clock.runFor(4000);
    expect(number(await currentSlide())).toBe(((number(start) + 1) % 6) + 1);
  });

  it('stays put once paused', async () => {
    await openOnFakeClock({ pauseFirst: true });
    const paused = await currentSlide();
    await page.clock.runFor(12_000);
    expect(await currentSlide()).toBe(paused);
    await expect(page.getByRole('button', { name: 'Play the slideshow' }).count()).resolves.toBe(1);
    // axe waits on timers, which a paused clock never fires.
    await page.clock.resume();
    await session.checkAccessibility();
  });
});
