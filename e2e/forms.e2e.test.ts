import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formReferencePattern } from '@tendly/domain/api/forms';
import { siteConfigSchema } from '@tendly/domain/site-config';
import { openSession, type BrowserSession } from './support/session';
import { waitForEmail } from './support/accounts';

let session: BrowserSession;
let supportEmail: string;

beforeAll(async () => {
  session = await openSession();
  const site = siteConfigSchema.parse(await (await fetch(`${session.baseUrl}/api/site`)).json());
  supportEmail = site.supportEmail;
});

afterAll(async () => {
  await session?.close();
});

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Sends the form, waits for the confirmation, checks it with axe and returns the reference; then
 * checks that the operations team and the sender were both emailed it.
 */
async function sendAndConfirm(page: Page, form: Locator, submitLabel: string, sender: string): Promise<string> {
  const since = new Date();
  await form.getByRole('button', { name: submitLabel }).click();
  const confirmation = page.getByRole('region', { name: /We have received your/ });
  await confirmation.waitFor();
  const reference = (await confirmation.locator('strong').innerText()).trim();
  expect(reference).toMatch(formReferencePattern);
  await expect(confirmation.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await session.checkAccessibility();
  const pattern = new RegExp(escapeRegExp(reference));
  await waitForEmail(session.baseUrl, supportEmail, pattern, since);
  await waitForEmail(session.baseUrl, sender, pattern, since);
  return reference;
}

/** A field by its label; Mantine adds " *" (hidden from screen readers) to required ones. */
function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

async function fillPerson(form: Locator, email: string) {
  await field(form, 'First name').fill('Jo');
  await field(form, 'Last name').fill('Citizen');
  await field(form, 'Email address').fill(email);
  await field(form, 'Phone number (optional)').fill('0412 345 678');
  await field(form, 'I am').selectOption({ label: 'A family member, friend or carer' });
}

describe('the public forms', () => {
  it('sends feedback and shows its reference', async () => {
    const page = await session.visit('/feedback');
    const form = page.getByRole('form', { name: 'Give feedback' });
    const email = uniqueEmail('feedback');
    await fillPerson(form, email);
    await field(form, 'Your feedback').fill('The worker was wonderful with Mum.');
    expect(await sendAndConfirm(page, form, 'Send feedback', email)).toMatch(/^FB-/);
  });

  it('shows what is missing on a complaint, clears it on focus, then sends it', async () => {
    const page = await session.visit('/make-a-complaint');
    const form = page.getByRole('form', { name: 'Make a complaint' });
    await form.getByRole('button', { name: 'Send complaint' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByText('Tell us your first name').waitFor();
    await session.checkAccessibility();
    const firstName = field(form, 'First name');
    await expect(firstName.getAttribute('aria-invalid')).resolves.toBe('true');
    await firstName.focus();
    await expect(firstName.getAttribute('aria-invalid')).resolves.toBeNull();

    const email = uniqueEmail('complaint');
    await fillPerson(form, email);
    await field(form, 'What is your complaint about?').fill('The worker arrived an hour late twice.');
    await field(form, 'What outcome would you like? (optional)').fill('An apology');
    expect(await sendAndConfirm(page, form, 'Send complaint', email)).toMatch(/^CP-/);
  });

  it('reports an incident after the emergency notice', async () => {
    const page = await session.visit('/report-incident');
    const notice = page.getByRole('region', { name: 'In an emergency call 000' });
    await notice.waitFor();
    const form = page.getByRole('form', { name: 'Report an incident' });
    const email = uniqueEmail('incident');
    await fillPerson(form, email);
    await field(form, 'Date it happened').fill('2025-03-01');
    await field(form, 'Time it happened').fill('14:30');
    await field(form, 'Where it happened').fill('Client home, Bondi');
    await field(form, 'What happened?').fill('A fall in the bathroom.');
    await field(form, 'Was anyone injured? How? (optional)').fill('A bruised wrist');
    const reference = await sendAndConfirm(page, form, 'Send incident report', email);
    expect(reference).toMatch(/^IN-/);
    const [urgent] = await waitForEmail(session.baseUrl, supportEmail, new RegExp(`${reference}[\\s\\S]*24 hours`), new Date(Date.now() - 60_000));
    expect(urgent).toBeTruthy();
  });

  it('sends a message from the contact page, which shows how to reach the team', async () => {
    const page = await session.visit('/contact-us');
    await page.getByText(/^Office hours:/).waitFor();
    await page.getByRole('link', { name: supportEmail }).first().waitFor();
    const form = page.getByRole('form', { name: 'Contact us' });
    const email = uniqueEmail('contact');
    await field(form, 'Your name').fill('Jo Citizen');
    await field(form, 'Email address').fill(email);
    await field(form, 'What is your message about?').selectOption({ label: 'Invoices, payments and funding' });
    await field(form, 'Your message').fill('How do I pay an invoice?');
    expect(await sendAndConfirm(page, form, 'Send message', email)).toMatch(/^CT-/);
  });

  it('sends a quick request for support', async () => {
    const page = await session.visit('/quick-request');
    const form = page.getByRole('form', { name: 'Quick request for support' });
    const email = uniqueEmail('quick');
    await field(form, 'Your name').fill('Jo Citizen');
    await field(form, 'Email address').fill(email);
    await field(form, 'Phone number').fill('0412 345 678');
    await field(form, 'Postcode where support is needed').fill('2026');
    await field(form, 'Who needs support?').selectOption({ label: 'A member of my immediate family' });
    await field(form, 'Cooking').check();
    await field(form, 'Community access and getting out and about').check();
    await field(form, 'When should support start?').selectOption({ label: 'As soon as possible' });
    await field(form, 'How will it be paid for?').selectOption({ label: 'NDIS (plan-managed)' });
    expect(await sendAndConfirm(page, form, 'Send my request', email)).toMatch(/^QR-/);
  });

  it('explains referrals and sends a disability referral', async () => {
    const info = await session.visit('/referrals');
    await info.getByRole('link', { name: 'Make a disability referral' }).click();
    await info.getByRole('heading', { level: 1, name: 'Disability support referral' }).waitFor();
    await session.checkAccessibility();
    const page = info;
    const form = page.getByRole('form', { name: 'Disability support referral' });
    const email = uniqueEmail('referral');
    await field(form, 'Your name').fill('Ren Coordinator');
    await field(form, 'Organisation (optional)').fill('Harbour Coordination');
    await field(form, 'Your email address').fill(email);
    await field(form, 'Your phone number').fill('02 9999 0000');
    await field(form, 'Your relationship to the participant').selectOption({ label: 'Support coordinator' });
    await field(form, "Participant's first name").fill('Pat');
    await field(form, "Participant's last name").fill('Lee');
    await field(form, "Participant's date of birth").fill('1990-05-04');
    await field(form, 'NDIS number (optional)').fill('430 123 456');
    await field(form, 'Postcode').fill('2000');
    await field(form, 'State or territory').selectOption({ label: 'New South Wales' });
    await field(form, 'How are the supports funded?').selectOption({ label: 'NDIS (plan-managed)' });
    await field(form, 'Personal care and daily routines').check();
    await form.getByLabel(/agrees to this referral/).check();
    expect(await sendAndConfirm(page, form, 'Send referral', email)).toMatch(/^RF-/);
  });
});

describe('the newsletter sign-up in the footer', () => {
  it('thanks a new subscriber in a dialog', async () => {
    const page = await session.visit('/');
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    await field(form, 'Email address for the newsletter').fill(uniqueEmail('reader'));
    await field(form, 'I am a...').selectOption({ label: 'Care worker' });
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: "You're subscribed" });
    await dialog.getByText('Thank you for subscribing to our newsletter!').waitFor();
    await session.checkAccessibility();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows a bad email address on the field, without a dialog', async () => {
    const page = await session.visit('/');
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    const email = field(form, 'Email address for the newsletter');
    await email.fill('sam@');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('Enter a valid email address').waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await session.checkAccessibility();
  });
});
