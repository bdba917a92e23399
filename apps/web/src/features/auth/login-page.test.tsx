import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emailNotVerifiedMessage,
  INVALID_CREDENTIALS,
  PLEASE_LOGIN,
  verificationSuccessMessage,
} from '@tendly/domain/errors';
import { renderApp, testSiteConfig } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, signInAnswer } from '../../app/test-api';
import { getSession, SESSION_STORAGE_KEYS } from '../../platform/session';

/** The test configuration's brand, which fills the spec's {product} in these texts. */
const EMAIL_NOT_VERIFIED_MESSAGE = emailNotVerifiedMessage(testSiteConfig().brandName);
const VERIFICATION_SUCCESS = verificationSuccessMessage(testSiteConfig().brandName);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function chooseCareWorkersAndCareSeekers(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Care workers and care seekers' }));
}

async function signInWith(user: ReturnType<typeof userEvent.setup>, email: string, password = 'demo-password') {
  await user.type(within(screen.getByRole('main')).getByLabelText(/Email address/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** Signs in from /login as the unverified account, whose password is right: the verify dialog opens. */
async function openVerifyDialog(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  renderApp('/login');
  await chooseCareWorkersAndCareSeekers(user);
  await signInWith(user, 'unverified@example.com');
  return screen.findByRole('dialog', { name: 'Verify your email address' });
}

describe('login screen, step 1', () => {
  it('offers the three choices of spec 2.1 and a link to /providers', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Care workers and care seekers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Support coordinators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Providers' }).getAttribute('href')).toBe('https://providers.example.com/');
    expect(screen.getByRole('link', { name: 'Find out how providers partner with Tendly' }).getAttribute('href')).toBe(
      '/providers',
    );
  });
});

describe('login screen, step 2', () => {
  it('shows the form with Sign In, the register and forgot password links, and Back to step 1', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await chooseCareWorkersAndCareSeekers(user);
    const stepHeading = screen.getByRole('heading', { level: 2, name: 'Log in as a care worker or care seeker' });
    expect(document.activeElement).toBe(stepHeading);
    expect(within(screen.getByRole('main')).getByLabelText(/Email address/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('Register as a care seeker')).toBe('/careseeker/post-a-job');
    expect(hrefOf('Register as a care worker')).toBe('/careworker/register');
    expect(hrefOf('Forgot password?')).toBe('/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Support coordinators' })).toBeTruthy();
  });

  it("shows the spec's messages for an empty form and clears a field's message when it gets focus", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    renderApp('/login');
    await chooseCareWorkersAndCareSeekers(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = within(screen.getByRole('main')).getByLabelText(/Email address/);
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText('Enter your email address').id);
    await user.click(email);
    expect(screen.queryByText('Enter your email address')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('is busy while logging in, then stores the user and goes to the role home with a login event', async () => {
    const user = userEvent.setup();
    const signIn = deferredReply();
    const { requests } = mockApi({
      'POST /api/signin': signIn.reply,
      'GET /api/me': () => [200, meAnswer('CS')],
    });
    const { router } = renderApp('/login', testSiteConfig({ analytics: { gtmId: 'GTM-TEST' } }));
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'CareSeeker@Example.com');
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('aria-busy')).toBe('true');
    signIn.resolve([200, signInAnswer('CS')]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/signin',
      body: { email: 'careseeker@example.com', password: 'demo-password' },
    });
    expect(getSession().user?.role).toBe('CS');
    expect(getSession().isSupportCoordinator).toBe(false);
    expect(window.dataLayer).toContainEqual({ event: 'login', role: 'CS' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('asks for the unread count once on the page sign-in leads to', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'POST /api/signin': () => [200, signInAnswer('CS')],
      'GET /api/me': () => [200, meAnswer('CS')],
      'GET /api/unread-messages': () => [200, { unreadTotal: 2 }],
    });
    renderApp('/login');
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'careseeker@example.com');
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' }, { timeout: 10_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requests.filter((request) => request.path === '/api/unread-messages')).toHaveLength(1);
  });

  it('sets the support coordinator flag for a SUPPORT sign-in and opens the SC dashboard', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/signin': () => [200, signInAnswer('SUPPORT')],
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'GET /api/support-coordinator/clients': () => [200, []],
    });
    const { router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Support coordinators' }));
    await signInWith(user, 'coordinator@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support-coordinator/dashboard'));
    expect(getSession().isSupportCoordinator).toBe(true);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.supportCoordinator)).toBe('true');
  });

  it('sends an administrator to the admin home inside the app (ADMIN_URL is /admin by default)', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/signin': () => [200, signInAnswer('ADMIN')], 'GET /api/me': () => [200, meAnswer('ADMIN')] });
    const { router } = renderApp('/login');
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'admin@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin home' })).toBeTruthy();
  });

  it('sends an administrator to an external admin area when ADMIN_URL names one', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({ 'POST /api/signin': () => [200, signInAnswer('ADMIN')] });
    const site = testSiteConfig();
    renderApp('/login', { ...site, links: { ...site.links, adminArea: 'https://admin.example.com/' } });
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'admin@example.com');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://admin.example.com/'));
  });

  it('shows the redirect message once, and returns to the guarded page after login', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/signin': () => [200, signInAnswer('CR')],
      'GET /api/me': () => [200, meAnswer('CR')],
    });
    const { router } = renderApp('/care-worker/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findAllByText(PLEASE_LOGIN)).toHaveLength(1);
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'worker@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My dashboard' })).toBeTruthy();
  });

  it('returns to the deep link, query string and all, after a signed-out person opens an emailed link', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/signin': () => [200, signInAnswer('CR')],
      'GET /api/me': () => [200, meAnswer('CR')],
    });
    const { router } = renderApp('/messages?conversation=c0ffee00-0000-4000-8000-000000000001');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'worker@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toBe('?conversation=c0ffee00-0000-4000-8000-000000000001');
  });

  it('returns to the path in a next parameter after login', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/signin': () => [200, signInAnswer('CR')],
      'GET /api/me': () => [200, meAnswer('CR')],
    });
    const { router } = renderApp(`/login?next=${encodeURIComponent('/care-worker/documents?from=email')}`);
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'worker@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/documents'));
    expect(router.state.location.search).toBe('?from=email');
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example/phish', 'javascript:alert(1)', '/login'])(
    'refuses %s as the place to return to, and goes to the role home instead',
    async (next) => {
      const user = userEvent.setup();
      mockApi({
        'POST /api/signin': () => [200, signInAnswer('CR')],
        'GET /api/me': () => [200, meAnswer('CR')],
      });
      const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`);
      await chooseCareWorkersAndCareSeekers(user);
      await signInWith(user, 'worker@example.com');
      await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    },
  );

  it.each([
    [401, { message: 'Wrong', code: 'INVALID_CREDENTIALS' }, INVALID_CREDENTIALS],
    [
      403,
      { message: 'Your account has been deactivated by an administrator.', code: 'ACCOUNT_DEACTIVATED' },
      'Your account has been deactivated by an administrator.',
    ],
    [429, { message: 'Too many attempts. Please try again in 5 minutes.', code: 'RATE_LIMITED' }, 'Too many attempts. Please try again in 5 minutes.'],
  ])('shows a %i answer in an alert', async (status, body, shown) => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/signin': () => [status, body] });
    const { router } = renderApp('/login');
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'someone@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().user).toBeNull();
  });
});

describe('verify-account modal', () => {
  function unverifiedApi(extra: Parameters<typeof mockApi>[0] = {}) {
    let verified = false;
    return mockApi({
      'POST /api/signin': () =>
        verified ? [200, signInAnswer('CS')] : [401, { message: EMAIL_NOT_VERIFIED_MESSAGE, code: 'EVF' }],
      'POST /api/auth/verify/unverified%40example.com/123456': () => {
        verified = true;
        return [200, { message: VERIFICATION_SUCCESS }];
      },
      'POST /api/auth/resetEmailVerification/unverified%40example.com': () => [200, { message: 'sent' }],
      'GET /api/me': () => [200, meAnswer('CS')],
      ...extra,
    });
  }

  const RESEND_PATH = '/api/auth/resetEmailVerification/unverified%40example.com';
  const INVALID_CODE = 'Invalid verification code. Please double check.';

  it('asks for a new code as it opens, and says a code was sent only once it was', async () => {
    const user = userEvent.setup();
    const sending = deferredReply();
    const { requests } = unverifiedApi({ [`POST ${RESEND_PATH}`]: sending.reply });
    const dialog = await openVerifyDialog(user);
    expect(within(dialog).getByText(/Sending a 6-digit verification code to/)).toBeTruthy();
    expect(within(dialog).queryByText(/We sent a 6-digit verification code/)).toBeNull();
    sending.resolve([200, { message: 'sent' }]);
    expect(await within(dialog).findByText(/We sent a 6-digit verification code to/)).toBeTruthy();
    expect(requests.filter((request) => request.path === RESEND_PATH)).toHaveLength(1);
  });

  it("says plainly that no code was sent when the address had the hour's codes", async () => {
    const user = userEvent.setup();
    const limit = 'We have sent several verification codes to this email address in the last hour, so we did not send another.';
    unverifiedApi({ [`POST ${RESEND_PATH}`]: () => [429, { message: limit, code: 'RATE_LIMITED' }] });
    const dialog = await openVerifyDialog(user);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(limit);
    expect(within(dialog).getByText(/Enter the newest verification code we sent to/)).toBeTruthy();
    expect(within(dialog).queryByText(/We sent a 6-digit verification code/)).toBeNull();
  });

  it('clears a wrong code\'s error once a new code is sent', async () => {
    const user = userEvent.setup();
    unverifiedApi({
      'POST /api/auth/verify/unverified%40example.com/111111': () => [400, { message: INVALID_CODE, code: 'INVALID_VERIFICATION_CODE' }],
    });
    const dialog = await openVerifyDialog(user);
    await within(dialog).findByText(/We sent a 6-digit verification code/);
    await user.type(within(dialog).getByLabelText(/Verification code/), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(INVALID_CODE)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(await within(dialog).findByText(/We have re-sent the verification code/)).toBeTruthy();
    expect(within(dialog).queryByText(INVALID_CODE)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('opens for an unverified account, labelled, with the EVF message on the login screen', async () => {
    const user = userEvent.setup();
    unverifiedApi();
    const dialog = await openVerifyDialog(user);
    expect(within(dialog).getByLabelText(/Verification code/)).toBeTruthy();
    expect(screen.getAllByText(EMAIL_NOT_VERIFIED_MESSAGE)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('Enter the verification code sent to your email address')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a wrong code in an alert', async () => {
    const user = userEvent.setup();
    unverifiedApi({
      'POST /api/auth/verify/unverified%40example.com/111111': () => [400, { message: INVALID_CODE, code: 'INVALID_VERIFICATION_CODE' }],
    });
    const dialog = await openVerifyDialog(user);
    await user.type(within(dialog).getByLabelText(/Verification code/), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(INVALID_CODE);
  });

  it('after a good code clears the login error, shows the success and retries the login 4 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { requests } = unverifiedApi();
    const { router } = renderApp('/login');
    await chooseCareWorkersAndCareSeekers(user);
    await signInWith(user, 'unverified@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email address' });
    await user.type(within(dialog).getByLabelText(/Verification code/), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(VERIFICATION_SUCCESS)).toBeTruthy();
    expect(screen.queryByText(EMAIL_NOT_VERIFIED_MESSAGE)).toBeNull();
    const signIns = () => requests.filter((request) => request.path === '/api/signin').length;
    expect(signIns()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(signIns()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(signIns()).toBe(2);
  });

  it('shows the resend success for 5 seconds and the resend failure for 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let resendFails = false;
    unverifiedApi({
      'POST /api/auth/resetEmailVerification/unverified%40example.com': () =>
        resendFails ? [500, { message: 'boom', code: 'INTERNAL' }] : [200, { message: 'sent' }],
    });
    const dialog = await openVerifyDialog(user);
    const resend = within(dialog).getByRole('button', { name: 'Resend code' });

    await user.click(resend);
    const sent = 'We have re-sent the verification code to your email address with instructions to verify your account.';
    expect(await within(dialog).findByText(sent)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(within(dialog).queryByText(sent)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(within(dialog).queryByText(sent)).toBeNull();

    resendFails = true;
    await user.click(resend);
    const failed = await within(dialog).findByText(/Our servers are having some issues/);
    expect(failed.closest('[role="alert"]')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(9500));
    expect(within(dialog).queryByText(/Our servers are having some issues/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(within(dialog).queryByText(/Our servers are having some issues/)).toBeNull();
  });
});
