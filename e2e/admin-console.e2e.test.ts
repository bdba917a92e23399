import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInResponseSchema } from '@tendly/domain/api/auth';
import { reporterRoleCodes } from '@tendly/domain/validation/forms';
import { DEMO_PASSWORD, signInAs, waitForPath } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { productNow } from './support/product-clock';
import { openSession, type BrowserSession } from './support/session';

/**
 * The admin console's screens and dialogs (issue 12), each checked with axe: the worker review
 * with its reason dialogs, people and an account, the inbox and an item, the audit log, the
 * background jobs (issue 27), the books (issue 28; payments.e2e.test.ts works through them from an
 * NDIA claim to a lodged bank file), and the annual reviews with a sign-off. The onboarding journey (worker-onboarding.e2e.test.ts) covers
 * approving a worker; this file uses the demo applicant waiting in the queue.
 */

let session: BrowserSession;
let feedbackReference: string;
const stamp = `${Date.now()}${randomInt(1000, 9999)}`;
// Requests made from the test itself come from an address of their own, like the browser's.
const address = { 'X-Forwarded-For': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` };

async function call(path: string, init: { method: string; token?: string; body: unknown }): Promise<unknown> {
  const response = await fetch(`${session.baseUrl}${path}`, {
    method: init.method,
    headers: { 'Content-Type': 'application/json', ...address, ...(init.token ? { 'auth-token': init.token } : {}) },
    body: JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  session = await openSession();
  // Something for the inbox: feedback sent from the public form, without a name.
  const sent = await call('/api/forms/feedback', {
    method: 'POST',
    body: { anonymous: true, role: reporterRoleCodes[0], details: `Feedback from the admin console test ${stamp}.` },
  });
  feedbackReference = z.object({ reference: z.string() }).parse(sent).reference;
  // Something to sign off: the demo worker's annual review for this year.
  const { authToken } = signInResponseSchema.parse(
    await call('/api/signin', { method: 'POST', body: { email: 'worker@example.com', password: DEMO_PASSWORD } }),
  );
  const year = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', year: 'numeric' }).format(productNow());
  await call(`/api/worker/annual-reviews/${year}`, {
    method: 'PUT',
    token: authToken,
    body: {
      wentWell: 'Building routines with two new clients.',
      wasHard: 'Covering shifts during the winter flu season.',
      trainingCompleted: 'Manual handling refresher; infection prevention module.',
      goalsNextYear: 'Finish a Certificate IV in Disability Support.',
      supportNeeded: '',
    },
  });
});
afterAll(async () => {
  await session?.close();
});


describe('the admin console', () => {
  it('reviews the waiting applicant: the profile, the documents, and the reason dialogs', async () => {
    const page = await signInAs(session, 'admin@example.com');
    await waitForPath(page, '/admin');
    await session.visit('/admin/review');
    await page.getByRole('link', { name: 'Tom Kowalski' }).click();
    await page.getByRole('heading', { level: 1, name: /Tom Kowalski/ }).waitFor();
    await session.settle();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Reject National police check' }).click();
    const reject = page.getByRole('dialog', { name: /Reject the National police check/ });
    await reject.waitFor();
    await expectNoAxeViolations(page);
    await reject.getByRole('button', { name: 'Cancel' }).last().click();
    await reject.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Ask for changes' }).click();
    const changes = page.getByRole('dialog');
    await changes.waitFor();
    await expectNoAxeViolations(page);
    await changes.getByRole('button', { name: 'Cancel' }).last().click();
    await changes.waitFor({ state: 'hidden' });
  });

  it('finds an account in People and opens the deactivate dialog', async () => {
    const page = await session.visit('/admin/people');
    await page.getByLabel('Name, email or phone').fill('Kowalski');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: /Tom Kowalski/ }).click();
    await page.getByRole('button', { name: 'Deactivate account' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('opens feedback from the inbox, then the audit log', async () => {
    const page = await session.visit('/admin/inbox');
    await page.getByRole('link', { name: feedbackReference }).click();
    await page.getByText(`Feedback from the admin console test ${stamp}.`).waitFor();
    await expectNoAxeViolations(page);
    await session.visit('/admin/audit');
  });

  it('shows the background jobs: the failed ones first, then every job on request', async () => {
    const page = await session.visit('/admin/jobs');
    await page.getByRole('heading', { level: 2, name: 'Failed jobs' }).waitFor();
    // The demo's sign-ups have sent emails by now: the whole list has some.
    await page.getByLabel('Show').selectOption('ALL');
    await page.getByRole('list', { name: 'All jobs' }).getByRole('article').first().waitFor();
    await session.settle();
    await expectNoAxeViolations(page);
  });

  it('shows the books: receivables by payer and age, tied to the ledger (issue 28)', async () => {
    const page = await session.visit('/admin/money');
    await page.getByRole('table', { name: /^Money owed on unpaid invoices by payer and days past due/ }).waitFor();
    await page.getByText(/they tie with this table\.$/).waitFor();
    await session.settle();
    await expectNoAxeViolations(page);
  });

  it('fits a phone: wide tables scroll inside a box the keyboard can reach', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of ['/admin', '/admin/review', '/admin/people', '/admin/inbox', '/admin/audit', '/admin/annual-reviews', '/admin/payments', '/admin/payouts', '/admin/ndis-claims', '/admin/money', '/admin/jobs?status=ALL']) {
        await session.visit(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('signs off an annual review with a note', async () => {
    const page = await session.visit('/admin/annual-reviews');
    await page.getByRole('button', { name: /^Open review: Maya Fernando, \d{4}$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Note for Maya Fernando').fill('Thank you, Maya. We will fund the first unit of your Certificate IV.');
    await dialog.getByRole('button', { name: 'Sign off review' }).click();
    await page.getByText('Maya Fernando’s review is signed off.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page);
  });
});
