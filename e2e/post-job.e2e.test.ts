import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { jobSchema, suggestedWorkersSchema } from '@tendly/domain/api/jobs';
import { openSession, type BrowserSession } from './support/session';
import { forgetSession, VERIFICATION_CODE_PATTERN, waitForEmail, waitForPath } from './support/accounts';

/**
 * Posting a job (issue 6), on the real API: a visitor goes through every step of the wizard,
 * checks the whole job in the review (issue 11) and changes a step from there, creates a care
 * seeker account, verifies the email with the emailed code and sees the job posted; then, signed
 * in as that care seeker, invites one of the workers the confirmation suggests (issue 31, item
 * 5) and edits the job. axe checks every step and every state in between, and the confirmation at
 * 390 px too.
 */
let session: BrowserSession;
const email = `e2e.poster.${Date.now()}@example.com`;
const password = 'a-long-password';
let postedJobId = '';

beforeAll(async () => {
  session = await openSession();
  await session.visit('/');
  await forgetSession(session.page);
});

afterAll(async () => {
  await session?.close();
});

async function expectStep(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name });
  await heading.waitFor();
  // Focus moves to the new step's heading, so a screen reader says where the user is.
  await page.waitForFunction((text) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === text, name);
  await session.checkAccessibility();
}

async function continueTo(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, name);
}

describe('posting a job', () => {
  it('takes a visitor through every step, creates their account, verifies the email and posts the job', { timeout: 240_000 }, async () => {
    const page = await session.visit('/careseeker/post-a-job');
    await waitForPath(page, '/careseeker/post-a-job/step-1');
    await expectStep(page, 'Step 1 of 9: The support needed');

    // Nothing answered: the step says what is missing, in a summary that takes focus.
    await page.getByRole('button', { name: 'Continue' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Choose the kind of support needed' }).waitFor();
    await expect(summary.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await session.checkAccessibility();

    await page.getByRole('radio', { name: 'Aged care' }).check();
    await page.getByRole('checkbox', { name: 'General aged care' }).check();
    await page.getByRole('checkbox', { name: 'Dementia' }).check();
    await page.getByRole('radio', { name: 'A member of my immediate family' }).check();
    await continueTo(page, 'Step 2 of 9: Where');

    await expect(page.getByRole('radio', { name: 'Any distance' }).isChecked()).resolves.toBe(true);
    await page.getByRole('combobox', { name: /Suburb or postcode/ }).fill('Parramatta NSW');
    await page.getByRole('radio', { name: 'Within 25 km' }).check();
    await continueTo(page, 'Step 3 of 9: When');

    // The draft is kept on the device: a reload carries on at the first step still to answer.
    await page.reload({ waitUntil: 'load' });
    await session.settle();
    await page.getByRole('heading', { level: 1, name: 'Step 3 of 9: When' }).waitFor();
    await page.getByText(/We kept the job you started on this device/).waitFor();
    await session.checkAccessibility();

    const week = page.getByRole('table');
    await week.getByRole('checkbox', { name: 'Tuesday morning' }).check();
    await week.getByRole('checkbox', { name: 'Thursday morning' }).check();
    await page.getByRole('textbox', { name: /Hours each day/ }).fill('3');
    await page.getByRole('textbox', { name: /Hours each week/ }).fill('6');
    await page.getByLabel(/When should support start/).fill('2027-02-01');
    await continueTo(page, 'Step 4 of 9: The worker');

    // Back keeps the answers.
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 'Step 3 of 9: When');
    await expect(page.getByRole('table').getByRole('checkbox', { name: 'Thursday morning' }).isChecked()).resolves.toBe(true);
    await continueTo(page, 'Step 4 of 9: The worker');

    await page.getByRole('checkbox', { name: 'Cooking' }).check();
    await page.getByRole('checkbox', { name: 'Social support and companionship' }).check();
    await page.getByRole('checkbox', { name: 'Comfortable with pets' }).check();
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('combobox', { name: /Languages the worker should speak/ }).fill('Gree');
    await page.getByRole('option', { name: 'Greek' }).click();
    await page.keyboard.press('Escape');
    await session.checkAccessibility();
    await continueTo(page, 'Step 5 of 9: Health and safety');

    await expect(page.getByRole('radio', { name: 'Not sure' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('switch', { name: 'Show the goal to workers' }).isChecked()).resolves.toBe(true);
    await page.getByRole('radiogroup', { name: /Is help with medication needed/ }).getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Tell the worker what help with medication is needed' }).waitFor();
    await session.checkAccessibility();
    await page.getByRole('textbox', { name: /What help with medication is needed/ }).fill('Reminders to take morning tablets with breakfast');
    await page.getByRole('textbox', { name: /What is the goal of the support/ }).fill('To keep living at home and see friends each week');
    await continueTo(page, 'Step 6 of 9: Funding and rate');

    await expect(page.getByRole('radio', { name: 'Not sure yet' }).isChecked()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'NDIS (plan-managed)' }).check();
    const item = page.getByRole('combobox', { name: /NDIS support item/ });
    await item.fill('self-care standard weekday daytime');
    await page.getByRole('option', { name: /01_011_0107_1_1/ }).click();
    await expect(item.inputValue()).resolves.toBe('01_011_0107_1_1');
    await page.getByRole('textbox', { name: /Hourly rate/ }).fill('55.50');
    await page.getByRole('textbox', { name: /Name of the person receiving support/ }).fill('Eleni Papadopoulos');
    await session.checkAccessibility();
    await continueTo(page, 'Step 7 of 9: Your job post');

    await page.getByRole('textbox', { name: /Job title/ }).fill('Friendly help for Mum on Tuesday and Thursday mornings');
    const description = page.getByRole('textbox', { name: 'Describe the support' });
    await description.click();
    await page.keyboard.type('Mum is 84 and loves her garden. ');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('She speaks Greek at home.');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' We would love someone to cook with her and keep her company.');
    await expect(description.locator('strong').innerText()).resolves.toBe('She speaks Greek at home.');
    await session.checkAccessibility();
    await continueTo(page, 'Step 8 of 9: Check your job');

    // The review: the whole job as workers will see it, what only the poster sees, and nothing posted yet.
    const preview = page.getByRole('region', { name: 'How workers will see your job' });
    await preview.getByRole('heading', { level: 2, name: 'Friendly help for Mum on Tuesday and Thursday mornings' }).waitFor();
    await expect(preview.getByRole('region', { name: 'About the job' }).locator('strong').innerText()).resolves.toBe('She speaks Greek at home.');
    await preview.getByRole('region', { name: 'Pay' }).getByText('$55.50 an hour').waitFor();
    await preview.getByRole('list', { name: 'Tasks' }).getByText('Cooking').waitFor();
    await expect(preview.getByText('Reminders to take morning tablets with breakfast').count()).resolves.toBe(0);
    await page.getByRole('region', { name: 'Only you can see this' }).getByText('Reminders to take morning tablets with breakfast').waitFor();
    await expect(page.getByRole('button', { name: 'Post my job' }).count()).resolves.toBe(0);

    // Any step can be changed from the review, and its button comes straight back.
    await page.getByRole('navigation', { name: 'Change something' }).getByRole('link', { name: 'Edit step 4: The worker' }).click();
    await expectStep(page, 'Step 4 of 9: The worker');
    await page.getByRole('checkbox', { name: 'Meal preparation' }).check();
    await page.getByRole('button', { name: 'Back to review' }).click();
    await expectStep(page, 'Step 8 of 9: Check your job');
    await preview.getByRole('list', { name: 'Tasks' }).getByText('Meal preparation').waitFor();
    await continueTo(page, 'Step 9 of 9: Your account');

    const account = page.getByRole('form', { name: 'Create your account' });
    await account.getByRole('textbox', { name: /First name/ }).fill('Sophia');
    await account.getByRole('textbox', { name: /Last name/ }).fill('Papadopoulos');
    await account.getByRole('textbox', { name: /Email address/ }).fill(email);
    await account.getByLabel(/^Password/).fill(password);
    await account.getByRole('textbox', { name: /Phone number/ }).fill('0412 345 678');
    await account.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    const signedUpAt = new Date();
    await account.getByRole('button', { name: 'Create account and continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await session.checkAccessibility();

    const [, code] = await waitForEmail(session.baseUrl, email, VERIFICATION_CODE_PATTERN, signedUpAt);
    await page.getByLabel(/Verification code/).fill(code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByRole('heading', { level: 1, name: 'Your job is posted' }).waitFor({ timeout: 20_000 });
    await page.getByText(/We are emailing workers who live nearby/).waitFor();
    await session.checkAccessibility();
    const view = page.getByRole('link', { name: 'View your job' });
    const href = (await view.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/jobs\/[^/]+$/);
    postedJobId = href.split('/').pop() ?? '';

    const token = await page.evaluate(() => {
      const stored = window.localStorage.getItem('tendly.session.user');
      return stored ? (JSON.parse(stored) as { authToken: string }).authToken : null;
    });
    expect(token).toBeTruthy();
    const response = await fetch(`${session.baseUrl}/api/jobs/${postedJobId}`, { headers: { 'auth-token': token ?? '' } });
    const job = jobSchema.parse(await response.json());
    expect(job).toMatchObject({
      isOwner: true,
      title: 'Friendly help for Mum on Tuesday and Thursday mornings',
      supportCategory: 'AGED_CARE',
      supportType: ['AGEDGEN', 'DEMENTIA'],
      careFor: 'Immediate Family',
      locationType: 'KM_25',
      payingForCareType: 'NDIS_PLAN_MANAGED',
      ndisFundingCode: '01_011_0107_1_1',
      hourlyRate: 5550,
      languages: ['el'],
      restrictivePractices: 'UNSURE',
      isGoalVisible: true,
      medicationRequired: true,
      medicationDetails: 'Reminders to take morning tablets with breakfast',
      clientName: 'Eleni Papadopoulos',
      approxStartDate: '2027-02-01',
      tasks: expect.arrayContaining(['COOK', 'MEAL']),
    });
    expect(job.availability.tue.morning && job.availability.thu.morning).toBe(true);
    expect(job.htmlDescription).toContain('<strong>She speaks Greek at home.</strong>');

    // The workers the search ranks best for the job, each with Invite to apply (issue 31, item 5).
    const suggestions = page.getByRole('region', { name: 'Workers who match your job' });
    const firstCard = suggestions.getByRole('article').first();
    await firstCard.waitFor({ timeout: 20_000 });
    await session.checkAccessibility();
    const invite = firstCard.getByRole('button', { name: /^Invite to apply: / });
    const invitedName = ((await invite.getAttribute('aria-label')) ?? '').replace('Invite to apply: ', '');
    await invite.click();
    await suggestions.getByRole('status').getByText(`Invitation sent. We have emailed ${invitedName} a link to your job.`).waitFor();
    const sent = firstCard.getByText(/Invitation sent to /);
    await sent.waitFor();
    await expect(sent.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await session.checkAccessibility();
    const suggested = suggestedWorkersSchema.parse(
      await (await fetch(`${session.baseUrl}/api/jobs/${postedJobId}/suggested-workers`, { headers: { 'auth-token': token ?? '' } })).json(),
    );
    expect(suggested.filter((item) => item.isInvited)).toHaveLength(1);
    // Nobody else may see them, or invite.
    expect((await fetch(`${session.baseUrl}/api/jobs/${postedJobId}/suggested-workers`)).status).toBe(401);

    // Back on the page later, the invitation is remembered: no button to send it twice.
    await page.reload({ waitUntil: 'load' });
    await session.settle();
    await suggestions.getByRole('article').first().getByText(/Invitation sent to /).waitFor();
    await expect(suggestions.getByRole('button', { name: `Invite to apply: ${invitedName}` }).count()).resolves.toBe(0);

    // On a phone: nothing off the side, and still accessible.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await firstCard.waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await session.checkAccessibility();
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('lets the care seeker who posted it edit the job', async () => {
    expect(postedJobId).not.toBe('');
    const page = await session.visit(`/edit-job/${postedJobId}`);
    const form = page.getByRole('form', { name: 'Edit your job' });
    await form.waitFor();
    await expect(form.getByRole('combobox', { name: /Suburb or postcode/ }).inputValue()).resolves.toBe('Parramatta NSW');
    await session.checkAccessibility();

    const title = form.getByRole('textbox', { name: /Job title/ });
    await title.fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Give your job a title' }).waitFor();
    await session.checkAccessibility();

    await title.fill('Company and cooking for Mum, Tuesday and Thursday mornings');
    await form.getByRole('table').getByRole('checkbox', { name: 'Friday morning' }).check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes are saved.').waitFor();
    await session.checkAccessibility();

    const response = await fetch(`${session.baseUrl}/api/jobs/${postedJobId}`);
    const job = jobSchema.parse(await response.json());
    expect(job.title).toBe('Company and cooking for Mum, Tuesday and Thursday mornings');
    expect(job.availability.fri.morning).toBe(true);
    // Private fields never reach anyone but the owner.
    expect(job.isOwner).toBe(false);
    expect(job.clientName).toBeUndefined();
    expect(job.medicationDetails).toBeUndefined();
  });
});
