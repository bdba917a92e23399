import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';
import { pathOf, signInAs, waitForPath } from './support/accounts';
import { formatCents } from '@tendly/domain/format';
import { amountCents, hoursHundredthsOfMinutes, shareOfCents } from '@tendly/domain/pricing/money';
import { publicHoliday } from '@tendly/domain/pricing/public-holidays';

/**
 * Issue 14's journey, with two people at once (two browsers): Maya, the demo worker, records her
 * hours for one of Helen's Tuesday shifts that has ended (the demo data leaves the later past
 * shifts unrecorded), with travel and a shift note, and submits them; Helen, the demo care
 * seeker, sees the job report with its price and approves it, which issues the invoice; both
 * open the invoice, see its lines, and download its PDF; Helen reads the shift note. axe checks
 * every page and dialog. Issue 31 (item 4): Helen lands on /dashboard, which shows Maya's hours
 * to approve and then the invoice to pay, also on a 390 px phone; she pays the invoice from the
 * invoice page itself, adding a card in the Pay dialog.
 */
const WORKER_EMAIL = 'worker@example.com';
const CARE_SEEKER_EMAIL = 'careseeker@example.com';

let careSeeker: BrowserSession;
let worker: BrowserSession;
let csPage: Page;
let crPage: Page;
const run = Date.now().toString(36);
const shiftNote = `Walked to the park and back, then lunch. Helen asked for a reminder about Friday's appointment (${run}).`;
let invoiceNumber = '';
let invoicePath = '';
let landedOn = '';
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
/** A card only this journey saves (other journeys save Visa test cards for Helen), expiring in four years. */
const cardExpiryYear = String(new Date().getFullYear() + 4);
const cardLabel = `Mastercard •••• 4444, expires 11/${cardExpiryYear}`;

/**
 * The price of this run's hours at Helen's agreed rates (the demo agreement: $55.00 an hour on a
 * weekday, $118.00 on a public holiday, 95c a km): 2 hours 45 minutes on a Tuesday, which may
 * have been a public holiday in NSW, and 12.5 km.
 */
const expected = { hoursCents: 0, travelCents: amountCents(1250, 95), totalCents: 0, feeCents: 0 };
function priceFor(localDate: string): void {
  const rate = publicHoliday('NSW', localDate) ? 11_800 : 5_500;
  expected.hoursCents = amountCents(hoursHundredthsOfMinutes(165), rate);
  expected.totalCents = expected.hoursCents + expected.travelCents;
  expected.feeCents = shareOfCents(expected.hoursCents, 900);
}

beforeAll(async () => {
  [careSeeker, worker] = await Promise.all([openSession(), openSession()]);
  [csPage, crPage] = await Promise.all([signInAs(careSeeker, CARE_SEEKER_EMAIL), signInAs(worker, WORKER_EMAIL)]);
  landedOn = pathOf(csPage);
});

afterAll(async () => {
  await Promise.all([careSeeker?.close(), worker?.close()]);
});

/** The job report card whose shift note is this run's. */
function reportCard(page: Page) {
  return page.getByRole('article').filter({ hasText: shiftNote });
}

async function expectPdfDownload(page: Page, trigger: () => Promise<void>): Promise<void> {
  const downloading = page.waitForEvent('download');
  await trigger();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe('hours, a job report and its invoice, end to end', { timeout: 180_000 }, () => {
  it('Maya records her hours for a shift that has ended, with travel and a shift note, and submits them', async () => {
    await worker.visit('/submit-timesheet');
    await crPage.getByRole('heading', { level: 1, name: 'Submit hours' }).waitFor();
    const work = crPage.getByLabel('Shift or service agreement');
    const firstShift = work.locator('optgroup[label="Shifts that have ended"] option').first();
    const shiftValue = await firstShift.getAttribute('value');
    expect(shiftValue).toBeTruthy();
    await work.selectOption(shiftValue!);
    // The booked times are filled in, in the client's state.
    const started = await crPage.getByLabel(/^Started/).inputValue();
    expect(started).toMatch(/^\d{4}-\d{2}-\d{2}T09:00$/);
    priceFor(started.slice(0, 10));
    await crPage.getByLabel('Unpaid break (minutes)').fill('15');
    await crPage.getByText('Time worked: 2 h 45 min').waitFor();
    await crPage.getByLabel('Kilometres travelled').fill('12.5');
    await crPage.getByLabel('Where you travelled').fill('Helen’s home to Parramatta Park and back');
    await crPage.getByLabel('Shift note').fill(shiftNote);
    await worker.checkAccessibility();
    await crPage.getByRole('button', { name: 'Submit hours' }).click();
    await crPage.getByText(/Helen has been asked to approve them/).waitFor();
    await worker.checkAccessibility();

    await worker.visit('/unapproved-invoices');
    await reportCard(crPage).getByText('Awaiting approval').waitFor();
  });

  it('Helen lands on her dashboard, which leads with Maya’s hours to approve, and on a phone too', async () => {
    expect(landedOn).toBe('/dashboard');
    await careSeeker.visit('/dashboard');
    const hours = csPage.getByRole('region', { name: 'Hours to approve' });
    const mayas = hours.getByRole('listitem').filter({ hasText: '2 h 45 min worked (after a 15 min break)' });
    await mayas.first().waitFor();
    await mayas.first().getByRole('button', { name: /^Approve Maya/ }).waitFor();
    await csPage.getByRole('region', { name: 'Upcoming shifts' }).waitFor();
    await csPage.getByRole('region', { name: 'Your workers' }).getByRole('link', { name: /^Message Maya/ }).first().waitFor();
    await csPage.getByRole('region', { name: 'Unread messages' }).waitFor();
    if (SCREENSHOT_DIR) await csPage.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-1280.png`, fullPage: true });
    await csPage.setViewportSize({ width: 390, height: 844 });
    await careSeeker.checkAccessibility();
    expect(await csPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (SCREENSHOT_DIR) await csPage.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-390.png`, fullPage: true });
    await csPage.setViewportSize({ width: 1280, height: 720 });

    // This journey pays its invoice by hand (below): Helen pays each invoice herself, so a card
    // another journey made her default does not pay it the moment it is issued.
    await careSeeker.visit('/payment-details');
    await csPage.getByLabel('Pay each invoice myself').check();
    await csPage.getByText('You will pay each invoice yourself from Pending invoices.').waitFor();

    await careSeeker.visit('/dashboard');
    await csPage.getByRole('region', { name: 'Hours to approve' }).getByRole('link', { name: /^Review hours: Maya/ }).first().click();
    await waitForPath(csPage, '/unapproved-invoices');
  });

  it('Helen sees the job report with its price and approves it, which issues the invoice', async () => {
    await careSeeker.visit('/unapproved-invoices');
    const card = reportCard(csPage);
    await card.waitFor();
    // 2 hours 45 minutes at Helen's agreed rate ($151.25 on a weekday), and 12.5 km at 95c ($11.88).
    await card.getByText('2 h 45 min worked, after an unpaid break of 15 min.').waitFor();
    await card.getByText(formatCents(expected.hoursCents)).first().waitFor();
    await card.getByText(formatCents(expected.travelCents)).first().waitFor();
    await card.getByRole('button', { name: /^Approve the hours of/ }).click();
    const announced = csPage.getByRole('status').filter({ hasText: /Hours approved\. Invoice INV-\d{6} has been issued\./ });
    await announced.waitFor();
    invoiceNumber = /INV-\d{6}/.exec((await announced.textContent()) ?? '')![0];
    await careSeeker.checkAccessibility();

    await announced.getByRole('link', { name: 'View the invoice' }).click();
    await csPage.waitForURL((url) => /^\/invoice\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 15_000 });
    invoicePath = new URL(csPage.url()).pathname;
    await csPage.getByRole('heading', { level: 1, name: new RegExp(invoiceNumber) }).waitFor();
    const lines = csPage.getByRole('region', { name: new RegExp(`Lines of .*${invoiceNumber}`) });
    await lines.getByText(formatCents(expected.hoursCents)).waitFor();
    await lines.getByText(formatCents(expected.travelCents)).waitFor();
    await csPage.getByText(formatCents(expected.totalCents)).first().waitFor();
    await careSeeker.checkAccessibility();
    await expectPdfDownload(csPage, () => csPage.getByRole('button', { name: 'Download PDF' }).click());

    // On a phone the lines stack: no sideways scroll, and every amount on the screen (issue 31, item 10a).
    await csPage.setViewportSize({ width: 390, height: 844 });
    try {
      await lines.getByText(formatCents(expected.hoursCents)).waitFor();
      await expect(csPage.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      const rightEdges = await lines.locator('td').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
      expect(Math.max(...rightEdges)).toBeLessThanOrEqual(390);
      await expect(lines.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
      await careSeeker.checkAccessibility();
    } finally {
      await csPage.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('Helen sees the invoice to pay on her dashboard, and pays it from the invoice page, adding a card there', async () => {
    await careSeeker.visit('/dashboard');
    const invoices = csPage.getByRole('region', { name: 'Invoices to pay' });
    const item = invoices.getByRole('listitem').filter({ hasText: invoiceNumber });
    await item.getByText(formatCents(expected.totalCents)).waitFor();
    await item.getByText(/, due \w{3} \d{1,2} \w{3} \d{4}/).waitFor();
    await item.getByRole('button', { name: `Pay invoice ${invoiceNumber}, ${formatCents(expected.totalCents)}` }).waitFor();
    await item.getByRole('link', { name: invoiceNumber }).click();
    await waitForPath(csPage, invoicePath);
    await careSeeker.ready();

    const payment = csPage.getByRole('region', { name: 'Payment' });
    await payment.getByRole('button', { name: `Pay ${formatCents(expected.totalCents)}` }).click();
    const dialog = csPage.getByRole('dialog', { name: `Pay invoice ${invoiceNumber}` });
    await dialog.waitFor();
    // With no card saved the card form is open at once; with cards saved (by another journey), Use a new card opens it.
    const form = dialog.getByRole('form', { name: 'Add a card' });
    const newCard = dialog.getByRole('button', { name: 'Use a new card' });
    await form.or(newCard).first().waitFor();
    if (await newCard.isVisible()) await newCard.click();
    await form.getByLabel('Card number').fill('5555 5555 5555 4444');
    await form.getByLabel('Expiry month (MM)').fill('11');
    await form.getByLabel('Expiry year (YYYY)').fill(cardExpiryYear);
    await form.getByLabel('Security code (CVC)').fill('123');
    await careSeeker.checkAccessibility();
    if (SCREENSHOT_DIR) await csPage.screenshot({ path: `${SCREENSHOT_DIR}/invoice-add-card-1280.png` });
    await form.getByRole('button', { name: 'Save card' }).click();
    await dialog.getByText(`${cardLabel} has been saved. Check the amount, then pay.`).waitFor();
    expect(await dialog.getByLabel(new RegExp(`^${cardLabel.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)).isChecked()).toBe(true);
    await careSeeker.checkAccessibility();
    await dialog.getByRole('button', { name: `Pay ${formatCents(expected.totalCents)}` }).click();
    await payment.getByText(`Invoice ${invoiceNumber} has been paid with ${cardLabel}.`).waitFor();
    await payment.getByText('This invoice is paid.').waitFor();
    await careSeeker.checkAccessibility();
    if (SCREENSHOT_DIR) await csPage.screenshot({ path: `${SCREENSHOT_DIR}/invoice-paid-1280.png`, fullPage: true });
    await csPage.setViewportSize({ width: 390, height: 844 });
    await careSeeker.checkAccessibility();
    if (SCREENSHOT_DIR) await csPage.screenshot({ path: `${SCREENSHOT_DIR}/invoice-paid-390.png`, fullPage: true });
    await csPage.setViewportSize({ width: 1280, height: 720 });

    await careSeeker.visit('/dashboard');
    await csPage.getByRole('region', { name: 'Invoices to pay' }).waitFor();
    expect(await csPage.getByRole('region', { name: 'Invoices to pay' }).getByRole('listitem').filter({ hasText: invoiceNumber }).count()).toBe(0);
  });

  it('Maya finds the invoice among hers, with the platform fee and what she receives, and downloads it', async () => {
    await worker.visit('/invoices');
    await crPage.getByRole('link', { name: new RegExp(invoiceNumber) }).first().click();
    await waitForPath(crPage, invoicePath);
    await crPage.getByRole('heading', { level: 1, name: new RegExp(invoiceNumber) }).waitFor();
    // The 9% fee is on the hourly amount only (9% of $151.25 is $13.61): Maya receives $163.13 − $13.61.
    await crPage.getByText(formatCents(expected.feeCents)).first().waitFor();
    await crPage.getByText(formatCents(expected.totalCents - expected.feeCents)).first().waitFor();
    await worker.checkAccessibility();
    await expectPdfDownload(crPage, () => crPage.getByRole('button', { name: 'Download PDF' }).click());

    await worker.visit('/platform-fee');
    await crPage.getByRole('heading', { level: 1, name: 'Platform fee' }).waitFor();
    await crPage.getByText(invoiceNumber).first().waitFor();
  });

  it('Helen reads the shift note, newest first', async () => {
    await careSeeker.visit('/shift-notes');
    await csPage.getByText(shiftNote).waitFor();
    await careSeeker.visit('/invoices-and-hours');
    await csPage.getByRole('heading', { level: 1 }).waitFor();
  });
});
