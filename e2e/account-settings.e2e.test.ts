import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './support/session';
import { readOutbox, registerFreshAccount, signInThroughForm, startSignedOut, waitForEmail, waitForPath } from './support/accounts';

/**
 * Every role's account settings (issue 16): the care seeker's /account-details, the worker's and
 * the coordinator's own pages reached from their menus. Each test has a fresh account, because
 * it renames, re-passwords or closes it.
 */
let session: BrowserSession;

beforeAll(async () => {
  session = await openSession();
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await startSignedOut(session);
});

async function signIn(email: string, password: string, choice?: 'Support coordinators') {
  const page = await session.visit('/login');
  await signInThroughForm(page, email, password, choice);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await session.settle();
  return page;
}

describe('account details', () => {
  it('lets a care seeker rename themselves, change their password, get their data and close the account', async () => {
    const account = await registerFreshAccount(session.baseUrl, 'CS', 'Priya');
    const page = await signIn(account.email, account.password);
    await session.visit('/my-account');
    await page.getByRole('link', { name: 'Account details' }).first().click();
    await waitForPath(page, '/account-details');
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await session.settle();
    await session.checkAccessibility();

    const nameForm = page.getByRole('form', { name: 'Name and phone' });
    await nameForm.getByLabel('First name').fill('Priyanka');
    await nameForm.getByRole('button', { name: 'Save name and phone' }).click();
    await nameForm.getByRole('status').getByText(/saved/i).waitFor();

    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill('not-my-password');
    await passwordForm.getByLabel('New password').fill('another-long-password');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Your current password is not right').waitFor();
    await session.checkAccessibility();
    await passwordForm.getByLabel('Current password').fill(account.password);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByRole('status').getByText(/changed/i).waitFor();

    const since = new Date();
    await page.getByRole('button', { name: 'Email me my data' }).click();
    await page.getByText(/We are putting your data together/).waitFor();
    // The email links to a page that needs its owner signed in (issue 29): whoever else holds the
    // link gets nothing from the API.
    const [link] = await waitForEmail(session.baseUrl, account.email, /\/my-data\/[0-9a-f-]{36}/, since);
    const exportId = link!.split('/').pop()!;
    expect((await fetch(`${session.baseUrl}/api/account-details/export/${exportId}`)).status).toBe(401);
    await session.visit(link!);
    await page.getByRole('heading', { level: 1, name: 'Download my data' }).waitFor();
    await session.checkAccessibility();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { data: { users: Array<{ firstName: string; email: string }> } };
    expect(exported.data.users[0]).toMatchObject({ firstName: 'Priyanka', email: account.email });
    await page.getByText(/^Saved as /).waitFor();
    await page.getByRole('link', { name: 'Ask for a new copy from Account details' }).click();
    await waitForPath(page, '/account-details');

    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByLabel('Current password').fill('another-long-password');
    await session.checkAccessibility();
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL((url) => url.pathname !== '/account-details', { timeout: 15_000 });
    const [goodbye] = await readOutbox(session.baseUrl, account.email);
    expect(goodbye?.subject).toMatch(/account is closed$/);
    const signin = await fetch(`${session.baseUrl}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.1.1' },
      body: JSON.stringify({ email: account.email, password: 'another-long-password' }),
    });
    expect(signin.status).toBe(401);
  });

  it('gives a worker their own account details page from the account menu', async () => {
    const account = await registerFreshAccount(session.baseUrl, 'CR', 'Tomas');
    const page = await signIn(account.email, account.password);
    await session.visit('/care-worker/dashboard');
    await page.getByRole('link', { name: 'Account details' }).first().click();
    await waitForPath(page, '/care-worker/account-details');
    await session.settle();
    await session.checkAccessibility();
    const nameForm = page.getByRole('form', { name: 'Name and phone' });
    await nameForm.getByLabel('Phone').fill('0498 765 432');
    await nameForm.getByRole('button', { name: 'Save name and phone' }).click();
    await nameForm.getByRole('status').getByText(/saved/i).waitFor();
    // A worker's own topics, and their job alerts.
    await page.getByLabel('Job alerts: emails about new jobs near you').waitFor();
    await page.getByRole('checkbox', { name: 'Payments to you and remittances: by email' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Invoices issued and paid: by email' }).count()).toBe(0);
  });

  it('gives a support coordinator their own account details page from the side panel', async () => {
    const account = await registerFreshAccount(session.baseUrl, 'SUPPORT', 'Imogen');
    const page = await signIn(account.email, account.password, 'Support coordinators');
    await page.getByRole('navigation', { name: 'My SC Dashboard' }).getByRole('link', { name: 'Account details' }).click();
    await waitForPath(page, '/support-coordinator/account-details');
    await session.settle();
    await session.checkAccessibility();
    await expect(page.getByRole('form', { name: 'Name and phone' }).getByLabel('First name').inputValue()).resolves.toBe('Imogen');
  });
});
