import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInResponseSchema } from '@tendly/domain/api/auth';
import { parseCsv } from '@tendly/domain/payments/ndia-claims';
import { reporterRoleCodes } from '@tendly/domain/validation/forms';
import { DEMO_PASSWORD, signInAs, waitForPath } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { productNow } from './support/product-clock';
import { openSession, type BrowserSession } from './support/session';

/**
 * The admin console's screens and dialogs (issue 12), each checked with axe: the worker review
 * with its reason dialogs, people and an account, the inbox and an item, the audit log, the
 * background jobs (issue 27), the books from an NDIA claim to a lodged bank file (issue 28), and
 * the annual reviews with a sign-off. The onboarding journey (worker-onboarding.e2e.test.ts) covers
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

/** A row of one of /admin/money's count tables, as "how many" and "amount" joined by a space. */
async function figureOf(table: ReturnType<Page['getByRole']>, label: string): Promise<string> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').allTextContents()).join(' ');
}

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

  it('works through the books from claim to cash to payout to lodged file (issue 28)', async () => {
    const page = await session.visit('/admin/money');
    // The demo's agency-managed invoices (Samira's, README) wait to be claimed.
    const claims = page.getByRole('table', { name: 'NDIA claim lines by state' });
    await expect.poll(() => figureOf(claims, 'Waiting to be claimed')).not.toMatch(/^0 lines/);
    const lodgedBefore = await figureOf(page.getByRole('table', { name: 'Payout bank files by state' }), 'Lodged');
    await page.getByRole('link', { name: 'Work on NDIA claims' }).click();
    await waitForPath(page, '/admin/ndis-claims');
    await session.settle();
    await expectNoAxeViolations(page);

    // Export the claim file, and download it as the NDIA portal wants it.
    await page.getByRole('button', { name: 'Export claim file' }).click();
    const exporting = page.getByRole('dialog', { name: 'Export the claim file?' });
    await exporting.waitFor();
    await expectNoAxeViolations(page);
    await exporting.getByRole('button', { name: 'Export claim file' }).click();
    await exporting.waitFor({ state: 'hidden' });
    const downloadButton = page.getByRole('region', { name: 'Claim files' }).getByRole('button', { name: /^Download / }).first();
    const claimFileName = ((await downloadButton.getAttribute('aria-label')) ?? '').replace(/^Download /, '');
    const downloading = page.waitForEvent('download');
    await downloadButton.click();
    const request = await readFile((await (await downloading).path())!, 'utf8');

    // The NDIA's result in the portal's layout: every line accepted in full.
    const [header, ...rows] = parseCsv(request);
    expect(rows.length).toBeGreaterThan(0);
    const requestNumbers = rows.map((_row, index) => `PR${stamp.slice(-8)}${index}`);
    const result = [
      [...header!, 'Participant Name', 'PaidTotalAmount', 'Payment Request Number', 'Capped Price', 'Payment Request Status', 'Error Message'].join(','),
      ...rows.map((row, index) => [...row, 'Demo Participant', '', requestNumbers[index], '', 'SUCCESSFUL', ''].join(',')),
    ].join('\r\n');
    const resultForm = page.getByRole('form', { name: 'Upload the NDIA’s result file' });
    await resultForm.getByLabel('Claim file').selectOption({ label: claimFileName });
    await resultForm.locator('input[type="file"]').setInputFiles({ name: 'result.csv', mimeType: 'text/csv', buffer: Buffer.from(`${result}\r\n`) });
    await resultForm.getByRole('button', { name: 'Upload result' }).click();
    await page.getByText(new RegExp(`^Result uploaded: ${rows.length} lines? accepted, 0 lines rejected\\.`)).waitFor();
    await session.settle();
    await expectNoAxeViolations(page);

    // The remittance pays what the NDIA accepted, line by line, as the page lists it.
    const waiting = page.getByRole('table', { name: 'Accepted lines waiting for the NDIA’s cash' });
    const remittance = ['Payment Request Number,Paid Amount'];
    for (const number of requestNumbers) {
      const cells = await waiting.getByRole('row').filter({ hasText: number }).getByRole('cell').allTextContents();
      remittance.push(`${number},${cells.at(-1)!.replace(/[$,]/g, '')}`);
    }
    const remittanceForm = page.getByRole('form', { name: 'Import the NDIA’s remittance' });
    await remittanceForm.locator('input[type="file"]').setInputFiles({ name: 'remittance.csv', mimeType: 'text/csv', buffer: Buffer.from(`${remittance.join('\r\n')}\r\n`) });
    await remittanceForm.getByRole('button', { name: 'Import remittance' }).click();
    await page.getByText(new RegExp(`^Remittance imported: ${rows.length} lines? paid`)).waitFor();

    // Back on the books: the cash has arrived, and the claims still tie to the ledger.
    await session.visit('/admin/money');
    await expect.poll(() => figureOf(claims, 'Accepted, awaiting cash')).toBe('0 lines $0.00');
    await page.getByText(/: it ties with these claims\.$/).waitFor();

    // Pay the workers, download the new bank file and mark it lodged.
    await session.visit('/admin/payouts');
    await page.getByRole('button', { name: 'Run payouts now' }).click();
    const running = page.getByRole('dialog', { name: 'Run payouts now?' });
    await running.getByRole('button', { name: 'Run payouts' }).click();
    await running.waitFor({ state: 'hidden' });
    await page.getByText(/^Payout run for .*: [1-9]\d* payouts?, /).waitFor();
    const bankFile = page.getByRole('region', { name: 'Bank files' }).getByRole('button', { name: /^Download bank file / }).first();
    const bankFileName = ((await bankFile.getAttribute('aria-label')) ?? '').replace(/^Download bank file /, '');
    const bankDownload = page.waitForEvent('download');
    await bankFile.click();
    expect((await (await bankDownload).suggestedFilename())).toBe(bankFileName);
    await page.getByRole('button', { name: `Mark ${bankFileName} as lodged` }).click();
    const lodging = page.getByRole('dialog', { name: 'Mark this file as lodged?' });
    await expectNoAxeViolations(page);
    await lodging.getByRole('button', { name: 'Mark lodged' }).click();
    await page.getByText(`${bankFileName} is marked as lodged with the bank.`).waitFor();

    // The books show one more file lodged, and the payouts tie to the ledger.
    await session.visit('/admin/money');
    const files = page.getByRole('table', { name: 'Payout bank files by state' });
    const lodgedCount = (figure: string) => Number(/^(\d+) files?/.exec(figure)?.[1]);
    await expect.poll(async () => lodgedCount(await figureOf(files, 'Lodged'))).toBe(lodgedCount(lodgedBefore) + 1);
    await page.getByText(/: they tie with these files\.$/).waitFor();
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
    await page.getByRole('button', { name: /^Open Maya Fernando’s \d{4} review$/ }).click();
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
