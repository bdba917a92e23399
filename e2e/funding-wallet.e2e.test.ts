import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatCents } from '@tendly/domain/format';
import { dateOfDayNumber, dayNumberOf, localDateOf } from '@tendly/domain/pricing/local-clock';
import { publicHoliday } from '@tendly/domain/pricing/public-holidays';
import { productNow } from './support/product-clock';
import { openSession, type BrowserSession } from './support/session';
import { signInAs } from './support/accounts';

/**
 * Issue 16's funding wallet, with two people at once: Grace, the demo plan-managed NDIS
 * participant, opens her wallet (the demo gives her a plan and budgets) and sets her daily
 * activities budget; Samira, the demo NDIS worker, records two hours of unbooked work under
 * Grace's agreement; Grace approves them, which issues the invoice, and her wallet shows the
 * spending. The demo coordinator's client funding screen is checked too. axe checks every page.
 */
const PARTICIPANT_EMAIL = 'plan.managed@example.com';
const WORKER_EMAIL = 'ndis.worker@example.com';
const COORDINATOR_EMAIL = 'coordinator@example.com';
/** Two weekday daytime hours of self-care at the demo agreement's $68.50 (GST-free under the plan). */
const INVOICE_CENTS = 2 * 6_850;

let participant: BrowserSession;
let worker: BrowserSession;
let csPage: Page;
let crPage: Page;
const run = Date.now().toString(36);
const shiftNote = `Helped Grace plan her meals for the week and shop for them (${run}).`;
let spentBefore = 0;

/** A weekday in the last fortnight, not a NSW public holiday, and not a Thursday (Grace's booked afternoons). */
function recentWeekday(): string {
  const today = dayNumberOf(localDateOf(productNow().getTime(), 'Australia/Sydney'));
  for (let day = today - 3; ; day -= 1) {
    const date = dateOfDayNumber(day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && weekday !== 4 && !publicHoliday('NSW', date)) return date;
  }
}

function coreRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Core: daily activities' });
}

/** The cents of the "Spent" figure of Grace's daily activities. */
async function spentCents(page: Page): Promise<number> {
  const text = (await coreRegion(page).textContent()) ?? '';
  const match = /Spent\$([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`No spent figure in: ${text}`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
}

beforeAll(async () => {
  [participant, worker] = await Promise.all([openSession(), openSession()]);
  [csPage, crPage] = await Promise.all([signInAs(participant, PARTICIPANT_EMAIL), signInAs(worker, WORKER_EMAIL)]);
});

afterAll(async () => {
  await Promise.all([participant?.close(), worker?.close()]);
});

describe('the funding wallet, end to end', { timeout: 180_000 }, () => {
  it('Grace opens her wallet from her account and sets her daily activities budget', async () => {
    await participant.visit('/my-account');
    await csPage.getByRole('link', { name: 'Funding wallet' }).click();
    await csPage.getByRole('heading', { level: 1, name: 'Funding wallet' }).waitFor();
    await coreRegion(csPage).waitFor();
    await csPage.getByRole('img', { name: /Core: daily activities: remaining budget/ }).waitFor();
    await participant.checkAccessibility();
    spentBefore = await spentCents(csPage);

    const form = csPage.getByRole('form', { name: 'Plan dates and budgets' });
    await form.getByLabel('Core: daily activities budget ($)').fill('5000');
    await form.getByRole('button', { name: 'Save plan and budgets' }).click();
    await csPage.getByText('Your plan dates and budgets have been saved.').waitFor();
    await coreRegion(csPage).getByText('$5,000.00').first().waitFor();
    await csPage.getByText('Show the burn-down as a table').first().click();
    await participant.checkAccessibility();
  });

  it('Samira records two hours of unbooked work under Grace’s agreement', async () => {
    const date = recentWeekday();
    await worker.visit('/submit-timesheet');
    await crPage.getByRole('heading', { level: 1, name: 'Submit hours' }).waitFor();
    const work = crPage.getByLabel('Shift or service agreement');
    const agreement = work.locator('optgroup[label="Unbooked work under an agreement"] option').filter({ hasText: 'Grace Tan' }).first();
    await work.selectOption((await agreement.getAttribute('value'))!);
    await crPage.getByLabel(/^Started/).fill(`${date}T09:00`);
    await crPage.getByLabel(/^Finished/).fill(`${date}T11:00`);
    await crPage.getByLabel('Unpaid break (minutes)').fill('0');
    await crPage.getByText('Time worked: 2 h').waitFor();
    await crPage.getByLabel('Shift note').fill(shiftNote);
    await worker.checkAccessibility();
    await crPage.getByRole('button', { name: 'Submit hours' }).click();
    await crPage.getByText(/has been asked to approve them/).waitFor();
  });

  it('Grace approves them, which issues the invoice, and her wallet shows the spending', async () => {
    await participant.visit('/unapproved-invoices');
    const card = csPage.getByRole('article').filter({ hasText: shiftNote });
    await card.getByRole('button', { name: /^Approve the hours of/ }).click();
    await csPage.getByRole('status').filter({ hasText: /Hours approved\. Invoice INV-\d{6} has been issued\./ }).waitFor();

    await participant.visit('/funding-wallet');
    await coreRegion(csPage).waitFor();
    await coreRegion(csPage).getByText(formatCents(spentBefore + INVOICE_CENTS)).first().waitFor();
    expect(await spentCents(csPage)).toBe(spentBefore + INVOICE_CENTS);
    await participant.checkAccessibility();
  });

  it('the coordinator’s client funding screen passes axe', async () => {
    const coordinator = await openSession();
    try {
      await signInAs(coordinator, COORDINATOR_EMAIL);
      const page = await coordinator.visit('/support-coordinator/funding');
      await page.getByRole('heading', { level: 1, name: 'Client funding' }).waitFor();
      await coordinator.settle();
      await coordinator.checkAccessibility();
    } finally {
      await coordinator.close();
    }
  });
});
