import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './support/session';
import {
  DEMO_PASSWORD,
  forgetSession,
  pathOf,
  RESET_LINK_PATTERN,
  signInThroughForm,
  startSignedOut,
  VERIFICATION_CODE_PATTERN,
  waitForEmail,
  waitForPath,
} from './support/accounts';

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
  // External destinations (the provider platform) answer with a stub page.
  await session.page.context().route(
    (url) => !url.href.startsWith(session.baseUrl),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Outside</title><main><h1>Outside</h1></main>' }),
  );
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await startSignedOut(session);
});

describe('signing in', () => {
  it.each([
    ['careseeker@example.com', '/dashboard', 'Dashboard'],
    ['worker@example.com', '/care-worker/dashboard', 'My dashboard'],
    ['inactive.worker@example.com', '/care-worker/dashboard', 'My dashboard'],
  ])('signs %s in and lands on their home', async (email, home, heading) => {
    const page = await session.visit('/login');
    await signInThroughForm(page, email);
    await waitForPath(page, home);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByText(email).first().waitFor();
    await session.checkAccessibility();
    if (email.startsWith('inactive')) {
      await page.getByRole('region', { name: 'Your profile is inactive' }).waitFor();
      const accountMenu = page.getByRole('navigation', { name: 'My Account' });
      await expect(accountMenu.getByRole('link', { name: 'My jobs' }).count()).resolves.toBe(0);
    }
  });

  it('signs a support coordinator in to the SC dashboard', async () => {
    const page = await session.visit('/login');
    await signInThroughForm(page, 'coordinator@example.com', DEMO_PASSWORD, 'Support coordinators');
    await waitForPath(page, '/support-coordinator/dashboard');
    await page.getByRole('navigation', { name: 'My SC Dashboard' }).waitFor();
    await page.getByRole('button', { name: /^Act as / }).first().waitFor();
    await session.checkAccessibility();
  });

  it('sends an administrator to the admin home, which counts what exists, and keeps everyone else out of it', async () => {
    // The counts are for administrators only.
    const anonymous = await fetch(`${session.baseUrl}/api/admin/summary`);
    expect(anonymous.status).toBe(401);

    let page = await session.visit('/login');
    await signInThroughForm(page, 'admin@example.com');
    await waitForPath(page, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin home' }).waitFor();
    const accounts = page.getByRole('region', { name: 'Accounts' });
    await accounts.waitFor();
    const allAccounts = Number((await accounts.locator('dt', { hasText: 'All accounts' }).locator('+ dd').innerText()).replace(/,/g, ''));
    expect(allAccounts).toBeGreaterThan(400);
    await page.getByRole('region', { name: 'Worker profiles' }).waitFor();
    await page.getByRole('region', { name: 'Jobs', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Background jobs' }).waitFor();
    await session.checkAccessibility();
    // The header's Admin Dashboard link is this page.
    const adminLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' });
    await expect(adminLink.getAttribute('href')).resolves.toBe('/admin');

    await forgetSession(page);
    page = await session.visit('/login');
    await signInThroughForm(page, 'careseeker@example.com');
    await waitForPath(page, '/dashboard');
    await page.goto('/admin');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('tells a deactivated account why it cannot sign in, and a wrong password that it is wrong', async () => {
    const page = await session.visit('/login');
    await signInThroughForm(page, 'deactivated@example.com');
    await expect(page.getByRole('alert').innerText()).resolves.toMatch(/deactivated by an administrator/);
    await session.checkAccessibility();
    await page.locator('main input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Invalid email address or password').waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('returns an anonymous visitor to the protected page after login', async () => {
    const page = await session.visit('/care-worker/dashboard');
    await waitForPath(page, '/login');
    await page.getByText('Please login with your account to continue').waitFor();
    await expect(page.getByText('Please login with your account to continue').count()).resolves.toBe(1);
    await signInThroughForm(page, 'worker@example.com');
    await waitForPath(page, '/care-worker/dashboard');
    await page.getByRole('heading', { level: 1, name: 'My dashboard' }).waitFor();
  });

  it('signs in with the keyboard alone', async () => {
    const page = await session.visit('/login');
    const focusedName = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element ? `${element.tagName}:${element.getAttribute('name') ?? element.textContent?.trim() ?? ''}` : '';
      });
    async function tabTo(target: string) {
      const seen: string[] = [];
      for (let presses = 0; presses < 80; presses += 1) {
        const name = await focusedName();
        seen.push(name);
        if (name === target) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${target}; focus went ${seen.join(' > ')}`);
    }
    await tabTo('BUTTON:Care workers and care seekers');
    await page.keyboard.press('Enter');
    await tabTo('INPUT:email');
    await page.keyboard.type('careseeker@example.com');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('INPUT:password');
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo('BUTTON:Sign In');
    await page.keyboard.press('Space');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Log out from the account menu, still by keyboard.
    const accountName = (await page.getByRole('banner').getByRole('button', { expanded: false }).innerText()).trim();
    await tabTo(`BUTTON:${accountName}`);
    await page.keyboard.press('Enter');
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor();
    await session.checkAccessibility();
    await tabTo('BUTTON:Log out');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    await expect(page.evaluate(() => window.localStorage.length)).resolves.toBe(0);
  });
});

describe('verifying an email address', () => {
  it('sends unverified@example.com a code as the dialog opens, clears a wrong code on Resend, and signs in with the new code', async () => {
    const page = await session.visit('/login');
    const signedInAt = new Date();
    await signInThroughForm(page, 'unverified@example.com');
    const dialog = page.getByRole('dialog', { name: 'Verify your email address' });
    await dialog.waitFor();
    // The dialog says a code was sent once it was, and it was.
    await dialog.getByText(/We sent a 6-digit verification code to unverified@example\.com/).waitFor();
    await session.checkAccessibility();
    const [, sent] = await waitForEmail(session.baseUrl, 'unverified@example.com', VERIFICATION_CODE_PATTERN, signedInAt);

    // A wrong code, then Resend: the old error goes, the new code works.
    await dialog.getByLabel(/Verification code/).fill(sent === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByRole('alert').getByText(/Invalid verification code/).waitFor();
    await session.checkAccessibility();
    const resentAt = new Date();
    await dialog.getByRole('button', { name: 'Resend code' }).click();
    await dialog.getByText(/We have re-sent the verification code/).waitFor();
    await expect(dialog.getByText(/Invalid verification code/).count()).resolves.toBe(0);
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0);
    await session.checkAccessibility();
    // The new code, not the one sent as the dialog opened (it may be less than a second older).
    const [, code] = await waitForEmail(session.baseUrl, 'unverified@example.com', VERIFICATION_CODE_PATTERN, resentAt, ([, resent]) => resent !== sent);
    await dialog.getByLabel(/Verification code/).fill(code ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText(/You have successfully verified your email address. You can now login and start using Tendly!/).waitFor();
    await session.checkAccessibility();
    // The login is retried by itself 4 seconds later.
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it("tells an unverified account plainly when the hour's codes are used up, instead of claiming one was sent", async () => {
    const email = `e2e.limit.${Date.now()}@example.com`;
    const password = 'a-long-password';
    const signUp = await fetch(`${session.baseUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'CS', firstName: 'Lee', lastName: 'Limit', email, password, phone: '0412 345 678', acceptTerms: true }),
    });
    expect(signUp.status).toBe(201);
    for (let i = 0; i < 5; i += 1) {
      const resend = await fetch(`${session.baseUrl}/api/auth/resetEmailVerification/${encodeURIComponent(email)}`, { method: 'POST' });
      expect(resend.status).toBe(200);
    }
    const page = await session.visit('/login');
    await signInThroughForm(page, email, password);
    const dialog = page.getByRole('dialog', { name: 'Verify your email address' });
    await dialog.getByRole('alert').getByText(/We have sent several verification codes to this email address in the last hour/).waitFor();
    await dialog.getByText(/Enter the newest verification code we sent to/).waitFor();
    await expect(dialog.getByText(/We sent a 6-digit verification code/).count()).resolves.toBe(0);
    await session.checkAccessibility();
  });
});

describe('registering and resetting a password', () => {
  it('registers a worker, verifies the email and is signed in, then resets the password by the emailed link and signs in', async () => {
    const email = `e2e.worker.${Date.now()}@example.com`;
    const page = await session.visit('/careworker/register');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    await session.checkAccessibility();

    await page.locator('main input[name="firstName"]').fill('Robin');
    await page.locator('main input[name="lastName"]').fill('Tester');
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill('first-password');
    await page.locator('main input[name="phone"]').fill('0412 345 678');
    await page.locator('main input[name="address"]').fill('1 King Street');
    await page.locator('main input[name="suburb"]').fill('Newtown');
    await page.locator('select[name="state"]').selectOption('NSW');
    await page.locator('main input[name="postcode"]').fill('2042');
    await page.locator('select[name="hearAboutUs"]').selectOption({ index: 1 });
    for (const name of ['acceptTerms', 'acceptEng', 'acceptNDISCode', 'acceptAgedCareCode']) {
      await page.locator(`input[name="${name}"]`).check();
    }
    const signedUpAt = new Date();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await session.checkAccessibility();
    const [, code] = await waitForEmail(session.baseUrl, email, VERIFICATION_CODE_PATTERN, signedUpAt);
    await page.getByLabel(/Verification code/).fill(code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    // Verified, the new worker is signed in and on their dashboard: no second login.
    await waitForPath(page, '/care-worker/dashboard');
    await page.getByRole('heading', { level: 1, name: 'My dashboard' }).waitFor();
    await page.getByText(email).first().waitFor();
    await session.checkAccessibility();

    await forgetSession(page);
    await session.visit('/forgot-password');
    await page.locator('main input[name="email"]').fill(email);
    const requestedAt = new Date();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: /email/ }).waitFor();
    await session.checkAccessibility();
    const [link] = await waitForEmail(session.baseUrl, email, RESET_LINK_PATTERN, requestedAt);
    await session.visit(link ?? '');
    await page.locator('main input[name="password"]').fill('second-password');
    await page.locator('main input[name="confirmPassword"]').fill('second-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const toLogin = page.getByRole('link', { name: 'Log in with your new password' });
    await toLogin.waitFor();
    await session.checkAccessibility();
    await toLogin.click();
    await waitForPath(page, '/login');
    await signInThroughForm(page, email, 'second-password');
    await waitForPath(page, '/care-worker/dashboard');
    await page.getByRole('heading', { level: 1, name: 'My dashboard' }).waitFor();
  });
});

describe('the code screen of the post-a-job wizard', () => {
  /** A job filled in as far as every step asks, kept on the device as the wizard keeps it. */
  async function storeCompleteJobDraft(page: Page) {
    const availability = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, { morning: day === 'tue', afternoon: false, evening: false }]),
    );
    const values = {
      supportCategory: 'AGED_CARE',
      supportType: ['AGEDGEN'],
      careFor: 'Immediate Family',
      location: 'Parramatta NSW',
      locationType: 'ANY',
      availability,
      approxHoursPerDay: '3',
      tasks: ['COOK'],
      title: 'Friendly support for Mum on Tuesday mornings',
      htmlDescription: '<p>Mum is 84 and loves her garden. She would like a hand with cooking and some company.</p>',
    };
    await page.evaluate(
      (draft) => window.localStorage.setItem('tendly.jobDraft', JSON.stringify(draft)),
      { draftId: crypto.randomUUID(), ownerId: null, values },
    );
  }

  it('comes back after Back and on again, and Start again leaves it for an empty job', async () => {
    const email = `e2e.code-screen.${Date.now()}@example.com`;
    let page = await session.visit('/');
    await storeCompleteJobDraft(page);
    page = await session.visit('/careseeker/post-a-job');
    const accountForm = page.getByRole('form', { name: 'Create your account' });
    // The wizard opens at the last job step of a complete draft; the account step follows.
    for (let step = 0; step < 3 && !(await accountForm.isVisible()); step += 1) {
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForFunction((before) => document.querySelector('h1')?.innerText !== before, heading);
    }
    await accountForm.getByRole('textbox', { name: /First name/ }).fill('Sophia');
    await accountForm.getByRole('textbox', { name: /Last name/ }).fill('Nguyen');
    await accountForm.getByRole('textbox', { name: /Email address/ }).fill(email);
    await accountForm.getByLabel(/^Password/).fill('a-long-password');
    await accountForm.getByRole('textbox', { name: /Phone number/ }).fill('0412 345 678');
    await accountForm.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await accountForm.getByRole('button', { name: 'Create account and continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const accountStepPath = pathOf(page);
    await session.checkAccessibility();

    // Back goes to the step before; on again is the same code screen, not a second sign-up.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname !== accountStepPath);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor({ state: 'detached' });
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.not.toMatch(/Your account/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, accountStepPath);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(email).first().waitFor();
    await expect(accountForm.count()).resolves.toBe(0);

    // Start again, from the code screen: the account stays, the job and the code screen go.
    await page.getByRole('button', { name: 'Start again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start again with an empty job?' });
    await dialog.getByText(`The account you created for ${email} stays`, { exact: false }).waitFor();
    await session.checkAccessibility();
    await dialog.getByRole('button', { name: 'Yes, start again' }).click();
    await waitForPath(page, '/careseeker/post-a-job/step-1');
    await expect(page.getByRole('radio', { name: 'Aged care' }).isChecked()).resolves.toBe(false);
  });
});

describe('a support coordinator acting for a client', () => {
  it('acts as the linked client, sees the banner, and stops acting', async () => {
    const page = await session.visit('/login');
    await signInThroughForm(page, 'coordinator@example.com', DEMO_PASSWORD, 'Support coordinators');
    await waitForPath(page, '/support-coordinator/dashboard');
    const actButton = page.getByRole('button', { name: /^Act as / }).first();
    const clientName = (await actButton.innerText()).replace(/^Act as /, '').trim();
    await actButton.click();
    await waitForPath(page, '/dashboard');
    const banner = page.getByRole('region', { name: 'Acting for a client' });
    await banner.getByText(`You are acting for ${clientName}`).waitFor();
    await page.getByText(/support coordinator, is acting for/).waitFor();
    await session.checkAccessibility();
    await banner.getByRole('button', { name: /^Stop acting for / }).click();
    await waitForPath(page, '/support-coordinator/dashboard');
    await expect(banner.count()).resolves.toBe(0);
    await page.getByRole('heading', { level: 1, name: 'My SC Dashboard' }).waitFor();
  });
});
