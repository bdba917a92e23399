import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInResponseSchema } from '@tendly/domain/api/auth';
import { openSession, type BrowserSession } from './support/session';
import { DEMO_PASSWORD, signInAs } from './support/accounts';

/**
 * Review moderation (issue 17), on the real API with the demo data: the administrator hides
 * Anh's four-star review of Maya, the demo worker, with the guideline it breaks; a visitor reading
 * Maya's profile no longer sees it and her rating changes; the administrator finds it among the
 * hidden reviews and shows it again, and the profile is as it was. axe checks every page and dialog.
 */
const WORKER_EMAIL = 'worker@example.com';
const ADMIN_EMAIL = 'admin@example.com';
/** Anh's review of Maya (apps/api/src/platform/db/seed/seed-demo-data.ts). */
const ANH_REVIEW = /^Great with my son, who is autistic/;

let admin: BrowserSession;
let visitor: BrowserSession;
let adminPage: Page;
let profilePath = '';
let workerId = '';

beforeAll(async () => {
  [admin, visitor] = await Promise.all([openSession(), openSession()]);
  const response = await fetch(`${admin.baseUrl}/api/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: WORKER_EMAIL, password: DEMO_PASSWORD }),
  });
  workerId = signInResponseSchema.parse(await response.json()).id;
  profilePath = `/carer/profile/${workerId}`;
  adminPage = await signInAs(admin, ADMIN_EMAIL);
});

afterAll(async () => {
  await Promise.all([admin?.close(), visitor?.close()]);
});

/** What the visitor reads on Maya's profile: the rating line, the number of reviews, and whether Anh's shows. */
async function readProfile() {
  const page = await visitor.visit(profilePath);
  const reviews = page.getByRole('region', { name: /^Reviews \(\d+\)$/ });
  await reviews.waitFor();
  const heading = (await reviews.getByRole('heading', { level: 2 }).first().innerText()).trim();
  const rating = (await page.getByText(/^\d(\.\d+)? from \d+ reviews?$/).first().innerText()).trim();
  const showsAnh = (await reviews.getByText(ANH_REVIEW).count()) > 0;
  return { heading, rating, showsAnh };
}

function anhsReview(page: Page) {
  return page.getByRole('article', { name: /^Anh on Maya/ });
}

describe('moderating a review, end to end', { timeout: 180_000 }, () => {
  let before: Awaited<ReturnType<typeof readProfile>>;

  it('a visitor sees Anh’s review on Maya’s profile', async () => {
    before = await readProfile();
    expect(before.showsAnh).toBe(true);
  });

  it('the administrator hides Anh’s review with the guideline it breaks, and it leaves the profile and the rating', async () => {
    await admin.visit('/admin/reviews');
    await adminPage.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    await adminPage.getByRole('heading', { level: 2, name: 'Flagged clients' }).waitFor();
    await admin.visit(`/admin/reviews?workerId=${workerId}`);
    await adminPage.getByText(/^Only the reviews of Maya/).waitFor();
    const review = anhsReview(adminPage);
    await review.getByRole('button', { name: /^Hide Anh’s review of Maya/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: /^Hide Anh’s review of Maya/ });
    await dialog.getByLabel(/Which guideline does it break/).fill('Names the client’s medical condition without their consent');
    await admin.checkAccessibility();
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await adminPage.getByRole('status').getByText(/^Anh’s review of Maya .* is hidden\./).waitFor();
    await review.getByText(/Names the client’s medical condition without their consent/).waitFor();
    await admin.checkAccessibility();

    const after = await readProfile();
    expect(after.showsAnh).toBe(false);
    expect(after.rating).not.toBe(before.rating);
    expect(after.heading).not.toBe(before.heading);
  });

  it('the administrator finds it among the hidden reviews and shows it again, and the profile is as it was', async () => {
    await admin.visit(`/admin/reviews?workerId=${workerId}&show=hidden`);
    const review = anhsReview(adminPage);
    await review.getByRole('button', { name: /^Show again Anh’s review of Maya/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: /^Show Anh’s review of Maya .* again\?$/ });
    await dialog.waitFor();
    await admin.checkAccessibility();
    await dialog.getByRole('button', { name: 'Show again' }).click();
    await adminPage.getByRole('status').getByText(/shows again on the profile/).waitFor();
    await adminPage.getByText('No reviews are hidden.').waitFor();
    await admin.checkAccessibility();

    expect(await readProfile()).toEqual(before);
  });
});
