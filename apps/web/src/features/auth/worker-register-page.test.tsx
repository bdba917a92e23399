import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verificationSuccessMessage } from '@tendly/domain/errors';
import { renderApp, testSiteConfig } from '../../app/test-app';
import { meAnswer, mockApi, signInAnswer } from '../../app/test-api';
import { getSession } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VERIFICATION_SUCCESS = verificationSuccessMessage(testSiteConfig().brandName);

/** Filling in the whole form takes a while in jsdom. */
const slow = { timeout: 20_000 };

const specMessages = [
  'Tell us your first name',
  'Tell us your last name',
  'Enter your email address',
  'Password must be at least 8 characters in length',
  'Enter your phone number',
  'Enter your street address',
  'Enter your suburb',
  'Enter your state',
  'Enter your postcode',
  'Please let us know how you came across Carely',
  'You must accept our terms & conditions',
  'You must read and understand the terms of engagement',
  'You must read and accept the NDIS Code of Conduct',
  'You must read and accept the Aged Care Code of Conduct',
];

/** The message shown under a field (the summary repeats it as a link). */
function fieldMessage(text: string): HTMLElement {
  const shown = screen.getAllByText(text).find((element) => !element.closest('[role="alert"]'));
  if (!shown) throw new Error(`No field message "${text}"`);
  return shown;
}

async function fillWorkerForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Jo');
  await user.type(screen.getByLabelText(/^Last name/), 'Bloggs');
  await user.type(within(screen.getByRole('main')).getByLabelText(/^Email address/), 'jo@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'long-enough');
  await user.type(screen.getByLabelText(/^Phone number/), '0412 345 678');
  await user.type(screen.getByLabelText(/^Street address/), '1 Main St');
  await user.type(screen.getByLabelText(/^Suburb/), 'Newtown');
  await user.selectOptions(screen.getByLabelText(/^State/), 'NSW');
  await user.type(screen.getByLabelText(/^Postcode/), '2042');
  await user.selectOptions(screen.getByLabelText(/^How did you hear about us/), 'SOCIAL_MEDIA');
  for (const label of [
    /I accept the terms and conditions/,
    /terms of engagement/,
    /NDIS Code of Conduct/,
    /Aged Care Code of Conduct/,
  ]) {
    await user.click(screen.getByRole('checkbox', { name: label }));
  }
}

describe('care worker registration', slow, () => {
  it('shows every message of spec section 5 for an empty form, each on its field, with a summary', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockApi({});
    // Another brand than the default: the spec's {product} is the configured brand.
    renderApp('/careworker/register', testSiteConfig({ brandName: 'Carely' }));
    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    const summary = screen.getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    for (const message of specMessages) {
      expect(within(summary).getByRole('link', { name: message })).toBeTruthy();
      const shown = fieldMessage(message);
      const field = document.querySelector(`[aria-describedby~="${shown.id}"]`);
      expect(field?.getAttribute('aria-invalid'), message).toBe('true');
    }
    expect(screen.getAllByRole('option', { name: /./ }).some((option) => option.textContent === 'Northern Territory')).toBe(true);
    expect(requests).toEqual([]);
  });

  it("clears a field's message when the field gets focus", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    renderApp('/careworker/register');
    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    const suburb = screen.getByLabelText(/^Suburb/);
    expect(suburb.getAttribute('aria-invalid')).toBe('true');
    // The summary keeps listing the problems until the next submit; only the field's own message clears.
    const summary = within(screen.getByRole('alert'));
    await user.click(suburb);
    expect(screen.getAllByText('Enter your suburb')).toEqual([summary.getByText('Enter your suburb')]);
    expect(suburb.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /NDIS Code of Conduct/ }));
    expect(screen.getAllByText('You must read and accept the NDIS Code of Conduct')).toEqual([
      summary.getByText('You must read and accept the NDIS Code of Conduct'),
    ]);
    expect(screen.getAllByText('Enter your postcode').length).toBeGreaterThan(0);
  });

  it('links each acceptance checkbox to its own document', async () => {
    renderApp('/careworker/register');
    const terms = await screen.findByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('/terms-conditions');
    const hrefOf = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(hrefOf(/Read the terms of engagement/)).toBe('/terms-of-engagement');
    expect(hrefOf(/Read the NDIS Code of Conduct/)).toBe('/ndis-code-of-conduct');
    expect(hrefOf(/Read the Aged Care Code of Conduct/)).toBe('/aged-care-code-of-conduct');
  });

  it("shows the server's field errors on their fields, and its other refusals above the form", async () => {
    const user = userEvent.setup({ delay: null });
    let answer: readonly [number, unknown] = [400, { message: 'Check the form', code: 'VALIDATION', errors: { postcode: 'We do not know that postcode' } }];
    mockApi({ 'POST /api/signup': () => answer });
    renderApp('/careworker/register');
    await screen.findByRole('heading', { level: 1, name: 'Become a care worker' });
    await fillWorkerForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findAllByText('We do not know that postcode', {}, { timeout: 3000 });
    expect(fieldMessage('We do not know that postcode')).toBeTruthy();
    expect(screen.getByLabelText(/^Postcode/).getAttribute('aria-invalid')).toBe('true');

    answer = [429, { message: 'Too many attempts. Please try again in 1 minute.', code: 'RATE_LIMITED' }];
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findAllByText('Too many attempts. Please try again in 1 minute.', {}, { timeout: 3000 });
    expect(within(screen.getByRole('main')).getByLabelText(/^Email address/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('signs up, asks for the emailed code, then signs the new worker in to their dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockApi({
      'POST /api/signup': () => [201, { id: 'new', email: 'jo@example.com', role: 'CR', message: 'Created' }],
      'POST /api/auth/verify/jo%40example.com/654321': () => [200, { message: VERIFICATION_SUCCESS }],
      'POST /api/signin': () => [200, signInAnswer('CR', { email: 'jo@example.com', profileStatus: 'INACTIVE' })],
      'GET /api/me': () => [200, meAnswer('CR')],
    });
    const { router } = renderApp('/careworker/register');
    await screen.findByRole('heading', { level: 1, name: 'Become a care worker' });
    await fillWorkerForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(requests[0]?.body).toEqual({
      role: 'CR',
      firstName: 'Jo',
      lastName: 'Bloggs',
      email: 'jo@example.com',
      password: 'long-enough',
      phone: '0412345678',
      address: '1 Main St',
      suburb: 'Newtown',
      state: 'NSW',
      postcode: '2042',
      hearAboutUs: 'SOCIAL_MEDIA',
      acceptTerms: true,
      acceptEng: true,
      acceptNDISCode: true,
      acceptAgedCareCode: true,
    });
    // The code was sent at sign-up: the form does not ask for another.
    expect(screen.getByText(/We sent a 6-digit verification code to/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    expect(requests.find((request) => request.path === '/api/signin')?.body).toEqual({ email: 'jo@example.com', password: 'long-enough' });
    expect(requests.some((request) => request.path.startsWith('/api/auth/resetEmailVerification'))).toBe(false);
    expect(getSession().user?.role).toBe('CR');
    expect(await screen.findByRole('heading', { level: 1, name: 'My dashboard' })).toBeTruthy();
  });

  it('fills in the state from the suburb and postcode, and leaves a state the worker chose alone', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockApi({
      'GET /api/places/suggest': () => [200, [{ suburb: 'Enmore', state: 'NSW', postcode: '2042' }, { suburb: 'Newtown', state: 'NSW', postcode: '2042' }]],
    });
    renderApp('/careworker/register');
    await screen.findByRole('heading', { level: 1, name: 'Become a care worker' });
    const state = screen.getByLabelText(/^State/) as HTMLSelectElement;
    await user.type(screen.getByLabelText(/^Suburb/), 'Newtown');
    await user.type(screen.getByLabelText(/^Postcode/), '2042');
    await waitFor(() => expect(state.value).toBe('NSW'));
    expect(requests.filter((request) => request.path === '/api/places/suggest').map((request) => request.query.get('q'))).toEqual(['2042']);
    await user.selectOptions(state, 'ACT');
    await user.clear(screen.getByLabelText(/^Postcode/));
    await user.type(screen.getByLabelText(/^Postcode/), '2042');
    expect(state.value).toBe('ACT');
  });

  it('offers the login page when signing in after verifying fails', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/signup': () => [201, { id: 'new', email: 'jo@example.com', role: 'CR', message: 'Created' }],
      'POST /api/auth/verify/jo%40example.com/654321': () => [200, { message: VERIFICATION_SUCCESS }],
      'POST /api/signin': () => [429, { message: 'Too many attempts. Please try again in 1 minute.', code: 'RATE_LIMITED' }],
    });
    renderApp('/careworker/register');
    await screen.findByRole('heading', { level: 1, name: 'Become a care worker' });
    await fillWorkerForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await user.type(await screen.findByLabelText(/Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Too many attempts\. Please try again in 1 minute\. Your email address is verified/);
    expect(within(alert).getByRole('link', { name: 'log in' }).getAttribute('href')).toBe('/login');
    expect(getSession().user).toBeNull();
  });

});

describe('support coordinator registration', slow, () => {
  it('shows its messages for an empty form, sends role SUPPORT with the organisation, and signs in once verified', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockApi({
      'POST /api/signup': () => [201, { id: 'new', email: 'sc@example.com', role: 'SUPPORT', message: 'Created' }],
      'POST /api/auth/verify/sc%40example.com/246810': () => [200, { message: VERIFICATION_SUCCESS }],
      'POST /api/signin': () => [200, signInAnswer('SUPPORT', { email: 'sc@example.com' })],
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'GET /api/support-coordinator/clients': () => [200, []],
    });
    const { router } = renderApp('/support-coordinator/register');
    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    for (const message of [
      'Tell us your first name',
      'Enter your email address',
      'Password must be at least 8 characters in length',
      'Enter your phone number',
      'Enter the name of your organisation',
      'You must accept our terms & conditions',
    ]) {
      expect(fieldMessage(message)).toBeTruthy();
    }
    await user.type(screen.getByLabelText(/^First name/), 'Sam');
    await user.type(screen.getByLabelText(/^Last name/), 'Lee');
    await user.type(screen.getByLabelText(/^Work email address/), 'sc@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough');
    await user.type(screen.getByLabelText(/^Phone number/), '0298765432');
    await user.type(screen.getByLabelText(/^Organisation/), 'Coordinators Co');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(requests[0]?.body).toMatchObject({ role: 'SUPPORT', organisation: 'Coordinators Co', acceptTerms: true });
    await user.type(screen.getByLabelText(/Verification code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support-coordinator/dashboard'));
    expect(getSession().isSupportCoordinator).toBe(true);
  });
});
