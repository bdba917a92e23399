import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './support/session';
import { forgetSession, signInAs, startSignedOut, waitForPath } from './support/accounts';

/**
 * Reviews (issue 17): Ben Whitfield, whose hours with Samira Haddad are approved in the demo data,
 * reviews her from her profile and sees the rating change; Samira replies from her own profile.
 */
let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await startSignedOut(session);
});

/** "4.5 from 12 reviews" → 12; "No reviews yet" → 0. */
async function reviewCount(text: string | null): Promise<number> {
  const match = /from (\d+) reviews?/.exec(text ?? '');
  return match ? Number(match[1]) : 0;
}

describe('reviewing a worker', () => {
  it('lets a care seeker review a worker whose hours they approved, and the worker reply once', async () => {
    const page = await signInAs(session, 'ndis.participant@example.com');
    await session.visit('/my-workers');
    await page.getByRole('link', { name: 'View Samira’s profile' }).first().click();
    await page.getByRole('heading', { level: 1, name: /^Samira/ }).waitFor();
    await session.settle();
    await session.checkAccessibility();
    const profilePath = new URL(page.url()).pathname;
    const summary = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    const before = await reviewCount(await summary.textContent());

    const panel = page.getByRole('region', { name: 'Tell others what Samira is like to work with' });
    await panel.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Samira' });
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.getByText('Choose from 1 to 5 stars').waitFor();
    await dialog.getByText('Write at least 20 characters about your experience').waitFor();
    await session.checkAccessibility();
    await dialog.getByLabel('5 – Excellent').check();
    await dialog.getByLabel('Your review').fill('Samira is calm, careful and always on time. Ben looks forward to her visits.');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Your review is saved. Thank you.').waitFor();
    await page.getByRole('region', { name: 'Your review' }).getByRole('button', { name: 'Edit your review' }).waitFor();
    await expect.poll(async () => reviewCount(await summary.textContent())).toBe(before + 1);
    const reviews = page.getByRole('region', { name: new RegExp(`^Reviews \\(${before + 1}\\)$`) });
    await reviews.getByRole('listitem').getByText('Ben looks forward to her visits.').waitFor();
    await session.checkAccessibility();

    await forgetSession(page);
    const worker = await signInAs(session, 'ndis.worker@example.com');
    await session.visit('/carer/profile');
    await waitForPath(worker, '/carer/profile');
    const review = worker.getByRole('article').filter({ hasText: 'Ben looks forward to her visits.' });
    await review.getByRole('button', { name: 'Reply to Ben’s review' }).click();
    const replyDialog = worker.getByRole('dialog', { name: 'Reply to Ben' });
    await replyDialog.getByLabel('Your reply').fill('Thank you Ben, see you on Tuesday.');
    await session.checkAccessibility();
    await replyDialog.getByRole('button', { name: 'Post reply' }).click();
    await review.getByText('Reply from Samira').waitFor();
    await expect(review.getByRole('button', { name: 'Reply to Ben’s review' }).count()).resolves.toBe(0);
    await session.visit(profilePath);
    await session.page.getByText('Thank you Ben, see you on Tuesday.').waitFor();
  });
});
