import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CARD_DECLINED_MESSAGE } from '@tendly/domain/api/payments';
import { openSession, type BrowserSession } from './support/session';
import { signInAs } from './support/accounts';

/**
 * Issue 15's journey, with three people: Helen, the demo care seeker, saves the test card that is
 * always declined and sees the decline when she pays Maya's demo invoice INV-000001; she saves
 * 4242 4242 4242 4242, makes it her default and pays with it; she approves the hours Maya has
 * waiting, which issues an invoice that her default card pays at once. The administrator runs the
 * payouts, and Maya finds her remittance with both invoices and downloads it. The built-in test
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
    await csPage.getByRole('button', { name: `Make ${label} the default` }).click();
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
    await remittance.getByRole('button', { name: /^Download remittance REM-\d{6} as a PDF$/ }).click();
    const download = await downloading;
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
