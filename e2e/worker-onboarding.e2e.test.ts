import { randomInt } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLearningModule } from '@tendly/domain/learning-modules';
import { REQUIRED_INDUCTION_MODULE } from '@tendly/domain/learning';
import { z } from 'zod';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import {
  DEMO_PASSWORD,
  forgetSession,
  pathOf,
  signInAs,
  signInThroughForm,
  VERIFICATION_CODE_PATTERN,
  waitForEmail,
  waitForPath,
} from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { fixtureFolder, phonePhoto, scannedPdf } from './support/files';
import { sydneyDateFromToday } from './support/product-clock';
import { callApi, signInByApi } from './support/api';
import { openSession, type BrowserSession } from './support/session';
import { checkOnAPhone, SCREENSHOT_DIR } from './support/phone';

/**
 * Issue 12's journey, all through the browser: a new worker registers, completes every onboarding
 * step (photo, documents, referees who answer from their emailed links, tax, the induction quiz),
 * submits for review; an administrator approves the documents and the worker in /admin; a care
 * seeker then finds the worker in search and opens the profile. Each step is a test, in order.
 */

let session: BrowserSession;
/** The administrator, in a browser of their own: the worker stays signed in in theirs. */
let admin: BrowserSession | undefined;
let folder: string;
const stamp = `${Date.now()}${randomInt(1000, 9999)}`;
const email = `e2e.onboarding.${stamp}@example.com`;
// A made-up word only this worker's headline holds, so that keyword search finds them alone.
const keyword = `kelpie${stamp.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')}`;
const referees = [
  { name: 'Grace Referee', relationship: 'Former team leader', email: `e2e.referee1.${stamp}@example.com`, phone: '0411 222 333' },
  { name: 'Omar Referee', relationship: 'Placement supervisor', email: `e2e.referee2.${stamp}@example.com`, phone: '0422 333 444' },
];

beforeAll(async () => {
  session = await openSession();
  folder = await fixtureFolder();
});
afterAll(async () => {
  await admin?.close();
  await session?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The signed-in user the worker's tab keeps (the app's session store). */
async function storedWorker(page: Page): Promise<{ id: string; profileStatus: string | null }> {
  const raw = await page.evaluate(() => window.localStorage.getItem('tendly.session.user'));
  return z.object({ id: z.string(), profileStatus: z.string().nullable().optional() }).transform((u) => ({ id: u.id, profileStatus: u.profileStatus ?? null })).parse(JSON.parse(raw ?? 'null'));
}

const api = (method: string, path: string, token: string | null, body?: unknown) => callApi(session.baseUrl, method, path, token, body);

const apiSignIn = async (address: string, password: string) => (await signInByApi(session.baseUrl, address, password)).authToken;

/**
 * What the new worker does, counted (issue 31, item 6: onboarding in under 70 inputs and clicks):
 * each field filled, box ticked, option picked, file chosen, key pressed and button or link
 * pressed, by step. Pages are reached by clicking, as the worker would; the referees' answers and
 * the administrator's work are theirs, not the worker's, and are not counted.
 */
const ONBOARDING_ACTIONS_BUDGET = 70;
const actions = new Map<string, number>();
let step = '';
async function does<T>(action: Promise<T>): Promise<T> {
  actions.set(step, (actions.get(step) ?? 0) + 1);
  return action;
}
const actionsSoFar = () => [...actions.values()].reduce((sum, n) => sum + n, 0);

/** Presses the checklist's next step at the end of the page and waits for where it leads. */
async function nextStep(page: Page, label: string | RegExp, path: string) {
  const region = page.getByRole('region', { name: 'Your next step' });
  await does(region.getByRole('link', { name: label }).click());
  await waitForPath(page, path);
}

describe('a new worker becomes a verified worker care seekers can find', () => {
  it('registers, verifies the email and is sent to the first step of the checklist', async () => {
    step = 'sign-up';
    const page = await session.visit('/careworker/register');
    await does(page.locator('main input[name="firstName"]').fill('Jordan'));
    await does(page.locator('main input[name="lastName"]').fill('Onboarder'));
    await does(page.locator('main input[name="email"]').fill(email));
    await does(page.locator('main input[name="password"]').fill('a-good-password'));
    await does(page.locator('main input[name="phone"]').fill('0412 345 678'));
    await does(page.locator('main input[name="address"]').fill('1 King Street'));
    await does(page.locator('main input[name="suburb"]').fill('Newtown'));
    await does(page.locator('main input[name="postcode"]').fill('2042'));
    // The state follows from the suburb and postcode.
    await expect.poll(() => page.locator('select[name="state"]').inputValue()).toBe('NSW');
    await checkOnAPhone(session, 'worker-register-state-filled');
    await does(page.locator('select[name="hearAboutUs"]').selectOption({ index: 1 }));
    for (const name of ['acceptTerms', 'acceptEng', 'acceptNDISCode', 'acceptAgedCareCode']) {
      await does(page.locator(`input[name="${name}"]`).check());
    }
    const signedUpAt = new Date();
    await does(page.getByRole('button', { name: 'Create my account' }).click());
    const [, code] = await waitForEmail(session.baseUrl, email, VERIFICATION_CODE_PATTERN, signedUpAt);
    await does(page.getByLabel(/Verification code/).fill(code ?? ''));
    await does(page.getByRole('button', { name: 'Verify' }).click());
    await waitForPath(page, '/care-worker/dashboard');
    await page.getByRole('region', { name: 'Your next step' }).getByText('1 of 10 required steps done', { exact: false }).waitFor();
    await session.checkAccessibility();

    step = 'profile';
    await nextStep(page, /^Next: A headline and a bio/, '/care-worker/update-profile');
  });

  it('fills in the profile and saves it all at once, with a photo; the sign-up suburb is already the home suburb', async () => {
    const page = session.page;
    await page.getByLabel('Headline').waitFor();
    expect(await page.getByRole('combobox', { name: /Home suburb or postcode/ }).inputValue()).toBe('Newtown NSW 2042');
    await does(page.getByLabel('Headline').fill(`Kind, reliable support worker and ${keyword} enthusiast`));
    await does(
      page
        .getByLabel('Bio')
        .fill('I support older people and adults with disability at home and in the community, with patience and good humour.'),
    );
    // Issue 31, item 1: ticked here, care seekers who need personal care find them (the last test).
    await does(page.getByRole('checkbox', { name: 'I offer personal care' }).check());
    await does(page.getByRole('combobox', { name: 'Support categories and skills' }).fill('Demen'));
    await does(page.getByRole('option', { name: 'Dementia' }).click());
    for (const slot of ['Monday morning', 'Wednesday afternoon', 'Saturday morning']) await does(page.getByLabel(slot).check());
    await does(page.getByLabel('Weekday rate, per hour').fill('52'));
    await does(page.getByRole('button', { name: 'Suggest my other rates from this one' }).click());
    expect(await page.getByLabel('Sunday rate, per hour').inputValue()).toBe('94');
    await does(page.getByLabel('Choose a photo').setInputFiles(await phonePhoto(folder)));
    await page.getByText('Not saved yet: About you, Your photo, Support and skills, Availability and Rates').waitFor();
    await session.checkAccessibility();
    await checkOnAPhone(session, 'profile-editor-unsaved');

    // Leaving now asks first; staying keeps everything typed.
    await page.locator('header').getByRole('link', { name: 'Tendly', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await expectNoAxeViolations(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/profile-editor-leave-dialog-1280.png` });
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'hidden' });

    await does(page.getByRole('button', { name: 'Save all changes' }).click());
    await page.getByText('All your changes are saved.').waitFor();
    await page.getByRole('button', { name: 'Remove photo' }).waitFor();
    await session.checkAccessibility();

    step = 'documents';
    await nextStep(page, 'Next: Your required compliance documents', '/care-worker/documents');
  });

  it('uploads the NDIS worker screening clearance and the police check, each expiry date filled in from the date issued', async () => {
    const page = session.page;
    const documents = [
      { label: 'NDIS Worker Screening clearance', state: 'NSW', number: '4-E2E12345', issued: sydneyDateFromToday(-30) },
      // Issued today: the run is just after midnight in Sydney (global-setup.ts), when UTC's date
      // is still yesterday, so a "today" taken in UTC calls it issued in the future.
      { label: 'National police check', state: null, number: 'NPC-E2E-5555', issued: sydneyDateFromToday(0) },
    ];
    for (const document of documents) {
      await does(page.getByRole('button', { name: `Add your ${document.label}` }).click());
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectNoAxeViolations(page);
      // A state check starts at the worker's own state.
      if (document.state) expect(await dialog.getByLabel('State or territory that issued it').inputValue()).toBe(document.state);
      await does(dialog.getByLabel('Number').fill(document.number));
      await does(dialog.getByLabel('Date issued').fill(document.issued));
      expect(await dialog.getByLabel('Expiry date').inputValue()).not.toBe('');
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/document-dialog-expiry-filled-${document.number}-1280.png` });
      await does(dialog.getByLabel('File of the document').setInputFiles(await scannedPdf(folder, `${document.number}.pdf`, document.label)));
      await does(dialog.getByRole('button', { name: 'Upload for review' }).click());
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('article', { name: document.label }).getByText('Waiting for review', { exact: false }).first().waitFor();
    }
    await session.checkAccessibility();
    await checkOnAPhone(session, 'documents-next-step');

    step = 'referees';
    await nextStep(page, 'Next: 2 referees', '/care-worker/referees');
  });

  it('names two referees, who each answer from the link in their email', async () => {
    const page = session.page;
    const savedAt = new Date();
    for (const [index, referee] of referees.entries()) {
      const group = page.getByRole('group', { name: `Referee ${index + 1}` });
      await does(group.getByLabel('Name').fill(referee.name));
      await does(group.getByLabel('How you know them').fill(referee.relationship));
      await does(group.getByLabel('Email address').fill(referee.email));
      await does(group.getByLabel('Phone').fill(referee.phone));
    }
    await does(page.getByRole('button', { name: 'Save referees' }).click());
    await page.getByText('Saved. We’ve emailed any new referee.').waitFor();

    for (const referee of referees) {
      const [link] = await waitForEmail(session.baseUrl, referee.email, /\/reference\/[A-Za-z0-9_-]+/, savedAt);
      // The referee opens the link: a page of its own (the form is public and asks for no sign-in).
      const refereePage = await session.page.context().newPage();
      try {
        // 'load', not 'networkidle': the tab shares the worker's sign-in, whose live event stream never idles.
        await refereePage.goto(new URL(link ?? '', session.baseUrl).pathname, { waitUntil: 'load' });
        await refereePage.getByRole('button', { name: 'Send reference' }).waitFor();
        await refereePage.getByLabel('How long have you known Jordan?').selectOption({ label: '1 to 3 years' });
        await refereePage.getByLabel('In what capacity do you know Jordan?').fill('I supervised Jordan on placement.');
        await refereePage.getByRole('radio', { name: '5' }).check();
        await refereePage.getByRole('radio', { name: 'Yes' }).check();
        await expectNoAxeViolations(refereePage);
        await refereePage.getByRole('button', { name: 'Send reference' }).click();
        await refereePage.getByRole('status').waitFor();
        await expectNoAxeViolations(refereePage);
      } finally {
        await refereePage.close();
      }
    }
    await page.reload({ waitUntil: 'load' });
    await session.settle();
    await expect.poll(async () => page.getByText('Reference received').count()).toBe(2);

    step = 'tax and super';
    await nextStep(page, 'Next: Your tax, super and bank details', '/tax-and-super');
  });

  it('gives tax, super and bank details, the names already the worker’s own', async () => {
    const page = session.page;
    await does(page.getByLabel('ABN', { exact: true }).fill('53 004 085 616'));
    expect(await page.getByLabel('Name the ABN is registered to').inputValue()).toBe('Jordan Onboarder');
    await does(page.getByRole('radio', { name: 'No' }).check());
    await does(page.getByLabel('Fund name').fill('AustralianSuper'));
    expect(await page.getByRole('radio', { name: 'A super fund (USI)' }).isChecked()).toBe(true);
    await does(page.getByLabel('Unique superannuation identifier (USI)').fill('STA0100AU'));
    await does(page.getByLabel('Member number').fill('123456789'));
    expect(await page.getByLabel('Account name').inputValue()).toBe('Jordan Onboarder');
    await checkOnAPhone(session, 'tax-and-super-prefilled');
    await does(page.getByLabel('BSB').fill('062-000'));
    await does(page.getByLabel('Account number').fill('11223344'));
    await does(page.getByRole('button', { name: 'Save tax and super details' }).click());
    await page.getByText('Saved.').waitFor();
    await session.checkAccessibility();

    step = 'induction';
    await nextStep(page, 'Next: The platform induction in the learning hub', `/learning-hub/${REQUIRED_INDUCTION_MODULE}`);
  });

  it('passes the platform induction in the learning hub and can download the certificate', async () => {
    const module = findLearningModule(REQUIRED_INDUCTION_MODULE);
    if (!module) throw new Error('The induction module is missing');
    const page = session.page;
    for (const question of module.quiz) {
      await does(page.locator(`input[type="radio"][name="${question.id}"][value="${question.correctOptionId}"]`).check());
    }
    await does(page.getByRole('button', { name: 'Submit answers' }).click());
    await page.getByRole('heading', { name: 'Well done, you passed' }).waitFor();
    await session.checkAccessibility();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download certificate \(PDF\)/ }).first().click(),
    ]);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it(`submits the profile for review from the last step, in under ${ONBOARDING_ACTIONS_BUDGET} inputs and clicks in all`, async () => {
    const page = session.page;
    step = 'submit';
    const next = page.getByRole('region', { name: 'Your next step' });
    await next.getByText('10 of 10 required steps done', { exact: false }).waitFor();
    await next.scrollIntoViewIfNeeded();
    await checkOnAPhone(session, 'induction-submit-for-review');
    await does(next.getByRole('button', { name: 'Submit for review' }).click());
    await page.getByText('We’re reviewing your profile').waitFor();
    await session.checkAccessibility();

    const welcome = await session.visit('/care-worker/welcome');
    await welcome.getByText('100% of the required steps done').waitFor();
    await welcome.getByText('We’re reviewing your profile').waitFor();
    await session.checkAccessibility();

    console.info(`Onboarding took ${actionsSoFar()} inputs and clicks: ${[...actions].map(([name, n]) => `${name} ${n}`).join(', ')}`);
    expect(actionsSoFar()).toBeLessThan(ONBOARDING_ACTIONS_BUDGET);
  });

  it('is approved by an administrator in /admin, documents first, while the worker stays signed in', async () => {
    // The worker's tab keeps its sign-in, made while the profile waited for approval (issue 31, item 7).
    expect((await storedWorker(session.page)).profileStatus).toBe('INACTIVE');
    admin = await openSession();
    const page = await signInAs(admin, 'admin@example.com');
    await waitForPath(page, '/admin');
    await page.getByRole('link', { name: 'Review queue' }).click();
    await waitForPath(page, '/admin/review');
    await page.getByRole('link', { name: 'Jordan Onboarder' }).click();
    await page.getByRole('heading', { level: 1, name: /Jordan Onboarder/ }).waitFor();
    await admin.settle();
    await admin.checkAccessibility();
    for (const label of ['NDIS Worker Screening clearance', 'National police check']) {
      const approve = page.getByRole('button', { name: `Approve ${label}` });
      await approve.click();
      await expect.poll(() => approve.isDisabled()).toBe(true);
    }
    await page.getByRole('button', { name: 'Approve worker' }).click();
    await page.getByText('Done. The worker’s profile is now active and in search.').waitFor();
    await admin.checkAccessibility();
  });

  it('still signed in since before the approval, opens the emailed "View the agreement" link and the agreement opens first time', async () => {
    const workerId = (await storedWorker(session.page)).id;
    // What the tab knew at sign-in still says inactive: the link must work all the same.
    expect((await storedWorker(session.page)).profileStatus).toBe('INACTIVE');
    const since = new Date();
    const careSeeker = await apiSignIn('careseeker@example.com', DEMO_PASSWORD);
    await api('POST', '/contracts', careSeeker, {
      workerId,
      fundingType: 'PRIVATE',
      supportRequired: ['CTP'],
      hourlyRateForWeekdays: 4550,
      saturdayRate: 5500,
      sundayRate: 6500,
      rateForPublicHoliday: 9000,
      rateForEveningCare: 5000,
      travelExpenseRate: 95,
      startDate: sydneyDateFromToday(7),
      emergencyContacts: [{ nameOfContact: 'Sam Nguyen', relationshipToCareseeker: 'Son', phoneNumber: '0412 345 678' }],
    });
    const [link] = await waitForEmail(session.baseUrl, email, /https?:\/\/\S+\/contracts\/[0-9a-f-]{36}/, since);
    const path = new URL(link).pathname;
    const page = await session.visit(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(pathOf(page)).toBe(path);
    expect(await page.getByText(INACTIVE_PROFILE).count()).toBe(0);
    expect((await storedWorker(page)).profileStatus).toBe('ACTIVE');
  });

  it('signed out, opens the new-message email link, signs in and lands on the conversation', async () => {
    const workerId = (await storedWorker(session.page)).id;
    await forgetSession(session.page);
    const since = new Date();
    const careSeeker = await apiSignIn('careseeker@example.com', DEMO_PASSWORD);
    const sent = await api('POST', `/carer/${workerId}/enquiries`, careSeeker, {
      message: 'Hello Jordan, could you help my mother with showering on weekday mornings?',
    });
    const conversationId = z.object({ conversationId: z.string() }).parse(sent).conversationId;
    const [link] = await waitForEmail(session.baseUrl, email, /https?:\/\/\S+\/messages\?conversation=[0-9a-f-]{36}/, since);
    const target = new URL(link);
    expect(target.searchParams.get('conversation')).toBe(conversationId);
    const page = await session.visit(`${target.pathname}${target.search}`);
    await waitForPath(page, '/login');
    await signInThroughForm(page, email, 'a-good-password');
    await waitForPath(page, '/messages');
    await session.ready();
    expect(new URL(page.url()).searchParams.get('conversation')).toBe(conversationId);
    await page.getByText('could you help my mother with showering', { exact: false }).first().waitFor();
    await session.checkAccessibility();
  });

  it('is found by a care seeker in search for personal care, who opens the profile', async () => {
    await forgetSession(session.page);
    await signInAs(session, 'careseeker@example.com');
    const page = await session.visit(`/care-workers/search?keyword=${keyword}&personalCare=true`);
    const result = page.getByRole('link', { name: /Jordan/ }).first();
    await result.waitFor();
    await result.click();
    await page.waitForURL((url) => url.pathname.startsWith('/carer/profile/'));
    await page.getByRole('heading', { level: 1, name: /Jordan/ }).waitFor();
    await page.getByText(keyword, { exact: false }).first().waitFor();
    await page.getByText('Offers personal care', { exact: true }).waitFor();
    await session.checkAccessibility();
  });
});
