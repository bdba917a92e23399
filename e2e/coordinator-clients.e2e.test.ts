import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';
import { signInThroughForm, VERIFICATION_CODE_PATTERN, waitForEmail, waitForPath } from './support/accounts';

/**
 * Issue 16's coordinator journeys. A new support coordinator adds a client, acts for them, fills
 * in their provider and plan details, names the nominee who approves their hours, fills in their
 * support plan, and finds the client on the dashboard with their figures. Then the coordinator
 * asks an existing care seeker to link; the care seeker accepts from the emailed link, and the
 * coordinator sees them linked. axe checks every page visited and each form after it changes.
 */
let coordinator: BrowserSession;
let careSeeker: BrowserSession;
let page: Page;
const run = Date.now().toString(36);
const coordinatorEmail = `e2e.coordinator.${run}@example.com`;
const careSeekerEmail = `e2e.linking.${run}@example.com`;
const password = 'a-long-password';

async function signUp(baseUrl: string, body: Record<string, unknown>): Promise<void> {
  const since = new Date();
  const response = await fetch(`${baseUrl}/api/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, password, phone: '0412 345 678', acceptTerms: true }) });
  if (!response.ok) throw new Error(`POST /api/signup answered ${response.status}: ${await response.text()}`);
  const email = String(body.email);
  const [, code] = await waitForEmail(baseUrl, email, VERIFICATION_CODE_PATTERN, since);
  const verified = await fetch(`${baseUrl}/api/auth/verify/${encodeURIComponent(email)}/${code}`, { method: 'POST' });
  if (!verified.ok) throw new Error(`Verifying ${email} answered ${verified.status}`);
}

beforeAll(async () => {
  [coordinator, careSeeker] = await Promise.all([openSession(), openSession()]);
  await signUp(coordinator.baseUrl, { role: 'SUPPORT', firstName: 'Corin', lastName: 'Ashby', email: coordinatorEmail, organisation: 'Harbour Coordination' });
  await signUp(coordinator.baseUrl, { role: 'CS', firstName: 'Lena', lastName: 'Marsh', email: careSeekerEmail });
  page = await coordinator.visit('/login');
  await signInThroughForm(page, coordinatorEmail, password, 'Support coordinators');
  await waitForPath(page, '/support-coordinator/dashboard');
  await coordinator.settle();
});

afterAll(async () => {
  await Promise.all([coordinator?.close(), careSeeker?.close()]);
});

describe('a support coordinator’s clients, end to end', { timeout: 180_000 }, () => {
  it('adds a client, acts for them, fills their provider details, nominee and support plan, and sees them on the dashboard', async () => {
    await coordinator.visit('/support-coordinator/add-client');
    const addForm = page.getByRole('form', { name: 'Add a client' });
    await addForm.getByLabel('First name').fill('Ivy');
    await addForm.getByLabel('Last name').fill('Fenwick');
    await addForm.getByLabel('State or territory').selectOption('NSW');
    await addForm.getByLabel('Postcode').fill('2150');
    await addForm.getByLabel('How the supports are paid for').selectOption('NDIS_PLAN_MANAGED');
    await addForm.getByLabel('Plan manager (if plan-managed)').fill('Parramatta Plan Partners');
    await addForm.getByRole('button', { name: 'Add client' }).click();
    await page.getByRole('status').getByText('Your client is added. You can act for them now.').waitFor();
    await coordinator.checkAccessibility();

    await coordinator.visit('/support-coordinator/dashboard');
    await page.getByRole('button', { name: 'Act as Ivy Fenwick' }).click();
    await waitForPath(page, '/dashboard');
    await coordinator.settle();
    // Issue 31, item 4: acting for a new client, the coordinator sees the client's home, each
    // block saying what will show there and what to do next.
    await page.getByRole('region', { name: 'Your workers' }).getByText(/^You have no workers yet\./).waitFor();
    await page.getByRole('region', { name: 'Hours to approve' }).getByText(/^No hours are waiting for you\./).waitFor();
    await coordinator.checkAccessibility();
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/dashboard-empty-acting-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/dashboard-empty-acting-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    await coordinator.visit('/provider-details');
    const details = page.getByRole('form', { name: 'Provider and plan details' });
    await details.getByLabel('Who manages the funding?').selectOption('NDIS_PLAN_MANAGED');
    await details.getByLabel('First name').fill('Ivy');
    await details.getByLabel('Last name').fill('Fenwick');
    await details.getByLabel('Date of birth').fill('1990-05-17');
    await details.getByLabel('NDIS number').fill('430 555 123');
    await details.getByLabel('Plan start date').fill('2026-07-01');
    await details.getByLabel('Plan end date').fill('2026-06-01');
    await details.getByLabel('Plan manager’s name').fill('Parramatta Plan Partners');
    await details.getByLabel('Plan manager’s email for invoices').fill('invoices@planpartners.example');
    await details.getByLabel('Plan manager’s ABN').fill('51 824 753 557');
    await details.getByRole('button', { name: 'Save details' }).click();
    const summary = details.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByText('The plan ends after it starts').waitFor();
    await summary.getByText(/This is not a valid ABN/).waitFor();
    await coordinator.checkAccessibility();

    await details.getByLabel('Plan end date').fill('2027-06-30');
    await details.getByLabel('Plan manager’s ABN').fill('51 824 753 556');
    await details.getByLabel('Address printed on invoices').fill('PO Box 12\nParramatta NSW 2150');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details have been saved.').waitFor();
    await coordinator.checkAccessibility();
    expect(await details.getByLabel('Plan manager’s ABN').inputValue()).toBe('51824753556');

    await page.getByRole('button', { name: 'Name a nominee' }).click();
    const nominee = page.getByRole('form', { name: 'Nominee' });
    await nominee.getByLabel('Nominee’s name').fill('Rosa Fenwick');
    await nominee.getByLabel('Nominee’s email').fill(`e2e.nominee.${run}@example.com`);
    await nominee.getByRole('button', { name: 'Save nominee' }).click();
    await page.getByText('Rosa Fenwick is now your nominee. They will be emailed when hours are submitted.').waitFor();
    await coordinator.checkAccessibility();

    await coordinator.visit('/compliance-details/supportPlan');
    const plan = page.getByRole('form', { name: 'Support plan' });
    await plan.getByLabel(/Participant’s full name/).fill('Ivy Fenwick');
    await plan.getByLabel(/^Goals/).fill('Catch the train to work on my own\nJoin the local choir');
    await plan.getByLabel(/Daily routine and supports needed/).fill('Help with breakfast and getting ready from 7 am');
    await plan.getByLabel(/How the participant communicates/).fill('Speaks clearly; likes written reminders');
    await plan.getByRole('radiogroup', { name: /Has a behaviour support plan/ }).getByLabel('No').check();
    await plan.getByRole('radiogroup', { name: /Restrictive practices are authorised/ }).getByLabel('No').check();
    await plan.getByRole('button', { name: 'Save support plan' }).click();
    await page.getByText('Saved as a new version.').waitFor();
    await coordinator.checkAccessibility();

    const banner = page.getByRole('region', { name: 'Acting for a client' });
    await banner.getByRole('button', { name: /^Stop acting for / }).click();
    await waitForPath(page, '/support-coordinator/dashboard');
    await coordinator.settle();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ivy Fenwick' }) });
    await card.getByText('Linked').waitFor();
    await card.getByText('None booked').waitFor();
    await card.getByText('$0.00 (Wed 1 Jul 2026 to Wed 30 Jun 2027)').waitFor();
    await coordinator.checkAccessibility();
  });

  it('asks an existing care seeker to link, who accepts from the emailed link; the coordinator sees them linked', async () => {
    await coordinator.visit('/support-coordinator/request-linking');
    const since = new Date();
    const form = page.getByRole('form', { name: 'Request linking' });
    await form.getByLabel(/Your client's email address/).fill(careSeekerEmail);
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('button', { name: 'Ask another client' }).waitFor();
    await coordinator.checkAccessibility();

    await coordinator.visit('/support-coordinator/dashboard');
    const waiting = page.getByRole('region', { name: 'Waiting for an answer' });
    await waiting.getByText(new RegExp(`${careSeekerEmail.replace(/\./g, '\\.')}: asked on`)).waitFor();

    const [link] = await waitForEmail(careSeeker.baseUrl, careSeekerEmail, /\/coordinator-link\?token=[^\s"<>&]+&answer=accept/, since);
    const answerPage = await careSeeker.visit(link);
    await answerPage.getByRole('button', { name: 'Accept the request' }).click();
    await answerPage.getByRole('status').getByText(/./).first().waitFor();
    await careSeeker.checkAccessibility();

    await coordinator.visit('/support-coordinator/dashboard');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lena Marsh' }) });
    await card.getByText('Linked').waitFor();
    await card.getByRole('button', { name: 'Act as Lena Marsh' }).waitFor();
    await expect(page.getByRole('region', { name: 'Waiting for an answer' }).count()).resolves.toBe(0);
  });
});
