import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './support/session';
import {
  DEMO_PASSWORD,
  forgetSession,
  pathOf,
  RESET_LINK_PATTERN,
  signInThroughForm,
  VERIFICATION_CODE_PATTERN,
  waitForEmail,
  waitForPath,
} from './support/accounts';

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
  // External destinations (the admin area, the provider platform) answer with a stub page.
  await session.page.context().route(
    (url) => !url.href.startsWith(session.baseUrl),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Outside</title><main><h1>Outside</h1></main>' }),
  );
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await session.visit('/');
  await forgetSession(session.page);
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

  it('sends an administrator to the external admin area', async () => {
    const page = await session.visit('/login');
    await signInThroughForm(page, 'admin@example.com');
    await page.waitForURL((url) => !url.href.startsWith(session.baseUrl), { timeout: 15_000 });
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
      for (let presses = 0; presses < 40; presses += 1) {
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
  it('verifies unverified@example.com through the modal with the emailed code, then signs in', async () => {
    const page = await session.visit('/login');
    await signInThroughForm(page, 'unverified@example.com');
    const dialog = page.getByRole('dialog', { name: 'Verify your email address' });
    await dialog.waitFor();
    await session.checkAccessibility();
    const resentAt = new Date();
    await dialog.getByRole('button', { name: 'Resend code' }).click();
    await dialog.getByText(/We have re-sent the verification code/).waitFor();
    const [, code] = await waitForEmail(session.baseUrl, 'unverified@example.com', VERIFICATION_CODE_PATTERN, resentAt);
    await dialog.getByLabel(/Verification code/).fill(code ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText(/You have successfully verified your email address/).waitFor();
    await session.checkAccessibility();
    // The login is retried by itself 4 seconds later.
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});

describe('registering and resetting a password', () => {
  it('registers a worker, verifies the email, resets the password by the emailed link and signs in', async () => {
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
    await waitForPath(page, '/login');
    await page.getByText(/You have successfully verified your email address/).waitFor();
    await session.checkAccessibility();

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
