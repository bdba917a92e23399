import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';
import { signInAs } from './support/accounts';

/**
 * Issue 16's compliance details: Helen, the demo care seeker, opens the overview, fills in her
 * emergency and disaster plan (refused first for a missing field), saves it as a new version and
 * finds it in the history. axe checks every page visited and the form after each step.
 */
let careSeeker: BrowserSession;
let page: Page;

beforeAll(async () => {
  careSeeker = await openSession();
  page = await signInAs(careSeeker, 'careseeker@example.com');
});

afterAll(async () => {
  await careSeeker?.close();
});

describe('compliance details, end to end', { timeout: 120_000 }, () => {
  it('Helen fills in her emergency plan, saves it as a version and finds it in the history', async () => {
    await careSeeker.visit('/compliance-details');
    await page.getByRole('heading', { level: 1, name: 'Compliance details' }).waitFor();
    await page.getByRole('list', { name: 'Compliance sections' }).getByRole('link', { name: 'Emergency and disaster plan' }).click();
    const form = page.getByRole('form', { name: 'Emergency and disaster plan' });
    await form.waitFor();
    await careSeeker.checkAccessibility();

    await form.getByRole('button', { name: 'Save emergency and disaster plan' }).click();
    await form.getByText('Enter the emergency contact’s name').waitFor();
    await careSeeker.checkAccessibility();

    await form.getByLabel(/Emergency contact’s name/).fill('Tom Smith');
    await form.getByLabel(/Emergency contact’s phone/).fill('0412 345 678');
    await form.getByLabel(/How the participant leaves home/).fill('Front door and the ramp to the street');
    await form.getByLabel(/Meeting point/).fill('The letterbox');
    await form.getByLabel(/How supports continue/).fill('Tom visits every day');
    await form.getByRole('button', { name: 'Save emergency and disaster plan' }).click();
    await page.getByText('Saved as a new version.').waitFor();
    await page.getByRole('button', { name: 'Show earlier versions' }).click();
    const history = page.getByRole('region', { name: 'Version history' });
    await history.getByText(/^Version \d+, saved /).first().waitFor();
    await careSeeker.checkAccessibility();
    expect(await form.getByLabel(/Meeting point/).inputValue()).toBe('The letterbox');
  });
});
