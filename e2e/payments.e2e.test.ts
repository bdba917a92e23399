import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CARD_DECLINED_MESSAGE } from '@tendly/domain/api/payments';
import { parseCsv } from '@tendly/domain/payments/ndia-claims';
import { openSession, type BrowserSession } from './support/session';
import { signInAs, waitForPath } from './support/accounts';

/**
 * Issue 15's journey, with three people: Helen, the demo care seeker, saves the test card that is
 * always declined and sees the decline when she pays Maya's demo invoice INV-000001; she saves
 * 4242 4242 4242 4242, makes it her default and pays with it; she approves the hours Maya has
 * waiting, which issues an invoice that her default card pays at once. The administrator runs the
 * payouts, and Maya finds her remittance with both invoices and downloads it. Then the
 * administrator works through the books (issue 28): the demo's agency-managed invoices from claim
 * file to the NDIA's result on /admin/ndis-claims, one line's cash recorded by hand and the rest
 * by the NDIA's remittance, /admin/money showing the cash, a
 * payout run whose bank file is downloaded and marked lodged. Payout runs pay everyone owed, so
 * both runs are in this one file, one after the other. The built-in test
 * provider stands in for Stripe (no Stripe keys), and says so on the card screen. axe checks every
 * page and dialog.
 */
const CARE_SEEKER_EMAIL = 'careseeker@example.com';
const WORKER_EMAIL = 'worker@example.com';
const ADMIN_EMAIL = 'admin@example.com';
/** The shift note of the demo hours waiting for Helen's approval (apps/api/.../seed/demo-hours.ts). */
const WAITING_NOTE_START = 'Chemist first for the new prescription';

let careSeeker: BrowserSession;
let worker: BrowserSession;
let admin: BrowserSession;
let csPage: Page;
let crPage: Page;
let adminPage: Page;
let approvedInvoice = '';
const expiryYear = String(new Date().getFullYear() + 3);
const stamp = String(Date.now());

beforeAll(async () => {
  [careSeeker, worker, admin] = await Promise.all([openSession(), openSession(), openSession()]);
  [csPage, crPage, adminPage] = await Promise.all([signInAs(careSeeker, CARE_SEEKER_EMAIL), signInAs(worker, WORKER_EMAIL), signInAs(admin, ADMIN_EMAIL)]);
});

afterAll(async () => {
  await Promise.all([careSeeker?.close(), worker?.close(), admin?.close()]);
});

async function addTestCard(number: string): Promise<void> {
  await careSeeker.visit('/payment-details');
  await csPage.getByRole('heading', { level: 1, name: 'Payment details' }).waitFor();
  await csPage.getByRole('button', { name: 'Add a card' }).click();
  const form = csPage.getByRole('form', { name: 'Add a card' });
  await form.getByText(/Test payments/).first().waitFor();
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month (MM)').fill('12');
  await form.getByLabel('Expiry year (YYYY)').fill(expiryYear);
  await form.getByLabel('Security code (CVC)').fill('123');
  await careSeeker.checkAccessibility();
  await form.getByRole('button', { name: 'Save card' }).click();
  const last4 = number.replace(/\s/g, '').slice(-4);
  await csPage.getByRole('list', { name: 'Saved cards' }).getByText(`Visa •••• ${last4}, expires 12/${expiryYear}`).waitFor();
}

/** A row of one of /admin/money's count tables, as "how many" and "amount" joined by a space. */
async function figureOf(table: ReturnType<Page['getByRole']>, label: string): Promise<string> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').allTextContents()).join(' ');
}

async function openPayDialog(invoiceNumber: string) {
  await careSeeker.visit('/pending-invoices');
  await csPage.getByRole('heading', { level: 1, name: 'Pending invoices' }).waitFor();
  await csPage.getByRole('button', { name: `Pay invoice ${invoiceNumber}` }).click();
  const dialog = csPage.getByRole('dialog', { name: `Pay invoice ${invoiceNumber}` });
  await dialog.waitFor();
  return dialog;
}

describe('paying an invoice, the payout and the remittance, end to end', { timeout: 240_000 }, () => {
  it('Helen saves the always-declined test card, and paying with it shows the decline', async () => {
    await addTestCard('4000 0000 0000 0002');
    const dialog = await openPayDialog('INV-000001');
    await dialog.getByLabel(/Visa •••• 0002/).check();
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await dialog.getByRole('alert').filter({ hasText: CARD_DECLINED_MESSAGE }).waitFor();
    await careSeeker.checkAccessibility();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('Helen saves 4242 4242 4242 4242, makes it her default and pays INV-000001 with it', async () => {
    await addTestCard('4242 4242 4242 4242');
    const label = `Visa •••• 4242, expires 12/${expiryYear}`;
    await csPage.getByRole('button', { name: `Make default: ${label}` }).click();
    await csPage.getByText(`${label} is now your default card.`).waitFor();
    await csPage.getByLabel('Pay invoices automatically when they are issued').check();
    await careSeeker.checkAccessibility();

    const dialog = await openPayDialog('INV-000001');
    await dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)).check();
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await csPage.getByText(`Invoice INV-000001 has been paid with ${label}.`).waitFor();
    // The list is fetched again after the payment: the button goes once the new list arrives.
    await expect.poll(() => csPage.getByRole('button', { name: 'Pay invoice INV-000001' }).count(), { timeout: 10_000 }).toBe(0);
    await careSeeker.checkAccessibility();
  });

  it('approving the hours Maya has waiting issues an invoice that Helen’s default card pays', async () => {
    await careSeeker.visit('/unapproved-invoices');
    const card = csPage.getByRole('article').filter({ hasText: WAITING_NOTE_START });
    await card.getByRole('button', { name: /^Approve the hours of/ }).click();
    const announced = csPage.getByRole('status').filter({ hasText: /Hours approved\. Invoice INV-\d{6} has been issued\./ });
    await announced.waitFor();
    approvedInvoice = /INV-\d{6}/.exec((await announced.textContent()) ?? '')![0];
    await announced.getByRole('link', { name: 'View the invoice' }).click();
    await csPage.getByRole('heading', { level: 1, name: new RegExp(approvedInvoice) }).waitFor();
    // The charge runs on the job queue straight after the approval: the page shows it once paid.
    await expect
      .poll(
        async () => {
          await csPage.reload();
          await csPage.getByRole('heading', { level: 1, name: new RegExp(approvedInvoice) }).waitFor();
          return csPage.getByRole('region', { name: 'Payment' }).getByText('This invoice is paid.').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    await careSeeker.checkAccessibility();
    await careSeeker.visit('/past-invoices');
    await csPage.getByText(approvedInvoice).first().waitFor();
  });

  it('the administrator runs the payouts, and Maya finds her remittance with both invoices', async () => {
    await admin.visit('/admin/payouts');
    await adminPage.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await adminPage.getByRole('button', { name: 'Run payouts now' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Run payouts now?' });
    await admin.checkAccessibility();
    await confirm.getByRole('button', { name: 'Run payouts' }).click();
    await confirm.waitFor({ state: 'detached' });
    await admin.checkAccessibility();

    await worker.visit('/paid-invoices');
    await crPage.getByRole('heading', { level: 1, name: 'Remittances' }).waitFor();
    const remittance = crPage
      .getByRole('listitem')
      .filter({ has: crPage.getByRole('heading', { name: /^Remittance REM-\d{6}$/ }) })
      .first();
    await remittance.getByRole('button', { name: 'Show invoices' }).click();
    await remittance.getByRole('link', { name: 'INV-000001' }).waitFor();
    await remittance.getByRole('link', { name: approvedInvoice }).waitFor();
    await worker.checkAccessibility();
    const downloading = crPage.waitForEvent('download');
    await remittance.getByRole('button', { name: /^Download PDF of remittance REM-\d{6}$/ }).click();
    const download = await downloading;
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('works through the books from claim to cash to payout to lodged file (issue 28)', async () => {
    const page = await admin.visit('/admin/money');
    // The demo's agency-managed invoices (Samira's, README) wait to be claimed.
    const claims = page.getByRole('table', { name: 'NDIA claim lines by state' });
    await expect.poll(() => figureOf(claims, 'Waiting to be claimed')).not.toMatch(/^0 lines/);
    const lodgedBefore = await figureOf(page.getByRole('table', { name: 'Payout bank files by state' }), 'Lodged');
    await page.getByRole('link', { name: 'Work on NDIA claims' }).click();
    await waitForPath(page, '/admin/ndis-claims');
    await admin.checkAccessibility();

    // Export the claim file, and download it as the NDIA portal wants it.
    await page.getByRole('button', { name: 'Export claim file' }).click();
    const exporting = page.getByRole('dialog', { name: 'Export the claim file?' });
    await exporting.waitFor();
    await admin.checkAccessibility();
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
    await admin.checkAccessibility();

    // The cash for the first line comes without a remittance, and is recorded by hand; the
    // remittance pays the rest, each line what the page lists as accepted.
    const waiting = page.getByRole('table', { name: 'Accepted lines waiting for the NDIA’s cash' });
    // The page reads the books again after the upload: the lines are read once they are there.
    await waiting.getByRole('row').filter({ hasText: requestNumbers.at(-1)! }).waitFor();
    const acceptedColumn = (await waiting.getByRole('columnheader').allTextContents()).indexOf('Accepted');
    const acceptedOf = async (number: string) =>
      (await waiting.getByRole('row').filter({ hasText: number }).getByRole('cell').allTextContents())[acceptedColumn]!.replace(/[$,]/g, '');
    expect(rows.length).toBeGreaterThan(1);
    const firstRow = waiting.getByRole('row').filter({ hasText: requestNumbers[0]! });
    const firstReference = (await firstRow.getByRole('cell').first().textContent())!;
    const firstAmount = await acceptedOf(requestNumbers[0]!);
    await firstRow.getByRole('button', { name: `Record deposit: ${firstReference}` }).click();
    const deposit = page.getByRole('dialog', { name: `Record the NDIA’s deposit for ${firstReference}` });
    await deposit.waitFor();
    await expect(deposit.getByLabel('Amount received ($)').inputValue()).resolves.toBe(firstAmount);
    await deposit.getByLabel('Bank statement reference').fill(`NDIA DEP ${stamp.slice(-6)}`);
    await admin.checkAccessibility();
    await deposit.getByRole('button', { name: 'Record deposit' }).click();
    await deposit.waitFor({ state: 'hidden' });
    await page.getByText(`is recorded for ${firstReference}.`, { exact: false }).waitFor();
    // The page has read the books again: the line paid by hand is no longer waiting for cash.
    await firstRow.waitFor({ state: 'detached' });

    const remittance = ['Payment Request Number,Paid Amount'];
    for (const number of requestNumbers.slice(1)) remittance.push(`${number},${await acceptedOf(number)}`);
    const remittanceForm = page.getByRole('form', { name: 'Import the NDIA’s remittance' });
    await remittanceForm.locator('input[type="file"]').setInputFiles({ name: 'remittance.csv', mimeType: 'text/csv', buffer: Buffer.from(`${remittance.join('\r\n')}\r\n`) });
    await remittanceForm.getByRole('button', { name: 'Import remittance' }).click();
    // The answer, whichever it is: a refusal or a line not matched fails here with its words.
    const answer = page.getByText(/^Remittance imported: /).or(remittanceForm.getByRole('alert')).or(remittanceForm.getByText('Choose the NDIA’s remittance'));
    await answer.first().waitFor();
    expect(await answer.first().textContent()).toMatch(new RegExp(`^Remittance imported: ${rows.length - 1} lines? paid, 0 lines were already recorded; `));

    // Back on the books: the cash has arrived, and the claims still tie to the ledger.
    await admin.visit('/admin/money');
    await expect.poll(() => figureOf(claims, 'Accepted, awaiting cash')).toBe('0 lines $0.00');
    await page.getByText(/: it ties with these claims\.$/).waitFor();

    // Pay the workers, download the new bank file and mark it lodged.
    await admin.visit('/admin/payouts');
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
    await page.getByRole('button', { name: `Mark lodged: ${bankFileName}` }).click();
    const lodging = page.getByRole('dialog', { name: 'Mark this file as lodged?' });
    await admin.checkAccessibility();
    await lodging.getByRole('button', { name: 'Mark lodged' }).click();
    await page.getByText(`${bankFileName} is marked as lodged with the bank.`).waitFor();

    // The books show one more file lodged, and the payouts tie to the ledger.
    await admin.visit('/admin/money');
    const files = page.getByRole('table', { name: 'Payout bank files by state' });
    const lodgedCount = (figure: string) => Number(/^(\d+) files?/.exec(figure)?.[1]);
    await expect.poll(async () => lodgedCount(await figureOf(files, 'Lodged'))).toBe(lodgedCount(lodgedBefore) + 1);
    await page.getByText(/: they tie with these files\.$/).waitFor();
    await admin.checkAccessibility();
  });
});
